import { createHash } from 'node:crypto';
import { ControlError } from './control-error';
import { inboundMediaOf, inboundMessageBody, parseInbound } from './inbound-messages';
import { newWamid } from './ids';
import type { PhoneNumber, SandboxState } from './sandbox-state';
import type { Scheduler } from './scheduler';
import { validateSendBody, type SendRequest } from './validation';
import { inboundWebhook, statusWebhook, type MessageStatus, type PricingCategory } from './webhook-payloads';
import type { WebhookSender } from './webhook-sender';

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
  constructor(
    private readonly state: SandboxState,
    private readonly scheduler: Scheduler,
    private readonly webhooks: WebhookSender,
    private readonly delays: StatusDelays,
  ) {}

  /** Validates like Meta, answers like Meta, and schedules the status webhooks. */
  send(phone: PhoneNumber, body: unknown): Record<string, unknown> {
    const request = validateSendBody(body);
    if (request.kind === 'mark_read') return { success: true };
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
    // Offsets count from the send; each status comes no earlier than the one before it.
    const sentDelay = this.delays.sent;
    const deliveredDelay = Math.max(sentDelay, this.delays.delivered);
    const readDelay = Math.max(deliveredDelay, this.delays.read);
    const schedule: Array<[MessageStatus, number]> = [
      ['sent', sentDelay],
      ['delivered', deliveredDelay],
      ['read', readDelay],
    ];
    for (const [status, delay] of schedule) {
      this.scheduler.after(delay, () => {
        this.webhooks.enqueue(
          statusWebhook(phone, {
            messageId,
            status,
            atSeconds: nowSeconds(),
            recipientWaId: request.waId,
            conversationId: conversation.id,
            conversationExpiresAtSeconds: status === 'sent' ? conversation.expiresAtSeconds : undefined,
            category,
            billable,
            bizOpaqueCallbackData: request.bizOpaqueCallbackData,
          }),
          messageId,
        );
      });
    }
  }

  /** Template sends are priced by the template's category when the sandbox knows it; the rest is service. */
  private pricingCategory(phone: PhoneNumber, request: Extract<SendRequest, { kind: 'message' }>): PricingCategory {
    if (!request.template) return 'service';
    const template = this.state.findTemplate(phone.wabaId, request.template.name, request.template.language);
    return template ? (template.category.toLowerCase() as PricingCategory) : 'service';
  }
}
