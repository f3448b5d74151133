import type { GraphError } from '../core/graph-error';
import { normalizeTemplateLanguage, TEMPLATE_LANGUAGES } from './locales';
import {
  placeholdersOf,
  TemplateRuleBroken,
  TTL_RULES,
  validateTemplateCreate,
  type TemplateCategory,
} from './template-create-rules';
import { invalidTemplate } from './templates.errors';

type Json = Record<string, unknown>;

/** The error a body is refused with, as the API answers it (fails the test when it is accepted). */
function refusal(body: unknown): GraphError {
  try {
    validateTemplateCreate(body);
  } catch (error) {
    if (error instanceof TemplateRuleBroken) return invalidTemplate(error);
    throw error;
  }
  throw new Error('expected the template to be refused');
}

/** Asserts a 400 code 100 whose details are exactly `details`. */
function expectRefused(body: unknown, details: string): void {
  const error = refusal(body);
  expect(error.code).toBe(100);
  expect(error.status).toBe(400);
  expect(error.message).toBe('(#100) Invalid template');
  expect(error.options.data).toEqual({ details });
}

const body = (text = 'Your order {{1}} has shipped.', example: unknown = { body_text: [['A-1001']] }): Json => ({
  type: 'BODY',
  text,
  ...(example !== undefined && { example }),
});
const staticBody = (text = 'Thanks for shopping with us.'): Json => ({ type: 'BODY', text });
const buttons = (...list: Json[]): Json => ({ type: 'BUTTONS', buttons: list });
const quickReply = (text = 'Stop'): Json => ({ type: 'QUICK_REPLY', text });
const urlButton = (url: string, example?: unknown): Json => ({
  type: 'URL',
  text: 'Track',
  url,
  ...(example !== undefined && { example }),
});
const phoneButton = (): Json => ({ type: 'PHONE_NUMBER', text: 'Call', phone_number: '16467043595' });

function template(components: Json[], extra: Json = {}, category: TemplateCategory = 'UTILITY'): Json {
  return { name: 'order_update', language: 'en_US', category, components, ...extra };
}

