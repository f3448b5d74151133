/** What one automation did with one event: the run log's entry. */
export interface AutomationStep {
  /** `welcome`, `away` (a rule's id, once there are rules). */
  automation: string;
  matched: boolean;
  /** Why it matched or not, in words. */
  reason: string;
  actions: AutomationAction[];
}

export interface AutomationAction {
  type: 'reply';
  /** sent; refused (the send path said no: its Graph error); failed (an error after the send was tried). */
  outcome: 'sent' | 'refused' | 'failed';
  /** Meta's id of the reply (sent). */
  message_id?: string;
  /** The reply was found sent by an earlier try of this job (an instance died after sending it). */
  recovered?: boolean;
  error?: { code: number; message: string };
}
