import { ownEventBody } from '../tenant-webhooks/own-events';

/** The gateway's own webhook field for a broadcast's progress (endpoints select it like Meta's fields). */
export const BROADCAST_FIELD = 'broadcast_status_update';

/**
 * A broadcast's status change as a tenant webhook, in Meta's envelope (so a tenant's handler reads it
 * like any other change, under its own field): completed, or paused (with why).
 */
export function broadcastEvent(
  wabaId: string,
  change: {
    id: string;
    name: string;
    phoneNumberId: string;
    status: string;
    pauseReason: string | null;
    counts: Record<string, number>;
  },
): string {
  return ownEventBody(wabaId, BROADCAST_FIELD, {
    broadcast_id: change.id,
    name: change.name,
    phone_number_id: change.phoneNumberId,
    status: change.status,
    ...(change.pauseReason !== null && { pause_reason: change.pauseReason }),
    counts: change.counts,
  });
}
