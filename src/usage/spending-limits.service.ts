import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { PreallocatedCache, upTo } from '../common/bounded-cache';
import { AuditService } from '../audit/audit.service';
import { GraphError } from '../core/graph-error';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { SharedStore } from '../redis/shared-store';
import { OnboardingService } from '../tenancy/onboarding.service';
import type { DeliveryRow } from '../tenant-webhooks/delivery-row';
import { WebhookOutbox } from '../tenant-webhooks/webhook-outbox';
import type { SpendingLimitDto } from './dto/spending-limits.dto';
import { countryOf } from './markets';
import { RateCardsService } from './rate-cards.service';
import type { SpendingLimit } from './spending-limit.entity';
import { SpendingLimitsRepository } from './spending-limits.repository';
import { RESERVE_SPEND_SCRIPT, SEED_SPEND_SCRIPT, SETTLE_SPEND_SCRIPT, spendKey } from './spending.scripts';
import { USAGE_FIELD, usageThresholdEvent } from './usage-events';
import { UsageRepository } from './usage.repository';

/** The thresholds of a limit that tell the tenant (a `usage.threshold` event and an audit entry each). */
export const THRESHOLDS = [80, 100] as const;
/** How long an instance trusts what it read of an organization's limit (a change elsewhere is seen within it). */
const LIMIT_CACHE_MS = 5_000;
/** How often the month's spending is read again from the metering (one instance), and stale reservations dropped. */
const SEED_EVERY_MS = 60_000;
/** A reservation Meta has not settled in this long (no status came) is dropped at the next seed. */
const RESERVATION_MAX_AGE_MS = 3_600_000;
/** A month's hash lives this long after its last seed (past the month's end, then it goes). */
const MONTH_TTL_MS = 40 * 86_400_000;

/** A limit as the send path uses it: in whole units (micro-units of the currency, or messages). */
interface Limit {
  kind: 'amount' | 'messages';
  units: number;
  /** Changes when the limit does: the thresholds noted in process are per limit. */
  version: string;
}

/** One send's claim on the budget: its message record, recipient and template category. */
export interface SpendClaim {
  id: string;
  recipient: string;
  category: string;
  /** Meta will not charge it (a utility template inside an open customer service window). */
  free?: boolean;
}

/** A status of Meta's as the ingestion has it: the record it names, and its pricing if any. */
export interface SettledStatus {
  tenantId: string;
  recordId?: string;
  status: string;
  recipient: string;
  at: Date;
  pricing?: unknown;
}

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const unitsOf = (kind: 'amount' | 'messages', value: string) =>
  kind === 'amount' ? Math.round(Number(value) * 1e6) : Math.round(Number(value));
const valueOf = (kind: 'amount' | 'messages', units: number) => (kind === 'amount' ? units / 1e6 : units);

/**
 * Spending limits (issue 46): the operator's monthly limit per organization, as an amount or a number
 * of billable messages, held across instances on the shared store. A billable send (a template)
 * reserves its estimated cost before Meta is called (the template's category priced in the recipient's
 * market by the card in force, or one message), and is refused locally past the limit; Meta's pricing
 * in the message's statuses settles the reservation (what Meta charged joins the month's spend), a
 * failure or a free message releases it. The month's spend is read from the metering (the database)
 * when first needed and every minute after, so the shared store can be lost without losing the figures.
 * At 80 % and 100 % the organization's endpoints get a `usage.threshold` event and the audit log an
 * entry, once each per month and limit.
 */
@Injectable()
export class SpendingLimits implements OnModuleInit {
  private readonly logger = new Logger('SpendingLimits');
  /**
   * What this instance read of each organization's limit; a burst of sends that finds none waits on one
   * read (lru-cache's single-flight fetch), not one each ahead of their turns.
   */
  private readonly limits = new PreallocatedCache<string, { limit: Limit | null }>({
    max: 20_000,
    ttl: LIMIT_CACHE_MS,
    fetchMethod: async (tenantId) => {
      const row = await this.repository.find(tenantId);
      return { limit: row ? limitOf(row) : null };
    },
  });
  /** Thresholds this instance knows are noted (`tenant:month:version:percent`): the database is asked once. */
  private readonly noted = new LRUCache<string, true>({ ...upTo(100_000) });
  /**
   * Reservations this instance settled (by record id). Meta prices a message's sent, delivered and read
   * alike, and a reservation settles once (the script finds nothing the second time): a status of a
   * record settled here is left out rather than sent to the store for nothing, which saves two round
   * trips per message. Another instance that gets a later status still asks, and changes nothing.
   */
  private readonly settled = new PreallocatedCache<string, true>({ max: 50_000, ttl: 86_400_000 });