const otp = (extra: Json = {}): Json => ({ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy Code', ...extra });
function authTemplate(components?: Json[], extra: Json = {}): Json {
  return template(
    components ?? [
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 10 },
      buttons(otp()),
    ],
    { name: 'login_code', ...extra },
    'AUTHENTICATION',
  );
}

describe('placeholdersOf', () => {
  it.each([
    ['Hi {{1}}, your order {{2}} is ready', ['1', '2']],
    ['Hi {{first_name}}, code {{1}}', ['first_name', '1']],
    ['{{2}} then {{1}} then {{2}}', ['2', '1']],
    ['No variables here, {single} braces', []],
    ['Spaces {{ 1 }} are kept', [' 1 ']],
  ])('%s → %j', (text, names) => {
    expect(placeholdersOf(text)).toEqual(names);
  });
});

describe('locales', () => {
  it('holds Meta’s template languages, including the original list and regional variants', () => {
    for (const code of [
      'af',
      'en',
      'en_US',
      'en_GB',
      'pt_BR',
      'zh_TW',
      'rw_RW',
      'ky_KG',
      'fil',
      'es_MX',
      'zu',
      'ar_EG',
      'prs_AF',
      'si_LK',
    ]) {
      expect(TEMPLATE_LANGUAGES).toContain(code);
    }
    expect(new Set(TEMPLATE_LANGUAGES).size).toBe(TEMPLATE_LANGUAGES.length);
  });

  it('normalizes case and BCP-47 hyphens to Meta’s spelling', () => {
    expect(normalizeTemplateLanguage('en-us')).toBe('en_US');
    expect(normalizeTemplateLanguage('PT_br')).toBe('pt_BR');
    expect(normalizeTemplateLanguage('xx_YY')).toBeUndefined();
  });
});

describe('validateTemplateCreate: top-level fields', () => {
  it('accepts a minimal UTILITY template and normalizes it', () => {
    const result = validateTemplateCreate(template([body()]));
    expect(result).toMatchObject({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      ttlSeconds: 2_592_000,
      mediaHeaderIndex: -1,
    });
    expect(result.headerMediaFileId).toBeUndefined();
    expect(result.groupName).toBeUndefined();
    expect(result.upstreamBody).toEqual({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      parameter_format: 'POSITIONAL',
      components: [body()],
    });
  });

  it('refuses a body that is not an object', () => {
    expectRefused(null, 'request: the body must be a JSON object');
    expectRefused([template([body()])], 'request: the body must be a JSON object');
  });

  it.each([
    [{ name: undefined }, 'name: is required'],
    [{ name: '' }, 'name: must not be empty'],
    [{ name: 42 }, 'name: must be a string'],
    [{ name: 'Order_Update' }, 'name: lowercase letters, digits and underscores only'],
    [{ name: 'order-update' }, 'name: lowercase letters, digits and underscores only'],
    [{ name: 'order update' }, 'name: lowercase letters, digits and underscores only'],
    [{ name: 'a'.repeat(513) }, 'name: must be at most 512 characters'],
  ])('refuses name %j', (extra, details) => {
    expectRefused(template([body()], extra), details);
  });

  it('accepts names of 1 and 512 characters, with digits first (Meta’s own 2023_april_promo)', () => {
    expect(validateTemplateCreate(template([body()], { name: 'a' })).name).toBe('a');
    expect(validateTemplateCreate(template([body()], { name: 'a'.repeat(512) })).name).toHaveLength(512);
    expect(validateTemplateCreate(template([body()], { name: '2023_april_promo' })).name).toBe('2023_april_promo');
  });

  it.each([
    ['en', 'en'],
    ['en_US', 'en_US'],
    ['en-US', 'en_US'],
    ['pt_br', 'pt_BR'],
    ['zh_HK', 'zh_HK'],
    ['fil', 'fil'],
  ])('accepts language %s as %s', (language, expected) => {
    const result = validateTemplateCreate(template([body()], { language }));
    expect(result.language).toBe(expected);
    expect(result.upstreamBody.language).toBe(expected);
  });

  it.each([
    [undefined, 'language: is required'],
    [7, 'language: must be a string'],
    ['english', 'language: "english" is not a template language Meta supports (codes such as en, en_US, pt_BR)'],
    ['en_XX', 'language: "en_XX" is not a template language Meta supports (codes such as en, en_US, pt_BR)'],
  ])('refuses language %j', (language, details) => {
    expectRefused(template([body()], { language }), details);
  });

  it('accepts a lower-case category and upper-cases it', () => {
    const result = validateTemplateCreate(template([body()], { category: 'marketing' }));
    expect(result.category).toBe('MARKETING');
    expect(result.upstreamBody.category).toBe('MARKETING');
  });

  it.each([
    [undefined, 'category: is required: one of UTILITY, MARKETING, AUTHENTICATION'],
    ['TRANSACTIONAL', 'category: must be one of UTILITY, MARKETING, AUTHENTICATION'],
  ])('refuses category %j', (category, details) => {
    expectRefused(template([body()], { category }), details);
  });

  it('refuses an unknown parameter_format', () => {
    expectRefused(
      template([body()], { parameter_format: 'MIXED' }),
      'parameter_format: must be one of POSITIONAL, NAMED',
    );
  });

  it('passes unknown top-level fields through and removes the gateway fields', () => {
    const result = validateTemplateCreate(
      template([body()], {
        allow_category_change: true,
        group_name: 'order_updates',
        cta_url_link_tracking_opted_out: true,
      }),
    );
    expect(result.groupName).toBe('order_updates');
    expect(result.upstreamBody).toMatchObject({ allow_category_change: true, cta_url_link_tracking_opted_out: true });
    expect(result.upstreamBody).not.toHaveProperty('group_name');
    expect(result.upstreamBody).not.toHaveProperty('header_media_file_id');
  });

  it.each([
    [{ group_name: 'Order Updates' }, 'group_name: lowercase letters, digits and underscores only'],
    [{ group_name: 'g'.repeat(513) }, 'group_name: must be at most 512 characters'],
    [{ group_name: 5 }, 'group_name: must be a string'],
  ])('refuses group_name %j', (extra, details) => {
    expectRefused(template([body()], extra), details);
  });

  it('does not change the request it was given', () => {
    const request = template([{ type: 'body', text: 'Hello there' }], { category: 'utility' });
    const copy = structuredClone(request);
    validateTemplateCreate(request);
    expect(request).toEqual(copy);
  });
});

describe('validateTemplateCreate: message_send_ttl_seconds', () => {
  it('exposes the TTL rules of spec 8', () => {
    expect(TTL_RULES).toEqual({
      AUTHENTICATION: { min: 30, max: 900, default: 600 },
      UTILITY: { min: 30, max: 43_200, default: 2_592_000 },
      MARKETING: { min: 43_200, max: 2_592_000, default: 2_592_000 },
    });
  });

  it('defaults per category; UTILITY’s 30-day default is not sent (above its settable range)', () => {
    const auth = validateTemplateCreate(authTemplate());
    expect(auth.ttlSeconds).toBe(600);
    expect(auth.upstreamBody.message_send_ttl_seconds).toBe(600);

    const marketing = validateTemplateCreate(template([body()], {}, 'MARKETING'));
    expect(marketing.ttlSeconds).toBe(2_592_000);
    expect(marketing.upstreamBody.message_send_ttl_seconds).toBe(2_592_000);

    const utility = validateTemplateCreate(template([body()]));
    expect(utility.ttlSeconds).toBe(2_592_000);
    expect(utility.upstreamBody).not.toHaveProperty('message_send_ttl_seconds');

    const utilityNull = validateTemplateCreate(template([body()], { message_send_ttl_seconds: null }));
    expect(utilityNull.ttlSeconds).toBe(2_592_000);
    expect(utilityNull.upstreamBody).not.toHaveProperty('message_send_ttl_seconds');
  });

  it.each([
    ['AUTHENTICATION', 30],
    ['AUTHENTICATION', 900],
    ['UTILITY', 30],
    ['UTILITY', 43_200],
    ['MARKETING', 43_200],
    ['MARKETING', 2_592_000],
  ] as const)('accepts %s at %i and forwards it', (category, ttl) => {
    const request =
      category === 'AUTHENTICATION'
        ? authTemplate(undefined, { message_send_ttl_seconds: ttl })
        : template([body()], { message_send_ttl_seconds: ttl }, category);
    const result = validateTemplateCreate(request);
    expect(result.ttlSeconds).toBe(ttl);
    expect(result.upstreamBody.message_send_ttl_seconds).toBe(ttl);
  });

  it.each([
    ['AUTHENTICATION', 29, 30, 900],
    ['AUTHENTICATION', 901, 30, 900],
    ['UTILITY', 29, 30, 43200],
    ['UTILITY', 43_201, 30, 43200],
    ['UTILITY', 2_592_000, 30, 43200],
    ['MARKETING', 43_199, 43200, 2592000],
    ['MARKETING', 2_592_001, 43200, 2592000],
    ['MARKETING', 86_400.5, 43200, 2592000],
    ['UTILITY', '600', 30, 43200],
    ['UTILITY', -1, 30, 43200],
  ] as const)('refuses %s at %j', (category, ttl, min, max) => {
    const request =
      category === 'AUTHENTICATION'
        ? authTemplate(undefined, { message_send_ttl_seconds: ttl })
        : template([body()], { message_send_ttl_seconds: ttl }, category);
    expectRefused(
      request,
      `message_send_ttl_seconds: must be an integer from ${min} to ${max} seconds for ${category} templates`,
    );
  });
});

describe('validateTemplateCreate: components', () => {
  it.each([
    [undefined, 'components: is required'],
    [{}, 'components: must be an array'],
    [[], 'components: must hold at least one component'],
    [['BODY'], 'components[0]: must be a JSON object'],
    [[{ text: 'Hello' }], 'components[0].type: is required: one of HEADER, BODY, FOOTER, BUTTONS'],
    [[{ type: 'CAROUSEL', cards: [] }], 'components[0].type: must be one of HEADER, BODY, FOOTER, BUTTONS'],
    [[{ type: 'FOOTER', text: 'Bye' }], 'components: a BODY component is required'],
    [[staticBody(), staticBody()], 'components[1].type: a template takes exactly one BODY'],
    [
      [{ type: 'HEADER', format: 'TEXT', text: 'A' }, { type: 'HEADER', format: 'TEXT', text: 'B' }, staticBody()],
      'components[1].type: a template takes at most one HEADER',
    ],
    [
      [staticBody(), { type: 'FOOTER', text: 'A' }, { type: 'FOOTER', text: 'B' }],
      'components[2].type: a template takes at most one FOOTER',
    ],
    [
      [staticBody(), buttons(quickReply()), buttons(quickReply())],
      'components[2].type: a template takes at most one BUTTONS',
    ],
  ])('refuses components %j', (components, details) => {
    expectRefused(template(components as Json[]), details);
  });

  it('matches component and button types case-insensitively and upper-cases them', () => {
    const result = validateTemplateCreate(
      template([
        { type: 'header', format: 'text', text: 'Hello' },
        { type: 'body', text: 'Thanks for the order.' },
        { type: 'Buttons', buttons: [{ type: 'quick_reply', text: 'Stop' }] },
      ]),
    );
    expect(result.components).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Hello' },
      { type: 'BODY', text: 'Thanks for the order.' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop' }] },
    ]);
    expect(result.upstreamBody.components).toEqual(result.components);
  });

  describe('BODY', () => {
    it.each([
      [{ type: 'BODY' }, 'components[0].text: is required'],
      [{ type: 'BODY', text: '   ' }, 'components[0].text: must not be empty'],
      [{ type: 'BODY', text: 'x'.repeat(1025) }, 'components[0].text: must be at most 1024 characters'],
      [
        { type: 'BODY', text: 'Hi', add_security_recommendation: true },
        'components[0].add_security_recommendation: only for AUTHENTICATION templates',
      ],
    ])('refuses %j', (component, details) => {
      expectRefused(template([component]), details);
    });

    it('accepts 1024 characters, counting an emoji once', () => {
      expect(() => validateTemplateCreate(template([staticBody('x'.repeat(1024))]))).not.toThrow();
      expect(() => validateTemplateCreate(template([staticBody('😀'.repeat(1024))]))).not.toThrow();
    });

    it('accepts positional variables with one example row, repeats and any order', () => {
      expect(() =>
        validateTemplateCreate(template([body('Hi {{1}}, order {{2}} for {{1}}.', { body_text: [['Mark', 'A1']] })])),
      ).not.toThrow();
      expect(() =>
        validateTemplateCreate(template([body('Ship {{2}} to {{1}} today.', { body_text: [['Mark', 'A1']] })])),
      ).not.toThrow();
    });

    it.each([
      [
        'Hi {{1}}, order {{3}}.',
        'components[0].text: positional variables must be numbered {{1}} to {{2}} without gaps (found {{1}}, {{3}})',
      ],
      [
        'Hi {{2}}, welcome.',
        'components[0].text: positional variables must be numbered {{1}} to {{1}} without gaps (found {{2}})',
      ],
      [
        'Hi {{0}}, welcome.',
        'components[0].text: {{0}} is not a valid variable: use {{1}}, {{2}}, ... or lowercase names such as {{first_name}}',
      ],
      [
        'Hi {{01}}, welcome.',
        'components[0].text: {{01}} is not a valid variable: use {{1}}, {{2}}, ... or lowercase names such as {{first_name}}',
      ],
      [
        'Hi {{First_Name}}, welcome.',
        'components[0].text: {{First_Name}} is not a valid variable: use {{1}}, {{2}}, ... or lowercase names such as {{first_name}}',
      ],
      [
        'Hi {{ 1 }}, welcome.',
        'components[0].text: {{ 1 }} is not a valid variable: use {{1}}, {{2}}, ... or lowercase names such as {{first_name}}',
      ],
      ['Hi {{1}, welcome.', 'components[0].text: has an unmatched {{ or }}'],
      ['{{1}} is on its way.', 'components[0].text: must not start or end with a variable'],
      ['Your code is {{1}}', 'components[0].text: must not start or end with a variable'],
    ])('refuses body text %j', (text, details) => {
      expectRefused(template([body(text, { body_text: [['a', 'b']] })]), details);
    });

    it('accepts a variable followed by punctuation at the end', () => {
      expect(() =>
        validateTemplateCreate(template([body('Your order is {{1}}.', { body_text: [['A1']] })])),
      ).not.toThrow();
    });

    it.each([
      [undefined, 'components[0].example.body_text: required: the body has 2 variables'],
      [{}, 'components[0].example.body_text: required: the body has 2 variables'],
      ['Mark', 'components[0].example: must be a JSON object'],
      [
        { body_text: ['Mark', 'A1'] },
        'components[0].example.body_text: must be an array holding one row of 2 sample values',
      ],
      [
        {
          body_text: [
            ['Mark', 'A1'],
            ['Ann', 'B2'],
          ],
        },
        'components[0].example.body_text: must be an array holding one row of 2 sample values',
      ],
      [
        { body_text: [['Mark']] },
        'components[0].example.body_text[0]: must hold exactly 2 sample values, one per variable',
      ],
      [
        { body_text: [['Mark', 'A1', 'extra']] },
        'components[0].example.body_text[0]: must hold exactly 2 sample values, one per variable',
      ],
      [{ body_text: [['Mark', '']] }, 'components[0].example.body_text[0][1]: must be a non-empty string'],
      [{ body_text: [['Mark', 7]] }, 'components[0].example.body_text[0][1]: must be a non-empty string'],
      [
        { body_text_named_params: [{ param_name: 'name', example: 'Mark' }] },
        'components[0].example.body_text_named_params: POSITIONAL templates give their examples in example.body_text',
      ],
    ])('refuses positional example %j', (example, details) => {
      const text = 'Hi {{1}}, order {{2}} shipped.';
      expectRefused(template([example === undefined ? staticBody(text) : body(text, example)]), details);
    });

    it('refuses an example for a body without variables', () => {
      expectRefused(
        template([body('Hello there.', { body_text: [['x']] })]),
        'components[0].example.body_text: the body has no variables; remove the example',
      );
    });
  });

  describe('HEADER', () => {
    it.each([
      [{ type: 'HEADER' }, 'components[0].format: is required: one of TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION'],
      [
        { type: 'HEADER', format: 'AUDIO' },
        'components[0].format: must be one of TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION',
      ],
      [{ type: 'HEADER', format: 'TEXT' }, 'components[0].text: is required'],
      [{ type: 'HEADER', format: 'TEXT', text: 'x'.repeat(61) }, 'components[0].text: must be at most 60 characters'],
      [
        { type: 'HEADER', format: 'TEXT', text: 'Hi {{1}} and {{2}}', example: { header_text: ['a', 'b'] } },
        'components[0].text: a TEXT header takes at most one variable',
      ],
      [
        { type: 'HEADER', format: 'TEXT', text: 'Hi {{2}}', example: { header_text: ['a'] } },
        'components[0].text: the header variable must be {{1}}',
      ],
      [
        { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!' },
        'components[0].example.header_text: required: the header has 1 variable',
      ],
      [
        { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: 'Sale' } },
        'components[0].example.header_text: must hold exactly 1 sample value, one per variable',
      ],
      [
        { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Sale', 'x'] } },
        'components[0].example.header_text: must hold exactly 1 sample value, one per variable',
      ],
      [
        { type: 'HEADER', format: 'TEXT', text: 'Sale', example: { header_text: ['x'] } },
        'components[0].example.header_text: the header has no variables; remove the example',
      ],
      [
        { type: 'HEADER', format: 'IMAGE' },
        'components[0].example.header_handle: required for a IMAGE header (an array of one upload handle), or give header_media_file_id',
      ],
      [
        { type: 'HEADER', format: 'VIDEO', example: { header_handle: 'h1' } },
        'components[0].example.header_handle: must be an array of exactly one upload handle string',
      ],
      [
        { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['h1', 'h2'] } },
        'components[0].example.header_handle: must be an array of exactly one upload handle string',
      ],
      [
        { type: 'HEADER', format: 'IMAGE', text: 'Hi', example: { header_handle: ['h1'] } },
        'components[0].text: a IMAGE header takes no text',
      ],
      [
        { type: 'HEADER', format: 'LOCATION', example: { header_handle: ['h1'] } },
        'components[0].example: a LOCATION header takes no example',
      ],
    ])('refuses %j', (header, details) => {
      expectRefused(template([header, staticBody()]), details);
    });

    it('accepts a text header with one variable and its example, and a LOCATION header', () => {
      const text = validateTemplateCreate(
        template([
          { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Summer Sale'] } },
          staticBody(),
        ]),
      );
      expect(text.mediaHeaderIndex).toBe(-1);
      const location = validateTemplateCreate(template([staticBody(), { type: 'HEADER', format: 'location' }]));
      expect(location.mediaHeaderIndex).toBe(1);
      expect(location.components[1]).toEqual({ type: 'HEADER', format: 'LOCATION' });
    });

    it('accepts a media header with an upload handle', () => {
      const result = validateTemplateCreate(
        template([{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U=:ARb'] } }, staticBody()]),
      );
      expect(result.mediaHeaderIndex).toBe(0);
      expect(result.headerMediaFileId).toBeUndefined();
    });

    it('accepts a media header with header_media_file_id instead, and removes the field from upstream', () => {
      const result = validateTemplateCreate(
        template([staticBody(), { type: 'HEADER', format: 'DOCUMENT' }], { header_media_file_id: 'asset_123' }),
      );
      expect(result.mediaHeaderIndex).toBe(1);
      expect(result.headerMediaFileId).toBe('asset_123');
      expect(result.upstreamBody).not.toHaveProperty('header_media_file_id');
      expect(result.upstreamBody.components).toEqual([staticBody(), { type: 'HEADER', format: 'DOCUMENT' }]);
    });

    it.each([
      [
        [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h1'] } }, staticBody()],
        'asset_1',
        'header_media_file_id: cannot be combined with components[0].example.header_handle; give one of the two',
      ],
      [[staticBody()], 'asset_1', 'header_media_file_id: only valid with an IMAGE, VIDEO or DOCUMENT HEADER'],
      [
        [{ type: 'HEADER', format: 'TEXT', text: 'Hi' }, staticBody()],
        'asset_1',
        'header_media_file_id: only valid with an IMAGE, VIDEO or DOCUMENT HEADER',
      ],
      [
        [{ type: 'HEADER', format: 'LOCATION' }, staticBody()],
        'asset_1',
        'header_media_file_id: only valid with an IMAGE, VIDEO or DOCUMENT HEADER',
      ],
      [[{ type: 'HEADER', format: 'IMAGE' }, staticBody()], '', 'header_media_file_id: must be a non-empty string'],
      [[{ type: 'HEADER', format: 'IMAGE' }, staticBody()], 42, 'header_media_file_id: must be a non-empty string'],
    ])('refuses header_media_file_id with %j', (components, fileId, details) => {
      expectRefused(template(components, { header_media_file_id: fileId }), details);
    });
  });

  describe('FOOTER', () => {
    it.each([
      [{ type: 'FOOTER' }, 'components[1].text: is required'],
      [{ type: 'FOOTER', text: 'x'.repeat(61) }, 'components[1].text: must be at most 60 characters'],
      [{ type: 'FOOTER', text: 'Reply {{1}} to stop' }, 'components[1].text: must not contain variables'],
      [
        { type: 'FOOTER', text: 'Bye', code_expiration_minutes: 5 },
        'components[1].code_expiration_minutes: only for AUTHENTICATION templates',
      ],
    ])('refuses %j', (footer, details) => {
      expectRefused(template([staticBody(), footer]), details);
    });

    it('accepts a 60-character footer', () => {
      expect(() =>
        validateTemplateCreate(template([staticBody(), { type: 'FOOTER', text: 'x'.repeat(60) }])),
      ).not.toThrow();
    });
  });
});

describe('validateTemplateCreate: NAMED parameters', () => {
  const namedText = 'Hi {{first_name}}, order {{order_id}} shipped. Thanks {{first_name}}!';
  const namedBody = (
    example: unknown = {
      body_text_named_params: [
        { param_name: 'first_name', example: 'Jess' },
        { param_name: 'order_id', example: '9128312' },
      ],
    },
  ) => body(namedText, example);

  it('sets NAMED when the texts hold named variables and parameter_format is omitted', () => {
    const result = validateTemplateCreate(template([namedBody()]));
    expect(result.parameterFormat).toBe('NAMED');
    expect(result.upstreamBody.parameter_format).toBe('NAMED');
  });

  it('accepts a declared NAMED (any case) and a NAMED template without variables', () => {
    expect(validateTemplateCreate(template([namedBody()], { parameter_format: 'named' })).parameterFormat).toBe(
      'NAMED',
    );
    expect(validateTemplateCreate(template([staticBody()], { parameter_format: 'NAMED' })).parameterFormat).toBe(
      'NAMED',
    );
  });

  it('detects NAMED from a header variable alone', () => {
    const result = validateTemplateCreate(
      template([
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Hello {{first_name}}',
          example: { header_text_named_params: [{ param_name: 'first_name', example: 'Jess' }] },
        },
        staticBody(),
      ]),
    );
    expect(result.parameterFormat).toBe('NAMED');
  });

  it.each([
    [
      { parameter_format: 'POSITIONAL' },
      [namedBody()],
      'parameter_format: is POSITIONAL but components[0].text holds the named variable {{first_name}}',
    ],
    [
      { parameter_format: 'NAMED' },
      [body()],
      'parameter_format: is NAMED but components[0].text holds the positional variable {{1}}',
    ],
    [
      {},
      [body('Hi {{1}}, your {{item}} is ready.', { body_text: [['a']] })],
      'components[0].text: mixes positional and named variables: {{1}} and {{item}}; use one style',
    ],
    [
      {},
      [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Hello {{name}}',
          example: { header_text_named_params: [{ param_name: 'name', example: 'J' }] },
        },
        body(),
      ],
      'components[1].text: mixes positional and named variables: {{name}} and {{1}} (components[0].text has {{name}}); use one style',
    ],
  ])('refuses %j with %j', (extra, components, details) => {
    expectRefused(template(components, extra), details);
  });

  it.each([
    [undefined, 'components[0].example.body_text_named_params: required: the body has 2 variables'],
    [
      { body_text: [['Jess', '1']] },
      'components[0].example.body_text: NAMED templates give their examples in example.body_text_named_params',
    ],
    [
      { body_text_named_params: { first_name: 'Jess' } },
      'components[0].example.body_text_named_params: must be an array of { param_name, example }',
    ],
    [
      { body_text_named_params: ['Jess'] },
      'components[0].example.body_text_named_params[0]: must be a JSON object { param_name, example }',
    ],
    [
      { body_text_named_params: [{ example: 'Jess' }] },
      'components[0].example.body_text_named_params[0].param_name: must be a non-empty string',
    ],
    [
      { body_text_named_params: [{ param_name: 'first_name', example: 'Jess' }] },
      'components[0].example.body_text_named_params: no example for {{order_id}}',
    ],
    [
      {
        body_text_named_params: [
          { param_name: 'first_name', example: 'Jess' },
          { param_name: 'order_id', example: '1' },
          { param_name: 'coupon', example: 'X' },
        ],
      },
      'components[0].example.body_text_named_params[2].param_name: {{coupon}} does not appear in the body text',
    ],
    [
      {
        body_text_named_params: [
          { param_name: 'first_name', example: 'Jess' },
          { param_name: 'first_name', example: 'Ann' },
        ],
      },
      'components[0].example.body_text_named_params[1].param_name: {{first_name}} is given more than once',
    ],
    [
      {
        body_text_named_params: [
          { param_name: 'first_name', example: '' },
          { param_name: 'order_id', example: '1' },
        ],
      },
      'components[0].example.body_text_named_params[0].example: must be a non-empty string',
    ],
  ])('refuses named example %j', (example, details) => {
    expectRefused(template([example === undefined ? staticBody(namedText) : namedBody(example)]), details);
  });

  it('refuses a positional header example in a NAMED template', () => {
    expectRefused(
      template([
        { type: 'HEADER', format: 'TEXT', text: 'Hello {{name}}', example: { header_text: ['Jess'] } },
        staticBody(),
      ]),
      'components[0].example.header_text: NAMED templates give their examples in example.header_text_named_params',
    );
  });

  it('keeps URL button variables positional ({{1}}) in a NAMED template', () => {
    const result = validateTemplateCreate(
      template([
        namedBody(),
        buttons(urlButton('https://shop.example.com/orders/{{1}}', ['https://shop.example.com/orders/9128312'])),
      ]),
    );
    expect(result.parameterFormat).toBe('NAMED');
  });
});

describe('validateTemplateCreate: URL buttons', () => {
  const withUrl = (url: string, example?: unknown) => template([staticBody(), buttons(urlButton(url, example))]);

  it.each([
    ['https://x.com/track/{{1}}', ['https://x.com/track/ABC123']],
    ['https://x.com/?id={{1}}', ['https://x.com/?id=42']],
    [
      'https://damp-sea-63235.herokuapp.com/shop?promo={{1}}',
      ['https://damp-sea-63235.herokuapp.com/shop?promo=summer2023'],
    ],
    ['HTTP://x.com/{{1}}', ['http://x.com/a']],
  ])('accepts %s with its example', (url, example) => {
    expect(() => validateTemplateCreate(withUrl(url, example))).not.toThrow();
  });

  it('accepts a static URL without an example', () => {
    expect(() => validateTemplateCreate(withUrl('https://www.examplesite.com/support'))).not.toThrow();
  });

  it.each([
    ['https://x.com/{{1}}/track', undefined, 'url: the variable must be the last token of the URL'],
    ['https://x.com/?id={{1}}&x=1', undefined, 'url: the variable must be the last token of the URL'],
    ['https://x.com/{{1}}#top', undefined, 'url: the variable must be the last token of the URL'],
    ['https://x.com/{{1}}/', undefined, 'url: the variable must be the last token of the URL'],
    ['https://x.com/{{1}}/{{1}}', undefined, 'url: a URL takes at most one variable'],
    ['https://x.com/{{1}}?b={{2}}', undefined, 'url: a URL takes at most one variable'],
    [
      'https://x.com/{{2}}',
      undefined,
      'url: the only variable a URL may hold is {{1}} (found {{2}}); URL variables are positional whatever the parameter_format',
    ],
    [
      'https://x.com/{{code}}',
      undefined,
      'url: the only variable a URL may hold is {{1}} (found {{code}}); URL variables are positional whatever the parameter_format',
    ],
    ['https://x.com{{1}}', ['https://x.com.evil'], 'url: the variable must not be part of the domain'],
    ['https://x.com/{{1}', undefined, 'url: has an unmatched {{ or }}'],
    ['ftp://x.com/file', undefined, 'url: must be an http or https URL'],
    ['x.com/{{1}}', undefined, 'url: must be an http or https URL'],
    ['https://x.com/a b', undefined, 'url: must not contain spaces'],
    [
      'https://x.com/{{1}}',
      undefined,
      'example: required when the URL has a variable: an array holding one fully formed sample URL',
    ],
    ['https://x.com/{{1}}', 'https://x.com/a', 'example: must be an array holding one fully formed sample URL'],
    [
      'https://x.com/{{1}}',
      ['https://x.com/a', 'https://x.com/b'],
      'example: must be an array holding one fully formed sample URL',
    ],
    [
      'https://x.com/{{1}}',
      ['summer2023'],
      'example[0]: must be a fully formed http or https URL (the URL with {{1}} filled in)',
    ],
    [
      'https://x.com/{{1}}',
      ['https://x.com/{{1}}'],
      'example[0]: must be a fully formed http or https URL (the URL with {{1}} filled in)',
    ],
  ])('refuses %s (example %j)', (url, example, rule) => {
    expectRefused(withUrl(url, example), `components[1].buttons[0].${rule}`);
  });

  it('refuses a URL longer than 2000 characters', () => {
    expectRefused(
      withUrl(`https://x.com/${'a'.repeat(2000)}`),
      'components[1].buttons[0].url: must be at most 2000 characters',
    );
  });

  it('refuses a missing url and a missing label', () => {
    expectRefused(
      template([staticBody(), buttons({ type: 'URL', text: 'Go' })]),
      'components[1].buttons[0].url: is required',
    );
    expectRefused(
      template([staticBody(), buttons({ type: 'URL', url: 'https://x.com' })]),
      'components[1].buttons[0].text: is required',
    );
  });

  it('allows two URL buttons, refuses a third', () => {
    const two = [urlButton('https://x.com/a'), urlButton('https://x.com/b')];
    expect(() => validateTemplateCreate(template([staticBody(), buttons(...two)]))).not.toThrow();
    expectRefused(
      template([staticBody(), buttons(...two, urlButton('https://x.com/c'))]),
      'components[1].buttons[2].type: a template takes at most 2 URL buttons',
    );
  });
});

describe('validateTemplateCreate: other buttons', () => {
  it.each([
    [[], 'components[1].buttons: must hold 1 to 10 buttons'],
    [
      [{ type: 'LINK', text: 'x' }],
      'components[1].buttons[0].type: must be one of QUICK_REPLY, URL, PHONE_NUMBER, OTP, COPY_CODE, FLOW, CATALOG, MPM, SPM, VOICE_CALL',
    ],
    [['Stop'], 'components[1].buttons[0]: must be a JSON object'],
    [[quickReply('x'.repeat(26))], 'components[1].buttons[0].text: must be at most 25 characters'],
    [[quickReply('Hi {{1}}')], 'components[1].buttons[0].text: must not contain variables'],
    [[{ type: 'QUICK_REPLY' }], 'components[1].buttons[0].text: is required'],
    [[phoneButton(), phoneButton()], 'components[1].buttons[1].type: a template takes at most 1 PHONE_NUMBER button'],
    [[{ type: 'PHONE_NUMBER', text: 'Call' }], 'components[1].buttons[0].phone_number: is required'],
    [
      [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: 'call-us' }],
      'components[1].buttons[0].phone_number: must be a phone number: digits with an optional leading +',
    ],
    [
      [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '+1 646 704 3595 0000 1' }],
      'components[1].buttons[0].phone_number: must be at most 20 characters',
    ],
    [
      [quickReply('A'), urlButton('https://x.com'), quickReply('B')],
      'components[1].buttons[2].type: QUICK_REPLY buttons must be grouped together, before or after the other buttons',
    ],
    [[{ type: 'COPY_CODE' }], 'components[1].buttons[0].example: is required'],
    [
      [{ type: 'COPY_CODE', example: 'SUMMER2025EXTRA10' }],
      'components[1].buttons[0].example: must be at most 15 characters',
    ],
    [
      [
        { type: 'COPY_CODE', example: 'A' },
        { type: 'COPY_CODE', example: 'B' },
      ],
      'components[1].buttons[1].type: a template takes at most 1 COPY_CODE button',
    ],
    [[otp()], 'components[1].buttons[0].type: OTP buttons are only for AUTHENTICATION templates'],
    [[{ type: 'FLOW', text: 'Book' }], 'components[1].buttons[0]: give exactly one of flow_id, flow_name or flow_json'],
    [
      [{ type: 'FLOW', text: 'Book', flow_id: '1', flow_name: 'b' }],
      'components[1].buttons[0]: give exactly one of flow_id, flow_name or flow_json',
    ],
    [
      [{ type: 'FLOW', text: 'Book', flow_json: '{not json' }],
      'components[1].buttons[0].flow_json: must be valid JSON',
    ],
    [
      [{ type: 'FLOW', text: 'Book', flow_id: '1', flow_action: 'open' }],
      'components[1].buttons[0].flow_action: must be navigate or data_exchange',
    ],
    [[{ type: 'MPM' }], 'components[1].buttons[0].text: is required'],
  ])('refuses buttons %j', (list, details) => {
    expectRefused(template([staticBody(), buttons(...(list as Json[]))], {}, 'MARKETING'), details);
  });

  it('refuses eleven buttons', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => quickReply(`Option ${i}`));
    expectRefused(template([staticBody(), buttons(...eleven)]), 'components[1].buttons: must hold 1 to 10 buttons');
  });

  it('refuses a BUTTONS component without a buttons array', () => {
    expectRefused(template([staticBody(), { type: 'BUTTONS' }]), 'components[1].buttons: is required');
    expectRefused(
      template([staticBody(), { type: 'BUTTONS', buttons: { type: 'QUICK_REPLY' } }]),
      'components[1].buttons: must be an array',
    );
  });

  it('accepts ten quick replies, grouped mixes, and every other button type Meta documents', () => {
    const ten = Array.from({ length: 10 }, (_, i) => quickReply(`Option ${i}`));
    expect(() => validateTemplateCreate(template([staticBody(), buttons(...ten)], {}, 'MARKETING'))).not.toThrow();
    expect(() =>
      validateTemplateCreate(
        template(
          [staticBody(), buttons(quickReply('A'), quickReply('B'), urlButton('https://x.com'), phoneButton())],
          {},
          'MARKETING',
        ),
      ),
    ).not.toThrow();
    expect(() =>
      validateTemplateCreate(
        template(
          [staticBody(), buttons(urlButton('https://x.com'), quickReply('A'), quickReply('B'))],
          {},
          'MARKETING',
        ),
      ),
    ).not.toThrow();
    const others: Json[] = [
      { type: 'COPY_CODE', example: '250FF' },
      {
        type: 'FLOW',
        text: 'Check out this offer!',
        flow_id: '123456',
        flow_action: 'NAVIGATE',
        navigate_screen: 'WELCOME',
      },
      { type: 'FLOW', text: 'Book', flow_name: 'booking' },
      { type: 'FLOW', text: 'Book', flow_json: '{"version":"5.0","screens":[]}' },
      { type: 'CATALOG', text: 'View catalog' },
      { type: 'MPM', text: 'View items' },
      { type: 'SPM', text: 'View' },
      { type: 'VOICE_CALL', text: 'Call on WhatsApp' },
    ];
    for (const button of others) {
      expect(() => validateTemplateCreate(template([staticBody(), buttons(button)], {}, 'MARKETING'))).not.toThrow();
    }
    const flow = validateTemplateCreate(template([staticBody(), buttons(others[1])], {}, 'MARKETING'));
    expect((flow.components[1].buttons as Json[])[0].flow_action).toBe('navigate');
  });
});

