import { Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { MetricsService } from '../metrics/metrics.service';
import { APP_SUBSCRIPTION_STATES, type AppSubscriptionState } from './business-account.entity';
import { BusinessAccountsUpstream } from './business-accounts.upstream';
import { TenancyRepository } from './tenancy.repository';
import { TenancyService } from './tenancy.service';

/** Accounts checked per periodic tick (each one upstream call). */
const CHECK_BATCH = 100;

/**
 * The gateway's Meta app and each business account's webhooks: Meta sends an account's webhooks only
 * to the apps subscribed to it (`POST /{waba-id}/subscribed_apps`, with the account's token, subscribes
 * the token's app). Onboarding subscribes and checks (`subscribe`), a periodic check on one instance
 * reads every account's subscription again each SUBSCRIPTION_CHECK_INTERVAL_SECONDS and records what
 * it finds on the account (the API, the console's Overview, /health and /metrics report it), and
 * removing an account unsubscribes (`unsubscribe`).
 */
@Injectable()
export class AppSubscriptionsService implements OnModuleInit {
  private readonly logger = new Logger('AppSubscriptions');
  private readonly intervalMs: number;

  constructor(
    private readonly repository: TenancyRepository,
    private readonly graph: BusinessAccountsUpstream,
    private readonly tenancy: TenancyService,
    private readonly metrics: MetricsService,
    config: ConfigService<Environment, true>,
    // Absent in the CLI, which runs no periodic work.
    @Optional() private readonly jobs?: PeriodicJobs,
  ) {
    this.intervalMs = config.get('SUBSCRIPTION_CHECK_INTERVAL_SECONDS', { infer: true }) * 1000;
  }

  onModuleInit(): void {
    if (!this.jobs) return;
    if (this.intervalMs > 0)
      this.jobs.every('app-subscriptions-check', Math.min(this.intervalMs, 60_000), () => this.checkDue());
    const { metrics, repository } = this;
    // Read when scraped, so every instance reports what the last check (on any instance) found.
    Object.assign(metrics.businessAccountSubscriptions, {
      async collect() {
        const counts = await repository.countBySubscription().catch(() => undefined);
        if (!counts) return;
        for (const state of APP_SUBSCRIPTION_STATES)
          metrics.businessAccountSubscriptions.set({ app_subscription: state }, counts[state]);
      },
    });
  }

  /** How many business accounts are in each subscription state, as last checked. */
  counts(): Promise<Record<AppSubscriptionState, number>> {
    return this.repository.countBySubscription();
  }

  /** The app id whose subscription is made and checked. */
  get appId(): string {
    return this.graph.appId;
  }

  /**
   * Subscribes the app to the account's webhooks and checks that Meta lists it. Meta's refusal (an
   * unknown account, a token Meta does not take) is 400 code 100 naming Meta's answer; an app Meta does
   * not list afterwards (the token belongs to another app than META_APP_ID) too; no answer from Meta is
   * 500 code 131000, as every upstream failure.
   */
  async subscribe(wabaId: string, accessToken: string): Promise<void> {
    await this.graph.subscribeApp(wabaId, accessToken).catch((error: unknown) => {
      throw refused(wabaId, 'subscribed_apps', error);
    });
    const state = await this.read(wabaId, accessToken).catch((error: unknown) => {
      throw refused(wabaId, 'subscribed_apps', error);
    });
    if (state !== 'subscribed') {
      throw GraphError.invalidParameter(
        `Meta does not list app ${this.appId} among the subscribed apps of business account ${wabaId}`,
        `access_token: the token subscribes another Meta app than META_APP_ID (${this.appId}); use a token of the gateway's app`,
      );
    }
  }

  /** Subscribes again and records it (an operator's answer to a `missing` subscription). */
  async resubscribe(wabaId: string): Promise<AppSubscriptionState> {
    const account = await this.repository.account(wabaId);
    if (!account) throw GraphError.notFound(`Business account ${wabaId} does not exist`);
    await this.subscribe(wabaId, await this.tenancy.tokenOf(account));
    await this.repository.recordSubscription(account.id, 'subscribed', null);
    return 'subscribed';
  }

  /**
   * Unsubscribes the app from a removed account's webhooks. Never throws: the account is gone at the
   * gateway already (a token Meta no longer takes must not keep it), so a refusal is logged and counted.
   */
  async unsubscribe(account: { wabaId: string; tenantId: string; accessTokenEncrypted: string }): Promise<boolean> {
    const { wabaId } = account;
    try {
      await this.graph.unsubscribeApp(wabaId, await this.tenancy.tokenOf(account));
      return true;
    } catch (error) {
      this.logger.warn(
        `app not unsubscribed from business account ${wabaId} (removed here; remove it at Meta): ${describe(error)}`,
      );
      return false;
    }
  }

  /** The accounts not checked within the interval (or never), a batch per tick, oldest check first. */
  async checkDue(): Promise<void> {
    const due = await this.repository.accountsCheckedBefore(new Date(Date.now() - this.intervalMs), CHECK_BATCH);
    for (const account of due) await this.check(account);
  }

  /** Reads one account's subscription from Meta and records it; a change for the worse is logged. */
  async check(account: {
    id: string;
    tenantId: string;
    wabaId: string;
    accessTokenEncrypted: string;
    appSubscription: string;
  }) {
    let state: AppSubscriptionState;
    let error: string | null = null;
    try {
      state = await this.read(account.wabaId, await this.tenancy.tokenOf(account));
    } catch (failure) {
      state = 'check_failed';
      error = describe(failure);
    }
    await this.repository.recordSubscription(account.id, state, error);
    if (state !== account.appSubscription && state !== 'subscribed') {
      this.logger.warn(
        state === 'missing'
          ? `business account ${account.wabaId}: app ${this.appId} is no longer subscribed to its webhooks at Meta`
          : `business account ${account.wabaId}: its subscription could not be checked: ${error}`,
      );
    }
    return state;
  }

  private async read(wabaId: string, accessToken: string): Promise<'subscribed' | 'missing'> {
    const page = await this.graph.subscribedApps(wabaId, accessToken);
    const listed = (page.data ?? []).some((app) => app.whatsapp_business_api_data?.id === this.appId);
    return listed ? 'subscribed' : 'missing';
  }
}

/** Meta's answer in words: its code and message, never the token. */
function describe(error: unknown): string {
  if (error instanceof GraphError) {
    const details = error.options.data?.details;
    return `(#${error.code}) ${error.message}${typeof details === 'string' ? `: ${details}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Meta refused a call about the account: 400 code 100 naming Meta's answer; Meta's silence stays 500 code 131000. */
function refused(wabaId: string, edge: string, error: unknown): unknown {
  if (!(error instanceof GraphError) || error.status >= 500) return error;
  return GraphError.invalidParameter(
    `Meta refused ${edge} of business account ${wabaId}`,
    `waba_id, access_token: Meta answered ${describe(error)}`,
  );
}
