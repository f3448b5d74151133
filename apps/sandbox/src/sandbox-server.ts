import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express, { type Express } from 'express';
import { controlRoutes } from './control-routes';
import { embeddedSignupPages, type SignupResult } from './embedded-signup';
import { parseFaultSpec, type FaultRule, type FaultSpec } from './faults';
import { graphRoutes } from './graph-routes';
import type { InboundInput } from './messages-service';
import type { SandboxRequestLogEntry } from './request-log';
import { SandboxCore } from './sandbox-core';
import { META_LIKE_RETRY, type WebhookDelivery, type WebhookRetryPolicy } from './webhook-sender';

export type { SandboxRequestLogEntry } from './request-log';
export type { WebhookDelivery } from './webhook-sender';
export type { FaultRule, FaultSpec } from './faults';
export type { InboundInput } from './messages-service';

export interface SandboxOptions {
  /** 0 = pick a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Resumable uploads live at /{version}/{appId}/uploads. */
  appId: string;
  /** Signs webhooks. */
  appSecret: string;
  /** Resolved at each delivery (the gateway's port is known only after it listens); undefined = do not deliver. */
  webhookUrl: () => string | undefined;
  statusDelaysMs: { sent: number; delivered: number; read: number };
  reviewDelayMs: number;
  /** Default: like Meta, backoff from 2 s doubling to at most 1 h apart, for 7 days (META_LIKE_RETRY). */
  webhookRetry?: WebhookRetryPolicy;
  /** Entries kept in the request and webhook logs (oldest dropped first). Default 10,000. */
  logLimit?: number;
  /**
   * Also reject, at review, media headers whose `header_handle` the sandbox's resumable upload did
   * not issue, that another template already used, or that is a messages media id. Default false.
   */
  rejectForeignHeaderHandles?: boolean;
  /** The price list charged by, as CSV in Meta's layout (default: the repository's sample rate card). */
  rateCardCsv?: string;
  /**
   * Test mode's simulator: sends to the magic recipients (libs/meta/magic-recipients.ts) get Meta's
   * errors, in the answer or as a failed status, or no answer. Default false.
   */
  magicRecipients?: boolean;
}

/** A running Cloud API simulator. */
export class Sandbox {
  /** For example http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  private closing?: Promise<void>;

  constructor(
    private readonly core: SandboxCore,
    private readonly server: Server,
    private readonly sockets: Set<Socket>,
    address: AddressInfo,
    host: string,
  ) {
    this.port = address.port;
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }

  /** Stops the server, cancels pending timers and webhook deliveries, drops open connections. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.core.close();
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      for (const socket of this.sockets) socket.destroy();
      await closed;
    })();
    return this.closing;
  }

  /**
   * Registers an account as it exists at Meta; `subscribed`: the sandbox's app is already subscribed
   * to its webhooks (as it stays at Meta across a restart), else only `POST /{waba-id}/subscribed_apps`
   * subscribes it.
   */
  registerBusinessAccount(wabaId: string, accessToken: string, options: { subscribed?: boolean } = {}): void {
    this.core.state.registerBusinessAccount(wabaId, accessToken);
    if (options.subscribed) this.setSubscribed(wabaId, true);
  }

  /** Subscribes the sandbox's app to an account's webhooks, or drops it (as someone could at Meta). */
  setSubscribed(wabaId: string, subscribed: boolean): void {
    const account = this.core.state.businessAccount(wabaId);
    if (!account) throw new Error(`business account ${wabaId} is not registered at the sandbox`);
    if (subscribed) account.subscribedApps.add(this.core.options.appId);
    else account.subscribedApps.delete(this.core.options.appId);
  }

  registerPhoneNumber(phoneNumberId: string, wabaId: string, displayPhoneNumber: string): void {
    this.core.state.registerPhoneNumber(phoneNumberId, wabaId, displayPhoneNumber);
  }

  /** Graph calls received, oldest first (the control API is not recorded). */
  requests(): SandboxRequestLogEntry[] {
    return this.core.requestLog.entries();
  }

  clearRequests(): void {
    this.core.requestLog.clear();
  }

  // The rest of the control API, in process.

  /** A user's message to a business number, delivered as Meta's inbound webhook. */
  simulateInbound(input: InboundInput): Promise<{ message_id: string; media_id?: string }> {
    // A promise, like the same call over the control API (POST /_sandbox/inbound), so callers can switch.
    return Promise.resolve().then(() => this.core.messages.simulateInbound(input));
  }

  /** Finishes a template's review now; returns the template as Graph shows it. */
  reviewTemplate(templateId: string, status: 'APPROVED' | 'REJECTED', reason?: string): Record<string, unknown> {
    return this.core.templates.forceReview(templateId, { status, reason });
  }

  /**
   * Changes a number's limits as `POST /_sandbox/phone_numbers/:id/limits` does (`throughput_level`,
   * `is_on_biz_app`, `throughput_mps`, `messaging_limit_tier`, `quality_rating`), firing Meta's webhooks.
   */
  setLimits(phoneNumberId: string, change: Record<string, unknown>): Record<string, unknown> {
    const phone = this.core.state.phoneNumber(phoneNumberId);
    if (!phone) throw new Error(`phone number ${phoneNumberId} is not registered at the sandbox`);
    this.core.messages.changeLimits(phone, change);
    return this.core.messages.limitsOf(phone);
  }

  injectFault(spec: FaultSpec): FaultRule {
    return this.core.faults.add(parseFaultSpec(spec));
  }

  clearFaults(): void {
    this.core.faults.clear();
  }

  /**
   * A business finishes Meta's Embedded Signup (as `POST /_sandbox/embedded_signup` does): its
   * account and number exist, and the code its partner's server exchanges is issued.
   */
  finishEmbeddedSignup(
    input: { businessName?: string; displayPhoneNumber?: string; wabaId?: string } = {},
  ): SignupResult {
    return this.core.signup.finish({ appId: this.core.options.appId, ...input });
  }

  /** The business removes the partner: `account_update` PARTNER_REMOVED, then its token and subscription end. */
  removePartner(wabaId: string): void {
    this.core.signup.removePartner(wabaId);
  }

  webhookDeliveries(): WebhookDelivery[] {
    return this.core.webhooks.deliveries();
  }

  clearWebhookDeliveries(): void {
    this.core.webhooks.clearDeliveries();
  }
}

export function createSandboxApp(core: SandboxCore): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use('/_sandbox', controlRoutes(core));
  app.use(embeddedSignupPages(core.signup, core.options.appId));
  app.use(graphRoutes(core));
  return app;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const core = new SandboxCore({
    appId: options.appId,
    appSecret: options.appSecret,
    webhookUrl: options.webhookUrl,
    statusDelaysMs: options.statusDelaysMs,
    reviewDelayMs: options.reviewDelayMs,
    webhookRetry: options.webhookRetry ?? META_LIKE_RETRY,
    logLimit: options.logLimit ?? 10_000,
    rejectForeignHeaderHandles: options.rejectForeignHeaderHandles ?? false,
    rateCardCsv: options.rateCardCsv,
    magicRecipients: options.magicRecipients,
  });
  const server = createServer(createSandboxApp(core));
  // Graph keeps connections alive; so does the sandbox, and close() must still be prompt.
  server.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await core.close();
    throw error;
  }
  return new Sandbox(core, server, sockets, server.address() as AddressInfo, host);
}