describe('validateTemplateCreate: AUTHENTICATION', () => {
  it('accepts Meta’s COPY_CODE example and keeps it as sent', () => {
    const request = {
      category: 'AUTHENTICATION',
      components: [
        { add_security_recommendation: true, type: 'BODY' },
        { code_expiration_minutes: 10, type: 'FOOTER' },
        { buttons: [{ otp_type: 'COPY_CODE', text: 'Copy Code', type: 'OTP' }], type: 'BUTTONS' },
      ],
      language: 'en_US',
      name: 'authentication_code_copy_code_button',
    };
    const result = validateTemplateCreate(request);
    expect(result).toMatchObject({
      category: 'AUTHENTICATION',
      parameterFormat: 'POSITIONAL',
      ttlSeconds: 600,
      mediaHeaderIndex: -1,
    });
    expect(result.upstreamBody).toEqual({ ...request, parameter_format: 'POSITIONAL', message_send_ttl_seconds: 600 });
  });

  it('accepts Meta’s ONE_TAP example (legacy package_name / signature_hash) and supported_apps', () => {
    const legacy = otp({
      otp_type: 'ONE_TAP',
      autofill_text: 'Autofill',
      package_name: 'com.example.luckyshrub',
      signature_hash: 'K8a%2FAINcGX7',
    });
    expect(() =>
      validateTemplateCreate(authTemplate([{ type: 'BODY', add_security_recommendation: true }, buttons(legacy)])),
    ).not.toThrow();
    const apps = otp({
      otp_type: 'one_tap',
      supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }],
    });
    const result = validateTemplateCreate(authTemplate([{ type: 'BODY' }, buttons(apps)]));
    expect((result.components[1].buttons as Json[])[0].otp_type).toBe('ONE_TAP');
  });

  it('accepts ZERO_TAP with accepted terms, and a body text with one {{1}} and its example', () => {
    const zeroTap = otp({
      otp_type: 'ZERO_TAP',
      zero_tap_terms_accepted: true,
      supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }],
    });
    expect(() => validateTemplateCreate(authTemplate([{ type: 'BODY' }, buttons(zeroTap)]))).not.toThrow();
    const withText = authTemplate([
      body('{{1}} is your verification code.', { body_text: [['123456']] }),
      buttons(otp()),
    ]);
    expect(() => validateTemplateCreate(withText)).not.toThrow();
  });

  it.each([
    [
      [{ type: 'HEADER', format: 'TEXT', text: 'Code' }, { type: 'BODY' }, buttons(otp())],
      'components[0].type: AUTHENTICATION templates take no HEADER',
    ],
    [
      [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h'] } }, { type: 'BODY' }, buttons(otp())],
      'components[0].type: AUTHENTICATION templates take no HEADER',
    ],
    [[{ type: 'BODY' }], 'components: an AUTHENTICATION template needs a BUTTONS component with one OTP button'],
    [
      [{ type: 'BODY' }, buttons(quickReply())],
      'components[1].buttons[0].type: AUTHENTICATION templates take only an OTP button',
    ],
    [
      [{ type: 'BODY' }, buttons(otp(), otp())],
      'components[1].buttons: an AUTHENTICATION template holds exactly one OTP button',
    ],
    [
      [{ type: 'BODY' }, buttons({ type: 'OTP' })],
      'components[1].buttons[0].otp_type: is required: one of COPY_CODE, ONE_TAP, ZERO_TAP',
    ],
    [
      [{ type: 'BODY' }, buttons(otp({ otp_type: 'MAGIC_LINK' }))],
      'components[1].buttons[0].otp_type: must be one of COPY_CODE, ONE_TAP, ZERO_TAP',
    ],
    [
      [{ type: 'BODY' }, buttons(otp({ text: 'x'.repeat(26) }))],
      'components[1].buttons[0].text: must be at most 25 characters',
    ],
    [
      [{ type: 'BODY' }, buttons(otp({ otp_type: 'ONE_TAP' }))],
      'components[1].buttons[0].supported_apps: required for ONE_TAP buttons: the Android app(s) { package_name, signature_hash }',
    ],
    [
      [{ type: 'BODY' }, buttons(otp({ otp_type: 'ONE_TAP', supported_apps: [] }))],
      'components[1].buttons[0].supported_apps: must be an array of 1 to 5 { package_name, signature_hash }',
    ],
    [
      [{ type: 'BODY' }, buttons(otp({ otp_type: 'ONE_TAP', supported_apps: [{ package_name: 'com.a' }] }))],
      'components[1].buttons[0].supported_apps[0].signature_hash: is required',
    ],
    [
      [
        { type: 'BODY' },
        buttons(
          otp({ otp_type: 'ZERO_TAP', supported_apps: [{ package_name: 'com.a', signature_hash: 'K8a/AINcGX7' }] }),
        ),
      ],
      'components[1].buttons[0].zero_tap_terms_accepted: must be true for ZERO_TAP buttons',
    ],
    [
      [{ type: 'BODY', add_security_recommendation: 'yes' }, buttons(otp())],
      'components[0].add_security_recommendation: must be a boolean',
    ],
    [
      [body('Your code is {{1}} and {{2}}.', { body_text: [['1', '2']] }), buttons(otp())],
      'components[0].text: an AUTHENTICATION body holds exactly one variable, {{1}}, for the code',
    ],
    [
      [staticBody('Your code is below.'), buttons(otp())],
      'components[0].text: an AUTHENTICATION body holds exactly one variable, {{1}}, for the code',
    ],
    [
      [staticBody('{{1}} is your code.'), buttons(otp())],
      'components[0].example.body_text: required: the body has 1 variable',
    ],
    [
      [{ type: 'BODY', example: { body_text: [['1']] } }, buttons(otp())],
      'components[0].example: a BODY without text takes no example',
    ],
    [
      [{ type: 'BODY' }, { type: 'FOOTER', text: 'Expires soon' }, buttons(otp())],
      'components[1].text: an AUTHENTICATION footer takes no text, only code_expiration_minutes',
    ],
    [
      [{ type: 'BODY' }, { type: 'FOOTER' }, buttons(otp())],
      'components[1].code_expiration_minutes: is required: 1 to 90',
    ],
    [
      [{ type: 'BODY' }, { type: 'FOOTER', code_expiration_minutes: 0 }, buttons(otp())],
      'components[1].code_expiration_minutes: must be between 1 and 90',
    ],
    [
      [{ type: 'BODY' }, { type: 'FOOTER', code_expiration_minutes: 91 }, buttons(otp())],
      'components[1].code_expiration_minutes: must be between 1 and 90',
    ],
    [
      [{ type: 'BODY' }, { type: 'FOOTER', code_expiration_minutes: 2.5 }, buttons(otp())],
      'components[1].code_expiration_minutes: must be an integer from 1 to 90',
    ],
  ])('refuses %j', (components, details) => {
    expectRefused(authTemplate(components), details);
  });

  it('accepts code_expiration_minutes 1 and 90', () => {
    for (const minutes of [1, 90]) {
      expect(() =>
        validateTemplateCreate(
          authTemplate([{ type: 'BODY' }, { type: 'FOOTER', code_expiration_minutes: minutes }, buttons(otp())]),
        ),
      ).not.toThrow();
    }
  });

  it('refuses parameter_format NAMED', () => {
    expectRefused(
      authTemplate(undefined, { parameter_format: 'NAMED' }),
      'parameter_format: AUTHENTICATION templates are POSITIONAL (one {{1}} for the code)',
    );
  });

  it('refuses header_media_file_id (no media header possible)', () => {
    expectRefused(
      authTemplate(undefined, { header_media_file_id: 'asset_1' }),
      'header_media_file_id: only valid with an IMAGE, VIDEO or DOCUMENT HEADER',
    );
  });
});

