import { ownEventBody } from '../tenant-webhooks/own-events';

/** The gateway's own webhook field for a broadcast's progress (endpoints select it like Meta's fields). */
export const BROADCAST_FIELD = 'broadcast_status_update';

/** A broadcast's recipients by state, as its resource and its webhook show them. */
export interface BroadcastCounts {
  queued: number;
  accepted: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
  deferred: number;
}

/**
 * The value of a `broadcast_status_update` change, as tenants receive it (the client package types it
 * the same; test/client-events.e2e-spec.ts holds the two equal).
 */
export interface BroadcastStatusValue {
  broadcast_id: string;
  name: string;
  phone_number_id: string;
  status: 'paused' | 'completed';
  /** Why it paused: `requested`, `quality_red`, `spam_rate_limit`. */
  pause_reason?: string;
  counts: BroadcastCounts;
}

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
    status: 'paused' | 'completed';
    pauseReason: string | null;
    counts: BroadcastCounts;
  },
): string {
  const value: BroadcastStatusValue = {
    broadcast_id: change.id,
    name: change.name,
    phone_number_id: change.phoneNumberId,
    status: change.status,
    ...(change.pauseReason !== null && { pause_reason: change.pauseReason }),
    counts: change.counts,
  };
  return ownEventBody(wabaId, BROADCAST_FIELD, value);
}
