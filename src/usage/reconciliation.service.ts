import { Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { MetricsService } from '../metrics/metrics.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { PricingAnalyticsUpstream } from './pricing-analytics.upstream';
import { isDay } from './rate-card-input';
import { ReconciliationsRepository } from './reconciliations.repository';
import type { ReconciledRow, UsageReconciliation } from './usage-reconciliation.entity';
import { UsageRepository } from './usage.repository';

/** A day whose two sides differ by more than this (percent of the larger) is flagged. */
export const FLAG_PERCENT = 1;
/** The flagged days /metrics counts: this many days back. */
const METRICS_DAYS = 35;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const percentOff = (a: number, b: number) =>
  a === b ? 0 : (Math.abs(a - b) * 100) / Math.max(Math.abs(a), Math.abs(b));

export interface ReconciliationDto {
  waba_id: string;
  organization_id: string;
  day: string;
  metered_messages: number;
  meta_messages: number;
  metered_cost: number | null;
  meta_cost: number;
  difference_percent: number;
  flagged: boolean;
  details: ReconciledRow[];
  checked_at: string;
}

const dto = (row: UsageReconciliation): ReconciliationDto => ({
  waba_id: row.wabaId,
  organization_id: row.tenantId,
  day: row.day,
  metered_messages: Number(row.meteredMessages),
  meta_messages: Number(row.metaMessages),
  metered_cost: row.meteredCost === null ? null : Number(row.meteredCost),
  meta_cost: Number(row.metaCost),
  difference_percent: Number(row.differencePercent),
  flagged: row.flagged,
  details: row.details,
  checked_at: row.checkedAt.toISOString(),
});

/**
 * Reconciliation (issue 46): once a day, each business account's metering of yesterday against what
 * Meta says it charged (`pricing_analytics`, daily, by country, category and pricing type): billable
 * messages and their cost (the gateway's at the rate card's price without markups, as Meta charges).
 * A day that differs by more than 1 % is flagged: in the API, the console and /metrics
 * (`gateway_usage_reconciliation_flagged_days`). The operator may run any day again.
 */
@Injectable()
export class UsageReconciliations implements OnModuleInit {
  private readonly logger = new Logger('UsageReconciliation');
  /** How often the daily run looks for yesterday's accounts not yet reconciled (one instance); 0: never. */
  private readonly intervalMs: number;

  constructor(
    private readonly repository: ReconciliationsRepository,
    private readonly usage: UsageRepository,
    private readonly tenancy: TenancyService,
    private readonly upstream: PricingAnalyticsUpstream,
    private readonly metrics: MetricsService,
    config: ConfigService<Environment, true>,
    // Absent in the CLI, which runs no periodic work.
    @Optional() private readonly jobs?: PeriodicJobs,
  ) {
    this.intervalMs = config.get('USAGE_RECONCILIATION_INTERVAL_SECONDS', { infer: true }) * 1000;
  }

  onModuleInit(): void {
    if (this.intervalMs > 0) this.jobs?.every('usage-reconciliation', this.intervalMs, () => this.runDaily());
    const { metrics, repository } = this;
    // Read when scraped, so every instance reports what the last run (on any instance) found.
    Object.assign(metrics.usageReconciliationFlaggedDays, {
      async collect() {
        const n = await repository.flaggedSince(dayOf(Date.now() - METRICS_DAYS * 86_400_000)).catch(() => undefined);
        if (n !== undefined) metrics.usageReconciliationFlaggedDays.set(n);
      },
    });
  }

  /** Yesterday, for every account not yet reconciled on it. */
  async runDaily(): Promise<void> {
    const day = dayOf(Date.now() - 86_400_000);
    const done = await this.repository.reconciledOn(day);
    for (const account of await this.tenancy.accountsWithNumbers(null)) {
      if (done.has(account.wabaId)) continue;
      await this.reconcile(account, day).catch((error: Error) =>
        this.logger.warn(`usage of ${account.wabaId} on ${day} not reconciled: ${error.message}`),
      );
    }
  }

  /**
   * Reconciles `day` now for the organizations `tenantIds` (null: all): each account's comparison, or
   * the error Meta answered for it (the others still run).
   */
  async run(
    tenantIds: string[] | null,
    day: unknown,
  ): Promise<{ data: Array<ReconciliationDto | { waba_id: string; day: string; error: string }> }> {
    if (!isDay(day)) throw GraphError.invalidParameter('Invalid parameter', 'day: a day, YYYY-MM-DD');
    if (day > dayOf(Date.now())) throw GraphError.invalidParameter('Invalid parameter', 'day: today or before');
    const data: Array<ReconciliationDto | { waba_id: string; day: string; error: string }> = [];
    for (const account of await this.tenancy.accountsWithNumbers(tenantIds)) {
      try {
        data.push(dto(await this.reconcile(account, day)));
      } catch (error) {
        data.push({ waba_id: account.wabaId, day, error: (error as Error).message });
      }
    }
    return { data };
  }

  async list(
    tenantIds: string[] | null,
    query: { from?: unknown; to?: unknown; flagged?: unknown },
  ): Promise<{ data: ReconciliationDto[] }> {
    const to = query.to ?? dayOf(Date.now());
    if (!isDay(to)) throw GraphError.invalidParameter('Invalid parameter', 'to: a day, YYYY-MM-DD');
    const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 30 * 86_400_000);
    if (!isDay(from)) throw GraphError.invalidParameter('Invalid parameter', 'from: a day, YYYY-MM-DD');
    if (query.flagged !== undefined && query.flagged !== 'true' && query.flagged !== 'false')
      throw GraphError.invalidParameter('Invalid parameter', 'flagged: true or false');
    const rows = await this.repository.list(tenantIds, from, to, query.flagged === 'true');
    return { data: rows.map(dto) };
  }

  private async reconcile(
    account: { id: string; tenantId: string; wabaId: string; phoneNumberIds: string[] },
    day: string,
  ): Promise<UsageReconciliation> {
    const start = Date.parse(`${day}T00:00:00Z`) / 1000;
    const token = await this.tenancy.accessToken(account.id);
    const points = await this.upstream.daily(account.wabaId, token, start, start + 86_400);
    const metered = account.phoneNumberIds.length ? await this.usage.metered(account.phoneNumberIds, day) : [];
    const rows = new Map<string, ReconciledRow>();
    const rowOf = (country: string, category: string) => {
      const key = `${country}\u0000${category}`;
      let row = rows.get(key);
      if (!row) {
        row = { country, category, metered_messages: 0, meta_messages: 0, metered_cost: null, meta_cost: 0 };
        rows.set(key, row);
      }
      return row;
    };
    for (const point of points) {
      // Meta charges the REGULAR type; the free ones (service, free entry point) cost nothing.
      if (point.pricing_type !== 'REGULAR') continue;
      const row = rowOf(point.country ?? '', (point.pricing_category ?? '').toLowerCase());
      row.meta_messages += Number(point.volume ?? 0);
      row.meta_cost += Number(point.cost ?? 0);
    }
    let unpriced = false;
    for (const m of metered) {
      const billable = Number(m.billable_messages);
      if (billable === 0) continue;
      const row = rowOf(m.country, m.category);
      row.metered_messages += billable;
      if (m.cost === null) unpriced = true;
      else row.metered_cost = (row.metered_cost ?? 0) + Number(m.cost);
    }
    const all = [...rows.values()].map((row) => ({
      ...row,
      meta_cost: round6(row.meta_cost),
      metered_cost: row.metered_cost === null ? null : round6(row.metered_cost),
    }));
    const meteredMessages = all.reduce((sum, row) => sum + row.metered_messages, 0);
    const metaMessages = all.reduce((sum, row) => sum + row.meta_messages, 0);
    const metaCost = round6(all.reduce((sum, row) => sum + row.meta_cost, 0));
    const meteredCost = unpriced ? null : round6(all.reduce((sum, row) => sum + (row.metered_cost ?? 0), 0));
    const difference = Math.max(
      percentOff(meteredMessages, metaMessages),
      meteredCost === null ? 0 : percentOff(meteredCost, metaCost),
    );
    const row: UsageReconciliation = {
      wabaId: account.wabaId,
      day,
      tenantId: account.tenantId,
      meteredMessages: String(meteredMessages),
      metaMessages: String(metaMessages),
      meteredCost: meteredCost === null ? null : meteredCost.toFixed(6),
      metaCost: metaCost.toFixed(6),
      differencePercent: difference.toFixed(3),
      flagged: difference > FLAG_PERCENT,
      details: all.filter(
        (r) =>
          r.metered_messages !== r.meta_messages ||
          (r.metered_cost !== null && percentOff(r.metered_cost, r.meta_cost) > 0),
      ),
      checkedAt: new Date(),
    };
    await this.repository.save(row);
    if (row.flagged)
      this.logger.warn(
        `usage of ${account.wabaId} on ${day} differs from Meta's by ${row.differencePercent} % ` +
          `(${meteredMessages} billable messages metered, ${metaMessages} at Meta)`,
      );
    return row;
  }
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
