/*
 * Body of POST /v1/{phoneNumberId}/messages: the same JSON Meta's Cloud API accepts on
 * /{version}/{phone-number-id}/messages, in its two shapes:
 *
 *   - a send: { messaging_product, recipient_type?, to, type?, <type-object>, context?, biz_opaque_callback_data? }
 *   - a mark-as-read: { messaging_product, status: 'read', message_id, typing_indicator? }
 *
 * One class covers both (`@Body() body: SendMessageDto`): when `status` is present the body is a
 * mark-as-read and only its fields are checked; otherwise the send rules apply. messageTypeOf()
 * and isMarkAsRead() tell the service which one it holds.
 *
 * Whitelisting (the global ValidationPipe strips undeclared properties, it does not reject them):
 *   - The gateway forwards the client's ORIGINAL body upstream, never this instance, so stripping
 *     never changes what Meta receives. A field Meta adds tomorrow passes through untouched.
 *   - Strict where Meta is strict and the check is cheap: the envelope, the type and its object,
 *     text length, media id/link, captions, coordinates, reply buttons, lists, cta_url, flows,
 *     product lists, template name/language/component frame. Each failure is a code 100 error
 *     whose details name the field path (`text.body: must be a string of 1 to 4096 characters`).
 *   - Permissive (declared so /docs shows them, typed as loose objects): contact phones, emails,
 *     urls, addresses and org; flow_action_payload; the parameters of order, address, catalog and
 *     call actions; carousel actions; template parameter values (the template rules check those
 *     against the catalog, so they are kept on the instance with @Allow). Fields Meta accepts but
 *     this file does not declare are stripped from the instance only, never rejected.
 *   - `to` is only checked to be a non-empty string here; the service normalizes it with
 *     normalizeRecipient() (individual recipients; a group recipient is a group id).
 *   - A body without `type` is a text message, as for Meta; when it carries no `text` but exactly
 *     one other type object (Meta's own "Reply to List Message" example does this), that type is
 *     used instead.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateIf } from 'class-validator';
import { ContactObjectDto } from './contact-object.dto';
import { LocationObjectDto, ReactionObjectDto, TextObjectDto } from './content-objects.dto';
import { InteractiveObjectDto } from './interactive-object.dto';
import {
  AudioObjectDto,
  DocumentObjectDto,
  ImageObjectDto,
  StickerObjectDto,
  VideoObjectDto,
} from './media-object.dto';
import { IsOneOf, IsText, NestedArray, NestedObject } from './message-validators';
import { TemplateObjectDto } from './template-object.dto';
import { CLIENT_CALLBACK_DATA_MAX, GATEWAY_CALLBACK_DATA_OVERHEAD } from '../callback-data';
import { textOf } from '../../../libs/meta/text-of';

export const MESSAGE_TYPES = [
  'text',
  'image',
  'document',
  'video',
  'audio',
  'sticker',
  'location',
  'contacts',
  'reaction',
  'interactive',
  'template',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const RECIPIENT_TYPES = ['individual', 'group'] as const;

/** The fields that decide which shape a body has (plain bodies and SendMessageDto instances alike). */
type BodyShape = { status?: unknown; type?: unknown } & Partial<Record<MessageType, unknown>>;

/** A mark-as-read (read receipt, optionally with a typing indicator) rather than a send. */
export function isMarkAsRead(body: BodyShape): boolean {
  return body.status !== undefined && body.status !== null;
}

/**
 * The type of a send: `type` when given; otherwise text, as Meta defaults it, unless the body has
 * no `text` and exactly one other type object, whose type is then used. A `type` outside
 * MESSAGE_TYPES is returned as given (validation has rejected it already).
 */
export function messageTypeOf(body: BodyShape): string {
  if (body.type !== undefined && body.type !== null) return textOf(body.type);
  if (body.text !== undefined) return 'text';
  const present = MESSAGE_TYPES.filter((type) => type !== 'text' && body[type] !== undefined);
  return present.length === 1 ? present[0] : 'text';
}

const isSend = (body: SendMessageDto) => !isMarkAsRead(body);
/** The type object `type` names is required (and checked) on a send of that type. */
const sends = (type: MessageType) => (body: SendMessageDto) => isSend(body) && messageTypeOf(body) === type;
const requiredFor = (type: MessageType) => `is required when type is ${type}`;

export class MessageContextDto {
  @ApiProperty({
    description: 'The message (wamid) this one replies to.',
    example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA',
  })
  @IsText(1)
  message_id: string;
}

export class TypingIndicatorDto {
  @ApiProperty({ enum: ['text'], example: 'text' })
  @IsOneOf(['text'])
  type: 'text';
}

export class SendMessageDto {
  @ApiProperty({ enum: ['whatsapp'], example: 'whatsapp' })
  @IsOneOf(['whatsapp'])
  messaging_product: 'whatsapp';

  // ---- send ----

  @ApiPropertyOptional({ enum: RECIPIENT_TYPES, default: 'individual', example: 'individual' })
  @IsOptional()
  @IsOneOf(RECIPIENT_TYPES)
  recipient_type?: (typeof RECIPIENT_TYPES)[number];

