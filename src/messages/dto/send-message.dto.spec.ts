import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Body, Controller, Post, type ArgumentMetadata } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { GraphError } from '../../core/graph-error';
import { createValidationPipe } from '../../core/validation.pipe';
import {
  CtaUrlActionDto,
  FlowActionDto,
  InteractiveActionDto,
  ListActionDto,
  ReplyButtonsActionDto,
} from './interactive-object.dto';
import { isMarkAsRead, messageTypeOf, SendMessageDto } from './send-message.dto';
import { TemplateParameterDto } from './template-object.dto';

type Json = Record<string, unknown>;

interface Fixture {
  name: string;
  title: string;
  kind: 'send' | 'mark_as_read';
  type?: string | null;
  body: Json;
}

const fixtures: Fixture[] = JSON.parse(readFileSync(join(__dirname, '../meta-send-examples.json'), 'utf8')).examples;

const pipe = createValidationPipe();
const metadata: ArgumentMetadata = { type: 'body', metatype: SendMessageDto, data: undefined };

function validate(body: unknown): Promise<SendMessageDto> {
  return pipe.transform(body, metadata) as Promise<SendMessageDto>;
}

async function rejection(body: unknown): Promise<GraphError> {
  try {
    await validate(body);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphError);
    return error as GraphError;
  }
  throw new Error(`expected the body to be rejected: ${JSON.stringify(body)}`);
}

function details(error: GraphError): string {
  return String(error.options.data?.details);
}

const clone = <T>(value: T): T => structuredClone(value);
const WAMID = 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA';

/** A send of `type` with its object, plus top-level overrides. */
function send(type: string | undefined, object?: unknown, extra: Json = {}): Json {
  return {
    messaging_product: 'whatsapp',
    to: '15551234567',
    ...(type !== undefined && { type }),
    ...(type !== undefined && object !== undefined && { [type]: object }),
    ...extra,
  };
}

const replyButtons = (buttons: unknown, extra: Json = {}) =>
  send('interactive', { type: 'button', body: { text: 'Confirm your booking?' }, action: { buttons }, ...extra });
const button = (id: string, title: string) => ({ type: 'reply', reply: { id, title } });
const list = (action: Json, extra: Json = {}) =>
  send('interactive', { type: 'list', body: { text: 'Pick a dish' }, action, ...extra });
const rows = (count: number, prefix = 'row') =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, title: `Row ${i}` }));
const ctaUrl = (action: Json) => send('interactive', { type: 'cta_url', body: { text: 'See the dates' }, action });
const flow = (parameters: unknown, name = 'flow') =>
  send('interactive', { type: 'flow', body: { text: 'Book a table' }, action: { name, parameters } });
const FLOW_PARAMETERS = {
  flow_message_version: '3',
  flow_token: 'token-1',
  flow_id: '1256843372179458',
  flow_cta: 'Book now',
  flow_action: 'navigate',
};
const template = (object: Json) => send('template', object);
const TEMPLATE = { name: 'order_shipped', language: { code: 'en_US' } };
const component = (value: Json) => template({ ...TEMPLATE, components: [value] });
const markAsRead = (extra: Json = {}) => ({
  messaging_product: 'whatsapp',
  status: 'read',
  message_id: WAMID,
  ...extra,
});

