#!/usr/bin/env node
// Writes src/messages/meta-send-examples.json (the explorer's send examples and the tests' fixtures): every request example Meta's OpenAPI description
// gives for POST /{Version}/{Phone-Number-ID}/messages, with its placeholders filled in with
// realistic values, so the send DTO spec can prove the gateway accepts what Meta documents.
//
//   node scripts/extract-meta-send-examples.mjs [path/to/business-messaging-api_v23.0.yaml]
//
// js-yaml is not a dependency of the project: it comes with Jest's toolchain (a dev dependency),
// which is enough for this one-off generator. The script fails when a placeholder is left unfilled.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const yaml = require('js-yaml');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = process.argv[2] ?? '/work/shared/reference/meta-cloud-api/business-messaging-api_v23.0.yaml';
const output = join(root, 'src/messages/meta-send-examples.json');
const PATH = '/{Version}/{Phone-Number-ID}/messages';

const RECIPIENT = '15551234567';
const WAMID = 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA';

// Placeholder -> value, applied to every string (keys too) in order; longer, bracketed forms first.
const FILLS = [
  ['{{Recipient-Phone-Number}}', RECIPIENT],
  ['{{Recipient-WA-Phone-Number}}', RECIPIENT],
  ['{{Flow-ID}}', '1256843372179458'],
  ['{{Flow-Name}}', 'appointment_booking'],
  ['<MSGID_OF_MSG_YOU_ARE_REPLYING_TO>', WAMID],
  ['<MSGID_OF_PREV_MSG>', WAMID],
  ['wamid.HBgLM...', WAMID],
  ['<AUDIO_OBJECT_ID>', '1013859600285441'],
  ['<IMAGE_OBJECT_ID>', '1479537139650973'],
  ['<VIDEO_OBJECT_ID>', '1166846181421424'],
  ['<DOCUMENT_OBJECT_ID>', '1376223850470843'],
  ['<MEDIA_OBJECT_ID>', '798882015472548'],
  ['<http(s)://audio-url>', 'https://example.com/media/voice-note.ogg'],
  ['http(s)://audio-url', 'https://example.com/media/voice-note.ogg'],
  ['<http(s)://document-url>', 'https://example.com/media/invoice-1042.pdf'],
  ['<http(s)://sticker-url>', 'https://example.com/media/thumbs-up.webp'],
  ['<http(s)://video-url>', 'https://example.com/media/product-tour.mp4'],
  ['http(s)://the-image-url', 'https://example.com/media/summer-sale.jpg'],
  ['http(s)://image-url', 'https://example.com/media/summer-sale.jpg'],
  ['<DOCUMENT_CAPTION_TO_SEND>', 'Invoice #1042'],
  ['<DOCUMENT_CAPTION_TEXT>', 'Invoice #1042'],
  ['<DOCUMENT-CAPTION-TEXT>', 'Invoice #1042'],
  ['<DOCUMENT_FILENAME>', 'invoice-1042.pdf'],
  ['<VIDEO_CAPTION_TEXT>', 'A one-minute tour of the new model'],
  ['<TEXT_MSG_CONTENT>', 'Thanks for your message! Your order has shipped.'],
  ['text-message-content', 'Hello! Your order #1042 has shipped.'],
  ['<BUTTON_TEXT>', 'View options'],
  ['<BUTTON_TITLE_1>', 'Yes'],
  ['<BUTTON_TITLE_2>', 'No'],
  ['<UNIQUE_BUTTON_ID_1>', 'confirm-yes'],
  ['<UNIQUE_BUTTON_ID_2>', 'confirm-no'],
  ['<BODY_TEXT>', 'What would you like to order today?'],
  ['<FOOTER_TEXT>', 'Reply STOP to opt out'],
  ['<HEADER_TEXT>', "Luigi's Pizzeria"],
  ['<LIST_SECTION_1_TITLE>', 'Pizzas'],
  ['<LIST_SECTION_2_TITLE>', 'Drinks'],
  ['<LIST_SECTION_1_ROW_1_ID>', 'pizza-margherita'],
  ['<LIST_SECTION_1_ROW_2_ID>', 'pizza-pepperoni'],
  ['<LIST_SECTION_2_ROW_1_ID>', 'drink-lemonade'],
  ['<LIST_SECTION_2_ROW_2_ID>', 'drink-water'],
  ['<SECTION_1_ROW_1_TITLE>', 'Margherita'],
  ['<SECTION_1_ROW_2_TITLE>', 'Pepperoni'],
  ['<SECTION_2_ROW_1_TITLE>', 'Lemonade'],
  ['<SECTION_2_ROW_2_TITLE>', 'Sparkling water'],
  ['<SECTION_1_ROW_1_DESC>', 'Tomato, mozzarella and basil'],
  ['<SECTION_1_ROW_2_DESC>', 'Tomato, mozzarella and pepperoni'],
  ['<SECTION_2_ROW_1_DESC>', 'Fresh lemons, lightly sweetened'],
  ['<SECTION_2_ROW_2_DESC>', '500 ml bottle'],
  ['<CUSTOM_KEY>', 'customer_name'],
  ['<CUSTOM_VALUE>', 'Alex'],
  ['<SCREEN_ID>', 'WELCOME_SCREEN'],
  ['<FLOW_TOKEN>', 'flow-token-8f14e45f'],
  ['<TEMPLATE_NAME>', 'appointment_booking_flow'],
  ['<ID_TEST_ITEM_1>', 'tshirt-blue-m'],
  ['<YOUR_PRODUCT1_SKU_IN_CATALOG>', 'tshirt-blue-m'],
  ['<YOUR_SECOND_PRODUCT1_SKU_IN_CATALOG>', 'tshirt-red-m'],
  ['<YOUR_PRODUCT2_SKU_IN_CATALOG>', 'hoodie-grey-l'],
  ['<YOUR_SECOND_PRODUCT2_SKU_IN_CATALOG>', 'hoodie-black-l'],
  ['<SECTION1_TITLE>', 'T-shirts'],
  ['<SECTION2_TITLE>', 'Hoodies'],
  ['<YOUR_TEXT_HEADER_CONTENT>', 'Our autumn collection'],
  ['<YOUR_TEXT_BODY_CONTENT>', 'Hand-picked for you: tap to see the details.'],
  ['<YOUR_TEXT_FOOTER_CONTENT>', 'Free returns within 30 days'],
  ['<HEADER_TYPE>', 'text'],
  ['<OPTIONAL_BODY_TEXT>', 'Our best-selling t-shirt, now in blue.'],
  ['<OPTIONAL_FOOTER_TEXT>', 'Free returns within 30 days'],
  ['language-and-locale-code', 'en_US'],
  ['template-name', 'order_shipped'],
  ['text-string', 'Alex'],
  ['your-text-body-content', 'Your order of 1 loaf of bread is ready to pay.'],
  ['your-text-footer-content', 'Thanks for shopping with us'],
  ['unique-reference-id-from-order-details-msg', 'order-20240915-0042'],
  ['unique-reference-id', 'order-20240915-0042'],
  ['my-payment-config-name', 'upi-checkout'],
  ['optional-text', 'Your bread is in the oven'],
  ['optional_text', 'Standard rate'],
];

