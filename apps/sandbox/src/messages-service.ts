import { createHash } from 'node:crypto';
import { ControlError } from './control-error';
import { GraphApiError, graphErrorTypeFor } from './graph-error';
import {
  MESSAGING_LIMIT_TIERS,
  PaceKeeper,
  QUALITY_RATINGS,
  THROUGHPUT_LEVELS,
  throughputOf,
  type NumberLimits,
} from './pacing';
import { type Charges, countryOfWaId, type RateTable } from './pricing';
import { inboundMediaOf, inboundMessageBody, parseInbound } from './inbound-messages';
import { newWamid } from './ids';
import type { PhoneNumber, SandboxState } from './sandbox-state';
import type { Scheduler } from './scheduler';
import { validateSendBody, type SendRequest } from './validation';
import { MAGIC_RECIPIENTS, magicRecipient } from '../../../libs/meta/magic-recipients';
import {
  failedStatusWebhook,
  inboundWebhook,
  qualityUpdateWebhook,
  statusWebhook,
  type MessageStatus,
  type PricingCategory,
} from './webhook-payloads';
import type { WebhookSender } from './webhook-sender';
import type { TemplateAnalytics } from './template-analytics';

export interface StatusDelays {
  sent: number;
  delivered: number;
  read: number;
}

export type { InboundInput } from './inbound-messages';

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * Sends (`POST /{phone-number-id}/messages`) and what follows them: the sent, delivered and read
 * status webhooks. Also the user side: messages a simulated user sends to a business number.
 */
export class MessagesService {
  /** Meta's throughput, pair rate and messaging limits (pacing.ts). */
  readonly pace = new PaceKeeper();
  /** Messages of numbers whose statuses come on demand, by wamid (test mode), with the statuses sent so far. */
  private readonly held = new Map<
    string,
    {
      phone: PhoneNumber;
      recipientWaId: string;
      webhookOf: (status: MessageStatus) => ReturnType<typeof statusWebhook>;
      bizOpaqueCallbackData?: string;
      sentUpTo?: number;
    }
  >();

  constructor(
    private readonly state: SandboxState,
    private readonly scheduler: Scheduler,
    private readonly webhooks: WebhookSender,
    private readonly delays: StatusDelays,
    private readonly billing: { rates: RateTable; charges: Charges },
    /** Template insights: what template_analytics reads back. */
    private readonly templateAnalytics: TemplateAnalytics,
    /** Test mode's simulator: sends to the magic recipients (libs/meta/magic-recipients.ts) fail on demand. */
    private readonly magicRecipients = false,
  ) {}

