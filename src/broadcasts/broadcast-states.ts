// A broadcast's states and its recipients' states as the API shows them: plain lists the API's DTOs,
// its service and the console's Broadcasts pages share (nothing here imports the server).

/** A broadcast's status. */
export const BROADCAST_STATUSES = ['scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;

/** A recipient's state, in the order of a send's life (then the ones that never sent). */
export const RECIPIENT_STATES = [
  'queued',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  'deferred',
] as const;
export type RecipientView = (typeof RECIPIENT_STATES)[number];
