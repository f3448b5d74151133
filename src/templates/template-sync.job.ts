import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { SharedStore } from '../redis/shared-store';
import { TenancyService } from '../tenancy/tenancy.service';
import { TemplatesService } from './templates.service';

/**
 * Reconciles every business account's catalog with upstream every TEMPLATE_SYNC_INTERVAL_SECONDS
 * (0: never), as a periodic job of the job engine (one instance a tick). Each account also takes a
 * lease for the period in the shared store, so a pass that overlaps another (a slow tick, a run by
 * hand) leaves alone the accounts already done in the period.
 */
@Injectable()
export class TemplateSyncJob implements OnModuleInit {
  private readonly logger = new Logger('TemplateSync');
  private readonly intervalMs: number;

  constructor(
    private readonly templates: TemplatesService,
    private readonly jobs: PeriodicJobs,
    private readonly store: SharedStore,
    private readonly tenancy: TenancyService,
    config: ConfigService<Environment, true>,
  ) {
    this.intervalMs = config.get('TEMPLATE_SYNC_INTERVAL_SECONDS', { infer: true }) * 1000;
  }

  onModuleInit(): void {
    if (this.intervalMs > 0) this.jobs.every('template-sync', this.intervalMs, () => this.runOnce());
  }

  /** One pass over every business account; an account that fails is logged and retried next period. */
  async runOnce(): Promise<void> {
    const accounts = await this.tenancy.businessAccounts();
    for (const account of accounts) {
      try {
        if (!(await this.store.acquireLease(`template-sync:${account.id}`, Math.max(this.intervalMs - 1000, 1000))))
          continue;
        const result = await this.templates.sync({
          tenantId: account.tenantId,
          businessAccountId: account.id,
          wabaId: account.wabaId,
        });
        if (result.added || result.updated || result.removed)
          this.logger.log(`business account ${account.wabaId}: ${JSON.stringify(result)}`);
      } catch (error) {
        this.logger.warn(`business account ${account.wabaId}: sync failed: ${(error as Error).message}`);
      }
    }
  }
}
