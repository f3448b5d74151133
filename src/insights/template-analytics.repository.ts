import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { TablePages } from '../database/table-pages';
import { TemplateAnalyticsDay } from './template-analytics-day.entity';

/** Meta's template analytics beside the gateway's funnels, a template's day a row (table template_analytics_days). */
@Injectable()
export class TemplateAnalyticsRepository {
  constructor(
    @InjectRepository(TemplateAnalyticsDay) private readonly days: Repository<TemplateAnalyticsDay>,
    private readonly dataSource: DataSource,
  ) {}

  /** The table, for the organization's archive (data-rights/); its rows go with the organization (a foreign key). */
  exportedTables(): Record<string, TablePages> {
    return {
      template_analytics_days: new TablePages(this.dataSource, {
        table: 'template_analytics_days',
        key: [
          ['template_id', 'text'],
          ['day', 'date'],
        ],
      }),
    };
  }

  /** Kept, or replaced when the day is compared again. */
  async save(rows: TemplateAnalyticsDay[]): Promise<void> {
    if (rows.length > 0) await this.days.upsert(rows, ['tenantId', 'templateId', 'day']);
  }

  list(tenantId: string, since: string, until: string, flaggedOnly: boolean): Promise<TemplateAnalyticsDay[]> {
    const qb = this.days
      .createQueryBuilder('d')
      .where('d.tenant_id = :tenantId AND d.day BETWEEN :since AND :until', { tenantId, since, until })
      .orderBy('d.day', 'ASC')
      .addOrderBy('d.template_name', 'ASC')
      .addOrderBy('d.template_language', 'ASC');
    if (flaggedOnly) qb.andWhere('d.flagged');
    return qb.getMany();
  }

  /** Days before `day`: gone (the insights' retention). */
  async forgetBefore(day: string): Promise<void> {
    await this.days.createQueryBuilder().delete().where('day < :day', { day }).execute();
  }
}
