import type { GatewayRequest } from '../core/gateway-request';
import type { AuditedFields } from './audit-changes';

export const AUDITED_ROUTE = 'gateway:audited';

/** What an audited route keeps of its request (the fields it names) and where its entry belongs. */
export interface AuditedRecord extends AuditedFields {
  /**
   * The organizations the change belongs to, when the request acts for none (a platform key's
   * onboarding, a key reaching several organizations): read from the request and the answer. By
   * default, the organization the request acts for.
   */
  organizations?: (req: GatewayRequest, answer: unknown) => Array<string | undefined>;
}

export interface AuditedRoute extends AuditedRecord {
  /**
   * What the write does, `<capability>.<verb>`: `keys.create`, `webhooks.update`, `broadcasts.pause`.
   * Absent when the handler finds out what it changes (Graph's `/{id}`): it says so with `auditAs`,
   * and a request it does not name (a read, a forwarded call) is not entered.
   */
  action?: string;
}

/** Names the write a route marked `@Audited(undefined, …)` made, and the organization it belongs to. */
export function auditAs(req: GatewayRequest, action: string, tenantId: string): void {
  req.audited = { action, tenantId };
}
