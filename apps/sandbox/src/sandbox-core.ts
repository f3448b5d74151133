import { BoundedLog } from './bounded-log';
import { CloudApiState } from './cloud-api-state';
import { EmbeddedSignup } from './embedded-signup';
import { FaultInjector } from './faults';
import { MediaService } from './media-service';
import { Charges, RateTable } from './pricing';
import { MessagesService, type StatusDelays } from './messages-service';
import { RequestLog } from './request-log';
import { SandboxState } from './sandbox-state';
import { Scheduler } from './scheduler';
import { TemplatesService } from './templates-service';
import { TemplateAnalytics } from './template-analytics';
import { WebhookSender, type WebhookRetryPolicy } from './webhook-sender';

export interface SandboxCoreOptions {
  appId: string;
  appSecret: string;
  webhookUrl: () => string | undefined;
  statusDelaysMs: StatusDelays;
  reviewDelayMs: number;
  webhookRetry: WebhookRetryPolicy;
  logLimit: number;
  rejectForeignHeaderHandles: boolean;
  /** The price list the sandbox charges by, as CSV in Meta's layout (default: the repository's sample). */
  rateCardCsv?: string;
  /** Test mode's simulator: magic recipients answer with Meta's errors (libs/meta/magic-recipients.ts). */
  magicRecipients?: boolean;
}

/** A request the demo receiver got: the signature headers and the body. */
export interface ReceivedWebhook {
  received_at: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Everything the sandbox is, without the HTTP server: state, services, timers, webhooks, faults, logs. */
export class SandboxCore {
  readonly state = new SandboxState();
  /** Registration, settings, flows, groups, QR codes, …: the rest of the Cloud API's state. */
  readonly cloud = new CloudApiState();
  readonly scheduler = new Scheduler();
  readonly webhooks: WebhookSender;
  readonly faults: FaultInjector;
  readonly requestLog: RequestLog;
  readonly messages: MessagesService;
  /** What the sandbox charges (its rate table) and charged (read back as `pricing_analytics`). */
  readonly rates: RateTable;
  readonly charges = new Charges();
  /** Template insights (read back as `template_analytics`). */
  readonly templateAnalytics = new TemplateAnalytics();
  readonly templates: TemplatesService;
  readonly media: MediaService;
  /** Embedded Signup: businesses that finish Meta's flow, the codes their partner's server exchanges. */
  readonly signup: EmbeddedSignup;
  /** What the demo receiver (`/_sandbox/receiver`) got: a stand-in for a tenant's webhook handler. */
  readonly received: BoundedLog<ReceivedWebhook>;

  constructor(readonly options: SandboxCoreOptions) {
    this.webhooks = new WebhookSender({
      appSecret: options.appSecret,
      isSubscribed: (wabaId) => this.state.isSubscribed(wabaId, options.appId),
      webhookUrl: options.webhookUrl,
      retry: options.webhookRetry,
      scheduler: this.scheduler,
      logLimit: options.logLimit,
    });
    this.faults = new FaultInjector(this.scheduler);
    this.requestLog = new RequestLog(options.logLimit);
    this.rates = options.rateCardCsv === undefined ? RateTable.sample() : new RateTable(options.rateCardCsv);
    this.messages = new MessagesService(
      this.state,
      this.scheduler,
      this.webhooks,
      options.statusDelaysMs,
      { rates: this.rates, charges: this.charges },
      this.templateAnalytics,
      options.magicRecipients ?? false,
    );
    this.templates = new TemplatesService(this.state, this.scheduler, this.webhooks, {
      reviewDelayMs: options.reviewDelayMs,
      rejectForeignHeaderHandles: options.rejectForeignHeaderHandles,
    });
    this.media = new MediaService(this.state, options, options.appSecret);
    this.signup = new EmbeddedSignup(this.state, this.webhooks, options);
    this.received = new BoundedLog(options.logLimit);
  }

  /**
   * The app is now `appId` (test mode's gateway tells its simulator the Meta app it acts as, so that
   * the subscriptions and upload handles it checks name that app): accounts subscribed to the old id
   * are subscribed to the new one, as the same app renamed.
   */
  renameApp(appId: string): void {
    const previous = this.options.appId;
    if (previous === appId) return;
    this.options.appId = appId;
    this.state.renameSubscribedApp(previous, appId);
  }

  /** Cancels every timer and pending webhook. */
  async close(): Promise<void> {
    this.scheduler.close();
    await this.webhooks.close();
  }
}
