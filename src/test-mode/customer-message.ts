import { CUSTOMER_MESSAGE_TYPES, type CustomerMessageType } from '../../libs/meta/customer-message-types';
import { GraphError } from '../core/graph-error';

export { CUSTOMER_MESSAGE_TYPES };
const MEDIA = new Set<CustomerMessageType>(['image', 'document', 'audio', 'video', 'sticker']);

/**
 * A simulated customer's message (`POST /v1/test/{phoneNumberId}/inbound`), written the way Meta
 * delivers one in its webhook (`from`, `type`, the type's object, `context.id` for a reply), turned
 * into the simulator's control input. A mistake is 400 code 100 naming the Cloud API field.
 */
export function customerMessageInput(phoneNumberId: string, body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body', 'must be a JSON object');
  const message = body as Record<string, unknown>;
  const type = message.type ?? 'text';
  if (typeof type !== 'string' || !(CUSTOMER_MESSAGE_TYPES as readonly string[]).includes(type))
    throw invalid('type', `must be one of ${CUSTOMER_MESSAGE_TYPES.join(', ')}`);
  const from = message.from;
  if (typeof from !== 'string' || !/^\+?\d{5,15}$/.test(from.trim()))
    throw invalid('from', "the customer's phone number (digits, optional leading +)");
  const input: Record<string, unknown> = { phone_number_id: phoneNumberId, from: from.trim().replace(/^\+/, ''), type };
  if (message.name !== undefined) input.name = text(message, 'name', 'name');
  if (message.context !== undefined) input.context_message_id = text(object(message, 'context'), 'id', 'context.id');
  const part = (name: string) => object(message, name);
  switch (type as CustomerMessageType) {
    case 'text':
      input.text = text(part('text'), 'body', 'text.body');
      break;
    case 'location': {
      const location = part('location');
      input.latitude = number(location, 'latitude', 'location.latitude', 90);
      input.longitude = number(location, 'longitude', 'location.longitude', 180);
      if (location.name !== undefined) input.location_name = text(location, 'name', 'location.name');
      if (location.address !== undefined) input.address = text(location, 'address', 'location.address');
      break;
    }
    case 'contacts': {
      const contacts = message.contacts;
      if (!Array.isArray(contacts) || contacts.length === 0 || contacts.some((c) => typeof c !== 'object' || !c))
        throw invalid('contacts', 'must be a non-empty array of contact objects');
      input.contacts = contacts;
      break;
    }
    case 'button': {
      const button = part('button');
      input.payload = text(button, 'payload', 'button.payload');
      if (button.text !== undefined) input.button_text = text(button, 'text', 'button.text');
      break;
    }
    case 'interactive': {
      const interactive = part('interactive');
      const kind = interactive.type;
      if (kind !== 'button_reply' && kind !== 'list_reply')
        throw invalid('interactive.type', "must be 'button_reply' or 'list_reply'");
      const reply = object(interactive, kind, `interactive.${kind}`);
      input.reply_type = kind;
      input.payload = text(reply, 'id', `interactive.${kind}.id`);
      input.reply_title = text(reply, 'title', `interactive.${kind}.title`);
      if (reply.description !== undefined)
        input.reply_description = text(reply, 'description', `interactive.${kind}.description`);
      break;
    }
    case 'reaction': {
      const reaction = part('reaction');
      input.message_id = text(reaction, 'message_id', 'reaction.message_id');
      const emoji = reaction.emoji;
      if (typeof emoji !== 'string') throw invalid('reaction.emoji', 'must be a string ("" removes the reaction)');
      input.emoji = emoji;
      break;
    }
    default: {
      // Media: the simulator makes a small file of the type (a customer's photo, voice note, ...).
      if (!MEDIA.has(type as CustomerMessageType)) throw invalid('type', 'not a customer message type');
      const media = message[type] === undefined ? {} : part(type);
      if (media.mime_type !== undefined) input.mime_type = text(media, 'mime_type', `${type}.mime_type`);
      if (media.caption !== undefined) input.caption = text(media, 'caption', `${type}.caption`);
      if (media.filename !== undefined) input.filename = text(media, 'filename', `${type}.filename`);
    }
  }
  return input;
}

function invalid(field: string, problem: string): GraphError {
  return GraphError.invalidParameter('Invalid parameter', `${field}: ${problem}`);
}

function object(from: Record<string, unknown>, name: string, field = name): Record<string, unknown> {
  const value = from[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(field, 'must be an object');
  return value as Record<string, unknown>;
}

function text(from: Record<string, unknown>, name: string, field: string): string {
  const value = from[name];
  if (typeof value !== 'string' || value.trim() === '' || value.length > 4096)
    throw invalid(field, 'must be a non-empty string of at most 4096 characters');
  return value;
}

function number(from: Record<string, unknown>, name: string, field: string, bound: number): number {
  const value = from[name];
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > bound)
    throw invalid(field, `must be a number from -${bound} to ${bound}`);
  return value;
}
