/** When a rule is judged. */
export const TRIGGERS = [
  'message_received',
  'conversation_opened',
  'message_failed',
  'opted_out',
  'conversation_resolved',
  'template_status',
] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** One test of a rule's `conditions` (all must hold). */
export type Condition =
  | { field: 'text'; operator: 'contains_any'; values: string[] }
  | { field: 'text'; operator: 'matches'; value: string }
  | { field: 'message_type'; operator: 'in'; values: string[] }
  | { field: 'error_code'; operator: 'in'; values: number[] }
  | { field: 'button_payload'; operator: 'equals'; value: string }
  | { field: 'phone_number_id'; operator: 'in'; values: string[] }
  | { field: 'template_name'; operator: 'in'; values: string[] }
  | { field: 'template_status'; operator: 'in'; values: string[] }
  | { field: 'business_hours'; operator: 'equals'; value: 'inside' | 'outside' }
  | { field: 'conversation_status'; operator: 'in'; values: string[] }
  | { field: 'assignee'; operator: 'is_unassigned' }
  | { field: 'assignee'; operator: 'equals'; value: string }
  | { field: 'contact_tag'; operator: 'has' | 'lacks'; value: string }
  | { field: 'contact_attribute'; name: string; operator: 'equals'; value: string | number | boolean };

/** What a rule does when its conditions hold, in order. */
export type Action =
  | { type: 'reply'; text: string }
  | { type: 'reply'; template: { name: string; language: { code: string }; components?: unknown[] } }
  | { type: 'reply'; interactive: Record<string, unknown> }
  | { type: 'assign'; assignee_id: string }
  | { type: 'assign'; team_id: string }
  | { type: 'assign'; auto: true }
  | { type: 'add_tag'; tag: string }
  | { type: 'remove_tag'; tag: string }
  | { type: 'set_attribute'; name: string; value: string | number | boolean | null }
  | { type: 'note'; body: string }
  | { type: 'set_status'; status: 'open' | 'pending' | 'resolved' }
  | { type: 'call_url'; url: string }
  | { type: 'stop' };

export interface Rule {
  id: string;
  tenantId: string;
  name: string;
  position: number;
  enabled: boolean;
  trigger: Trigger;
  conditions: Condition[];
  actions: Action[];
}
