import { createHmac } from 'node:crypto';
import { Agent, request } from 'undici';
import { BoundedLog } from './bounded-log';
import type { Scheduler } from './scheduler';
import { metaJson } from '../../../libs/meta/meta-json';
import type { WebhookEnvelope } from './webhook-payloads';

/**
 * How the sandbox retries a webhook the gateway did not take, like Meta: exponential backoff
 * (base, 2×base, 4×base, … capped at maxDelayMs) for as long as windowMs since the first attempt
 * (Meta: days), then the delivery is failed. Tests compress the schedule; `attempts` caps it too.
 */
export interface WebhookRetryPolicy {
  /** Wait before the second attempt; each later wait doubles. */
  baseDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs?: number;
  /** Retrying stops once this long has passed since the first attempt. */
  windowMs?: number;
  /** Total attempts, the first included (no cap when absent). */
  attempts?: number;
}

/** Meta's habit: retries with backoff for days (here 7), at most an hour apart. */
export const META_LIKE_RETRY: Required<Omit<WebhookRetryPolicy, 'attempts'>> = {
  baseDelayMs: 2_000,
  maxDelayMs: 3_600_000,
  windowMs: 7 * 24 * 3_600_000,
};

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed' | 'skipped' | 'cancelled';

/** One webhook in the deliveries log (`GET /_sandbox/webhooks`). */
export interface WebhookDelivery {
  id: number;
  /** The change's `field`: `messages` or `message_template_status_update`. */
  field: string;
  payload: WebhookEnvelope;
  url?: string;
  state: WebhookDeliveryState;
  attempts: number;
  last_status?: number;
  last_error?: string;
  /** Why a `skipped` webhook was never sent: no webhook URL, or the app not subscribed to the account. */
  skipped_reason?: 'no_webhook_url' | 'app_not_subscribed';
  created_at: string;
  delivered_at?: string;
}

export interface WebhookSenderOptions {
  appSecret: string;
  /** Whether the app is subscribed to the business account's webhooks (Meta sends only then). */
  isSubscribed: (wabaId: string) => boolean;
  webhookUrl: () => string | undefined;
  retry: WebhookRetryPolicy;
  scheduler: Scheduler;
  logLimit: number;
}

/** Each attempt gives up after this long, like Meta's own webhook client. */
const ATTEMPT_TIMEOUT_MS = 5_000;

/**
 * Posts webhooks to the gateway as Meta does: JSON body signed with the app secret in
 * `X-Hub-Signature-256` (and the legacy SHA-1 `X-Hub-Signature`), retried with exponential backoff
 * on a non-2xx answer or a network error. Deliveries that share an ordering key (the statuses of
 * one message) go out one after another, so `sent` is settled before `delivered` is attempted.
 * Nothing here blocks request handling: `enqueue` returns at once.
 */
export class WebhookSender {
  private readonly agent = new Agent({ keepAliveTimeout: 4_000, connections: 32 });
  private readonly log: BoundedLog<WebhookDelivery>;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<AbortController>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WebhookSenderOptions) {
    this.log = new BoundedLog(options.logLimit);
  }

  /** Queues a webhook; `orderingKey` serializes it behind earlier ones with the same key. */
  enqueue(payload: WebhookEnvelope, orderingKey?: string): WebhookDelivery {
    const delivery: WebhookDelivery = {
      id: this.nextId++,
      field: payload.entry[0]?.changes[0]?.field ?? 'unknown',
      payload,
      state: 'pending',
      attempts: 0,
      created_at: new Date().toISOString(),
    };
    this.log.push(delivery);
    // Like Meta: an account's webhooks go only to the apps subscribed to it (`subscribed_apps`).
    const wabaId = payload.entry[0]?.id;
    if (wabaId !== undefined && !this.options.isSubscribed(wabaId)) {
      delivery.state = 'skipped';
      delivery.skipped_reason = 'app_not_subscribed';
      return delivery;
    }
    if (this.closed) {
      delivery.state = 'cancelled';
      return delivery;
    }
    const key = orderingKey ?? `delivery:${delivery.id}`;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const current = previous.then(() => this.deliver(delivery));
    this.chains.set(key, current);
    void current.finally(() => {
      if (this.chains.get(key) === current) this.chains.delete(key);
    });
    return delivery;
  }

  deliveries(): WebhookDelivery[] {
    return this.log.entries();
  }

  clearDeliveries(): void {
    this.log.clear();
  }

  /** Signature header value Meta would send for these exact bytes. */
  sign(body: Buffer | string): string {
    return 'sha256=' + createHmac('sha256', this.options.appSecret).update(body).digest('hex');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const controller of this.inFlight) controller.abort();
    await this.agent.destroy().catch(() => undefined);
  }

  private async deliver(delivery: WebhookDelivery): Promise<void> {
    const body = Buffer.from(metaJson(delivery.payload), 'utf8');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'facebookexternalua',
      'x-hub-signature': 'sha1=' + createHmac('sha1', this.options.appSecret).update(body).digest('hex'),
      'x-hub-signature-256': this.sign(body),
    };
    const {
      attempts = Number.POSITIVE_INFINITY,
      baseDelayMs,
      maxDelayMs = META_LIKE_RETRY.maxDelayMs,
      windowMs = META_LIKE_RETRY.windowMs,
    } = this.options.retry;
    const started = Date.now();
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.closed) {
        delivery.state = 'cancelled';
        return;
      }
      // Resolved at each attempt: the gateway's port may be known only after the sandbox started.
      const url = this.options.webhookUrl();
      if (!url) {
        delivery.state = 'skipped';
        delivery.skipped_reason = 'no_webhook_url';
        return;
      }
      delivery.url = url;
      delivery.attempts = attempt;
      const outcome = await this.attempt(url, headers, body);
      if (outcome.status !== undefined) delivery.last_status = outcome.status;
      delivery.last_error = outcome.error;
      if (outcome.ok) {
        delivery.state = 'delivered';
        delivery.delivered_at = new Date().toISOString();
        return;
      }
      const wait = Math.min(baseDelayMs * 2 ** Math.min(attempt - 1, 40), maxDelayMs);
      if (attempt >= attempts || Date.now() - started + wait > windowMs) break;
      await this.options.scheduler.sleep(wait);
    }
    delivery.state = this.closed ? 'cancelled' : 'failed';
  }

  private async attempt(
    url: string,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<{ ok: boolean; status?: number; error?: string }> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error('timed out')), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.agent,
        signal: controller.signal,
      });
      await response.body.dump();
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { ok, status: response.statusCode, error: ok ? undefined : `HTTP ${response.statusCode}` };
    } catch (error) {
      return { ok: false, error: controller.signal.aborted ? 'timed out or cancelled' : errorMessage(error) };
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
