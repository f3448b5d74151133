import { createHash, randomBytes } from 'node:crypto';
import { CUSTOMER_MESSAGE_TYPES } from '../../../libs/meta/customer-message-types';
import { ControlError } from './control-error';

/**
 * The user side of the sandbox: what `POST /_sandbox/inbound` takes, and the message object Meta
 * puts in the inbound webhook for each type a customer can send (text, button and interactive
 * replies, image, document, audio, video, sticker, location, contacts, reaction). Media types get
 * a file the business can download with `GET /{media-id}`.
 */
export const INBOUND_TYPES = CUSTOMER_MESSAGE_TYPES;
export type InboundType = (typeof INBOUND_TYPES)[number];
const MEDIA_TYPES = new Set<InboundType>(['image', 'document', 'audio', 'video', 'sticker']);

/** What `POST /_sandbox/inbound` accepts (everything but the first three is per type, and optional). */
export interface InboundInput {
  phone_number_id: string;
  from: string;
  type?: InboundType;
  name?: string;
  context_message_id?: string;
  /** text */
  text?: string;
  /** button (a template's quick reply) and interactive replies: the payload or reply id */
  payload?: string;
  button_text?: string;
  /** interactive: `button_reply` (default) or `list_reply` */
  reply_type?: 'button_reply' | 'list_reply';
  reply_title?: string;
  reply_description?: string;
  /** media: the file (base64; default: a small generated file), its type, caption and file name */
  data_base64?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
  /** location */
  latitude?: number;
  longitude?: number;
  location_name?: string;
  address?: string;
  /** contacts: Meta's contact objects (default: one sample contact) */
  contacts?: Array<Record<string, unknown>>;
  /** reaction: the message reacted to (default context_message_id) and the emoji ('' removes a reaction) */
  message_id?: string;
  emoji?: string;
}

const DEFAULT_MIME: Record<string, string> = {
  image: 'image/jpeg',
  document: 'application/pdf',
  audio: 'audio/ogg',
  video: 'video/mp4',
  sticker: 'image/webp',
};

/** Leading bytes that make each generated file look like what it claims to be. */
const MAGIC: Record<string, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'application/pdf': Buffer.from('%PDF-1.4\n'),
  'audio/ogg': Buffer.from('OggS'),
  'video/mp4': Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
  'image/webp': Buffer.from('RIFF\0\0\0\0WEBP'),
};

export interface InboundMedia {
  bytes: Buffer;
  mimeType: string;
  fileName?: string;
}

/** Checks the control API body; a mistake is a 400 naming the field. */
export function parseInbound(input: unknown): InboundInput & { type: InboundType } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new ControlError(400, 'body must be a JSON object');
  const body = input as Record<string, unknown>;
  const text = (key: string, required = false): string | undefined => {
    const value = body[key];
    if (value === undefined || value === null) {
      if (required) throw new ControlError(400, `${key} is required`);
      return undefined;
    }
    if (typeof value !== 'string' || value === '') throw new ControlError(400, `${key} must be a non-empty string`);
    return value;
  };
  const number = (key: string, min: number, max: number): number | undefined => {
    const value = body[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
      throw new ControlError(400, `${key} must be a number from ${min} to ${max}`);
    return value;
  };
  const type = (body.type ?? 'text') as InboundType;
  if (!INBOUND_TYPES.includes(type)) throw new ControlError(400, `type must be one of ${INBOUND_TYPES.join(', ')}`);
  const from = text('from', true) as string;
  if (!/^\+?\d{5,15}$/.test(from)) throw new ControlError(400, 'from must be a phone number (digits, optional +)');
  const replyType = body.reply_type ?? 'button_reply';
  if (replyType !== 'button_reply' && replyType !== 'list_reply')
    throw new ControlError(400, "reply_type must be 'button_reply' or 'list_reply'");
  if (
    body.contacts !== undefined &&
    (!Array.isArray(body.contacts) || body.contacts.some((c) => typeof c !== 'object' || c === null))
  ) {
    throw new ControlError(400, 'contacts must be an array of contact objects');
  }
  const data = text('data_base64');
  if (data !== undefined && !/^[A-Za-z0-9+/]+={0,2}$/.test(data))
    throw new ControlError(400, 'data_base64 must be base64');
  const emoji = body.emoji;
  if (emoji !== undefined && typeof emoji !== 'string') throw new ControlError(400, 'emoji must be a string');
  return {
    phone_number_id: text('phone_number_id', true) as string,
    from,
    type,
    name: text('name'),
    context_message_id: text('context_message_id'),
    text: text('text', type === 'text'),
    payload: text('payload', type === 'button'),
    button_text: text('button_text'),
    reply_type: replyType,
    reply_title: text('reply_title'),
    reply_description: text('reply_description'),
    data_base64: data,
    mime_type: text('mime_type'),
    caption: text('caption'),
    filename: text('filename'),
    latitude: number('latitude', -90, 90),
    longitude: number('longitude', -180, 180),
    location_name: text('location_name'),
    address: text('address'),
    contacts: body.contacts as InboundInput['contacts'],
    message_id: text('message_id', type === 'reaction' && body.context_message_id === undefined),
    emoji: emoji,
  };
}

