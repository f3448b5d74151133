import { Injectable } from '@nestjs/common';
import type { ComposedStatement } from '../database/composed-statement';
import { countryOf } from './markets';
import { UsageRepository } from './usage.repository';

/** A status of Meta's with its `pricing`, as the ingestion hands it over. */
export interface PricedStatus {
  tenantId: string;
  phoneNumberId: string;
  /** Meta's message id (wamid). */
  id: string;
  recipient: string;
  at: Date;
  pricing?: unknown;
  /** The broadcast of the send, when the gateway's reference names one. */
  broadcastId?: string;
}

/** One usage entry to keep (usage.repository.ts writes it). */
export interface UsageEntryRow {
  tenantId: string;
  phoneNumberId: string;
  messageId: string;
  category: string;
  country: string;
  billable: boolean;
  pricingModel: string;
  type: string;
  day: string;
  /** The broadcast the message was sent by ('' for none: a rollup key). */
  broadcastId: string;
}

/** Meta's category spellings (`authentication-international`) as the rate cards name them. */
function categoryOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase().replace(/-/g, '_');
  return name === '' ? undefined : name;
}

/**
 * Metering: each message's pricing, as Meta reports it in its statuses, becomes one usage entry per
 * message and category, as a part of the upstream webhook ingestion's one statement (committed with
 * the statuses and the tenants' deliveries). The entries' key keeps a status Meta resends, or one two
 * instances receive at once, from counting twice (the second insert finds the first's row and does
 * nothing), and the day's rollup grows only by the entries inserted now. Free entries (service, free
 * entry point) are kept too.
 */
@Injectable()
export class UsageMeter {
  constructor(private readonly repository: UsageRepository) {}

  addTo(statement: ComposedStatement, statuses: PricedStatus[]): void {
    const entries = new Map<string, UsageEntryRow>();
    for (const status of statuses) {
      const pricing = status.pricing as
        { billable?: unknown; category?: unknown; pricing_model?: unknown; type?: unknown } | undefined;
      const category = categoryOf(pricing?.category);
      if (!pricing || !category) continue;
      const key = `${status.id}\u0000${category}`;
      if (entries.has(key)) continue;
      const billable = pricing.billable === true;
      entries.set(key, {
        tenantId: status.tenantId,
        phoneNumberId: status.phoneNumberId,
        messageId: status.id,
        category,
        country: countryOf(status.recipient) ?? '',
        billable,
        pricingModel: typeof pricing.pricing_model === 'string' ? pricing.pricing_model : '',
        type: typeof pricing.type === 'string' ? pricing.type : '',
        day: status.at.toISOString().slice(0, 10),
        broadcastId: status.broadcastId ?? '',
      });
    }
    this.repository.addEntries(statement, [...entries.values()]);
  }
}