/** Strings that mean a placeholder is still there. */
const LEFTOVER =
  /<[A-Za-z0-9_() :/.-]+>|\{\{|\}\}|http\(s\)|language-and-locale|template-name|text-string|your-text-|optional[-_]text|unique-reference|my-payment/;

function fill(text) {
  let result = text;
  for (const [placeholder, value] of FILLS) result = result.split(placeholder).join(value);
  if (LEFTOVER.test(result))
    throw new Error(`Unfilled placeholder in ${JSON.stringify(text)} -> ${JSON.stringify(result)}`);
  return result;
}

function fillAll(value) {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map(fillAll);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [fill(key), fillAll(inner)]));
  }
  return value;
}

function slug(title) {
  return title
    .toLowerCase()
    .replace(/^send /, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Notes on examples whose shape differs from Meta's own rules in a way the spec must know. */
const NOTES = {
  'Send Reply to List Message':
    "Meta's example omits `type`; it carries only an `interactive` object, so the gateway infers type interactive (see messageTypeOf).",
  'Send Text Message with Preview URL': 'Omits `type`: Meta defaults it to text.',
  'Send Sample Issue Resolution Template':
    "Button `text` parameters are JSON booleans in Meta's example; kept as given.",
  'Send Catalog Template Message':
    "Button `index` is a number and `sub_type` is upper case (CATALOG) in Meta's example; kept as given.",
};

const document = yaml.load(readFileSync(source, 'utf8'));
const examples = document.paths[PATH].post.requestBody.content['application/json'].examples;
const entries = Object.entries(examples).map(([title, { value }]) => {
  const body = fillAll(value);
  const kind = body.status === 'read' ? 'mark_as_read' : 'send';
  return {
    name: slug(title),
    title,
    kind,
    ...(kind === 'send' && { type: body.type ?? null }),
    ...(NOTES[title] && { note: NOTES[title] }),
    body,
  };
});

const names = new Set(entries.map((entry) => entry.name));
if (names.size !== entries.length) throw new Error('Two examples share a short name');

writeFileSync(
  output,
  JSON.stringify(
    {
      description:
        `Request examples of POST ${PATH} from Meta's OpenAPI description (${source.split('/').pop()}), ` +
        'placeholders filled with realistic values by scripts/extract-meta-send-examples.mjs. ' +
        "kind: send or mark_as_read; type: the body's own type field (null when Meta's example omits it).",
      examples: entries,
    },
    null,
    2,
  ) + '\n',
);
console.log(`Wrote ${entries.length} examples to ${relative(root, output)}`);
