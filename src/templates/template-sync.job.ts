import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { SharedStore } from '../redis/shared-store';
import { TenancyService } from '../tenancy/tenancy.service';
import { TemplatesService } from './templates.service';

/**
 * Reconciles every business account's catalog with upstream every TEMPLATE_SYNC_INTERVAL_SECONDS.
 * With several instances, a lease in the shared store lets one of them do each account per period.
 */
@Injectable()
export class TemplateSyncJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TemplateSync');
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly templates: TemplatesService,
    private readonly store: SharedStore,
    private readonly tenancy: TenancyService,
    config: ConfigService<Environment, true>,
  ) {
    this.intervalMs = config.get('TEMPLATE_SYNC_INTERVAL_SECONDS', { infer: true }) * 1000;
  }

  onApplicationBootstrap(): void {
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.runOnce().finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
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