  constructor(
    private readonly repository: SpendingLimitsRepository,
    private readonly usage: UsageRepository,
    private readonly rateCards: RateCardsService,
    private readonly store: SharedStore,
    private readonly outbox: WebhookOutbox,
    private readonly audit: AuditService,
    private readonly onboarding: OnboardingService,
    private readonly jobs: PeriodicJobs,
  ) {}

  onModuleInit(): void {
    this.jobs.every('spending-seed', SEED_EVERY_MS, () => this.seedAll());
  }

  // --- the operator's API -------------------------------------------------------------------------

  async describe(tenantId: string): Promise<SpendingLimitDto> {
    await this.onboarding.getOrganization(tenantId);
    const row = await this.repository.find(tenantId);
    const month = monthOf(new Date());
    const currency = await this.usage.currency();
    if (!row) return { organization_id: tenantId, month, kind: null, limit: null, currency, thresholds_reached: [] };
    const limit = limitOf(row);
    const spend = await this.seed(tenantId, limit, month);
    const reached = await this.repository.reached(tenantId, `${month}-01`);
    const spent = spend.used + spend.reserved;
    return {
      organization_id: tenantId,
      month,
      kind: limit.kind,
      limit: valueOf(limit.kind, limit.units),
      currency: limit.kind === 'amount' ? currency : null,
      used: valueOf(limit.kind, spend.used),
      reserved: valueOf(limit.kind, spend.reserved),
      left: valueOf(limit.kind, Math.max(0, limit.units - spent)),
      percent: limit.units === 0 ? 100 : Math.floor((spent * 100) / limit.units),
      thresholds_reached: reached.map((t) => ({ percent: t.percent, reached_at: t.reachedAt.toISOString() })),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** Every organization's limit with this month's figures (the operator's view), by organization id. */
  async list(): Promise<{ data: SpendingLimitDto[] }> {
    const rows = await this.repository.all();
    const data: SpendingLimitDto[] = [];
    for (const row of rows.sort((x, y) => x.tenantId.localeCompare(y.tenantId)))
      data.push(await this.describe(row.tenantId));
    return { data };
  }

  async set(tenantId: string, input: { kind: 'amount' | 'messages'; limit: number }): Promise<SpendingLimitDto> {
    await this.onboarding.getOrganization(tenantId);
    if (input.kind === 'messages' && !Number.isInteger(input.limit))
      throw GraphError.invalidParameter('Invalid spending limit', 'limit: a whole number of messages');
    if (input.kind === 'amount' && (await this.usage.currency()) === null)
      throw GraphError.invalidParameter(
        'Invalid spending limit',
        'kind: an amount needs a rate card to price messages (import one first, or limit messages)',
      );
    await this.repository.save(tenantId, input.kind, input.limit.toFixed(6), `${monthOf(new Date())}-01`);
    this.limits.delete(tenantId);
    return this.describe(tenantId);
  }

  async remove(tenantId: string): Promise<void> {
    await this.onboarding.getOrganization(tenantId);
    if (!(await this.repository.remove(tenantId)))
      throw GraphError.notFound(`Organization ${tenantId} has no spending limit`);
    this.limits.delete(tenantId);
  }

  // --- the send path ------------------------------------------------------------------------------

  /** Whether the organization has a limit (cached: the send path asks on every send). */
  async limited(tenantId: string): Promise<boolean> {
    return (await this.limitFor(tenantId)) !== null;
  }

  /**
   * Reserves the claims' estimated costs in order while they fit: how many were granted (the first
   * ones), or null when the organization has no limit (nothing reserved). A claim not granted must not
   * be sent; one granted is settled by Meta's pricing or released (`release`) if it is not sent.
   */
  async reserve(tenantId: string, claims: SpendClaim[]): Promise<number | null> {
    const limit = await this.limitFor(tenantId);
    if (!limit) return null;
    if (claims.length === 0) return 0;
    const now = new Date();
    const month = monthOf(now);
    const day = now.toISOString().slice(0, 10);
    const args: Array<string | number> = [limit.units, now.getTime()];
    for (const claim of claims)
      args.push(claim.id, claim.free ? 0 : await this.estimate(tenantId, limit, claim.recipient, claim.category, day));
    const key = spendKey(tenantId, month);
    let reply = (await this.store.run(RESERVE_SPEND_SCRIPT, [key], args)) as string[];
    if (reply[0] === 'unseeded') {
      await this.seed(tenantId, limit, month);
      reply = (await this.store.run(RESERVE_SPEND_SCRIPT, [key], args)) as string[];
    }
    const granted = Number(reply[1]);
    const spend = Number(reply[3]);
    if (granted < claims.length || this.mayReach(tenantId, limit, month, spend))
      this.reach(tenantId, limit, month, spend, granted < claims.length);
    return granted;
  }

  /** Gives back reservations of sends that did not go (refused, failed before Meta, taken back). */
  async release(tenantId: string, ids: string[]): Promise<void> {
    if (ids.length === 0 || !(await this.limitFor(tenantId))) return;
    await this.store.run(
      SETTLE_SPEND_SCRIPT,
      [spendKey(tenantId, monthOf(new Date()))],
      ids.flatMap((id) => [id, -1]),
    );
  }

  /**
   * After the ingestion's commit: each reservation named by a status settled once, by Meta's pricing
   * (what it charged joins the month's spend; free releases) or a failure (released). Statuses of
   * organizations without a limit cost a cache lookup. Never throws (logged).
   */
  async settle(statuses: SettledStatus[]): Promise<void> {
    try {
      const byTenant = new Map<string, Array<string | number>>();
      const settling = new Set<string>();
      for (const status of statuses) {
        if (!status.recordId || this.settled.has(status.recordId) || settling.has(status.recordId)) continue;
        const pricing = status.pricing as { billable?: unknown; category?: unknown } | undefined;
        const priced = typeof pricing?.category === 'string';
        if (!priced && status.status !== 'failed') continue;
        const limit = await this.limitFor(status.tenantId);
        if (!limit) continue;
        let spent = -1;
        if (priced)
          spent =
            pricing.billable !== true
              ? 0
              : await this.estimate(
                  status.tenantId,
                  limit,
                  status.recipient,
                  String(pricing.category).toLowerCase().replace(/-/g, '_'),
                  status.at.toISOString().slice(0, 10),
                );
        const args = byTenant.get(status.tenantId) ?? [];
        args.push(status.recordId, spent);
        byTenant.set(status.tenantId, args);
        settling.add(status.recordId);
      }
      const month = monthOf(new Date());
      for (const [tenantId, args] of byTenant) {
        const reply = (await this.store.run(SETTLE_SPEND_SCRIPT, [spendKey(tenantId, month)], args)) as string[];
        for (let i = 0; i < args.length; i += 2) this.settled.set(String(args[i]), true);
        const limit = await this.limitFor(tenantId);
        const spend = Number(reply[1]);
        if (limit && this.mayReach(tenantId, limit, month, spend)) this.reach(tenantId, limit, month, spend, false);
      }
    } catch (error) {
      this.logger.warn(`spending not settled (the next seed counts it): ${(error as Error).message}`);
    }
  }

  /**
   * What the organization has left this month, in the limit's unit, and what `claims` would need: for a
   * broadcast's preflight. Null without a limit.
   */
  async budget(
    tenantId: string,
    claims: Array<{ recipient: string; category: string }>,
  ): Promise<{ kind: 'amount' | 'messages'; limit: number; left: number; needed: number; enough: boolean } | null> {
    const limit = await this.limitFor(tenantId);
    if (!limit) return null;
    const month = monthOf(new Date());
    const day = new Date().toISOString().slice(0, 10);
    const spend = await this.seed(tenantId, limit, month);
    const left = Math.max(0, limit.units - spend.used - spend.reserved);
    let needed = 0;
    for (const claim of claims) needed += await this.estimate(tenantId, limit, claim.recipient, claim.category, day);
    return {
      kind: limit.kind,
      limit: valueOf(limit.kind, limit.units),
      left: valueOf(limit.kind, left),
      needed: valueOf(limit.kind, needed),
      enough: needed <= left,
    };
  }

  // --- the figures --------------------------------------------------------------------------------

  private async limitFor(tenantId: string): Promise<Limit | null> {
    const known = this.limits.get(tenantId);
    if (known) return known.limit;
    return (await this.limits.fetch(tenantId))?.limit ?? null;
  }

  /** One message's cost in the limit's unit: one message, or its price (no card or price: nothing known, 0). */
  private async estimate(tenantId: string, limit: Limit, recipient: string, category: string, day: string) {
    if (limit.kind === 'messages') return 1;
    return (await this.rateCards.unitPrice(tenantId, countryOf(recipient), category.toLowerCase(), day)) ?? 0;
  }

  /**
   * The month's spend read from the metering into the shared store (the larger of the two `used`
   * figures; reservations older than an hour dropped): `used` and `reserved` in the limit's unit.
   */
  private async seed(tenantId: string, limit: Limit, month: string): Promise<{ used: number; reserved: number }> {
    const from = `${month}-01`;
    const to = new Date().toISOString().slice(0, 10);
    const [row] = await this.usage.report([tenantId], from, to < from ? from : to, 'month', []);
    const used =
      limit.kind === 'messages' ? Number(row?.billable_messages ?? 0) : Math.round(Number(row?.cost ?? 0) * 1e6);
    const reply = (await this.store.run(
      SEED_SPEND_SCRIPT,
      [spendKey(tenantId, month)],
      [used, Date.now() - RESERVATION_MAX_AGE_MS, MONTH_TTL_MS],
    )) as string[];
    return { used: Number(reply[0]), reserved: Number(reply[1]) };
  }

  /** Every limited organization's month read again (one instance, every minute), and its thresholds. */
  private async seedAll(): Promise<void> {
    const month = monthOf(new Date());
    for (const row of await this.repository.all()) {
      const limit = limitOf(row);
      this.limits.set(row.tenantId, { limit });
      const spend = await this.seed(row.tenantId, limit, month);
      const total = spend.used + spend.reserved;
      if (this.mayReach(row.tenantId, limit, month, total)) this.reach(row.tenantId, limit, month, total, false);
    }
  }

  /** Whether `spend` may have reached a threshold this instance has not seen noted. */
  private mayReach(tenantId: string, limit: Limit, month: string, spend: number): boolean {
    return THRESHOLDS.some(
      (percent) =>
        limit.units > 0 &&
        spend * 100 >= percent * limit.units &&
        !this.noted.has(`${tenantId}:${month}:${limit.version}:${percent}`),
    );
  }

  /**
   * Notes the thresholds `spend` reached (a limit of 0 reaches both with its first refusal): the first
   * instance to note one writes the tenant's `usage.threshold` delivery in the same transaction, then
   * the audit entry. Not awaited by the send path; a failure is logged and tried again at the next seed.
   */
  private reach(tenantId: string, limit: Limit, month: string, spend: number, refused: boolean): void {
    const due = THRESHOLDS.filter(
      (percent) =>
        (limit.units === 0 ? refused : spend * 100 >= percent * limit.units) &&
        !this.noted.has(`${tenantId}:${month}:${limit.version}:${percent}`),
    );
    if (due.length === 0) return;
    for (const percent of due) this.noted.set(`${tenantId}:${month}:${limit.version}:${percent}`, true);
    void this.tell(tenantId, limit, month, spend, due).catch((error: Error) => {
      for (const percent of due) this.noted.delete(`${tenantId}:${month}:${limit.version}:${percent}`);
      this.logger.warn(`usage.threshold of ${tenantId} not noted (tried again at the next seed): ${error.message}`);
    });
  }

  private async tell(tenantId: string, limit: Limit, month: string, spend: number, due: number[]): Promise<void> {
    const currency = limit.kind === 'amount' ? await this.usage.currency() : null;
    const noted: number[] = [];
    const deliveries: DeliveryRow[] = [];
    await this.repository.transaction(async (manager) => {
      for (const percent of due) {
        const first = await this.repository.noteReached(manager, {
          tenantId,
          month: `${month}-01`,
          percent,
          spend: valueOf(limit.kind, spend).toFixed(6),
        });
        if (!first) continue;
        noted.push(percent);
        const body = usageThresholdEvent(tenantId, {
          percent,
          month,
          kind: limit.kind,
          limit: valueOf(limit.kind, limit.units),
          spent: valueOf(limit.kind, spend),
          currency,
        });
        deliveries.push(
          ...(await this.outbox.writeGatewayEvent(
            { tenantId, wabaId: null, field: USAGE_FIELD, phoneNumberId: null, body },
            manager,
          )),
        );
      }
    });
    this.outbox.dispatch(deliveries);
    for (const percent of noted) {
      this.logger.log(`organization ${tenantId} reached ${percent} % of its spending limit for ${month}`);
      await this.audit.record({
        tenantIds: [tenantId],
        keyId: SYSTEM_ACTOR,
        keyPrefix: 'gateway',
        keyKind: 'system',
        person: null,
        ip: null,
        requestId: null,
        action: 'usage.threshold',
        method: 'EVENT',
        path: `/v1/organizations/${tenantId}/spending_limit`,
        targetId: tenantId,
        statusCode: 200,
        changes: {
          percent,
          month,
          kind: limit.kind,
          limit: valueOf(limit.kind, limit.units),
          spent: valueOf(limit.kind, spend),
        },
      });
    }
  }
}

/** The actor of the audit entries the gateway writes itself (no key made them). */
export const SYSTEM_ACTOR = '00000000-0000-0000-0000-000000000000';

function limitOf(row: SpendingLimit): Limit {
  return { kind: row.kind, units: unitsOf(row.kind, row.value), version: row.updatedAt.toISOString() };
}
