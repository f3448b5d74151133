import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { request } from 'undici';
import { SecretBox } from '../common/secret-box';
import type { Environment } from '../config/environment';
import { deadline } from '../core/deadline';
import { MODE_HEADER } from '../tenant-webhooks/delivery-mode';
import { describeError, WebhookDispatcher } from '../tenant-webhooks/webhook-dispatcher.service';
import { signedHeaders } from '../tenant-webhooks/webhook-signing';
import { webhookUrlProblem } from '../tenant-webhooks/webhook-url-policy';
import { AutomationsRepository } from './automations.repository';

/** How much of a failed answer is kept in the run log. */
const ERROR_TEXT = 300;
/** How much of an answer is read for a reply (a reply is a message: a few kilobytes). */
const ANSWER_BYTES = 64 * 1024;

/** What a call came to. */
export type CallOutcome =
  | { kind: 'done'; statusCode: number; reply: Record<string, unknown> | null }
  /** Not to be tried again: a refusal (4xx), a URL the policy refuses, no secret to sign with. */
  | { kind: 'failed'; statusCode: number | null; error: string }
  /** Worth another try later: a 5xx, 408, 429, a timeout, no connection. */
  | { kind: 'retry'; statusCode: number | null; error: string };

/**
 * A rule's `call_url`: a POST of the event to the tenant's URL, signed like the tenant webhooks
 * (`X-Hub-Signature-256` and the Standard Webhooks headers, with the organization's automations
 * secret; `webhook-id` the same on every try, so a receiver drops a repeat), through the webhook
 * deliveries' client, whose resolver refuses what the URL rules refuse (checked again here on every
 * call: DNS may have changed since the rule was saved). Bounded by WEBHOOK_ATTEMPT_TIMEOUT_MS. The
 * answer may carry a reply: `{ "reply": <a Cloud API message's content> }`.
 *
 * Not a queue of its own: the automation job is the durable record of the call (its log says
 * `retrying`, its lease says when), so a call and the rule's later actions keep their order.
 */
@Injectable()
export class AutomationCalls {
  private readonly timeoutMs: number;

  constructor(
    private readonly repository: AutomationsRepository,
    private readonly secretBox: SecretBox,
    private readonly dispatcher: WebhookDispatcher,
    config: ConfigService<Environment, true>,
  ) {
    this.timeoutMs = config.get('WEBHOOK_ATTEMPT_TIMEOUT_MS', { infer: true });
  }

  /** Why the gateway will not call `url`, or undefined (the rule's save asks; every call asks again). */
  urlProblem(url: string): Promise<string | undefined> {
    return webhookUrlProblem(url, this.dispatcher.urlRules);
  }

  /** `id`: the call's own id, the same on every try (`webhook-id`); `test`: a test organization's. */
  async call(
    tenantId: string,
    url: string,
    id: string,
    event: Record<string, unknown>,
    test: boolean,
  ): Promise<CallOutcome> {
    const stored = await this.repository.signingSecret(tenantId);
    if (stored === null) return { kind: 'failed', statusCode: null, error: 'the organization has no signing secret' };
    const problem = await this.urlProblem(url);
    if (problem) return { kind: 'failed', statusCode: null, error: `URL refused: ${problem}` };
    const body = JSON.stringify({ id, ...event });
    const timeout = deadline(this.timeoutMs);
    try {
      const response = await request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'whatsapp-gateway-automations/1',
          [MODE_HEADER]: test ? 'test' : 'live',
          ...signedHeaders(this.secretBox.decrypt(stored), id, Math.floor(Date.now() / 1000), body),
        },
        body,
        dispatcher: this.dispatcher.httpAgent,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: timeout.signal,
      });
      const status = response.statusCode;
      const text = await readAtMost(response.body, ANSWER_BYTES);
      if (status >= 200 && status < 300) return { kind: 'done', statusCode: status, reply: replyOf(text) };
      const error = `HTTP ${status}${text ? `: ${text.slice(0, ERROR_TEXT)}` : ''}`;
      const again = status >= 500 || status === 408 || status === 429;
      return { kind: again ? 'retry' : 'failed', statusCode: status, error };
    } catch (error) {
      return { kind: 'retry', statusCode: null, error: describeError(error, this.timeoutMs) };
    } finally {
      timeout.clear();
    }
  }
}

/** The answer's text, its first `max` bytes (the rest is dropped unread). */
async function readAtMost(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= max) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

/** `{ "reply": { "type": …, <type>: … } }` in a JSON answer; null when the answer carries none. */
function replyOf(text: string): Record<string, unknown> | null {
  if (!text.trim().startsWith('{')) return null;
  try {
    const answer = JSON.parse(text) as { reply?: unknown };
    const reply = answer.reply;
    return typeof reply === 'object' && reply !== null && !Array.isArray(reply)
      ? (reply as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
