import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { OrganizationPurges, type PurgeKind } from '../retention/organization-purges';
import { RecordRetention } from '../retention/record-retention';
import { DataRightsRepository, type RetentionDays, type RetentionRow } from './data-rights.repository';
import type { RetentionDto } from './dto/retention.dto';

const DAY_MS = 86_400_000;
/** Rows a purge changes per statement: small enough that a pass never holds a table for long. */
const BATCH = 1_000;
const FIELDS = ['message_bodies_days', 'inbound_messages_days', 'media_days', 'webhook_deliveries_days'] as const;

/**
 * An organization's retention: its settings (each at most the platform's), and the pass that applies
 * them after every hourly pass of the platform's retention (retention/record-retention.ts), through
 * what each table's owner registered (retention/organization-purges.ts). Bodies are replaced from where
 * the last pass ended; the rest is deleted.
 */
@Injectable()
export class RetentionService implements OnModuleInit {
  private readonly logger = new Logger('DataRetention');
  private readonly platform: Record<(typeof FIELDS)[number], number>;
  /** Organizations whose settings this instance is applying now. */
  private readonly applying = new Set<string>();

  constructor(
    private readonly repository: DataRightsRepository,
    private readonly purges: OrganizationPurges,
    private readonly retention: RecordRetention,
    config: ConfigService<Environment, true>,
  ) {
    const inbound = config.get('INBOUND_MESSAGE_RETENTION_DAYS', { infer: true });
    this.platform = {
      message_bodies_days: Math.max(config.get('MESSAGE_RETENTION_DAYS', { infer: true }), inbound),
      inbound_messages_days: inbound,
      media_days: inbound,
      webhook_deliveries_days: config.get('WEBHOOK_DELIVERY_RETENTION_DAYS', { infer: true }),
    };
  }

  onModuleInit(): void {
    this.retention.afterPass((now) => this.pass(now));
  }

  async get(tenantId: string): Promise<RetentionDto> {
    return this.json(await this.repository.retention(tenantId));
  }

  /**
   * New settings: each field given replaces its value (null: the platform's), the others stay. A value
   * above the platform's, not a whole number of days from 1, or an unknown field: 400 code 100 naming it,
   * nothing saved. Applied at once in the background, then with every hourly pass.
   */
  async put(tenantId: string, body: unknown): Promise<RetentionDto> {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw GraphError.invalidParameter('Invalid parameter', 'body: must be a JSON object');
    const input = body as Record<string, unknown>;
    const unknown = Object.keys(input).find((key) => !(FIELDS as readonly string[]).includes(key));
    if (unknown !== undefined)
      throw GraphError.invalidParameter('Invalid parameter', `${unknown}: not a field here (${FIELDS.join(', ')})`);
    const current = await this.repository.retention(tenantId);
    const days = {} as RetentionDays;
    for (const field of FIELDS) {
      const value = field in input ? input[field] : (current?.[field] ?? null);
      if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1))
        throw GraphError.invalidParameter('Invalid parameter', `${field}: a whole number of days from 1, or null`);
      if (value !== null && value > this.platform[field])
        throw GraphError.invalidParameter(
          'Invalid parameter',
          `${field}: at most ${this.platform[field]}, what the platform keeps (an organization keeps less, never more)`,
        );
      days[field] = value;
    }
    await this.repository.putRetention(tenantId, days);
    const saved = await this.repository.retention(tenantId);
    // At once, in the background (an organization's first pass may replace a great many bodies).
    if (saved)
      void this.applyOnce(saved, new Date()).catch((error: Error) =>
        this.logger.warn(`organization ${tenantId}: retention not applied: ${error.message}`),
      );
    return this.json(saved);
  }

  /** Every organization's settings applied at `now` (after the platform's hourly pass). */
  async pass(now: Date): Promise<void> {
    for (const row of await this.repository.shorter()) {
      try {
        await this.applyOnce(row, now);
      } catch (error) {
        // The next organization still has its pass; this one is tried again within the hour.
        this.logger.warn(`organization ${row.tenant_id}: retention not applied: ${(error as Error).message}`);
      }
    }
  }

  /** `apply`, unless this instance is applying the organization's settings already. */
  private async applyOnce(row: RetentionRow, now: Date): Promise<void> {
    if (this.applying.has(row.tenant_id)) return;
    this.applying.add(row.tenant_id);
    try {
      await this.apply(row, now);
    } finally {
      this.applying.delete(row.tenant_id);
    }
  }

  /** One organization's settings applied at `now`: what each kind changed is logged (counts only). */
  private async apply(row: RetentionRow, now: Date): Promise<void> {
    const cutoff = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const changed: Partial<Record<PurgeKind, Record<string, number>>> = {};
    if (row.message_bodies_days !== null) {
      const before = cutoff(row.message_bodies_days);
      changed.message_bodies = await this.purges.run(
        'message_bodies',
        row.tenant_id,
        { from: row.bodies_done_until, before },
        BATCH,
      );
      await this.repository.bodiesDone(row.tenant_id, before);
    }
    if (row.inbound_messages_days !== null)
      changed.inbound_messages = await this.purges.run(
        'inbound_messages',
        row.tenant_id,
        { from: null, before: cutoff(row.inbound_messages_days) },
        BATCH,
      );
    if (row.media_days !== null)
      changed.media = await this.purges.run(
        'media',
        row.tenant_id,
        { from: null, before: cutoff(row.media_days) },
        BATCH,
      );
    // A delivery carries the bodies of the events it delivered: it goes when they would.
    const deliveries = [row.webhook_deliveries_days, row.message_bodies_days].filter((d): d is number => d !== null);
    if (deliveries.length > 0)
      changed.webhook_deliveries = await this.purges.run(
        'webhook_deliveries',
        row.tenant_id,
        { from: null, before: cutoff(Math.min(...deliveries)) },
        BATCH,
      );
    const said = Object.entries(changed)
      .flatMap(([kind, owners]) =>
        Object.entries(owners)
          .filter(([, n]) => n > 0)
          .map(([o, n]) => `${kind} ${o} ${n}`),
      )
      .join(', ');
    if (said) this.logger.log(`organization ${row.tenant_id}: retention applied (${said})`);
  }

  private json(row: RetentionRow | null): RetentionDto {
    return {
      message_bodies_days: row?.message_bodies_days ?? null,
      inbound_messages_days: row?.inbound_messages_days ?? null,
      media_days: row?.media_days ?? null,
      webhook_deliveries_days: row?.webhook_deliveries_days ?? null,
      platform: { ...this.platform },
      bodies_replaced_before: row?.bodies_done_until?.toISOString() ?? null,
    };
  }
}
