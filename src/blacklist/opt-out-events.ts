import { ownEventBody } from '../tenant-webhooks/own-events';
import type { OptChange } from './opt-outs.service';

/** The gateway's own webhook field for customers' opt-outs and opt-ins (endpoints select it like Meta's). */
export const OPT_OUT_FIELD = 'contact_opt_out_update';

/** The value of a `contact_opt_out_update` change, as tenants receive it (the client package's type is held equal). */
export interface ContactOptOutValue {
  event: 'contact.opted_out' | 'contact.opted_in';
  metadata: { phone_number_id: string };
  wa_id: string;
  /** The customer's message that carried the keyword. */
  message_id: string;
  keyword: string;
  timestamp: string;
}

/**
 * A customer's opt-out (`contact.opted_out`) or opt-in (`contact.opted_in`) as a tenant webhook, in
 * Meta's envelope, under its own field: who, on which number, by which message and keyword.
 */
export function optOutEvent(wabaId: string, phoneNumberId: string, change: OptChange, at: Date): string {
  const value: ContactOptOutValue = {
    event: change.change === 'opt_out' ? 'contact.opted_out' : 'contact.opted_in',
    metadata: { phone_number_id: phoneNumberId },
    wa_id: change.waId,
    message_id: change.messageId,
    keyword: change.keyword,
    timestamp: String(Math.floor(at.getTime() / 1000)),
  };
  return ownEventBody(wabaId, OPT_OUT_FIELD, value);
}
