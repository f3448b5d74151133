import { metaJson } from '../../libs/meta/meta-json';

/**
 * An event of the gateway's own (a broadcast's progress, a customer's opt-out) as a tenant webhook body:
 * in Meta's envelope, one change under the gateway's own `field`, so a tenant's handler reads it like
 * any other change.
 */
export function ownEventBody(wabaId: string, field: string, value: object): string {
  return metaJson({
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }],
  });
}
