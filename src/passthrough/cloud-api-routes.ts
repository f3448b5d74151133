import type { CloudApiOperation } from '../../libs/meta/cloud-api-description';
import { CLOUD_API_OPERATIONS } from '../../libs/meta/cloud-api-operations';
import type { Scope } from '../core/scopes';

/**
 * How the gateway treats each operation of Meta's Cloud API description: served natively (with its
 * own records, catalog and rules), forwarded through the checked pass-through, or refused because
 * it is not a tenant's. The table is derived from the generated operation list, so a new version
 * of the description shows up here (and in cloud-api-routes.spec.ts) as operations to place.
 */

/** Operations the gateway serves itself (its own controllers), by Meta's operationId. */
export const NATIVE_OPERATIONS: Readonly<Record<string, string>> = {
  sendMessage: 'message records, idempotency, template rules, blacklist, 24-hour window',
  uploadImage: 'media uploads for sends, recorded per phone number',
  retrieveMediaUrl: "media objects, the URL pointing at the gateway's download",
  deleteMedia: 'media objects of the organization',
  downloadMedia: "the gateway's download route (attachment headers, same key)",
  getPhoneNumberById: 'phone numbers of the organization (Meta’s record, fields honoured)',
  getWhatsAppAccountNumberDetails: 'an account number is a phone number of the organization: its record, natively',
  getWhatsAppBusinessProfile: 'the business profile of a number',
  updateWhatsAppBusinessProfileInformation: 'the business profile of a number',
  getWhatsAppBusinessAccountPhoneNumbers: 'the phone numbers onboarded to the gateway, with Meta’s fields',
  getAllSubscriptionsForAWaba: 'webhook subscriptions: the account’s callback override',
  subscribeToWabaWebhooks: 'webhook subscriptions: the callback override with the hub.challenge handshake',
  unsubscribeFromWabaWebhooks: 'webhook subscriptions: removes the override',
  getTemplateByIdDefaultFields: 'the template catalog',
  editTemplate: 'the template catalog, with the create rules',
  getTemplateByNameDefaultFields: 'the template catalog (list, filters, paging)',
  createAuthenticationTemplateWOtpCopyCodeButton: 'template create: local rules, reservation, catalog',
  deleteTemplateByName: 'the template catalog',
};

/**
 * `POST /{Phone-Number-ID}` is both: `webhook_configuration` is the gateway's own (tenant webhooks);
 * any other change of the number (two-step verification `pin`, …) is forwarded.
 */
export const PARTLY_NATIVE = 'updatePhoneNumberStatus';

/**
 * Tenant-scoped operations that are neither served nor forwarded, and why: the description names no
 * tenant-scoped operation that returns these ids, so the gateway cannot tell whose they are.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  getWhatsAppBusinessBotDetails: 'no operation of the description returns a bot id, so its owner cannot be checked',
  getWhatsAppBusinessProfileDetails:
    'no operation of the description returns a business profile id, so its owner cannot be checked',
  updateWhatsAppBusinessProfile:
    'no operation of the description returns a business profile id, so its owner cannot be checked',
};

/** Families of forwarded operations: each has a read and a write scope (history is read only). */
export type Family =
  'account' | 'blocking' | 'calling' | 'commerce' | 'flows' | 'groups' | 'qr_codes' | 'history' | 'messages';

const EDGE_FAMILIES: Record<string, Family> = {
  block_users: 'blocking',
  call_permissions: 'calling',
  calls: 'calling',
  groups: 'groups',
  message_qrdls: 'qr_codes',
  flows: 'flows',
  migrate_flows: 'flows',
  whatsapp_commerce_settings: 'commerce',
  message_history: 'history',
  marketing_messages: 'messages',
  messages_encrypted: 'messages',
};

const KIND_FAMILIES: Partial<Record<string, Family>> = {
  flow: 'flows',
  group: 'groups',
  qr_code: 'qr_codes',
  message_history: 'history',
};

/**
 * The family of an operation: by its edge (`/block_users`, `/flows`, …), else by the kind of its
 * first id (a flow, a group, …); everything else about a number or an account (registration,
 * codes, two-step verification, settings, compliance, encryption, automation, users, schedules,
 * solutions and intents, the account's own fields) is `account`.
 */
export function familyOf(operation: CloudApiOperation): Family {
  for (const segment of operation.segments)
    if ('edge' in segment && EDGE_FAMILIES[segment.edge]) return EDGE_FAMILIES[segment.edge];
  const first = operation.segments[0];
  return ('kind' in first && KIND_FAMILIES[first.kind]) || 'account';
}

/**
 * The scope a forwarded operation needs: `<family>:read` for GET, `<family>:write` otherwise;
 * sends need messages:send.
 */
export function scopeOf(operation: CloudApiOperation): Scope {
  const family = familyOf(operation);
  if (family === 'messages') return 'messages:send';
  return `${family}:${operation.method === 'GET' ? 'read' : 'write'}` as Scope;
}

/** What the gateway does with an operation. */
export type Treatment = 'native' | 'forwarded' | 'left_out' | 'not_tenant';

export function treatmentOf(operation: CloudApiOperation): Treatment {
  if (operation.scope === 'not_tenant') return 'not_tenant';
  if (NATIVE_OPERATIONS[operation.operationId]) return 'native';
  if (LEFT_OUT[operation.operationId]) return 'left_out';
  return 'forwarded';
}

/** Every tenant-scoped operation the pass-through forwards (PARTLY_NATIVE included). */
export const FORWARDED_OPERATIONS: readonly CloudApiOperation[] = CLOUD_API_OPERATIONS.filter(
  (operation) => treatmentOf(operation) === 'forwarded',
);

/**
 * The Express paths (under `/v1`) of every forwarded or refused operation with an edge, for example
 * `:node/register` or `:node/message_qrdls/:child`: the pass-through's routes. A path that is no
 * operation of the description matches none of them and stays a plain 404.
 */
export const PASSTHROUGH_ROUTES: readonly string[] = [
  ...new Set(
    CLOUD_API_OPERATIONS.filter(
      (operation) => operation.segments.length > 1 && ['forwarded', 'not_tenant'].includes(treatmentOf(operation)),
    ).map((operation) =>
      operation.segments
        .map((segment, i) => ('edge' in segment ? segment.edge : i === 0 ? ':node' : ':child'))
        .join('/'),
    ),
  ),
];

/**
 * The operations whose path has this shape: the same number of segments after the version, the same
 * edges where the operation has edges. Several may match (`/{id}` is a flow, a group, an account…);
 * the kinds of the ids decide among them.
 */
export function operationsShaped(method: string, segments: readonly string[]): CloudApiOperation[] {
  return CLOUD_API_OPERATIONS.filter(
    (operation) =>
      operation.method === method &&
      operation.segments.length === segments.length &&
      operation.segments.every((segment, i) => !('edge' in segment) || segment.edge === segments[i]),
  );
}
