import { Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { FunnelsRepository } from '../messages/funnels/funnels.repository';
import { TemplatesService } from '../templates/templates.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { isDay } from '../usage/rate-card-input';
import type { TemplateAnalyticsDay } from './template-analytics-day.entity';
import { TemplateAnalyticsRepository } from './template-analytics.repository';
import { TEMPLATES_PER_REQUEST, TemplateAnalyticsUpstream } from './template-analytics.upstream';
import { GraphError } from '../core/graph-error';

/** A template's day whose two sides differ by more than this (percent of the larger) is flagged. */
export const FLAG_PERCENT = 1;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const percentOff = (a: number, b: number) => (a === b ? 0 : (Math.abs(a - b) * 100) / Math.max(a, b));

export interface TemplateAnalyticsDto {
  template_id: string;
  waba_id: string;
  template_name: string;
  template_language: string;
  day: string;
  gateway: { sent: number; delivered: number; read: number; clicked: number };
  meta: {
    sent: number;
    delivered: number;
    read: number;
    clicked: number;
    buttons: Array<{ type: string; button_content: string; count: number }>;
  };
  difference_percent: number;
  flagged: boolean;
  checked_at: string;
}

const dto = (row: TemplateAnalyticsDay): TemplateAnalyticsDto => ({
  template_id: row.templateId,
  waba_id: row.wabaId,
  template_name: row.templateName,
  template_language: row.templateLanguage,
  day: row.day,
  gateway: { sent: +row.sent, delivered: +row.delivered, read: +row.read, clicked: +row.clicked },
  meta: {
    sent: +row.metaSent,
    delivered: +row.metaDelivered,
    read: +row.metaRead,
    clicked: +row.metaClicked,
    buttons: row.metaButtons,
  },
  difference_percent: Number(row.differencePercent),
  flagged: row.flagged,
  checked_at: row.checkedAt.toISOString(),
});

/**
 * Meta's figures beside the gateway's (issue 59): once a day, each business account's templates of
 * yesterday as Meta's `template_analytics` counts them (sent, delivered, read, clicks by button; ten
 * templates a request, Meta's limit) against the funnels' rollups of the same template and day. A day
 * that differs by more than 1 % is flagged, as usage reconciliation flags Meta's pricing. The same
 * periodic run forgets the funnels' days past INSIGHTS_RETENTION_DAYS.
 */
@Injectable()
export class TemplateAnalytics implements OnModuleInit {
  private readonly logger = new Logger('TemplateAnalytics');
  private readonly intervalMs: number;
  private readonly retentionDays: number;
  /** The last day this instance compared (the run looks each interval; a day is compared once). */
  private comparedDay: string | undefined;

  constructor(
    private readonly repository: TemplateAnalyticsRepository,
    private readonly funnels: FunnelsRepository,
    private readonly templates: TemplatesService,
    private readonly tenancy: TenancyService,
    private readonly upstream: TemplateAnalyticsUpstream,
    config: ConfigService<Environment, true>,
    // Absent in the CLI, which runs no periodic work.
    @Optional() private readonly jobs?: PeriodicJobs,
  ) {
    this.intervalMs = config.get('INSIGHTS_INTERVAL_SECONDS', { infer: true }) * 1000;
    this.retentionDays = config.get('INSIGHTS_RETENTION_DAYS', { infer: true });
  }

  onModuleInit(): void {
    if (this.intervalMs > 0) this.jobs?.every('insights', this.intervalMs, () => this.runDaily());
  }

  /** Yesterday, once per day on this instance; and the days past the retention, forgotten. */
  async runDaily(): Promise<void> {
    const day = dayOf(Date.now() - DAY_MS);
    if (this.comparedDay === day) return;
    for (const account of await this.tenancy.accountsWithNumbers(null))
      await this.compare(account, day).catch((error: Error) =>
        this.logger.warn(`template analytics of ${account.wabaId} on ${day} not compared: ${error.message}`),
      );
    const oldest = dayOf(Date.now() - this.retentionDays * DAY_MS);
    await this.funnels.forgetBefore(oldest);
    await this.repository.forgetBefore(oldest);
    this.comparedDay = day;
  }

  /** Compares `day` now for the organization: each account's templates, or the error Meta answered for it. */
  async run(
    tenantId: string,
    day: unknown,
  ): Promise<{ data: Array<TemplateAnalyticsDto | { waba_id: string; day: string; error: string }> }> {
    if (!isDay(day)) throw GraphError.invalidParameter('Invalid parameter', 'day: a day, YYYY-MM-DD');
    if (day > dayOf(Date.now())) throw GraphError.invalidParameter('Invalid parameter', 'day: today or before');
    const data: Array<TemplateAnalyticsDto | { waba_id: string; day: string; error: string }> = [];
    for (const account of await this.tenancy.accountsWithNumbers([tenantId])) {
      try {
        data.push(...(await this.compare(account, day)).map(dto));
      } catch (error) {
        data.push({ waba_id: account.wabaId, day, error: (error as Error).message });
      }
    }
    return { data };
  }

  async list(
    tenantId: string,
    since: string,
    until: string,
    flagged: unknown,
  ): Promise<{ data: TemplateAnalyticsDto[] }> {
    if (flagged !== undefined && flagged !== 'true' && flagged !== 'false')
      throw GraphError.invalidParameter('Invalid parameter', 'flagged: true or false');
    return { data: (await this.repository.list(tenantId, since, until, flagged === 'true')).map(dto) };
  }

  private async compare(
    account: { id: string; tenantId: string; wabaId: string; phoneNumberIds: string[] },
    day: string,
  ): Promise<TemplateAnalyticsDay[]> {
    const catalog = await this.templates.catalogOf(account.id);
    if (catalog.length === 0) return [];
    const start = Date.parse(`${day}T00:00:00Z`) / 1000;
    const token = await this.tenancy.accessToken(account.id);
    const rows: TemplateAnalyticsDay[] = [];
    for (let i = 0; i < catalog.length; i += TEMPLATES_PER_REQUEST) {
      const templates = catalog.slice(i, i + TEMPLATES_PER_REQUEST);
      const points = await this.upstream.daily(
        account.wabaId,
        token,
        templates.map((t) => t.upstreamId),
        start,
        start + 86_400,
      );
      for (const template of templates) {
        const meta = { sent: 0, delivered: 0, read: 0, clicked: 0 };
        const buttons: Array<{ type: string; button_content: string; count: number }> = [];
        for (const point of points) {
          if (point.template_id !== template.upstreamId) continue;
          meta.sent += Number(point.sent ?? 0);
          meta.delivered += Number(point.delivered ?? 0);
          meta.read += Number(point.read ?? 0);
          for (const click of point.clicked ?? []) {
            meta.clicked += Number(click.count ?? 0);
            buttons.push({ type: click.type, button_content: click.button_content, count: Number(click.count ?? 0) });
          }
        }
        const ours = (
          await this.funnels.templateDays(
            account.tenantId,
            account.phoneNumberIds,
            template.name,
            template.language,
            day,
            day,
          )
        ).get(day) ?? { sent: 0, delivered: 0, read: 0, clicked: 0 };
        if (Object.values(meta).every((n) => n === 0) && Object.values(ours).every((n) => n === 0)) continue;
        const difference = Math.max(
          percentOff(ours.sent, meta.sent),
          percentOff(ours.delivered, meta.delivered),
          percentOff(ours.read, meta.read),
          percentOff(ours.clicked, meta.clicked),
        );
        rows.push({
          tenantId: account.tenantId,
          templateId: template.upstreamId,
          day,
          wabaId: account.wabaId,
          templateName: template.name,
          templateLanguage: template.language,
          metaSent: String(meta.sent),
          metaDelivered: String(meta.delivered),
          metaRead: String(meta.read),
          metaClicked: String(meta.clicked),
          metaButtons: buttons,
          sent: String(ours.sent),
          delivered: String(ours.delivered),
          read: String(ours.read),
          clicked: String(ours.clicked),
          differencePercent: difference.toFixed(3),
          flagged: difference > FLAG_PERCENT,
          checkedAt: new Date(),
        });
      }
    }
    await this.repository.save(rows);
    for (const row of rows.filter((r) => r.flagged))
      this.logger.warn(
        `template ${row.templateName} (${row.templateLanguage}) of ${row.wabaId} on ${day} differs from Meta's ` +
          `template_analytics by ${row.differencePercent} %`,
      );
    return rows;
  }
}
