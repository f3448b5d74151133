import { ownEventBody } from '../tenant-webhooks/own-events';

/** The gateway's own webhook field for an organization's usage (endpoints select it like Meta's fields). */
export const USAGE_FIELD = 'usage_update';

/** The value of a `usage_update` change, as tenants receive it (the client package's type is held equal). */
export interface UsageThresholdValue {
  event: 'usage.threshold';
  organization_id: string;
  /** The calendar month, `YYYY-MM` (UTC). */
  month: string;
  /** 80 or 100. */
  percent: number;
  limit: { kind: 'amount' | 'messages'; value: number; currency?: string };
  spent: number;
  timestamp: string;
}

/**
 * A threshold of the organization's monthly spending limit reached (`usage.threshold`), as a tenant
 * webhook in Meta's envelope under its own field. An event of the whole organization: its entry's `id`
 * is the organization's id (not a business account's).
 */
export function usageThresholdEvent(
  tenantId: string,
  reached: {
    percent: number;
    month: string;
    kind: 'amount' | 'messages';
    limit: number;
    spent: number;
    currency: string | null;
  },
): string {
  const value: UsageThresholdValue = {
    event: 'usage.threshold',
    organization_id: tenantId,
    month: reached.month,
    percent: reached.percent,
    limit: { kind: reached.kind, value: reached.limit, ...(reached.currency && { currency: reached.currency }) },
    spent: reached.spent,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  return ownEventBody(tenantId, USAGE_FIELD, value);
}