/** The file of a media message, given or generated. */
export function inboundMediaOf(input: InboundInput & { type: InboundType }): InboundMedia | undefined {
  if (!MEDIA_TYPES.has(input.type)) return undefined;
  const mimeType = (input.mime_type ?? DEFAULT_MIME[input.type]).toLowerCase();
  const bytes = input.data_base64
    ? Buffer.from(input.data_base64, 'base64')
    : Buffer.concat([MAGIC[mimeType] ?? Buffer.alloc(0), randomBytes(2048)]);
  return { bytes, mimeType, fileName: input.type === 'document' ? (input.filename ?? 'document.pdf') : undefined };
}

/**
 * The type's object of the webhook message, as Meta writes it. Media carry the id the business
 * downloads with, the MIME type, and the SHA-256 of the file in base64 (as Meta's examples show).
 */
export function inboundMessageBody(
  input: InboundInput & { type: InboundType },
  media?: { id: string; mimeType: string; bytes: Buffer },
): Record<string, unknown> {
  switch (input.type) {
    case 'text':
      return { text: { body: input.text } };
    case 'button':
      return { button: { payload: input.payload, text: input.button_text ?? input.payload } };
    case 'interactive': {
      const id = input.payload ?? 'option_1';
      const title = input.reply_title ?? 'Option 1';
      const reply =
        input.reply_type === 'list_reply'
          ? { id, title, ...(input.reply_description && { description: input.reply_description }) }
          : { id, title };
      return { interactive: { type: input.reply_type, [input.reply_type as string]: reply } };
    }
    case 'location':
      return {
        location: {
          latitude: input.latitude ?? 37.44221496582,
          longitude: input.longitude ?? -122.16165924072,
          ...(input.location_name && { name: input.location_name }),
          ...(input.address && { address: input.address }),
        },
      };
    case 'contacts':
      return {
        contacts: input.contacts ?? [
          {
            name: { first_name: 'Lucía', last_name: 'Gómez', formatted_name: 'Lucía Gómez' },
            phones: [{ phone: '+1 (983) 555-2319', wa_id: '19835552319', type: 'MOBILE' }],
          },
        ],
      };
    case 'reaction':
      return { reaction: { message_id: input.message_id ?? input.context_message_id, emoji: input.emoji ?? '👍' } };
    default: {
      if (!media) throw new Error(`a ${input.type} message needs its media`);
      const object: Record<string, unknown> = {
        ...(input.caption && input.type !== 'audio' && input.type !== 'sticker' && { caption: input.caption }),
        ...(input.type === 'document' && { filename: input.filename ?? 'document.pdf' }),
        mime_type: media.mimeType,
        sha256: createHash('sha256').update(media.bytes).digest('base64'),
        id: media.id,
        ...(input.type === 'audio' && { voice: false }),
        ...(input.type === 'sticker' && { animated: false }),
      };
      return { [input.type]: object };
    }
  }
}
