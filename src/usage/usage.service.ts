import { Injectable } from '@nestjs/common';
import Papa from 'papaparse';
import { isUuid } from '../common/uuid';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { isDay } from './rate-card-input';
import { USAGE_DIMENSIONS, type UsageDimension, UsageRepository } from './usage.repository';

/** The longest range a report covers (inclusive days). */
export const MAX_REPORT_DAYS = 400;

const invalid = (details: string) => GraphError.invalidParameter('Invalid parameter', details);

export interface UsageQuery {
  from?: unknown;
  to?: unknown;
  granularity?: unknown;
  group_by?: unknown;
  organization_id?: unknown;
}

export interface UsageReport {
  from: string;
  to: string;
  granularity: 'day' | 'month';
  group_by: UsageDimension[];
  currency: string | null;
  data: Array<Record<string, string | number | null>>;
  totals: { messages: number; billable_messages: number; cost: number | null; unpriced_billable_messages: number };
}

/**
 * Usage reports from the daily rollups (never from message records): messages and billable messages
 * by period and the dimensions asked for, and what they cost by the rate card and markup in force on
 * each day. An organization key reports its own organization; an admin key its organizations (one
 * by `organization_id`); a platform key every organization, or one.
 */
@Injectable()
export class UsageService {
  constructor(private readonly repository: UsageRepository) {}

  async report(auth: AuthContext, resolvedTenantId: string | undefined, query: UsageQuery): Promise<UsageReport> {
    const from = query.from;
    const to = query.to;
    if (!isDay(from)) throw invalid('from: a day, YYYY-MM-DD');
    if (!isDay(to)) throw invalid('to: a day, YYYY-MM-DD');
    if (to < from) throw invalid('to: on or after from');
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > MAX_REPORT_DAYS) throw invalid(`to: a range of at most ${MAX_REPORT_DAYS} days (this one is ${days})`);
    const granularity = query.granularity ?? 'day';
    if (granularity !== 'day' && granularity !== 'month') throw invalid('granularity: day or month');
    const groupBy = this.dimensions(query.group_by);
    const tenantIds = reportedOrganizations(auth, resolvedTenantId, query.organization_id);
    const [rows, currency] = await Promise.all([
      this.repository.report(tenantIds, from, to, granularity, groupBy),
      this.repository.currency(),
    ]);
    const data = rows.map((row) => ({
      period: row.period,
      ...Object.fromEntries(groupBy.map((d) => [d, (row as unknown as Record<string, string | null>)[d] ?? null])),
      messages: Number(row.messages),
      billable_messages: Number(row.billable_messages),
      cost: row.cost === null ? null : Number(row.cost),
      unpriced_billable_messages: Number(row.unpriced_billable_messages),
    }));
    const sum = (pick: (r: (typeof data)[number]) => number) => data.reduce((total, r) => total + pick(r), 0);
    const priced = data.some((r) => r.cost !== null);
    return {
      from,
      to,
      granularity,
      group_by: groupBy,
      currency,
      data,
      totals: {
        messages: sum((r) => r.messages),
        billable_messages: sum((r) => r.billable_messages),
        cost: priced ? Math.round(sum((r) => r.cost ?? 0) * 1e6) / 1e6 : null,
        unpriced_billable_messages: sum((r) => r.unpriced_billable_messages),
      },
    };
  }

  /** The report as CSV: a row a period and group, the same columns. */
  csv(report: UsageReport): string {
    const columns = [
      'period',
      ...report.group_by,
      'messages',
      'billable_messages',
      'cost',
      'unpriced_billable_messages',
    ];
    return Papa.unparse({ fields: columns, data: report.data.map((row) => columns.map((c) => row[c] ?? '')) });
  }

  private dimensions(value: unknown): UsageDimension[] {
    if (value === undefined || value === '') return [];
    if (typeof value !== 'string') throw invalid('group_by: a comma-separated list');
    const asked = value.split(',').map((d) => d.trim());
    for (const dimension of asked)
      if (!(USAGE_DIMENSIONS as readonly string[]).includes(dimension))
        throw invalid(`group_by: unknown ${dimension} (one or more of ${USAGE_DIMENSIONS.join(', ')})`);
    return [...new Set(asked)] as UsageDimension[];
  }
}

/**
 * The organizations a key may report on (usage, reconciliations), narrowed to `organization_id` when
 * given (null: all): an organization key its own, an admin key its organizations, a platform key all.
 */
export function reportedOrganizations(
  auth: AuthContext,
  resolved: string | undefined,
  asked: unknown,
): string[] | null {
  if (asked !== undefined) {
    if (typeof asked !== 'string' || !isUuid(asked)) throw invalid('organization_id: must be a UUID');
    if (auth.kind !== 'platform' && !auth.tenantIds.includes(asked))
      throw GraphError.permissionDenied('The API key is not authorized for that organization');
    return [asked];
  }
  if (auth.kind === 'platform') return null;
  if (auth.kind === 'org') return [...auth.tenantIds];
  return resolved ? [resolved] : [...auth.tenantIds];
}
