/** What one automation did with one event: the run log's entry. */
export interface AutomationStep {
  /** `welcome`, `away`, or `rule` (then `rule_id` and `rule_name`). */
  automation: string;
  rule_id?: string;
  rule_name?: string;
  matched: boolean;
  /** Why it matched or not, in words. */
  reason: string;
  actions: AutomationAction[];
}

export interface AutomationAction {
  /** reply, assign, add_tag, remove_tag, set_attribute, note, set_status, call_url, stop. */
  type: string;
  /**
   * sent (a reply); done (any other action); refused (the send path or a check said no: its Graph
   * error); capped (the conversation had its automatic replies for the hour); failed (an error after
   * it was tried, or a call given up); retrying (a call that failed and is tried again: `next_attempt_at`).
   */
  outcome: 'sent' | 'done' | 'refused' | 'capped' | 'failed' | 'retrying';
  /** Meta's id of the reply (sent). */
  message_id?: string;
  /** The reply was found sent by an earlier try of this job (an instance died after sending it). */
  recovered?: boolean;
  error?: { code: number; message: string };
  /** A call's answer (its HTTP status), or the last try's. */
  status_code?: number;
  /** A call's tries so far. */
  attempts?: number;
  /** When a call that failed is tried again. */
  next_attempt_at?: string;
  /** The reply a call's answer carried, sent through the send path. */
  reply?: AutomationAction;
}
