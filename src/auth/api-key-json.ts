import type { ApiKey } from './api-key.entity';
import { modeOfPrefix } from './api-key-format';
import type { ApiKeyView, IssuedApiKey } from './api-keys.service';

/** A key's row as the gateway shows it (times as ISO text; whether it signs, never the secret). */
export function apiKeyView(row: ApiKey): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    mode: modeOfPrefix(row.keyPrefix),
    prefix: row.keyPrefix,
    tenantIds: row.tenantIds,
    scopes: row.scopes,
    allowedPhoneNumberIds: row.allowedPhoneNumberIds,
    allowedIps: row.allowedIps,
    rateLimitPerSecond: row.rateLimitPerSecond,
    hmac: row.hmacSecretEncrypted !== null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    issuedByKeyId: row.issuedByKeyId,
    rotatedFromId: row.rotatedFromId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A key record as the HTTP API and the CLI print it (snake_case; never the key text or a secret). */
export const apiKeyJson = (k: ApiKeyView) => ({
  id: k.id,
  name: k.name,
  kind: k.kind,
  mode: k.mode,
  prefix: k.prefix,
  tenant_ids: k.tenantIds,
  scopes: k.scopes,
  allowed_phone_number_ids: k.allowedPhoneNumberIds,
  allowed_ips: k.allowedIps,
  rate_limit_per_second: k.rateLimitPerSecond,
  hmac: k.hmac,
  expires_at: k.expiresAt,
  revoked_at: k.revokedAt,
  last_used_at: k.lastUsedAt,
  issued_by_key_id: k.issuedByKeyId,
  rotated_from_id: k.rotatedFromId,
  created_at: k.createdAt,
});

export type ApiKeyJson = ReturnType<typeof apiKeyJson>;

/** A newly issued key: its text (and signing secret) appear here and nowhere else, ever. */
export const issuedKeyJson = (issued: IssuedApiKey) => ({
  key: issued.key,
  ...(issued.hmacSecret !== undefined && { hmac_secret: issued.hmacSecret }),
  record: apiKeyJson(issued.record),
});
