import { Injectable } from '@nestjs/common';
import { GraphTransport } from '../upstream/graph-transport';

/** Meta's answer to a send. */
export interface SendResult {
  messaging_product: 'whatsapp';
  contacts: Array<{ input: string; wa_id: string }>;
  messages: Array<{ id: string; message_status?: string }>;
}

/** Messages' calls to the Cloud API: the send (and mark-as-read, the same endpoint). */
@Injectable()
export class MessagesUpstream {
  constructor(private readonly graph: GraphTransport) {}

  /** Sends a message, or marks one as read (`{ status: 'read', message_id }`): the same endpoint. */
  sendMessage(phoneNumberId: string, token: string, payload: unknown): Promise<SendResult> {
    return this.graph.call({ method: 'POST', path: `${phoneNumberId}/messages`, token, json: payload });
  }

  markAsRead(
    phoneNumberId: string,
    token: string,
    messageId: string,
    typingIndicator?: { type: 'text' },
  ): Promise<{ success: boolean }> {
    return this.graph.call({
      method: 'POST',
      path: `${phoneNumberId}/messages`,
      token,
      json: {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: messageId,
        ...(typingIndicator && { typing_indicator: typingIndicator }),
      },
    });
  }
}
