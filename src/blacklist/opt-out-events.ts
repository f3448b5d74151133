import { ownEventBody } from '../tenant-webhooks/own-events';
import type { OptChange } from './opt-outs.service';

/** The gateway's own webhook field for customers' opt-outs and opt-ins (endpoints select it like Meta's). */
export const OPT_OUT_FIELD = 'contact_opt_out_update';

/**
 * A customer's opt-out (`contact.opted_out`) or opt-in (`contact.opted_in`) as a tenant webhook, in
 * Meta's envelope, under its own field: who, on which number, by which message and keyword.
 */
export function optOutEvent(wabaId: string, phoneNumberId: string, change: OptChange, at: Date): string {
  return ownEventBody(wabaId, OPT_OUT_FIELD, {
    event: change.change === 'opt_out' ? 'contact.opted_out' : 'contact.opted_in',
    metadata: { phone_number_id: phoneNumberId },
    wa_id: change.waId,
    message_id: change.messageId,
    keyword: change.keyword,
    timestamp: String(Math.floor(at.getTime() / 1000)),
  });
}