describe('SendMessageDto under the global ValidationPipe', () => {
  describe("Meta's official request examples (src/messages/meta-send-examples.json)", () => {
    it('covers every example of the messages path, sends and the mark-as-read', () => {
      expect(fixtures.length).toBeGreaterThanOrEqual(50);
      expect(new Set(fixtures.map((fixture) => fixture.name)).size).toBe(fixtures.length);
      expect(fixtures.filter((fixture) => fixture.kind === 'mark_as_read').map((fixture) => fixture.name)).toEqual([
        'typing-indicator-and-read-receipt',
      ]);
      const types = new Set(fixtures.map((fixture) => fixture.type).filter(Boolean));
      for (const type of [
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
      ]) {
        expect(types).toContain(type);
      }
    });

    it('holds no unfilled placeholder', () => {
      const text = JSON.stringify(fixtures);
      expect(text).not.toMatch(/<[A-Z_-]+>|\{\{|http\(s\)/);
    });

    it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('accepts %s', async (_name, fixture) => {
      const original = clone(fixture.body);
      const dto = await validate(fixture.body);
      expect(dto).toBeInstanceOf(SendMessageDto);
      expect(isMarkAsRead(dto)).toBe(fixture.kind === 'mark_as_read');
      if (fixture.kind === 'send')
        expect(messageTypeOf(dto)).toBe(fixture.type ?? (fixture.body.text ? 'text' : 'interactive'));
      // The gateway forwards the client's own body: validation must not have changed it.
      expect(fixture.body).toEqual(original);
    });
  });

  describe('rejects malformed bodies with code 100 naming the field', () => {
    const LONG = (length: number) => 'x'.repeat(length);
    const cases: [string, unknown, string][] = [
      // Envelope
      [
        'messaging_product missing',
        { to: '15551234567', text: { body: 'hi' } },
        'messaging_product: must be "whatsapp"',
      ],
      [
        'messaging_product in another case',
        send('text', { body: 'hi' }, { messaging_product: 'WhatsApp' }),
        'messaging_product: must be "whatsapp"',
      ],
      [
        'recipient_type unknown',
        send('text', { body: 'hi' }, { recipient_type: 'broadcast' }),
        'recipient_type: must be one of: individual, group',
      ],
      [
        'to missing',
        { messaging_product: 'whatsapp', type: 'text', text: { body: 'hi' } },
        'to: must be a non-empty string',
      ],
      ['to empty', send('text', { body: 'hi' }, { to: '' }), 'to: must be a non-empty string'],
      ['to a number', send('text', { body: 'hi' }, { to: 15551234567 }), 'to: must be a non-empty string'],
      [
        'type unknown',
        send('poll', { question: '?' }),
        'type: must be one of: text, image, document, video, audio, sticker, location, contacts, reaction, interactive, template',
      ],
      ['type object missing', send('image'), 'image: is required when type is image'],
      ['no type and no content', send(undefined), 'text: is required when type is text'],
      ['type object a string', send('template', 'hello_world'), 'template: must be an object'],
      ['type object an array', send('text', [{ body: 'hi' }]), 'text: must be an object'],
      [
        'context without message_id',
        send('text', { body: 'hi' }, { context: {} }),
        'context.message_id: must be a non-empty string',
      ],
      ['context not an object', send('text', { body: 'hi' }, { context: WAMID }), 'context: must be an object'],
      [
        "biz_opaque_callback_data over 470 (Meta's 512 less the gateway's reference)",
        send('text', { body: 'hi' }, { biz_opaque_callback_data: LONG(471) }),
        'biz_opaque_callback_data: must be a string of at most 470 characters',
      ],
      // Text
      ['text.body missing', send('text', { preview_url: true }), 'text.body: must be a string of 1 to 4096 characters'],
      ['text.body empty', send('text', { body: '' }), 'text.body: must be a string of 1 to 4096 characters'],
      [
        'text.body over 4096',
        send('text', { body: LONG(4097) }),
        'text.body: must be a string of 1 to 4096 characters',
      ],
      ['text.body not a string', send('text', { body: 42 }), 'text.body: must be a string of 1 to 4096 characters'],
      [
        'text.preview_url not a boolean',
        send('text', { body: 'hi', preview_url: 'yes' }),
        'text.preview_url: must be a boolean',
      ],
      // Media
      ['image without id or link', send('image', { caption: 'Sale' }), 'image.id: id or link is required'],
      [
        'image with id and link',
        send('image', { id: '1479537139650973', link: 'https://example.com/a.jpg' }),
        'image.id: give either id or link, not both',
      ],
      ['image.id not a string', send('image', { id: 1479537139650973 }), 'image.id: must be a non-empty string'],
      [
        'image.link not http(s)',
        send('image', { link: 'ftp://example.com/a.jpg' }),
        'image.link: must be an http(s) URL',
      ],
      ['document.link not a URL', send('document', { link: 'invoice.pdf' }), 'document.link: must be an http(s) URL'],
      [
        'video.caption over 1024',
        send('video', { id: '1166846181421424', caption: LONG(1025) }),
        'video.caption: must be a string of at most 1024 characters',
      ],
      [
        'document.filename not a string',
        send('document', { id: '1376223850470843', filename: 42 }),
        'document.filename: must be a non-empty string',
      ],
      [
        'audio with a caption',
        send('audio', { id: '1013859600285441', caption: 'Listen' }),
        'audio.caption: is not supported for audio messages',
      ],
      [
        'sticker with a caption',
        send('sticker', { id: '798882015472548', caption: 'Hi' }),
        'sticker.caption: is not supported for sticker messages',
      ],
      ['sticker without id or link', send('sticker', {}), 'sticker.id: id or link is required'],
      // Location
      [
        'latitude out of range',
        send('location', { latitude: 91, longitude: 0 }),
        'location.latitude: must be a number from -90 to 90',
      ],
      [
        'latitude not a number',
        send('location', { latitude: 'north', longitude: 0 }),
        'location.latitude: must be a number from -90 to 90',
      ],
      [
        'longitude missing',
        send('location', { latitude: 37.75 }),
        'location.longitude: must be a number from -180 to 180',
      ],
      [
        'longitude out of range',
        send('location', { latitude: 37.75, longitude: -180.5 }),
        'location.longitude: must be a number from -180 to 180',
      ],
      [
        'location.name not a string',
        send('location', { latitude: 1, longitude: 2, name: 3 }),
        'location.name: must be a string',
      ],
      // Contacts
      ['contacts missing', send('contacts'), 'contacts: must be an array of at least 1 contact'],
      ['contacts empty', send('contacts', []), 'contacts: must be an array of at least 1 contact'],
      [
        'contact without name',
        send('contacts', [{ phones: [{ phone: '+1 555 123 4567' }] }]),
        'contacts.0.name: is required',
      ],
      [
        'contact name without formatted_name',
        send('contacts', [{ name: { first_name: 'John' } }]),
        'contacts.0.name.formatted_name: must be a non-empty string',
      ],
      [
        'contact phones not an array',
        send('contacts', [{ name: { formatted_name: 'John' }, phones: { phone: '1' } }]),
        'contacts.0.phones: must be an array of objects',
      ],
      ['contact not an object', send('contacts', ['John Smith']), 'contacts.0: must be an object'],
      // Reaction
      [
        'reaction without message_id',
        send('reaction', { emoji: '\u{1F600}' }),
        'reaction.message_id: must be a non-empty string',
      ],
      ['reaction without emoji', send('reaction', { message_id: WAMID }), 'reaction.emoji: must be a string'],
      // Interactive: common
      [
        'interactive.type unknown',
        send('interactive', { type: 'poll', action: {} }),
        'interactive.type: must be one of: button, list, cta_url',
      ],
      ['interactive.action missing', send('interactive', { type: 'product' }), 'interactive.action: is required'],
      [
        'interactive.header.type unknown',
        replyButtons([button('a', 'A')], { header: { type: 'gif' } }),
        'interactive.header.type: must be one of: text, image, video, document',
      ],
      [
        'interactive header image missing',
        replyButtons([button('a', 'A')], { header: { type: 'image' } }),
        'interactive.header.image: is required when type is image',
      ],
      [
        'interactive header text over 60',
        replyButtons([button('a', 'A')], { header: { type: 'text', text: LONG(61) } }),
        'interactive.header.text: must be a string of 1 to 60 characters',
      ],
      [
        'interactive footer over 60',
        replyButtons([button('a', 'A')], { footer: { text: LONG(61) } }),
        'interactive.footer.text: must be a string of 1 to 60 characters',
      ],
      [
        'interactive body text empty',
        replyButtons([button('a', 'A')], { body: { text: '' } }),
        'interactive.body.text: must be a string of 1 to 4096 characters',
      ],
      // Interactive: reply buttons
      [
        'button without body',
        send('interactive', { type: 'button', action: { buttons: [button('a', 'A')] } }),
        'interactive.body: is required when type is button',
      ],
      ['button with no buttons', replyButtons([]), 'interactive.action.buttons: must be an array of 1 to 3 buttons'],
      [
        'button with four buttons',
        replyButtons([button('a', 'A'), button('b', 'B'), button('c', 'C'), button('d', 'D')]),
        'interactive.action.buttons: must be an array of 1 to 3 buttons',
      ],
      [
        'button title over 20',
        replyButtons([button('a', LONG(21))]),
        'interactive.action.buttons.0.reply.title: must be a string of 1 to 20 characters',
      ],
      [
        'button without id',
        replyButtons([{ type: 'reply', reply: { title: 'Yes' } }]),
        'interactive.action.buttons.0.reply.id: must be a string of 1 to 256 characters',
      ],
      [
        'button of another type',
        replyButtons([{ type: 'url', reply: { id: 'a', title: 'A' } }]),
        'interactive.action.buttons.0.type: must be "reply"',
      ],
      ['button without reply', replyButtons([{ type: 'reply' }]), 'interactive.action.buttons.0.reply: is required'],
      [
        'buttons with the same id',
        replyButtons([button('same', 'Yes'), button('same', 'No')]),
        'interactive.action.buttons: reply ids and titles must be unique',
      ],
      // Interactive: list
      [
        'list without button text',
        list({ sections: [{ rows: rows(1) }] }),
        'interactive.action.button: must be a string of 1 to 20 characters',
      ],
      [
        'list button text over 20',
        list({ button: LONG(21), sections: [{ rows: rows(1) }] }),
        'interactive.action.button: must be a string of 1 to 20 characters',
      ],
      [
        'list without sections',
        list({ button: 'Menu', sections: [] }),
        'interactive.action.sections: must be an array of 1 to 10 sections',
      ],
      [
        'list with eleven sections',
        list({
          button: 'Menu',
          sections: Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, rows: rows(1, `s${i}`) })),
        }),
        'interactive.action.sections: must be an array of 1 to 10 sections',
      ],
      [
        'list section without rows',
        list({ button: 'Menu', sections: [{ title: 'Pizzas' }] }),
        'interactive.action.sections.0.rows: must be an array of 1 to 10 rows',
      ],
      [
        'list with eleven rows in all',
        list({
          button: 'Menu',
          sections: [
            { title: 'A', rows: rows(6, 'a') },
            { title: 'B', rows: rows(5, 'b') },
          ],
        }),
        'interactive.action.sections: must hold at most 10 rows across all sections',
      ],
      [
        'list row title over 24',
        list({ button: 'Menu', sections: [{ rows: [{ id: 'r', title: LONG(25) }] }] }),
        'interactive.action.sections.0.rows.0.title: must be a string of 1 to 24 characters',
      ],
      [
        'list row description over 72',
        list({ button: 'Menu', sections: [{ rows: [{ id: 'r', title: 'R', description: LONG(73) }] }] }),
        'interactive.action.sections.0.rows.0.description: must be a string of at most 72 characters',
      ],
      // Interactive: cta_url
      [
        'cta_url with another action name',
        ctaUrl({ name: 'url', parameters: { display_text: 'Go', url: 'https://example.com' } }),
        'interactive.action.name: must be "cta_url"',
      ],
      ['cta_url without parameters', ctaUrl({ name: 'cta_url' }), 'interactive.action.parameters: is required'],
      [
        'cta_url without display_text',
        ctaUrl({ name: 'cta_url', parameters: { url: 'https://example.com' } }),
        'interactive.action.parameters.display_text: must be a string of 1 to 20 characters',
      ],
      [
        'cta_url with a bad url',
        ctaUrl({ name: 'cta_url', parameters: { display_text: 'Go', url: 'example dot com' } }),
        'interactive.action.parameters.url: must be an http(s) URL',
      ],
      // Interactive: flow
      ['flow with another action name', flow(FLOW_PARAMETERS, 'navigate'), 'interactive.action.name: must be "flow"'],
      ['flow without parameters', flow(undefined), 'interactive.action.parameters: is required'],
      [
        'flow with flow_id and flow_name',
        flow({ ...FLOW_PARAMETERS, flow_name: 'booking' }),
        'interactive.action.parameters.flow_id: give either flow_id or flow_name, not both',
      ],
      [
        'flow without flow_id or flow_name',
        flow({ ...FLOW_PARAMETERS, flow_id: undefined }),
        'interactive.action.parameters.flow_id: flow_id or flow_name is required',
      ],
      [
        'flow without flow_cta',
        flow({ ...FLOW_PARAMETERS, flow_cta: undefined }),
        'interactive.action.parameters.flow_cta: must be a non-empty string',
      ],
      [
        'flow without flow_message_version',
        flow({ ...FLOW_PARAMETERS, flow_message_version: undefined }),
        'interactive.action.parameters.flow_message_version: must be a non-empty string (for example "3")',
      ],
      [
        'flow with an unknown mode',
        flow({ ...FLOW_PARAMETERS, mode: 'live' }),
        'interactive.action.parameters.mode: must be one of: draft, published',
      ],
      [
        'flow_action_payload not an object',
        flow({ ...FLOW_PARAMETERS, flow_action_payload: 'WELCOME' }),
        'interactive.action.parameters.flow_action_payload: must be an object',
      ],
      // Interactive: products and named actions
      [
        'product without product_retailer_id',
        send('interactive', { type: 'product', action: { catalog_id: '367025965434465' } }),
        'interactive.action.product_retailer_id: must be a non-empty string',
      ],
      [
        'product_list without header',
        send('interactive', {
          type: 'product_list',
          body: { text: 'Ours' },
          action: { catalog_id: '1', sections: [{ title: 'A', product_items: [{ product_retailer_id: 'a' }] }] },
        }),
        'interactive.header: is required when type is product_list',
      ],
      [
        'product_list with 31 products',
        send('interactive', {
          type: 'product_list',
          header: { type: 'text', text: 'Ours' },
          body: { text: 'Ours' },
          action: {
            catalog_id: '1',
            sections: [
              { title: 'A', product_items: Array.from({ length: 16 }, (_, i) => ({ product_retailer_id: `a${i}` })) },
              { title: 'B', product_items: Array.from({ length: 15 }, (_, i) => ({ product_retailer_id: `b${i}` })) },
            ],
          },
        }),
        'interactive.action.sections: must hold at most 30 products across all sections',
      ],
      [
        'product item without retailer id',
        send('interactive', {
          type: 'product_list',
          header: { type: 'text', text: 'Ours' },
          body: { text: 'Ours' },
          action: { catalog_id: '1', sections: [{ title: 'A', product_items: [{}] }] },
        }),
        'interactive.action.sections.0.product_items.0.product_retailer_id: must be a non-empty string',
      ],
      [
        'location request with another action name',
        send('interactive', {
          type: 'location_request_message',
          body: { text: 'Where are you?' },
          action: { name: 'location' },
        }),
        'interactive.action.name: must be "send_location"',
      ],
      [
        'order_details without parameters',
        send('interactive', { type: 'order_details', body: { text: 'Pay' }, action: { name: 'review_and_pay' } }),
        'interactive.action.parameters: must be an object',
      ],
      // Template
      [
        'template without name or group_name',
        template({ language: { code: 'en_US' } }),
        'template.name: name or group_name is required',
      ],
      [
        'template with name and group_name',
        template({ ...TEMPLATE, group_name: 'order_updates' }),
        'template.name: give either name or group_name, not both',
      ],
      ['template name empty', template({ ...TEMPLATE, name: '' }), 'template.name: must be a non-empty string'],
      ['template without language', template({ name: 'order_shipped' }), 'template.language: is required'],
      [
        'template language as a string',
        template({ name: 'order_shipped', language: 'en_US' }),
        'template.language: must be an object',
      ],
      [
        'template language without code',
        template({ name: 'order_shipped', language: { policy: 'deterministic' } }),
        'template.language.code: must be a non-empty string',
      ],
      [
        'template components not an array',
        template({ ...TEMPLATE, components: { type: 'body' } }),
        'template.components: must be an array of components',
      ],
      [
        'template component type unknown',
        component({ type: 'headline' }),
        'template.components.0.type: must be one of: header, body, footer, button, carousel, limited_time_offer',
      ],
      [
        'button component without sub_type',
        component({ type: 'button', index: '0', parameters: [{ type: 'payload', payload: 'STOP' }] }),
        'template.components.0.sub_type: is required for button components',
      ],
      [
        'button component without index',
        component({ type: 'button', sub_type: 'quick_reply', parameters: [{ type: 'payload', payload: 'STOP' }] }),
        'template.components.0.index: is required for button components',
      ],
      [
        'button component with a word index',
        component({ type: 'button', sub_type: 'url', index: 'first', parameters: [{ type: 'text', text: 'x' }] }),
        'template.components.0.index: must be a button position such as "0" (0 to 99)',
      ],
      [
        'template parameters not an array',
        component({ type: 'body', parameters: { type: 'text', text: 'Alex' } }),
        'template.components.0.parameters: must be an array of parameters',
      ],
      [
        'template parameter type unknown',
        component({ type: 'body', parameters: [{ type: 'emoji', emoji: ':)' }] }),
        'template.components.0.parameters.0.type: must be one of: text, currency, date_time',
      ],
      [
        'template parameter without type',
        component({ type: 'body', parameters: [{ text: 'Alex' }] }),
        'template.components.0.parameters.0.type: must be one of:',
      ],
      [
        'template parameter_name not a string',
        component({ type: 'body', parameters: [{ type: 'text', text: 'Alex', parameter_name: 1 }] }),
        'template.components.0.parameters.0.parameter_name: must be a non-empty string',
      ],
      // Mark-as-read
      ['status other than read', markAsRead({ status: 'delivered' }), 'status: must be "read"'],
      [
        'mark-as-read without message_id',
        markAsRead({ message_id: undefined }),
        'message_id: must be a non-empty string',
      ],
      [
        'typing indicator of another type',
        markAsRead({ typing_indicator: { type: 'audio' } }),
        'typing_indicator.type: must be "text"',
      ],
      [
        'typing indicator not an object',
        markAsRead({ typing_indicator: 'text' }),
        'typing_indicator: must be an object',
      ],
      [
        'mark-as-read with another messaging_product',
        markAsRead({ messaging_product: 'sms' }),
        'messaging_product: must be "whatsapp"',
      ],
    ];

    it('has a case for every rule', () => {
      expect(cases.length).toBeGreaterThanOrEqual(40);
    });

    it.each(cases)('%s', async (_label, body, expected) => {
      const error = await rejection(body);
      expect(error.code).toBe(100);
      expect(error.status).toBe(400);
      expect(error.type).toBe('GraphMethodException');
      expect(details(error)).toContain(expected);
      expect(error.message).toMatch(/^\(#100\) Invalid parameter: /);
    });
  });

  describe('permissive where Meta evolves', () => {
    it('accepts unknown fields at every level and leaves the client body untouched', async () => {
      const body = send(
        'interactive',
        {
          type: 'cta_url',
          header: { type: 'image', image: { link: 'https://example.com/a.jpg', future_field: 1 } },
          body: { text: 'See the dates', future_field: true },
          footer: { text: 'Tickets', future_field: 'x' },
          action: {
            name: 'cta_url',
            parameters: { display_text: 'See dates', url: 'https://example.com/events', future_field: 'x' },
            future_field: {},
          },
          future_field: [1, 2],
        },
        { recipient: 'user-123', product_policy: 'CLOUD_API_FALLBACK', future_top_level: { nested: true } },
      );
      const original = clone(body);
      const dto = await validate(body);
      expect(body).toEqual(original);
      // Stripped from the validated instance only (the gateway forwards the original body).
      expect(dto).not.toHaveProperty('future_top_level');
      expect(dto.interactive).not.toHaveProperty('future_field');
      expect(dto.interactive?.action).toBeInstanceOf(CtaUrlActionDto);
    });

    it('accepts loosely typed contact entries with fields Meta may add', async () => {
      await expect(
        validate(
          send('contacts', [
            {
              name: { formatted_name: 'John Smith', nickname: 'Johnny' },
              phones: [{ phone: '+1 555 123 4567', type: 'CELL', wa_id: '15551234567', label: 'main' }],
              emails: [{ email: 'john@example.com', type: 'HOME', verified: true }],
              urls: [{ url: 'https://example.com', type: 'WORK' }],
              addresses: [{ street: '1 Main St', city: 'Springfield', plus_code: '849VCWC8+R9' }],
              org: { company: 'Acme', division: 'Labs' },
              birthday: '1990-01-31',
              ims: [{ service: 'AIM' }],
            },
          ]),
        ),
      ).resolves.toBeInstanceOf(SendMessageDto);
    });

    it('keeps template parameter values on the instance for the template rules', async () => {
      const dto = await validate(
        component({
          type: 'BODY',
          parameters: [
            { type: 'text', parameter_name: 'customer_name', text: 'Alex' },
            { type: 'currency', currency: { fallback_value: '$10', code: 'USD', amount_1000: 10000 } },
            { type: 'text', text: true, future_field: 1 },
          ],
        }),
      );
      const parameters = dto.template?.components?.[0].parameters ?? [];
      expect(parameters[0]).toBeInstanceOf(TemplateParameterDto);
      expect(parameters.map((parameter) => parameter.text)).toEqual(['Alex', undefined, true]);
      expect(parameters[0].parameter_name).toBe('customer_name');
      expect(parameters[1].currency).toEqual({ fallback_value: '$10', code: 'USD', amount_1000: 10000 });
      expect(parameters[2]).not.toHaveProperty('future_field');
    });

    it.each([
      ['an image caption', send('image', { link: 'https://example.com/a.jpg', caption: 'Sale' })],
      ['an empty caption', send('video', { id: '1166846181421424', caption: '' })],
      [
        'a document caption and filename',
        send('document', { link: 'http://example.com/files/a.pdf', caption: 'Invoice', filename: 'a.pdf' }),
      ],
      ['a link without a TLD (intranet host)', send('image', { link: 'https://media-server/a.jpg' })],
      [
        'a pre-signed link longer than 2083 characters',
        send('image', { link: `https://bucket.s3.amazonaws.com/a.jpg?X-Amz-Signature=${'a'.repeat(2500)}` }),
      ],
      ['numeric-string coordinates', send('location', { latitude: '37.483307', longitude: '-122.148981' })],
      ['boundary coordinates', send('location', { latitude: -90, longitude: 180 })],
      ['an empty emoji (removes the reaction)', send('reaction', { message_id: WAMID, emoji: '' })],
      ['a group recipient', send('text', { body: 'hi' }, { recipient_type: 'group', to: '120363025246125244@g.us' })],
      ['a text body of exactly 4096 characters', send('text', { body: 'x'.repeat(4096) })],
      ['a 4096-emoji body (counted in characters, not UTF-16 units)', send('text', { body: '\u{1F600}'.repeat(4096) })],
      [
        'biz_opaque_callback_data of 470 characters',
        send('text', { body: 'hi' }, { biz_opaque_callback_data: 'x'.repeat(470) }),
      ],
      ['a null context', send('text', { body: 'hi' }, { context: null })],
      [
        'a text without type (Meta defaults to text)',
        { messaging_product: 'whatsapp', to: '15551234567', text: { body: 'hi' } },
      ],
      ['an extra type object Meta ignores', send('text', { body: 'hi' }, { image: 'not checked: type is text' })],
      [
        'cta_url with an image header',
        ctaUrl({ name: 'cta_url', parameters: { display_text: 'Go', url: 'https://example.com' } }),
      ],
      [
        'a flow by name with a numeric version',
        flow({ flow_message_version: 3, flow_name: 'booking', flow_cta: 'Book' }),
      ],
      [
        'a location request',
        send('interactive', {
          type: 'location_request_message',
          body: { text: 'Share your location' },
          action: { name: 'send_location' },
        }),
      ],
      [
        'an address message',
        send('interactive', {
          type: 'address_message',
          body: { text: 'Your address?' },
          action: { name: 'address_message', parameters: { country: 'IN' } },
        }),
      ],
      [
        'a call permission request',
        send('interactive', {
          type: 'call_permission_request',
          body: { text: 'May we call you?' },
          action: { name: 'call_permission_request' },
        }),
      ],
      [
        'a voice call button',
        send('interactive', {
          type: 'voice_call',
          body: { text: 'Call us' },
          action: { name: 'voice_call', parameters: { display_text: 'Call', ttl_minutes: 100 } },
        }),
      ],
      [
        'a catalog message without a thumbnail',
        send('interactive', {
          type: 'catalog_message',
          body: { text: 'Our catalog' },
          action: { name: 'catalog_message' },
        }),
      ],
      [
        'a media carousel',
        send('interactive', {
          type: 'carousel',
          body: { text: 'Pick one' },
          action: { cards: [{ card_index: 0, type: 'cta_url' }] },
        }),
      ],
      [
        'a template by group_name',
        template({ group_name: 'order_updates', language: { code: 'en_US', policy: 'deterministic' } }),
      ],
      [
        'an upper-case component and sub_type with a numeric index',
        component({
          type: 'BUTTON',
          sub_type: 'COPY_CODE',
          index: 1,
          parameters: [{ type: 'coupon_code', coupon_code: 'SUMMER25' }],
        }),
      ],
      [
        'a limited-time offer component',
        component({
          type: 'limited_time_offer',
          parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: 1726559999000 } }],
        }),
      ],
      [
        'a carousel component',
        component({
          type: 'carousel',
          cards: [
            { card_index: 0, components: [{ type: 'header', parameters: [{ type: 'image', image: { id: '1' } }] }] },
          ],
        }),
      ],
      [
        'a URL button with a text parameter',
        component({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'order/1042' }] }),
      ],
      ['a mark-as-read without typing indicator', markAsRead()],
      ['a mark-as-read carrying send fields Meta ignores', markAsRead({ to: '', type: 'poll' })],
    ])('accepts %s', async (_label, body) => {
      await expect(validate(body)).resolves.toBeInstanceOf(SendMessageDto);
    });
  });

  describe('the validated instance', () => {
    it('builds the action class that matches interactive.type', async () => {
      const buttons = await validate(replyButtons([button('a', 'A')]));
      expect(buttons.interactive?.action).toBeInstanceOf(ReplyButtonsActionDto);
      const menu = await validate(list({ button: 'Menu', sections: [{ rows: rows(2) }] }));
      expect(menu.interactive?.action).toBeInstanceOf(ListActionDto);
      const booking = await validate(flow(FLOW_PARAMETERS));
      expect(booking.interactive?.action).toBeInstanceOf(FlowActionDto);
      const carousel = await validate(send('interactive', { type: 'carousel', action: { cards: [] } }));
      expect(carousel.interactive?.action).toBeInstanceOf(InteractiveActionDto);
    });
  });
});

