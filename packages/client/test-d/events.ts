// Compiled by test/client-package.e2e-spec.ts (tsc -p packages/client): a delivery's values are typed by
// their field, and a member the field's value does not have fails to compile.
import { changesOf, isChange, type WebhookEnvelope } from '../src/index.js';

declare const envelope: WebhookEnvelope;

for (const value of changesOf(envelope, 'messages')) {
  for (const status of value.statuses ?? []) void status.recipient_id;
  // @ts-expect-error a status change has no `wa_id`
  for (const status of value.statuses ?? []) void status.wa_id;
}

for (const value of changesOf(envelope, 'broadcast_status_update')) {
  const delivered: number = value.counts.delivered;
  void delivered;
  // @ts-expect-error a broadcast's status is `paused` or `completed`
  const running: typeof value.status = 'running';
  void running;
}

for (const value of changesOf(envelope, 'conversation_update')) {
  if (value.event === 'conversation.assigned') void value.previous_assignee_id;
  // @ts-expect-error only an assignment carries `previous_assignee_id`
  else void value.previous_assignee_id;
}

for (const change of envelope.entry[0].changes) {
  if (isChange(change, 'contact_opt_out_update')) {
    const keyword: string = change.value.keyword;
    void keyword;
  }
}

// @ts-expect-error `broadcast_update` is no field the client types
changesOf(envelope, 'broadcast_update');