  @ApiPropertyOptional({
    description:
      'Sends (required): recipient phone number in E.164 form, with or without "+" (a group id when recipient_type is group).',
    example: '15551234567',
  })
  @ValidateIf(isSend)
  @IsText(1)
  to?: string;

  @ApiPropertyOptional({
    enum: MESSAGE_TYPES,
    default: 'text',
    description: 'Sends: the message type; an object of the same name carries the content.',
    example: 'text',
  })
  @ValidateIf((body: SendMessageDto) => isSend(body) && body.type !== undefined)
  @IsOneOf(MESSAGE_TYPES)
  type?: MessageType;

  @ApiPropertyOptional({ type: () => MessageContextDto, description: 'Sends: quote an earlier message.' })
  @ValidateIf((body: SendMessageDto) => isSend(body) && body.context !== undefined && body.context !== null)
  @NestedObject(() => MessageContextDto)
  context?: MessageContextDto;

  @ApiPropertyOptional({
    description: `Sends: opaque data echoed, unchanged, in status webhooks and in the message record; up to ${CLIENT_CALLBACK_DATA_MAX} characters (Meta allows 512, and the gateway's own reference to the record takes ${GATEWAY_CALLBACK_DATA_OVERHEAD}).`,
    maxLength: CLIENT_CALLBACK_DATA_MAX,
    example: 'order-1042',
  })
  @ValidateIf((body: SendMessageDto) => isSend(body) && body.biz_opaque_callback_data !== undefined)
  @IsText(0, CLIENT_CALLBACK_DATA_MAX)
  biz_opaque_callback_data?: string;

  @ApiPropertyOptional({ type: () => TextObjectDto, description: 'Required when type is text (or absent).' })
  @ValidateIf(sends('text'))
  @NestedObject(() => TextObjectDto, requiredFor('text'))
  text?: TextObjectDto;

  @ApiPropertyOptional({ type: () => ImageObjectDto, description: 'Required when type is image.' })
  @ValidateIf(sends('image'))
  @NestedObject(() => ImageObjectDto, requiredFor('image'))
  image?: ImageObjectDto;

  @ApiPropertyOptional({ type: () => DocumentObjectDto, description: 'Required when type is document.' })
  @ValidateIf(sends('document'))
  @NestedObject(() => DocumentObjectDto, requiredFor('document'))
  document?: DocumentObjectDto;

  @ApiPropertyOptional({ type: () => VideoObjectDto, description: 'Required when type is video.' })
  @ValidateIf(sends('video'))
  @NestedObject(() => VideoObjectDto, requiredFor('video'))
  video?: VideoObjectDto;

  @ApiPropertyOptional({ type: () => AudioObjectDto, description: 'Required when type is audio.' })
  @ValidateIf(sends('audio'))
  @NestedObject(() => AudioObjectDto, requiredFor('audio'))
  audio?: AudioObjectDto;

  @ApiPropertyOptional({ type: () => StickerObjectDto, description: 'Required when type is sticker.' })
  @ValidateIf(sends('sticker'))
  @NestedObject(() => StickerObjectDto, requiredFor('sticker'))
  sticker?: StickerObjectDto;

  @ApiPropertyOptional({ type: () => LocationObjectDto, description: 'Required when type is location.' })
  @ValidateIf(sends('location'))
  @NestedObject(() => LocationObjectDto, requiredFor('location'))
  location?: LocationObjectDto;

  @ApiPropertyOptional({
    type: () => [ContactObjectDto],
    description: 'Required when type is contacts: at least one contact card.',
  })
  @ValidateIf(sends('contacts'))
  @NestedArray(() => ContactObjectDto, 1, Infinity, 'contact')
  contacts?: ContactObjectDto[];

  @ApiPropertyOptional({ type: () => ReactionObjectDto, description: 'Required when type is reaction.' })
  @ValidateIf(sends('reaction'))
  @NestedObject(() => ReactionObjectDto, requiredFor('reaction'))
  reaction?: ReactionObjectDto;

  @ApiPropertyOptional({ type: () => InteractiveObjectDto, description: 'Required when type is interactive.' })
  @ValidateIf(sends('interactive'))
  @NestedObject(() => InteractiveObjectDto, requiredFor('interactive'))
  interactive?: InteractiveObjectDto;

  @ApiPropertyOptional({ type: () => TemplateObjectDto, description: 'Required when type is template.' })
  @ValidateIf(sends('template'))
  @NestedObject(() => TemplateObjectDto, requiredFor('template'))
  template?: TemplateObjectDto;

  // ---- mark-as-read ----

  @ApiPropertyOptional({
    enum: ['read'],
    description: 'Mark-as-read only: makes this body a read receipt for message_id.',
    example: 'read',
  })
  @IsOptional()
  @IsOneOf(['read'])
  status?: 'read';

  @ApiPropertyOptional({
    description: 'Mark-as-read (required): the inbound message (wamid) to mark as read.',
    example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA',
  })
  @ValidateIf(isMarkAsRead)
  @IsText(1)
  message_id?: string;

  @ApiPropertyOptional({ type: () => TypingIndicatorDto, description: 'Mark-as-read: also show a typing indicator.' })
  @ValidateIf((body: SendMessageDto) => isMarkAsRead(body) && body.typing_indicator !== undefined)
  @NestedObject(() => TypingIndicatorDto)
  typing_indicator?: TypingIndicatorDto;
}
