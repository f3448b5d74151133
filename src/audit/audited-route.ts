import type { GatewayRequest } from '../core/gateway-request';

export const AUDITED_ROUTE = 'gateway:audited';

export interface AuditedRoute {
  /**
   * What the write does, `<capability>.<verb>`: `keys.create`, `webhooks.update`, `broadcasts.pause`.
   * Absent when the handler finds out what it changes (Graph's `/{id}`): it says so with `auditAs`,
   * and a request it does not name (a read, a forwarded call) is not entered.
   */
  action?: string;
  /**
   * The organizations the change belongs to, when the request acts for none (a platform key's
   * onboarding, a key reaching several organizations): read from the request and the answer. By
   * default, the organization the request acts for.
   */
  organizations?: (req: GatewayRequest, answer: unknown) => Array<string | undefined>;
}

/** Names the write a route marked `@Audited()` without an action made, and the organization it belongs to. */
export function auditAs(req: GatewayRequest, action: string, tenantId: string): void {
  req.audited = { action, tenantId };
}
