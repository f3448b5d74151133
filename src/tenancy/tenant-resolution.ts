import type { ApiKeyKind } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';

export const TENANT_HEADER = 'x-svc-tenant-id';

export interface TenantResolutionInput {
  keyKind: ApiKeyKind;
  /** Organizations the key may reach. */
  keyTenantIds: readonly string[];
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
  const { keyTenantIds, pathTenantId, headerTenantId, tenantRequired } = input;
  if (pathTenantId !== undefined) {
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
