import { GraphError } from '../core/graph-error';
import type { ApiKeyKind } from '../core/gateway-request';
import { SCOPES_BY_KIND } from '../core/scopes';

/** The key that calls /v1/keys, as far as the policy needs it. */
export interface Issuer {
  kind: ApiKeyKind;
  tenantIds: readonly string[];
  scopes: ReadonlySet<string>;
  allowedPhoneNumberIds: ReadonlySet<string> | null;
  allowedIps: readonly string[] | null;
  rateLimitPerSecond: number;
  /** Epoch milliseconds, or null for a key that does not expire. */
  expiresAt: number | null;
  /** Whether its requests must carry an HMAC signature. */
  signs: boolean;
  /**
   * The organizations whose keys it manages, when more than `tenantIds`: a live admin key manages
   * its organizations' test keys too (their test twins'); a test admin key only its twins'.
   */
  reach?: readonly string[];
}

/** What a caller asks for; an omitted field (undefined) takes the issuer's own bound. */
export interface KeyRequest {
  kind: ApiKeyKind;
  tenantIds: string[];
  scopes?: string[];
  allowedPhoneNumberIds?: string[] | null;
  allowedIps?: string[] | null;
  rateLimitPerSecond?: number;
  expiresAt?: Date | null;
  /** Whether the new key's requests must be signed (HMAC). */
  hmac?: boolean;
}

export type BoundKeyRequest = Required<KeyRequest>;

/** A key record, as far as deciding who manages it goes. */
export interface ManagedKey {
  kind: ApiKeyKind;
  tenantIds: readonly string[];
  /** A person's membership key (src/people): managed as the membership, never as a key. */
  memberUserId?: string | null;
}

/** Requests per second of a key when none is given (the spec's default). */
export const DEFAULT_RATE_LIMIT = 80;

const refuse = (what: string) => GraphError.permissionDenied(`The API key cannot issue a key ${what}`);

/**
 * Whether `issuer` may see, revoke or rotate `key`: platform keys manage every organization and
 * admin key; an admin key manages the keys whose organizations are all among its own (a key that
 * also reaches another organization is that organization's business too). Platform keys are managed
 * only with the CLI.
 */
export function manages(issuer: Issuer, key: ManagedKey): boolean {
  if (key.kind === 'platform' || key.memberUserId) return false;
  if (issuer.kind === 'platform') return true;
  if (issuer.kind !== 'admin') return false;
  const reach = issuer.reach ?? issuer.tenantIds;
  return key.tenantIds.every((id) => reach.includes(id));
}

/**
 * The key an issuer may create from a request: omitted settings take the issuer's own bounds, and
 * anything beyond them is refused with 403 code 200, naming what. An admin key never issues a key
 * with a scope, organization, phone number, IP range, rate limit or lifetime beyond its own, nor a
 * key without request signing when it must sign itself; a
 * platform key issues organization and admin keys for any organization (it is the operator's);
 * nobody issues platform keys over HTTP (only the CLI does).
 */
export function boundByIssuer(issuer: Issuer, request: KeyRequest): BoundKeyRequest {
  if (request.kind === 'platform') throw GraphError.permissionDenied('Platform keys are issued only with the CLI');
  if (issuer.kind === 'platform') {
    return {
      kind: request.kind,
      tenantIds: request.tenantIds,
      scopes: request.scopes ?? [...SCOPES_BY_KIND[request.kind]],
      allowedPhoneNumberIds: request.allowedPhoneNumberIds ?? null,
      allowedIps: request.allowedIps ?? null,
      rateLimitPerSecond: request.rateLimitPerSecond ?? DEFAULT_RATE_LIMIT,
      expiresAt: request.expiresAt ?? null,
      hmac: request.hmac ?? false,
    };
  }
  if (issuer.kind !== 'admin') throw GraphError.permissionDenied('Only admin and platform keys issue keys');

  const outside = request.tenantIds.filter((id) => !issuer.tenantIds.includes(id));
  if (outside.length) throw refuse('for an organization outside its own');

  const scopes = request.scopes ?? SCOPES_BY_KIND[request.kind].filter((scope) => issuer.scopes.has(scope));
  const extraScopes = scopes.filter((scope) => !issuer.scopes.has(scope));
  if (extraScopes.length) throw refuse(`with a scope it does not hold: ${extraScopes.join(', ')}`);

  const phones = bounded(
    issuer.allowedPhoneNumberIds && [...issuer.allowedPhoneNumberIds],
    request.allowedPhoneNumberIds,
    'phone number',
  );
  const ips = bounded(issuer.allowedIps, request.allowedIps, 'IP address or range');

  const rate = request.rateLimitPerSecond ?? Math.min(DEFAULT_RATE_LIMIT, issuer.rateLimitPerSecond);
  if (rate > issuer.rateLimitPerSecond)
    throw refuse(`with a rate limit above its own (${issuer.rateLimitPerSecond} per second)`);

  let expiresAt = request.expiresAt ?? null;
  if (issuer.expiresAt !== null) {
    if (request.expiresAt === undefined) expiresAt = new Date(issuer.expiresAt);
    if (expiresAt === null || expiresAt.getTime() > issuer.expiresAt)
      throw refuse('that outlives it (its own expiry comes first)');
  }

  // A key that must sign issues only keys that must sign: a key without the requirement would
  // reach the same organizations with less than the issuer must show.
  const hmac = request.hmac ?? issuer.signs;
  if (issuer.signs && !hmac) throw refuse('without the request signing (HMAC) it must use itself');

  return {
    kind: request.kind,
    tenantIds: request.tenantIds,
    scopes,
    allowedPhoneNumberIds: phones,
    allowedIps: ips,
    rateLimitPerSecond: rate,
    expiresAt,
    hmac,
  };
}

/**
 * An allow-list bounded by the issuer's: an unrestricted issuer passes any list (or none); a
 * restricted one passes only entries of its own list (compared as written), and an omitted list
 * inherits its list. Asking for no restriction (null or empty) under a restricted issuer is refused.
 */
function bounded(own: readonly string[] | null, requested: string[] | null | undefined, what: string): string[] | null {
  if (own === null) return requested?.length ? requested : null;
  if (requested === undefined) return [...own];
  if (requested === null || requested.length === 0) throw refuse(`without the ${what} restriction it has itself`);
  const extra = requested.filter((entry) => !own.includes(entry));
  if (extra.length) throw refuse(`for a ${what} outside its own: ${extra.join(', ')}`);
  return requested;
}