describe('OpenAPI document (/docs)', () => {
  @Controller('v1')
  class ProbeController {
    @Post(':phoneNumberId/messages')
    send(@Body() body: SendMessageDto): SendMessageDto {
      return body;
    }
  }

  it('documents the send body with its nested objects and per-type actions', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ProbeController] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const schemas = SwaggerModule.createDocument(app, new DocumentBuilder().build()).components?.schemas ?? {};
      for (const name of [
        'SendMessageDto',
        'TextObjectDto',
        'DocumentObjectDto',
        'ContactObjectDto',
        'InteractiveObjectDto',
        'ListActionDto',
        'CtaUrlActionDto',
        'FlowActionDto',
        'TemplateObjectDto',
        'TemplateParameterDto',
        'TypingIndicatorDto',
      ]) {
        expect(schemas).toHaveProperty(name);
      }
      expect(schemas.SendMessageDto).toMatchObject({
        required: ['messaging_product'],
        properties: { messaging_product: { enum: ['whatsapp'] }, to: { example: '15551234567' } },
      });
      expect(schemas.TextObjectDto).toMatchObject({ required: ['body'], properties: { body: { maxLength: 4096 } } });
      expect(JSON.stringify(schemas.InteractiveObjectDto)).toContain('#/components/schemas/CtaUrlActionDto');
    } finally {
      await app.close();
    }
  });
});

describe('messageTypeOf', () => {
  it.each([
    [{ type: 'image', image: {} }, 'image'],
    [{ text: { body: 'hi' } }, 'text'],
    [{}, 'text'],
    [{ interactive: {} }, 'interactive'],
    [{ template: {} }, 'template'],
    [{ text: { body: 'hi' }, image: {} }, 'text'],
    [{ image: {}, video: {} }, 'text'],
    [{ type: 'poll' }, 'poll'],
  ])('reads %j as %s', (body, expected) => {
    expect(messageTypeOf(body)).toBe(expected);
  });
});

describe('isMarkAsRead', () => {
  it.each([
    [{ status: 'read', message_id: WAMID }, true],
    [{ status: 'delivered' }, true],
    [{ type: 'text', text: { body: 'hi' } }, false],
    [{ status: null }, false],
  ])('reads %j as %s', (body, expected) => {
    expect(isMarkAsRead(body)).toBe(expected);
  });
});
