import { GraphApiError } from './graph-error';
import type { TemplateCategory } from './sandbox-state';
import { textOf } from '../../../libs/meta/text-of';

/**
 * Request shape checks, as strict as Meta's synchronous validation: a failure is 400 code 100 with
 * `error_data.details` naming the field in Meta's notation (`text['body']`, `interactive['action']`).
 */

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

/**
 * These lists mirror what Meta accepts. They are kept apart from the gateway's own DTO lists on purpose:
 * the simulator stands in for Meta, so a mistake in the gateway's validation must not be copied into it.
 */
export const INTERACTIVE_TYPES = [
  'button',
  'list',
  'cta_url',
  'product',
  'product_list',
  'catalog_message',
  'flow',
  'location_request_message',
  'address_message',
  'call_permission_request',
  'order_details',
  'order_status',
  'voice_call',
  'carousel',
] as const;

/** Kinds whose body Meta requires (the others may omit it). */
const INTERACTIVE_BODY_REQUIRED = new Set<string>([
  'button',
  'list',
  'cta_url',
  'product_list',
  'catalog_message',
  'location_request_message',
]);

const MEDIA_TYPES = new Set<string>(['image', 'document', 'video', 'audio', 'sticker']);
const CAPTIONED_MEDIA = new Set<string>(['image', 'document', 'video']);

export type SendRequest =
  | { kind: 'mark_read'; messageId: string }
  | {
      kind: 'message';
      /** `to` exactly as given (echoed as `contacts[].input`). */
      to: string;
      /** `to` reduced to digits (`contacts[].wa_id`, `recipient_id`). */
      waId: string;
      type: MessageType;
      template?: { name: string; language: string };
      bizOpaqueCallbackData?: string;
    };

type Json = Record<string, unknown>;

/** Meta's notation for a field path: `interactive['action']['buttons'][0]`. */
function fieldName(path: ReadonlyArray<string | number>): string {
  const [head, ...rest] = path;
  return String(head) + rest.map((part) => (typeof part === 'number' ? `[${part}]` : `['${part}']`)).join('');
}