  /**
   * Validates like Meta, answers like Meta, and schedules the status webhooks; null when the send is
   * never answered (a magic recipient's: the caller's timeout).
   */
  send(phone: PhoneNumber, body: unknown): Record<string, unknown> | null {
    const request = validateSendBody(body);
    if (request.kind === 'mark_read') return { success: true };
    const magic = this.magicRecipients ? magicRecipient(request.waId) : undefined;
    if (magic?.when === 'no_answer') return null;
    if (magic?.when === 'answer') throw magicAnswer(magic.code!, magic.title, magic.details);
    if (magic?.when === 'status') {
      const id = newWamid(request.waId, 'outbound');
      // Accepted, then failed: Meta's failed status comes alone (never sent, nothing charged).
      this.scheduler.after(this.delays.sent, () =>
        this.webhooks.enqueue(
          failedStatusWebhook(phone, {
            messageId: id,
            atSeconds: nowSeconds(),
            recipientWaId: request.waId,
            error: { code: magic.code!, title: magic.title, details: magic.details },
            bizOpaqueCallbackData: request.bizOpaqueCallbackData,
          }),
          id,
        ),
      );
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: request.to, wa_id: request.waId }],
        messages: [request.type === 'template' ? { id, message_status: 'accepted' } : { id }],
      };
    }
    const businessInitiated =
      request.template !== undefined && !this.state.inServiceWindow(phone.id, request.waId, nowSeconds());
    const refusal = this.pace.admit(phone, request.waId, businessInitiated);
    if (refusal?.limit === 'throughput') throw GraphApiError.throughputReached();
    if (refusal?.limit === 'pair') throw GraphApiError.pairRateLimit();
    if (refusal)
      throw GraphApiError.spamRateLimit(
        `Message failed to send because there are restrictions on how many messages can be sent from this phone number: its messaging limit (${phone.limits.messagingLimitTier}) of users reached in 24 hours is used up.`,
      );
    const id = newWamid(request.waId, 'outbound');
    this.scheduleStatuses(phone, request, id);
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: request.to, wa_id: request.waId }],
      messages: [request.type === 'template' ? { id, message_status: 'accepted' } : { id }],
    };
  }

  /**
   * Delivers a user's message to the business number as Meta's inbound `messages` webhook. A media
   * message's file is stored like an upload of the number's, so `GET /{media-id}` and its download
   * URL serve it to the number's business account.
   */
  simulateInbound(input: unknown): { message_id: string; media_id?: string } {
    const inbound = parseInbound(input);
    const phone = this.state.phoneNumber(inbound.phone_number_id);
    if (!phone) throw new ControlError(404, `phone number ${inbound.phone_number_id} is not registered`);
    const from = inbound.from.replace(/^\+/, '');
    const id = newWamid(from, 'inbound');
    const atSeconds = nowSeconds();
    const file = inboundMediaOf(inbound);
    const media = file
      ? this.state.addMedia({
          phoneNumberId: phone.id,
          mimeType: file.mimeType,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          bytes: file.bytes,
          fileName: file.fileName,
        })
      : undefined;
    this.state.recordInbound(phone.id, from, atSeconds);
    // A press of a template's button is the template's click (its insights).
    if (inbound.type === 'button')
      this.templateAnalytics.click(
        inbound.context_message_id,
        'quick_reply_button',
        inbound.button_text ?? inbound.payload ?? '',
        atSeconds,
      );
    this.pace.countInbound(phone.id);
    this.webhooks.enqueue(
      inboundWebhook(phone, {
        id,
        from,
        name: inbound.name ?? 'Sandbox User',
        atSeconds,
        type: inbound.type,
        body: inboundMessageBody(inbound, media),
        contextMessageId: inbound.context_message_id,
      }),
      `inbound:${phone.id}:${from}`,
    );
    return { message_id: id, ...(media && { media_id: media.id }) };
  }

  /**
   * Changes what Meta knows of a number's limits (the control API), and tells the business as Meta
   * does, with `phone_number_quality_update` webhooks: `THROUGHPUT_UPGRADE` when the level rises to
   * HIGH, `UPGRADE` / `DOWNGRADE` when the messaging limit moves, `FLAGGED` when the quality drops to
   * RED and `UNFLAGGED` when it leaves RED. A throughput set outright (`throughput_mps`, the sandbox's
   * own knob for load tests) and a level lowered again are silent, as Meta has no event for them.
   */
  changeLimits(phone: PhoneNumber, input: unknown): NumberLimits {
    const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    const before = { ...phone.limits };
    const next: NumberLimits = { ...phone.limits };
    const known = ['throughput_level', 'is_on_biz_app', 'throughput_mps', 'messaging_limit_tier', 'quality_rating'];
    for (const name of Object.keys(body))
      if (!known.includes(name)) throw new ControlError(400, `unknown field ${name}; known: ${known.join(', ')}`);
    if (body.throughput_level !== undefined) next.throughputLevel = oneOf(body, 'throughput_level', THROUGHPUT_LEVELS);
    if (body.messaging_limit_tier !== undefined)
      next.messagingLimitTier = oneOf(body, 'messaging_limit_tier', MESSAGING_LIMIT_TIERS);
    if (body.quality_rating !== undefined) next.qualityRating = oneOf(body, 'quality_rating', QUALITY_RATINGS);
    if (body.is_on_biz_app !== undefined) {
      if (typeof body.is_on_biz_app !== 'boolean') throw new ControlError(400, 'is_on_biz_app must be a boolean');
      next.isOnBizApp = body.is_on_biz_app;
    }
    if (body.throughput_mps === null) delete next.throughputMps;
    else if (body.throughput_mps !== undefined) {
      const mps = body.throughput_mps;
      if (typeof mps !== 'number' || !Number.isInteger(mps) || mps < 1 || mps > 1_000_000)
        throw new ControlError(400, 'throughput_mps must be an integer from 1 to 1000000, or null');
      next.throughputMps = mps;
    }
    phone.limits = next;

    const tier = next.messagingLimitTier;
    const notify = (event: string, currentLimit: string, oldLimit?: string) =>
      this.webhooks.enqueue(
        qualityUpdateWebhook(phone, { event, currentLimit, oldLimit, maxDailyConversations: tier }, nowSeconds()),
        `quality:${phone.id}`,
      );
    if (before.throughputLevel !== 'HIGH' && next.throughputLevel === 'HIGH')
      notify('THROUGHPUT_UPGRADE', 'TIER_UNLIMITED');
    if (before.messagingLimitTier !== tier) {
      const up = MESSAGING_LIMIT_TIERS.indexOf(tier) > MESSAGING_LIMIT_TIERS.indexOf(before.messagingLimitTier);
      notify(up ? 'UPGRADE' : 'DOWNGRADE', tier, before.messagingLimitTier);
    }
    if (before.qualityRating !== 'RED' && next.qualityRating === 'RED') notify('FLAGGED', tier);
    if (before.qualityRating === 'RED' && next.qualityRating !== 'RED') notify('UNFLAGGED', tier);
    return next;
  }

  /** The number's limits and what is used of them, for the control API. */
  limitsOf(phone: PhoneNumber): Record<string, unknown> {
    return {
      throughput_level: phone.limits.throughputLevel,
      is_on_biz_app: phone.limits.isOnBizApp,
      throughput_mps: throughputOf(phone.limits),
      messaging_limit_tier: phone.limits.messagingLimitTier,
      quality_rating: phone.limits.qualityRating,
      users_reached_24h: this.pace.usersReached(phone.wabaId),
    };
  }

  private scheduleStatuses(
    phone: PhoneNumber,
    request: Extract<SendRequest, { kind: 'message' }>,
    messageId: string,
  ): void {
    const sentAt = nowSeconds();
    const category = this.pricingCategory(phone, request);
    const billable =
      category === 'marketing' ||
      category === 'authentication' ||
      (category === 'utility' && !this.state.inServiceWindow(phone.id, request.waId, sentAt));
    const conversation = this.state.conversation(phone.id, request.waId, category, sentAt);
    // Charged at the send, by the sandbox's rate table: what pricing_analytics reports.
    const country = countryOfWaId(request.waId) ?? '';
    this.billing.charges.record({
      wabaId: phone.wabaId,
      displayPhoneNumber: phone.displayPhoneNumber,
      atSeconds: sentAt,
      country,
      category: category.toUpperCase(),
      type: billable ? 'REGULAR' : 'FREE_CUSTOMER_SERVICE',
      cost: billable ? this.billing.rates.price(country, category) : 0,
    });
    const template = request.template
      ? this.state.findTemplate(phone.wabaId, request.template.name, request.template.language)
      : undefined;
    if (template) this.templateAnalytics.sentMessage(messageId, phone.wabaId, template.id);
    const webhookOf = (status: MessageStatus) => {
      this.templateAnalytics.status(messageId, status, nowSeconds());
      return statusWebhook(phone, {
        messageId,
        status,
        atSeconds: nowSeconds(),
        recipientWaId: request.waId,
        conversationId: conversation.id,
        conversationExpiresAtSeconds: status === 'sent' ? conversation.expiresAtSeconds : undefined,
        category,
        billable,
        bizOpaqueCallbackData: request.bizOpaqueCallbackData,
      });
    };
    if (phone.statusDelays === 'manual') {
      // Statuses on demand only (test mode): kept until the control API advances them.
      this.held.set(messageId, {
        phone,
        recipientWaId: request.waId,
        webhookOf,
        bizOpaqueCallbackData: request.bizOpaqueCallbackData,
      });
      // Bounded: the oldest held message is let go past 10,000 (its statuses then never come).
      if (this.held.size > 10_000) this.held.delete(this.held.keys().next().value!);
      return;
    }
    // Offsets count from the send; each status comes no earlier than the one before it.
    const delays = phone.statusDelays ?? this.delays;
    const sentDelay = delays.sent;
    const deliveredDelay = Math.max(sentDelay, delays.delivered);
    const readDelay = Math.max(deliveredDelay, delays.read);
    const schedule: Array<[MessageStatus, number]> = [
      ['sent', sentDelay],
      ['delivered', deliveredDelay],
      ['read', readDelay],
    ];
    for (const [status, delay] of schedule) {
      this.scheduler.after(delay, () => this.webhooks.enqueue(webhookOf(status), messageId));
    }
  }

  /**
   * Advances a held message's status now (test mode's statuses on demand): `sent`, `delivered`,
   * `read` (each status before it that was not sent goes first, as Meta never skips one), or `failed`
   * with one of Meta's delivery errors. A failed or read message is released.
   */
  advanceStatus(messageId: string, input: unknown): { id: string; statuses: string[] } {
    const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    const held = this.held.get(messageId);
    // A message of another number (when the caller names one) is as unknown as a missing one.
    if (!held || (body.phone_number_id !== undefined && body.phone_number_id !== held.phone.id))
      throw new ControlError(404, `message ${messageId} is not waiting for a status (statuses: manual)`);
    const status = oneOf(body, 'status', ['sent', 'delivered', 'read', 'failed'] as const);
    if (status === 'failed') {
      const code = body.error_code ?? 131026;
      const magic = MAGIC_RECIPIENTS.find((m) => m.code === code && m.when === 'status');
      if (!magic) throw new ControlError(400, 'error_code must be 131000, 131026, 131047 or 131049');
      this.webhooks.enqueue(
        failedStatusWebhook(held.phone, {
          messageId,
          atSeconds: nowSeconds(),
          recipientWaId: held.recipientWaId,
          error: { code: magic.code!, title: magic.title, details: magic.details },
          bizOpaqueCallbackData: held.bizOpaqueCallbackData,
        }),
        messageId,
      );
      this.held.delete(messageId);
      return { id: messageId, statuses: ['failed'] };
    }
    const order: MessageStatus[] = ['sent', 'delivered', 'read'];
    const due = order.slice(held.sentUpTo ?? 0, order.indexOf(status) + 1);
    for (const next of due) this.webhooks.enqueue(held.webhookOf(next), messageId);
    held.sentUpTo = Math.max(held.sentUpTo ?? 0, order.indexOf(status) + 1);
    if (status === 'read') this.held.delete(messageId);
    return { id: messageId, statuses: due };
  }

  /** Sets when a number's statuses come: its own delays, `manual`, or null for the sandbox's. */
  setStatusDelays(phone: PhoneNumber, input: unknown): PhoneNumber['statusDelays'] | null {
    const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    if (body.manual === true) phone.statusDelays = 'manual';
    else if (body.manual === false || body.manual === undefined) {
      const delays = ['sent', 'delivered', 'read'].map((name) => {
        const value = body[name];
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 3_600_000)
          throw new ControlError(400, `${name} must be an integer from 0 to 3600000 (milliseconds from the send)`);
        return value;
      });
      phone.statusDelays = { sent: delays[0], delivered: delays[1], read: delays[2] };
    } else throw new ControlError(400, 'manual must be a boolean');
    return phone.statusDelays ?? null;
  }

  /** Template sends are priced by the template's category when the sandbox knows it; the rest is service. */
  private pricingCategory(phone: PhoneNumber, request: Extract<SendRequest, { kind: 'message' }>): PricingCategory {
    if (!request.template) return 'service';
    const template = this.state.findTemplate(phone.wabaId, request.template.name, request.template.language);
    return template ? (template.category.toLowerCase() as PricingCategory) : 'service';
  }
}

/**
 * Meta's refusal of a send to a magic recipient, in Meta's words: the pacing's own refusals (130429, 131056,
 * 131048), else the template's 132001 (404).
 */
function magicAnswer(code: number, title: string, details: string): GraphApiError {
  if (code === 130429) return GraphApiError.throughputReached();
  if (code === 131056) return GraphApiError.pairRateLimit();
  if (code === 131048) return GraphApiError.spamRateLimit(details);
  return new GraphApiError(404, {
    message: `(#${code}) ${title}`,
    type: graphErrorTypeFor(code),
    code,
    error_data: { messaging_product: 'whatsapp', details },
  });
}

function oneOf<T extends string>(body: Record<string, unknown>, name: string, values: readonly T[]): T {
  const value = body[name];
  if (typeof value !== 'string' || !values.includes(value as T))
    throw new ControlError(400, `${name} must be one of ${values.join(', ')}`);
  return value as T;
}
