import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource, type EntityManager, IsNull, Not } from 'typeorm';
import { rowExists } from '../database/exists';
import { MessageTemplate } from './message-template.entity';

/** A template review event (`message_template_status_update`) as the ingestion hands it over. */
export interface TemplateStatusReport {
  wabaId: string;
  upstreamTemplateId: string;
  /** APPROVED, REJECTED, PAUSED, DISABLED… as Meta names it. */
  event: string;
  /** Meta's reason, for a rejection. */
  reason: string | null;
  /** When Meta reported it (the entry's time). */
  at: Date;
}

/** A create's reservation: the catalog row it holds while Meta answers. */
export interface Reservation {
  tenantId: string;
  businessAccountId: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  components: string;
  parameterFormat: string;
  ttlSeconds: number | null;
  groupName: string | null;
}

/** Filters of the catalog list. */
export interface CatalogFilter {
  name?: string;
  statuses?: string[];
  categories?: string[];
  languages?: string[];
  after?: { name: string; language: string };
  limit?: number;
}

/** What upstream says of a template, as the catalog stores it. */
export type TemplateFields = Partial<MessageTemplate> & Pick<MessageTemplate, 'name' | 'language'>;

/** Every statement on `message_templates`, the catalog. */
@Injectable()
export class TemplatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get templates() {
    return this.dataSource.getRepository(MessageTemplate);
  }

  countOf(businessAccountId: string): Promise<number> {
    return this.templates.count({ where: { businessAccountId } });
  }

  /**
   * Reserves (account, name, language) for a create: its row id, or undefined when that name and
   * language exist already. A reservation left by an instance that died before Meta answered is
   * taken over after two minutes.
   */
  async reserve(r: Reservation): Promise<string | undefined> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category,
        status, components, parameter_format, message_send_ttl_seconds, group_name)
       VALUES ($1, $2, $3, NULL, $4, $5, $6, 'PENDING', $7::jsonb, $8, $9, $10)
       ON CONFLICT ON CONSTRAINT "UQ_message_templates_account_name_language" DO UPDATE
         SET category = EXCLUDED.category, components = EXCLUDED.components,
         parameter_format = EXCLUDED.parameter_format,
             message_send_ttl_seconds = EXCLUDED.message_send_ttl_seconds, group_name = EXCLUDED.group_name,
             created_at = now(), updated_at = now()
         WHERE message_templates.upstream_id IS NULL AND message_templates.updated_at < now() - interval '2 minutes'
       RETURNING id`,
      [
        r.tenantId,
        r.businessAccountId,
        r.wabaId,
        r.name,
        r.language,
        r.category,
        r.components,
        r.parameterFormat,
        r.ttlSeconds,
        r.groupName,
      ],
    );
    return rows[0]?.id;
  }

  /** A reservation given up (Meta refused the create). */
  async release(reservationId: string): Promise<void> {
    await this.templates.delete({ id: reservationId, upstreamId: IsNull() });
  }

  /** A reservation made a template: Meta's id, category and status, and the components sent. */
  async created(
    reservationId: string,
    upstream: { id: string; category: string; status: string; components: string },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE message_templates
        SET upstream_id = $2, category = $3, status = $4, components = $5::jsonb, updated_at = now() WHERE id = $1`,
      [reservationId, upstream.id, upstream.category, upstream.status, upstream.components],
    );
  }

  /** An account's templates (not reservations), by name and language. */
  list(businessAccountId: string, filter: CatalogFilter): Promise<MessageTemplate[]> {
    const qb = this.templates
      .createQueryBuilder('t')
      .where('t.business_account_id = :id', { id: businessAccountId })
      .andWhere('t.upstream_id IS NOT NULL')
      .orderBy('t.name', 'ASC')
      .addOrderBy('t.language', 'ASC');
    if (filter.name !== undefined) qb.andWhere('t.name = :name', { name: filter.name });
    if (filter.statuses !== undefined) qb.andWhere('t.status = ANY(:statuses)', { statuses: filter.statuses });
    if (filter.categories !== undefined)
      qb.andWhere('t.category = ANY(:categories)', { categories: filter.categories });
    if (filter.languages !== undefined) qb.andWhere('t.language = ANY(:languages)', { languages: filter.languages });
    if (filter.after)
      qb.andWhere('(t.name, t.language) > (:afterName, :afterLanguage)', {
        afterName: filter.after.name,
        afterLanguage: filter.after.language,
      });
    if (filter.limit !== undefined) qb.limit(filter.limit);
    return qb.getMany();
  }

  byUpstreamId(upstreamId: string): Promise<MessageTemplate | null> {
    return this.templates.findOne({ where: { upstreamId } });
  }

  save(row: MessageTemplate): Promise<MessageTemplate> {
    return this.templates.save(row);
  }

  /** Whether an account has templates of `name` (of `hsmId` when given), reservations left out. */
  exists(businessAccountId: string, name: string, hsmId?: string): Promise<boolean> {
    return this.templates.exists({ where: { businessAccountId, name, upstreamId: hsmId ?? Not(IsNull()) } });
  }

  async remove(businessAccountId: string, name: string, hsmId?: string): Promise<void> {
    await this.templates.delete({ businessAccountId, name, upstreamId: hsmId ?? Not(IsNull()) });
  }

  /** The APPROVED template of a name or group in a language: the most recently approved, then the newest. */
  approved(
    businessAccountId: string,
    ref: { name?: string; groupName?: string; language: string },
  ): Promise<MessageTemplate | null> {
    const query = this.templates
      .createQueryBuilder('t')
      .where('t.business_account_id = :businessAccountId AND t.language = :language AND t.status = :status', {
        businessAccountId,
        language: ref.language,
        status: 'APPROVED',
      })
      .orderBy('t.status_updated_at', 'DESC', 'NULLS LAST')
      .addOrderBy('t.created_at', 'DESC')
      .limit(1);
    if (ref.groupName !== undefined) query.andWhere('t.group_name = :groupName', { groupName: ref.groupName });
    else query.andWhere('t.name = :name', { name: ref.name });
    return query.getOne();
  }

  /**
   * Reconciles an account's catalog with upstream's list in one transaction: new templates added
   * (taking a create's reservation of their name and language), changed ones updated, the rest removed.
   */
  reconcile(
    account: { tenantId: string; businessAccountId: string; wabaId: string },
    upstream: Array<{ upstreamId: string; fields: TemplateFields }>,
    changed: (row: MessageTemplate, fields: TemplateFields) => boolean,
  ): Promise<{ added: number; updated: number; removed: number }> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(MessageTemplate);
      const { businessAccountId } = account;
      const local = await repo.find({ where: { businessAccountId, upstreamId: Not(IsNull()) } });
      const byUpstreamId = new Map(local.map((row) => [row.upstreamId, row]));
      const reserved = await repo.find({ where: { businessAccountId, upstreamId: IsNull() } });
      const reservedByKey = new Map(reserved.map((row) => [`${row.name}\u0000${row.language}`, row]));
      let added = 0;
      let updated = 0;
      for (const { upstreamId, fields } of upstream) {
        const row = byUpstreamId.get(upstreamId);
        byUpstreamId.delete(upstreamId);
        if (!row) {
          const reservation = reservedByKey.get(`${fields.name}\u0000${fields.language}`);
          await repo.save(
            reservation
              ? Object.assign(reservation, fields)
              : repo.create({ ...fields, tenantId: account.tenantId, businessAccountId, wabaId: account.wabaId }),
          );
          added++;
        } else if (changed(row, fields)) {
          await repo.save(Object.assign(row, fields));
          updated++;
        }
      }
      const gone = [...byUpstreamId.values()];
      if (gone.length) await repo.delete(gone.map((row) => row.id));
      return { added, updated, removed: gone.length };
    });
  }

  /** Moves a template with a review event, in the ingestion's transaction; an older report changes nothing. */
  /** The template the report moved (its name and language), or null: none of the catalog's, or a stale report. */
  async applyStatus(
    manager: EntityManager,
    report: TemplateStatusReport,
  ): Promise<{ name: string; language: string } | null> {
    const rejected = report.event === 'REJECTED';
    // An UPDATE answers [rows, count].
    const [rows] = await manager.query<[Array<{ name: string; language: string }>, number]>(
      `UPDATE message_templates
       SET status = $1, rejected_reason = $2, status_updated_at = $3, updated_at = now()
       WHERE upstream_id = $4 AND waba_id = $5 AND (status_updated_at IS NULL OR status_updated_at <= $3)
       RETURNING name, language`,
      [
        report.event,
        rejected ? (report.reason ?? 'UNKNOWN') : null,
        report.at,
        report.upstreamTemplateId,
        report.wabaId,
      ],
    );
    return rows[0] ?? null;
  }

  /** Whether a business account has templates (its delete is refused while it does). */
  hasTemplates(manager: EntityManager, businessAccountId: string): Promise<boolean> {
    return rowExists(manager, 'SELECT 1 FROM message_templates WHERE business_account_id = $1', [businessAccountId]);
  }

  /** The organization's archive (data-rights/): its template catalog. */
  exportedTables(): Record<string, TablePages> {
    return {
      templates: new TablePages(this.dataSource, {
        table: 'message_templates',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
    };
  }
}