describe('validateTemplateCreate: full examples from Meta’s docs', () => {
  it('accepts an order confirmation UTILITY template with an image header, quick replies and a URL button', () => {
    const request = {
      name: 'order_confirmation',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        {
          type: 'HEADER',
          format: 'IMAGE',
          example: { header_handle: ['4::aW1hZ2UvanBn:ARYytyb0kLp5htbBB8vWlclG5M9gMBxiEyt4FNCvrueWBOmF'] },
        },
        {
          type: 'BODY',
          text: 'Thank you for your order, {{1}}! Your order number is {{2}}. Tap a button below to manage it.',
          example: { body_text: [['Mark', '860198-230332']] },
        },
        { type: 'FOOTER', text: 'Lucky Shrub' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Confirm delivery' },
            { type: 'QUICK_REPLY', text: 'Contact support' },
            {
              type: 'URL',
              text: 'Track order',
              url: 'https://www.luckyshrub.com/track/{{1}}',
              example: ['https://www.luckyshrub.com/track/860198-230332'],
            },
          ],
        },
      ],
      message_send_ttl_seconds: 3600,
    };
    const result = validateTemplateCreate(request);
    expect(result).toMatchObject({
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      ttlSeconds: 3600,
      mediaHeaderIndex: 0,
    });
    expect(result.upstreamBody).toEqual({ ...request, parameter_format: 'POSITIONAL' });
  });

  it('accepts Meta’s document-header order confirmation with a phone and a static URL button', () => {
    const request = {
      category: 'UTILITY',
      components: [
        {
          example: {
            header_handle: ['4::YXBwbGljYXRpb24vcGRm:ARZVv4zuogJMxmAdS3_6T4o_K4ll2806avA7rWpikisTzYPsXXUeKk0REjS'],
          },
          format: 'DOCUMENT',
          type: 'HEADER',
        },
        {
          example: { body_text: [['Mark', '860198-230332']] },
          text: 'Thank you for your order, {{1}}! Your order number is {{2}}. Tap the PDF linked above to view your receipt. If you have any questions, please use the buttons below to contact support. Thanks again!',
          type: 'BODY',
        },
        {
          buttons: [
            { phone_number: '16467043595', text: 'Call', type: 'PHONE_NUMBER' },
            { text: 'Contact Support', type: 'URL', url: 'https://www.examplesite.com/support' },
          ],
          type: 'BUTTONS',
        },
      ],
      language: 'en_US',
      name: 'order_confirmation',
    };
    expect(validateTemplateCreate(request).mediaHeaderIndex).toBe(0);
  });

  it('accepts Meta’s seasonal promotion (text header variable, three body variables, two quick replies)', () => {
    const request = {
      category: 'MARKETING',
      components: [
        { example: { header_text: ['Summer Sale'] }, format: 'TEXT', text: 'Our {{1}} is on!', type: 'HEADER' },
        {
          example: { body_text: [['the end of August', '25OFF', '25%']] },
          text: 'Shop now through {{1}} and use code {{2}} to get {{3}} off of all merchandise.',
          type: 'BODY',
        },
        { text: 'Use the buttons below to manage your marketing subscriptions', type: 'FOOTER' },
        {
          buttons: [
            { text: 'Unsubcribe from Promos', type: 'QUICK_REPLY' },
            { text: 'Unsubscribe from All', type: 'QUICK_REPLY' },
          ],
          type: 'BUTTONS',
        },
      ],
      language: 'en',
      name: 'seasonal_promotion_text_only',
    };
    const result = validateTemplateCreate(request);
    expect(result).toMatchObject({ language: 'en', category: 'MARKETING', ttlSeconds: 2_592_000 });
  });

  it('accepts a named-params MARKETING template (text header variable, coupon and URL buttons)', () => {
    const request = {
      name: 'order_confirmation_named',
      language: 'en_US',
      category: 'MARKETING',
      parameter_format: 'NAMED',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Your order is confirmed, {{first_name}}!',
          example: { header_text_named_params: [{ param_name: 'first_name', example: 'Jess' }] },
        },
        {
          type: 'BODY',
          text: 'Thank you, {{first_name}}! Your order {{order_number}} is confirmed. Enjoy {{discount}} off your next order.',
          example: {
            body_text_named_params: [
              { param_name: 'first_name', example: 'Jess' },
              { param_name: 'order_number', example: '9128312831' },
              { param_name: 'discount', example: '15%' },
            ],
          },
        },
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'COPY_CODE', example: 'THANKS15' },
            {
              type: 'URL',
              text: 'Shop now',
              url: 'https://www.luckyshrub.com/shop?promo={{1}}',
              example: ['https://www.luckyshrub.com/shop?promo=THANKS15'],
            },
          ],
        },
      ],
    };
    const result = validateTemplateCreate(request);
    expect(result).toMatchObject({ parameterFormat: 'NAMED', ttlSeconds: 2_592_000 });
    expect(result.upstreamBody).toEqual({ ...request, message_send_ttl_seconds: 2_592_000 });
  });

  it('accepts Meta’s flow template whose BODY type is lower-case', () => {
    const request = {
      category: 'MARKETING',
      components: [
        { text: 'Check out this new offer', type: 'body' },
        {
          buttons: [
            {
              flow_action: 'navigate',
              flow_id: '{{Flow-ID}}',
              navigate_screen: '<SCREEN_ID>',
              text: 'Check out this offer!',
              type: 'FLOW',
            },
          ],
          type: 'BUTTONS',
        },
      ],
      language: 'en_US',
      name: 'flow_offer',
    };
    expect(validateTemplateCreate(request).components[0].type).toBe('BODY');
  });

  it('accepts Meta’s multi-product template (text header variable, MPM button)', () => {
    const request = {
      category: 'MARKETING',
      components: [
        { example: { header_text: ['Pablo'] }, format: 'TEXT', text: 'Forget something {{1}}?', type: 'HEADER' },
        {
          example: { body_text: [['10OFF']] },
          text: 'Looks like you left some items in your cart! Use code {{1}} and you can get 10% off of all of them!',
          type: 'BODY',
        },
        { buttons: [{ text: 'View items', type: 'MPM' }], type: 'BUTTONS' },
      ],
      language: 'en_US',
      name: 'abandoned_cart',
    };
    expect(() => validateTemplateCreate(request)).not.toThrow();
  });
});