function fail(details: string): never {
  throw GraphApiError.invalidParameter(details);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `parent[key]` as an object; `required` decides whether absence is an error. */
function objectAt(parent: Json, path: Array<string | number>, required: true): Json;
function objectAt(parent: Json, path: Array<string | number>, required: false): Json | undefined;
function objectAt(parent: Json, path: Array<string | number>, required: boolean): Json | undefined;
function objectAt(parent: Json, path: Array<string | number>, required: boolean): Json | undefined {
  const value = parent[path[path.length - 1]];
  if (value === undefined || value === null) {
    if (required) fail(`The parameter ${fieldName(path)} is required.`);
    return undefined;
  }
  if (!isObject(value)) fail(`Param ${fieldName(path)} must be a JSON object.`);
  return value;
}

function stringAt(
  parent: Json,
  path: Array<string | number>,
  options: { required?: boolean; allowEmpty?: boolean; maxLength?: number } = {},
): string | undefined {
  const value = parent[path[path.length - 1]];
  if (value === undefined || value === null) {
    if (options.required) fail(`The parameter ${fieldName(path)} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') fail(`Param ${fieldName(path)} must be a string.`);
  if (!options.allowEmpty && value.trim() === '') fail(`Param ${fieldName(path)} must not be empty.`);
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    fail(`Param ${fieldName(path)} must be at most ${options.maxLength} characters long.`);
  }
  return value;
}

function arrayAt(parent: Json, path: Array<string | number>, options: { min?: number; max?: number } = {}): unknown[] {
  const value = parent[path[path.length - 1]];
  if (value === undefined || value === null) fail(`The parameter ${fieldName(path)} is required.`);
  if (!Array.isArray(value)) fail(`Param ${fieldName(path)} must be an array.`);
  if (options.min !== undefined && value.length < options.min) {
    fail(`Param ${fieldName(path)} must have at least ${options.min} element${options.min === 1 ? '' : 's'}.`);
  }
  if (options.max !== undefined && value.length > options.max) {
    fail(`Param ${fieldName(path)} must have at most ${options.max} elements.`);
  }
  return value;
}

function numberAt(parent: Json, path: Array<string | number>, min: number, max: number): number {
  const value = parent[path[path.length - 1]];
  if (value === undefined || value === null) fail(`The parameter ${fieldName(path)} is required.`);
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`Param ${fieldName(path)} must be a number.`);
  if (value < min || value > max) fail(`Param ${fieldName(path)} must be between ${min} and ${max}.`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: Array<string | number>): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(`Param ${fieldName(path)} must be one of {${allowed.join(', ')}} - got ${JSON.stringify(value ?? null)}.`);
  }
  return value as T;
}

// Sends

/** Validates a `POST /{phone-number-id}/messages` body: a message, or a mark-as-read. */
export function validateSendBody(body: unknown): SendRequest {
  if (!isObject(body)) fail('The parameter messaging_product is required.');
  if (body.messaging_product === undefined) fail('The parameter messaging_product is required.');
  oneOf(body.messaging_product, ['whatsapp'], ['messaging_product']);

  if (body.status !== undefined) return validateMarkRead(body);

  const recipientType = body.recipient_type ?? 'individual';
  oneOf(recipientType, ['individual'], ['recipient_type']);

  const rawTo = body.to;
  if (rawTo === undefined || rawTo === null || rawTo === '') fail('The parameter to is required.');
  if (typeof rawTo !== 'string' && typeof rawTo !== 'number') fail('Param to must be a string.');
  const to = String(rawTo);
  const compact = to.replace(/[\s\-().]/g, '');
  if (!/^\+?\d{5,15}$/.test(compact)) fail('Param to must be a phone number: digits with an optional leading +.');
  const waId = compact.replace(/^\+/, '');

  const type = oneOf(body.type ?? impliedType(body), MESSAGE_TYPES, ['type']);
  // `contacts` is the one type whose object is an array.
  const template = type === 'contacts' ? validateContacts(body) : validateContent(type, objectAt(body, [type], true));

  const context = objectAt(body, ['context'], false);
  if (context) stringAt(context, ['context', 'message_id'], { required: true });

  const bizOpaqueCallbackData = stringAt(body, ['biz_opaque_callback_data'], { allowEmpty: true, maxLength: 512 });
  return { kind: 'message', to, waId, type, template, bizOpaqueCallbackData };
}

function validateMarkRead(body: Json): SendRequest {
  oneOf(body.status, ['read'], ['status']);
  const messageId = stringAt(body, ['message_id'], { required: true }) as string;
  const typing = objectAt(body, ['typing_indicator'], false);
  if (typing) oneOf(typing.type, ['text'], ['typing_indicator', 'type']);
  return { kind: 'mark_read', messageId };
}

function validateContent(type: MessageType, content: Json): { name: string; language: string } | undefined {
  if (MEDIA_TYPES.has(type)) {
    validateMedia(type, content);
    return undefined;
  }
  switch (type) {
    case 'text':
      stringAt(content, ['text', 'body'], { required: true, maxLength: 4096 });
      if (content.preview_url !== undefined && typeof content.preview_url !== 'boolean') {
        fail("Param text['preview_url'] must be a boolean.");
      }
      return undefined;
    case 'location':
      numberAt(content, ['location', 'latitude'], -90, 90);
      numberAt(content, ['location', 'longitude'], -180, 180);
      stringAt(content, ['location', 'name']);
      stringAt(content, ['location', 'address']);
      return undefined;
    case 'reaction':
      stringAt(content, ['reaction', 'message_id'], { required: true });
      // An empty emoji removes an earlier reaction.
      stringAt(content, ['reaction', 'emoji'], { required: true, allowEmpty: true });
      return undefined;
    case 'interactive':
      validateInteractive(content);
      return undefined;
    case 'template': {
      const name = stringAt(content, ['template', 'name'], { required: true, maxLength: 512 }) as string;
      const language = objectAt(content, ['template', 'language'], true);
      const code = stringAt(language, ['template', 'language', 'code'], { required: true }) as string;
      if (language.policy !== undefined) oneOf(language.policy, ['deterministic'], ['template', 'language', 'policy']);
      if (content.components !== undefined) {
        const components = arrayAt(content, ['template', 'components']);
        components.forEach((component, index) => {
          if (!isObject(component)) fail(`Param template['components'][${index}] must be a JSON object.`);
          stringAt(component, ['template', 'components', index, 'type'], { required: true });
        });
      }
      return { name, language: code };
    }
    default:
      return undefined;
  }
}

function validateMedia(type: string, media: Json): void {
  const hasId = media.id !== undefined && media.id !== null;
  const hasLink = media.link !== undefined && media.link !== null;
  if (hasId === hasLink) fail(`Exactly one of ${type}['id'] or ${type}['link'] must be set.`);
  if (hasId) stringAt(media, [type, 'id'], { required: true });
  if (hasLink) {
    const link = stringAt(media, [type, 'link'], { required: true }) as string;
    if (!/^https?:\/\/\S+$/i.test(link)) fail(`Param ${type}['link'] must be an http or https URL.`);
  }
  if (CAPTIONED_MEDIA.has(type)) stringAt(media, [type, 'caption'], { allowEmpty: true, maxLength: 1024 });
  else if (media.caption !== undefined) fail(`Param ${type}['caption'] is not supported for ${type} messages.`);
  if (type === 'document') stringAt(media, [type, 'filename'], { maxLength: 240 });
}

function validateContacts(body: Json): undefined {
  const contacts = arrayAt(body, ['contacts'], { min: 1 });
  contacts.forEach((contact, index) => {
    if (!isObject(contact)) fail(`Param contacts[${index}] must be a JSON object.`);
    const name = objectAt(contact, ['contacts', index, 'name'], true);
    stringAt(name, ['contacts', index, 'name', 'formatted_name'], { required: true });
  });
  return undefined;
}

function validateInteractive(interactive: Json): void {
  const type = oneOf(interactive.type, INTERACTIVE_TYPES, ['interactive', 'type']);
  const action = objectAt(interactive, ['interactive', 'action'], true);
  const body = objectAt(interactive, ['interactive', 'body'], INTERACTIVE_BODY_REQUIRED.has(type));
  if (body) stringAt(body, ['interactive', 'body', 'text'], { required: true, maxLength: 4096 });
  const at = (...path: Array<string | number>) => ['interactive', 'action', ...path];
  switch (type) {
    case 'button': {
      const buttons = arrayAt(action, at('buttons'), { min: 1, max: 3 });
      buttons.forEach((button, index) => {
        if (!isObject(button)) fail(`Param ${fieldName(at('buttons', index))} must be a JSON object.`);
        oneOf(button.type, ['reply'], at('buttons', index, 'type'));
        const reply = objectAt(button, at('buttons', index, 'reply'), true);
        stringAt(reply, at('buttons', index, 'reply', 'id'), { required: true, maxLength: 256 });
        stringAt(reply, at('buttons', index, 'reply', 'title'), { required: true, maxLength: 20 });
      });
      break;
    }
    case 'list': {
      stringAt(action, at('button'), { required: true, maxLength: 20 });
      const sections = arrayAt(action, at('sections'), { min: 1, max: 10 });
      sections.forEach((section, index) => {
        if (!isObject(section)) fail(`Param ${fieldName(at('sections', index))} must be a JSON object.`);
        const rows = arrayAt(section, at('sections', index, 'rows'), { min: 1 });
        rows.forEach((row, rowIndex) => {
          if (!isObject(row))
            fail(`Param ${fieldName(at('sections', index, 'rows', rowIndex))} must be a JSON object.`);
          stringAt(row, at('sections', index, 'rows', rowIndex, 'id'), { required: true, maxLength: 200 });
          stringAt(row, at('sections', index, 'rows', rowIndex, 'title'), { required: true, maxLength: 24 });
        });
      });
      break;
    }
    case 'cta_url': {
      const parameters = objectAt(action, at('parameters'), true);
      stringAt(parameters, at('parameters', 'display_text'), { required: true, maxLength: 20 });
      const url = stringAt(parameters, at('parameters', 'url'), { required: true }) as string;
      if (!/^https?:\/\/\S+$/i.test(url))
        fail(`Param ${fieldName(at('parameters', 'url'))} must be an http or https URL.`);
      break;
    }
    case 'product':
      stringAt(action, at('catalog_id'), { required: true });
      stringAt(action, at('product_retailer_id'), { required: true });
      break;
    case 'product_list':
      stringAt(action, at('catalog_id'), { required: true });
      arrayAt(action, at('sections'), { min: 1, max: 10 });
      break;
    case 'flow':
      objectAt(action, at('parameters'), true);
      break;
    case 'catalog_message':
      oneOf(action.name, ['catalog_message'], at('name'));
      break;
    case 'location_request_message':
      oneOf(action.name, ['send_location'], at('name'));
      break;
    case 'address_message':
      oneOf(action.name, ['address_message'], at('name'));
      break;
    case 'order_details':
      oneOf(action.name, ['review_and_pay'], at('name'));
      break;
    case 'order_status':
      oneOf(action.name, ['review_order'], at('name'));
      break;
  }
}

/**
 * Without `type`, Meta assumes text; a body with no `text` but exactly one other message object
 * (as in Meta's own "reply to list message" example) is taken as that type.
 */
function impliedType(body: Json): string {
  if (body.text !== undefined) return 'text';
  const present = MESSAGE_TYPES.filter((type) => type !== 'text' && body[type] !== undefined);
  return present.length === 1 ? present[0] : 'text';
}

// Templates

export const TEMPLATE_CATEGORIES: readonly TemplateCategory[] = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];
const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
const BUTTON_TYPES = [
  'QUICK_REPLY',
  'URL',
  'PHONE_NUMBER',
  'OTP',
  'COPY_CODE',
  'FLOW',
  'MPM',
  'CATALOG',
  'SPM',
  'VOICE_CALL',
  'APP',
] as const;

export interface TemplateInput {
  name: string;
  language: string;
  category: TemplateCategory;
  components: Json[];
  parameterFormat: 'POSITIONAL' | 'NAMED';
  messageSendTtlSeconds?: number;
}

/** Validates a `POST /{waba-id}/message_templates` body and returns it normalized. */
export function validateTemplateCreate(body: unknown): TemplateInput {
  if (!isObject(body)) fail('The parameter name is required.');
  const name = stringAt(body, ['name'], { required: true, maxLength: 512 }) as string;
  if (!/^[a-z0-9_]+$/.test(name)) fail('Param name must contain only lowercase letters, digits and underscores.');
  const language = stringAt(body, ['language'], { required: true }) as string;
  if (!/^[a-z]{2,3}([_-][A-Za-z]{2,4})?$/.test(language))
    fail(`Param language must be a language code such as en_US - got "${language}".`);
  const category = templateCategory(body.category);
  const components = validateComponents(body, category);
  const parameterFormat =
    body.parameter_format === undefined
      ? 'POSITIONAL'
      : oneOf(textOf(body.parameter_format).toUpperCase(), ['POSITIONAL', 'NAMED'] as const, ['parameter_format']);
  const messageSendTtlSeconds = ttl(body);
  return { name, language, category, components, parameterFormat, messageSendTtlSeconds };
}

/** Validates a `POST /{template-id}` edit: any of components, category, message_send_ttl_seconds. */
export function validateTemplateEdit(
  body: unknown,
  current: { category: TemplateCategory },
): { category?: TemplateCategory; components?: Json[]; messageSendTtlSeconds?: number } {
  if (!isObject(body)) fail('The parameter components is required.');
  const category = body.category === undefined ? undefined : templateCategory(body.category);
  const components = body.components === undefined ? undefined : validateComponents(body, category ?? current.category);
  const messageSendTtlSeconds = ttl(body);
  if (!category && !components && messageSendTtlSeconds === undefined) fail('The parameter components is required.');
  return { category, components, messageSendTtlSeconds };
}

function templateCategory(value: unknown): TemplateCategory {
  if (value === undefined || value === null) fail('The parameter category is required.');
  return oneOf(typeof value === 'string' ? value.toUpperCase() : value, TEMPLATE_CATEGORIES, ['category']);
}

function ttl(body: Json): number | undefined {
  const value = body.message_send_ttl_seconds;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < -1) {
    fail('Param message_send_ttl_seconds must be an integer number of seconds.');
  }
  return value;
}

/** Checks the component list and returns a copy with `type`/`format` upper-cased, as Meta stores them. */
function validateComponents(body: Json, category: TemplateCategory): Json[] {
  const components = arrayAt(body, ['components'], { min: 1 });
  const seen = new Set<string>();
  const normalized = components.map((raw, index) => {
    if (!isObject(raw)) fail(`Param components[${index}] must be a JSON object.`);
    const path = (...rest: Array<string | number>) => ['components', index, ...rest];
    const type = oneOf(typeof raw.type === 'string' ? raw.type.toUpperCase() : raw.type, COMPONENT_TYPES, path('type'));
    if (seen.has(type)) fail(`Param components must not contain more than one ${type} component.`);
    seen.add(type);
    const component: Json = structuredClone(raw);
    component.type = type;
    switch (type) {
      case 'HEADER': {
        const format = oneOf(
          typeof raw.format === 'string' ? raw.format.toUpperCase() : raw.format,
          HEADER_FORMATS,
          path('format'),
        );
        component.format = format;
        if (format === 'TEXT') stringAt(raw, path('text'), { required: true, maxLength: 60 });
        break;
      }
      case 'BODY':
        // Authentication bodies are preset by Meta and carry no text.
        stringAt(raw, path('text'), { required: category !== 'AUTHENTICATION', maxLength: 1024 });
        break;
      case 'FOOTER':
        stringAt(raw, path('text'), { required: category !== 'AUTHENTICATION', maxLength: 60 });
        break;
      case 'BUTTONS': {
        const buttons = arrayAt(raw, path('buttons'), { min: 1, max: 10 });
        component.buttons = buttons.map((button, buttonIndex) => {
          if (!isObject(button)) fail(`Param ${fieldName(path('buttons', buttonIndex))} must be a JSON object.`);
          const at = (...rest: string[]) => path('buttons', buttonIndex, ...rest);
          const buttonType = oneOf(
            typeof button.type === 'string' ? button.type.toUpperCase() : button.type,
            BUTTON_TYPES,
            at('type'),
          );
          if (buttonType !== 'OTP' && buttonType !== 'MPM' && buttonType !== 'CATALOG') {
            stringAt(button, at('text'), { required: true, maxLength: 25 });
          }
          if (buttonType === 'URL') stringAt(button, at('url'), { required: true, maxLength: 2000 });
          if (buttonType === 'PHONE_NUMBER') stringAt(button, at('phone_number'), { required: true, maxLength: 20 });
          if (buttonType === 'OTP') oneOf(button.otp_type, ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'], at('otp_type'));
          return { ...button, type: buttonType };
        });
        break;
      }
    }
    return component;
  });
  if (!seen.has('BODY')) fail('Param components must contain a BODY component.');
  return normalized;
}
