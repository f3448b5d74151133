// Plain types only (the console imports this file): the funnels' API answer.

/** A group's funnel over a period: its steps, the rates between them, failures by code, buttons by payload. */
export interface FunnelEntry {
  template_name?: string;
  template_language?: string;
  broadcast_id?: string | null;
  phone_number_id?: string;
  /** The period's first day (null: the range whole). */
  period: string | null;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  pressed: number;
  failed: number;
  rates: { delivered: number | null; read: number | null; replied: number | null; pressed: number | null };
  failures: Array<{ code: number; messages: number }>;
  buttons: Array<{ payload: string; text: string; presses: number }>;
}

export interface FunnelsReport {
  by: 'template' | 'broadcast' | 'phone_number';
  granularity: 'day' | 'week' | 'total';
  since: string;
  until: string;
  data: FunnelEntry[];
}
