import type { ApiKeyKind } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';

export const TENANT_HEADER = 'x-svc-tenant-id';

export interface TenantResolutionInput {
  keyKind: ApiKeyKind;
  /** Organizations the key may reach (test twins for a test key). */
  keyTenantIds: readonly string[];
  /** Whether the key is a test key (test mode). */
  keyMode?: 'live' | 'test';
  /** The live organization of each of `keyTenantIds`, in order (the same ids for a live key). */
  keyLiveTenantIds?: readonly string[];
  /** The path resource's kind, named in a refusal: `phone_number_id` or `waba_id`. */
  pathField?: 'phone_number_id' | 'waba_id';
  /** The live organization of the path resource's organization when that one is a test twin. */
  pathLiveTenantId?: string | null;
  /**
   * The organization owning the path's `{phoneNumberId}` or `{wabaId}`: undefined when the route
   * has no such parameter, null when the resource does not exist.
   */
  pathTenantId?: string | null;
  /** The X-Svc-Tenant-Id header, when sent. */
  headerTenantId?: string;
  /** Whether the route acts for one organization. */
  tenantRequired: boolean;
}

/**
 * Spec section 5, rules 5 to 8, as one pure function:
 * - a path resource that is missing or outside the key's organizations: 401 code 190, identical to
 *   an invalid key, so resource ids cannot be enumerated;
 * - a header that names another organization than the path resource: 400 code 100;
 * - a header naming an organization the key cannot reach: 403 code 200, whether or not that
 *   organization exists (so existence is never revealed);
 * - no path resource and no header: an organization key acts for its own organization; an admin
 *   key must say which with the header (400 code 100).
 */
export function resolveTenantId(input: TenantResolutionInput): string | undefined {
  const { keyTenantIds, pathTenantId, tenantRequired } = input;
  const headerTenantId = input.headerTenantId && asTwin(input, input.headerTenantId);
  if (pathTenantId !== undefined) {
    if (pathTenantId !== null && !keyTenantIds.includes(pathTenantId)) refuseOtherMode(input, pathTenantId);
    if (pathTenantId === null || !keyTenantIds.includes(pathTenantId)) throw GraphError.invalidToken();
    if (headerTenantId !== undefined && headerTenantId !== pathTenantId) {
      throw GraphError.invalidParameter(
        'X-Svc-Tenant-Id contradicts the organization of the path resource',
        'The X-Svc-Tenant-Id header names a different organization than the phone number or business account in the path',
      );
    }
    return pathTenantId;
  }
  if (headerTenantId !== undefined) {
    if (!keyTenantIds.includes(headerTenantId)) {
      throw GraphError.permissionDenied('The API key is not authorized for the organization named by X-Svc-Tenant-Id');
    }
    return headerTenantId;
  }
  // Admin keys never act for an organization implicitly, even when they reach only one.
  if (input.keyKind === 'org') return keyTenantIds[0];
  if (!tenantRequired) return undefined;
  throw GraphError.invalidParameter(
    'No organization selected',
    'Admin keys must name the organization in the X-Svc-Tenant-Id header when the path has no phone number or business account',
  );
}

/**
 * A test key may name its organization by the live id: the header then means that organization's
 * twin (the same organization, in test mode).
 */
function asTwin(input: TenantResolutionInput, headerTenantId: string): string {
  if (input.keyMode !== 'test' || input.keyTenantIds.includes(headerTenantId)) return headerTenantId;
  const index = input.keyLiveTenantIds?.indexOf(headerTenantId) ?? -1;
  return index >= 0 ? input.keyTenantIds[index] : headerTenantId;
}

/**
 * A path resource of the key's own organization in the other mode (a live number with a test key, a
 * test number with a live key) is named as such, 400 code 100, rather than the 401 of a stranger's:
 * the organization knows its own numbers, and the fix is the other key.
 */
function refuseOtherMode(input: TenantResolutionInput, pathTenantId: string): void {
  const field = input.pathField ?? 'phone_number_id';
  const what = field === 'waba_id' ? 'business account' : 'phone number';
  if (input.keyMode === 'test' && input.keyLiveTenantIds?.includes(pathTenantId))
    throw GraphError.invalidParameter(
      `The ${what} is live: a test key reaches test data only`,
      `${field}: a live ${what} of this organization; use a live key, or a test number (POST /v1/test/phone_numbers)`,
    );
  if (input.keyMode !== 'test' && input.pathLiveTenantId && input.keyTenantIds.includes(input.pathLiveTenantId))
    throw GraphError.invalidParameter(
      `The ${what} is a test ${what}: a live key reaches live data only`,
      `${field}: a test ${what} of this organization; use a test key (svc_test_…)`,
    );
}
