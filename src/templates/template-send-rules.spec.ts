import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GraphError, type GraphErrorBody } from '../core/graph-error';
import { CATALOG_FOR_EXAMPLE } from '../../test/fixtures/meta-example-templates';
import { type CatalogTemplate, checkTemplateSend } from './template-send-rules';
import { TemplateErrorCode as TemplateSendErrorCode, templateNotFound } from './templates.errors';

type Component = Record<string, unknown>;
type Send = { components?: unknown[] } & Record<string, unknown>;

const COUNT = 132000;
const FORMAT = 132012;
const INVALID = 100;

function template(components: Component[], overrides: Partial<CatalogTemplate> = {}): CatalogTemplate {
  return {
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    components,
    ...overrides,
  };
}

function send(...components: unknown[]): Send {
  return { name: 'order_update', language: { code: 'en_US' }, components };
}

const text = (value: string, parameterName?: string) => ({
  type: 'text',
  text: value,
  ...(parameterName !== undefined && { parameter_name: parameterName }),
});
const body = (...parameters: unknown[]) => ({ type: 'body', parameters });
const header = (...parameters: unknown[]) => ({ type: 'header', parameters });
const button = (index: unknown, subType: unknown, ...parameters: unknown[]) => ({
  type: 'button',
  sub_type: subType,
  index,
  parameters,
});
const quickReply = (index: unknown, payload: unknown = 'PAYLOAD') =>
  button(index, 'quick_reply', { type: 'payload', payload });
const urlButton = (index: unknown, suffix: unknown = 'order-42') =>
  button(index, 'url', { type: 'text', text: suffix });

/** Runs the check and returns the GraphError it throws (fails the test when nothing or something else is thrown). */
function failure(catalog: CatalogTemplate, payload: Send): GraphError {
  try {
    checkTemplateSend(catalog, payload);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphError);
    return error as GraphError;
  }
  throw new Error('expected checkTemplateSend to throw');
}

function details(error: GraphError): string {
  return String(error.options.data?.details);
}

function expectFailure(catalog: CatalogTemplate, payload: Send, code: number, detail?: string | RegExp): GraphError {
  const error = failure(catalog, payload);
  expect(error.code).toBe(code);
  expect(error.status).toBe(400);
  if (typeof detail === 'string') expect(details(error)).toContain(detail);
  else if (detail) expect(details(error)).toMatch(detail);
  return error;
}

function expectPass(catalog: CatalogTemplate, payload: Send): void {
  expect(() => checkTemplateSend(catalog, payload)).not.toThrow();
}

// ---------------------------------------------------------------------------------------------

const POSITIONAL_BODY = {
  type: 'BODY',
  text: 'Hi {{1}}, your order {{2}} has shipped.',
  example: { body_text: [['Alex', '#1042']] },
};
const NAMED_BODY = {
  type: 'BODY',
  text: 'Hi {{first_name}}, your order {{order_id}} has shipped.',
  example: {
    body_text_named_params: [
      { param_name: 'first_name', example: 'Alex' },
      { param_name: 'order_id', example: '#1042' },
    ],
  },
};
const positional = template([POSITIONAL_BODY]);
const named = template([NAMED_BODY], { parameterFormat: 'NAMED' });

describe('errors', () => {
  it('132000: GraphMethodException, HTTP 400, Meta message, details in error_data', () => {
    const error = expectFailure(positional, send(body(text('Alex'))), COUNT);
    expect(error.type).toBe('GraphMethodException');
    expect(error.message).toBe('(#132000) Number of parameters does not match the expected number of params');
    const written = error.toBody('trace-1') as GraphErrorBody;
    expect(written.error).toMatchObject({
      code: 132000,
      type: 'GraphMethodException',
      error_data: { details: 'body: expected 2 parameters, got 1' },
      fbtrace_id: 'trace-1',
    });
  });

  it('132012: Meta message and HTTP 400', () => {
    const error = expectFailure(positional, send(body(text('Alex', 'a'), text('#1'))), FORMAT);
    expect(error.message).toBe('(#132012) Parameter format does not match format in the created template');
  });

  it('100: "(#100) Invalid parameter" and HTTP 400', () => {
    const error = expectFailure(positional, send({ type: 'sticker' }), INVALID);
    expect(error.message).toBe('(#100) Invalid parameter');
    expect(error.type).toBe('GraphMethodException');
  });

  it('templateNotFound: 132001 with HTTP 404 as Meta', () => {
    const error = templateNotFound('order_update', 'en_US');
    expect(error.code).toBe(132001);
    expect(error.status).toBe(404);
    expect(error.message).toBe('(#132001) Template name does not exist in the translation');
    expect(details(error)).toContain('"order_update" (en_US)');
  });

  it('exports the codes', () => {
    expect(TemplateSendErrorCode).toEqual({
      ParameterCount: 132000,
      TemplateNotFound: 132001,
      ParameterFormat: 132012,
      InvalidParameter: 100,
    });
  });
});

describe('positional body (rules 1 and 3)', () => {
  it('accepts exactly one parameter per placeholder, in order', () => {
    expectPass(positional, send(body(text('Alex'), text('#1042'))));
  });

  it('rejects too few parameters with 132000', () => {
    expectFailure(positional, send(body(text('Alex'))), COUNT, 'body: expected 2 parameters, got 1');
  });

  it('rejects too many parameters with 132000', () => {
    expectFailure(
      positional,
      send(body(text('Alex'), text('#1042'), text('extra'))),
      COUNT,
      'body: expected 2 parameters, got 3',
    );
  });

  it('rejects a missing body component with 132000', () => {
    expectFailure(positional, send(), COUNT, 'body: expected 2 parameters, got 0');
    expectFailure(
      positional,
      { name: 'order_update', language: { code: 'en_US' } },
      COUNT,
      'body: expected 2 parameters, got 0',
    );
  });

  it('rejects a parameter_name on a positional template with 132012', () => {
    expectFailure(
      positional,
      send(body(text('Alex'), text('#1042', 'order_id'))),
      FORMAT,
      'body.parameters[1].parameter_name: this template uses positional parameters',
    );
  });

  it('reports the style (132012) before the count', () => {
    expectFailure(positional, send(body(text('Alex', 'first_name'))), FORMAT);
  });

  it('counts a placeholder used twice once', () => {
    const repeated = template([{ type: 'BODY', text: '{{1}}, yes {{1}}: your code is {{2}}' }]);
    expectPass(repeated, send(body(text('Alex'), text('1234'))));
    expectFailure(
      repeated,
      send(body(text('Alex'), text('Alex'), text('1234'))),
      COUNT,
      'expected 2 parameters, got 3',
    );
  });

  it('accepts currency and date_time parameters', () => {
    const currency = { type: 'currency', currency: { fallback_value: '$100.99', code: 'USD', amount_1000: 100990 } };
    const dateTime = { type: 'date_time', date_time: { fallback_value: 'February 25, 1977' } };
    expectPass(positional, send(body(currency, dateTime)));
  });

  it('rejects a body parameter of a media type with 100', () => {
    expectFailure(
      positional,
      send(body(text('Alex'), { type: 'image', image: { link: 'https://example.com/a.jpg' } })),
      INVALID,
      'body.parameters[1].type',
    );
  });

  it('rejects a text parameter whose text is not a string with 100', () => {
    expectFailure(
      positional,
      send(body(text('Alex'), { type: 'text', text: 42 })),
      INVALID,
      'body.parameters[1].text: must be a string',
    );
  });

  it('rejects a currency parameter without its object with 100', () => {
    expectFailure(positional, send(body(text('Alex'), { type: 'currency' })), INVALID, 'body.parameters[1].currency');
  });

  it('falls back on example.body_text when the stored body has no text', () => {
    const fromExample = template([{ type: 'BODY', example: { body_text: [['a', 'b', 'c']] } }]);
    expectPass(fromExample, send(body(text('1'), text('2'), text('3'))));
    expectFailure(fromExample, send(body(text('1'))), COUNT, 'expected 3 parameters, got 1');
  });

  describe('a body without variables', () => {
    const plain = template([{ type: 'BODY', text: 'Thanks for your order.' }]);

    it('needs no body component', () => {
      expectPass(plain, send());
      expectPass(plain, { name: 'order_update', language: { code: 'en_US' } });
    });

    it('accepts a body component without parameters', () => {
      expectPass(plain, send({ type: 'body' }));
      expectPass(plain, send(body()));
    });

    it('rejects body parameters with 132000', () => {
      expectFailure(plain, send(body(text('Alex'))), COUNT, 'body: expected 0 parameters, got 1');
    });

    it('reports a parameter_name there as a count error too (there is nothing to name)', () => {
      expectFailure(plain, send(body(text('Alex', 'x'))), COUNT, 'body: expected 0 parameters, got 1');
    });
  });
});

describe('named body (rules 2 and 3)', () => {
  it('accepts every declared name, in any order', () => {
    expectPass(named, send(body(text('Alex', 'first_name'), text('#1042', 'order_id'))));
    expectPass(named, send(body(text('#1042', 'order_id'), text('Alex', 'first_name'))));
  });

  it('rejects a parameter without parameter_name with 132012', () => {
    expectFailure(
      named,
      send(body(text('Alex', 'first_name'), text('#1042'))),
      FORMAT,
      'body.parameters[1]: missing parameter_name on a named template',
    );
  });

  it('rejects a positional-style send with 132012', () => {
    expectFailure(
      named,
      send(body(text('Alex'), text('#1042'))),
      FORMAT,
      'body.parameters[0]: missing parameter_name on a named template',
    );
  });

  it('rejects an undeclared name with 132012', () => {
    expectFailure(
      named,
      send(body(text('Alex', 'first_name'), text('#1042', 'order'))),
      FORMAT,
      'body.parameters[1].parameter_name: named parameter "order" is not declared in the template',
    );
  });

  it('reports an undeclared name (132012) before an extra parameter count', () => {
    expectFailure(
      named,
      send(body(text('Alex', 'first_name'), text('#1042', 'order_id'), text('x', 'coupon'))),
      FORMAT,
      '"coupon" is not declared',
    );
  });

  it('rejects a missing name with 132000 and names it', () => {
    expectFailure(
      named,
      send(body(text('Alex', 'first_name'))),
      COUNT,
      'body: expected 2 parameters, got 1 (missing: order_id)',
    );
  });

  it('rejects a duplicate name with 132000', () => {
    expectFailure(
      named,
      send(body(text('Alex', 'first_name'), text('Al', 'first_name'))),
      COUNT,
      'body.parameters[1].parameter_name: named parameter "first_name" is given more than once',
    );
    expectFailure(
      named,
      send(body(text('Alex', 'first_name'), text('#1', 'order_id'), text('Al', 'first_name'))),
      COUNT,
      'given more than once',
    );
  });

  it('rejects an empty or non-string parameter_name with 132012', () => {
    expectFailure(named, send(body(text('Alex', ''), text('#1042', 'order_id'))), FORMAT, 'missing parameter_name');
    expectFailure(
      named,
      send(body({ type: 'text', text: 'Alex', parameter_name: 7 }, text('#1042', 'order_id'))),
      FORMAT,
      'missing parameter_name',
    );
  });

  it('matches names case-sensitively', () => {
    expectFailure(
      named,
      send(body(text('Alex', 'First_Name'), text('#1042', 'order_id'))),
      FORMAT,
      '"First_Name" is not declared',
    );
  });

  it('falls back on example.body_text_named_params when the stored body has no text', () => {
    const { text: _ignored, ...withoutText } = NAMED_BODY;
    const fromExample = template([withoutText], { parameterFormat: 'NAMED' });
    expectPass(fromExample, send(body(text('#1042', 'order_id'), text('Alex', 'first_name'))));
  });

  it('reads the stored format case-insensitively', () => {
    const lowerCase = template([NAMED_BODY], { parameterFormat: 'named' as CatalogTemplate['parameterFormat'] });
    expectFailure(lowerCase, send(body(text('Alex'), text('#1042'))), FORMAT);
  });
});

describe('headers (rule: header parameters)', () => {
  const withHeader = (headerComponent: Component, overrides: Partial<CatalogTemplate> = {}) =>
    template([headerComponent, { type: 'BODY', text: 'Your order has shipped.' }], overrides);
  const image = (media: unknown) => ({ type: 'image', image: media });

  describe('TEXT', () => {
    const textHeader = withHeader({ type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' });

    it('with a variable takes one text parameter', () => {
      expectPass(textHeader, send(header(text('#1042'))));
    });

    it('with a variable: missing header component is 132000', () => {
      expectFailure(textHeader, send(), COUNT, 'header: expected 1 parameter, got 0');
    });

    it('with a variable: two parameters are 132000', () => {
      expectFailure(textHeader, send(header(text('#1042'), text('x'))), COUNT, 'header: expected 1 parameter, got 2');
    });

    it('with a variable: a non-text parameter is 100', () => {
      expectFailure(
        textHeader,
        send(header(image({ link: 'https://example.com/a.jpg' }))),
        INVALID,
        'header.parameters[0].type',
      );
    });

    it('positional: a parameter_name is 132012', () => {
      expectFailure(
        textHeader,
        send(header(text('#1042', 'order_id'))),
        FORMAT,
        'header.parameters[0].parameter_name: this template uses positional parameters',
      );
    });

    it('named: needs the declared parameter_name', () => {
      const namedHeader = withHeader(
        { type: 'HEADER', format: 'TEXT', text: 'Order {{order_id}}' },
        { parameterFormat: 'NAMED' },
      );
      expectPass(namedHeader, send(header(text('#1042', 'order_id'))));
      expectFailure(
        namedHeader,
        send(header(text('#1042'))),
        FORMAT,
        'header.parameters[0]: missing parameter_name on a named template',
      );
      expectFailure(
        namedHeader,
        send(header(text('#1042', 'order'))),
        FORMAT,
        'named parameter "order" is not declared',
      );
    });

    it('without a variable: no header component, or one without parameters', () => {
      const staticHeader = withHeader({ type: 'HEADER', format: 'TEXT', text: 'Order update' });
      expectPass(staticHeader, send());
      expectPass(staticHeader, send(header()));
      expectFailure(staticHeader, send(header(text('x'))), COUNT, 'header: expected 0 parameters, got 1');
    });

    it('a template without any header rejects header parameters with 132000', () => {
      expectFailure(
        positional,
        send(header(text('x')), body(text('Alex'), text('#1042'))),
        COUNT,
        'header: expected 0 parameters, got 1',
      );
    });
  });

  describe('media (IMAGE / VIDEO / DOCUMENT)', () => {
    const imageHeader = withHeader({ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1h'] } });

    it.each([
      ['IMAGE', 'image'],
      ['VIDEO', 'video'],
      ['DOCUMENT', 'document'],
    ])('%s takes one %s parameter, by link or by id', (format, type) => {
      const media = withHeader({ type: 'HEADER', format });
      expectPass(media, send(header({ type, [type]: { link: `https://example.com/file.${type}` } })));
      expectPass(media, send(header({ type, [type]: { id: '1479537139650973' } })));
    });

    it('is required at send time: missing header is 132000', () => {
      expectFailure(imageHeader, send(), COUNT, 'header: expected 1 parameter, got 0');
      expectFailure(imageHeader, send(header()), COUNT, 'header: expected 1 parameter, got 0');
    });

    it('rejects two parameters with 132000', () => {
      expectFailure(
        imageHeader,
        send(header(image({ id: '1' }), image({ id: '2' }))),
        COUNT,
        'header: expected 1 parameter, got 2',
      );
    });

    it.each([
      ['IMAGE', 'document'],
      ['IMAGE', 'video'],
      ['DOCUMENT', 'image'],
      ['VIDEO', 'image'],
      ['IMAGE', 'text'],
    ])('a %s header rejects a %s parameter with 100', (format, type) => {
      const media = withHeader({ type: 'HEADER', format });
      expectFailure(
        media,
        send(header({ type, [type]: { link: 'https://example.com/x' }, text: 'x' })),
        INVALID,
        `the template header is ${format}`,
      );
    });

    it('rejects both link and id with 100', () => {
      expectFailure(
        imageHeader,
        send(header(image({ link: 'https://example.com/a.jpg', id: '1' }))),
        INVALID,
        'header.parameters[0].image: give link or id, not both',
      );
    });

    it('rejects neither link nor id with 100', () => {
      expectFailure(
        imageHeader,
        send(header(image({ caption: 'x' }))),
        INVALID,
        'header.parameters[0].image: give link',
      );
      expectFailure(imageHeader, send(header(image({ link: '' }))), INVALID, 'header.parameters[0].image');
    });

    it('rejects a media parameter without its object with 100', () => {
      expectFailure(
        imageHeader,
        send(header({ type: 'image', link: 'https://example.com/a.jpg' })),
        INVALID,
        'must be an object with link or id',
      );
    });

    it('matches parameter type and header format case-insensitively', () => {
      const lowerFormat = withHeader({ type: 'header', format: 'image' });
      expectPass(lowerFormat, send(header({ type: 'IMAGE', image: { id: '1' } })));
    });

    it('positional: a parameter_name on the media parameter is 132012', () => {
      expectFailure(imageHeader, send(header({ ...image({ id: '1' }), parameter_name: 'photo' })), FORMAT);
    });

    it('named: the media parameter needs no parameter_name', () => {
      const namedMedia = template([{ type: 'HEADER', format: 'IMAGE' }, NAMED_BODY], { parameterFormat: 'NAMED' });
      expectPass(
        namedMedia,
        send(header(image({ id: '1' })), body(text('Alex', 'first_name'), text('#1', 'order_id'))),
      );
    });
  });

  describe('LOCATION', () => {
    const locationHeader = withHeader({ type: 'HEADER', format: 'LOCATION' });
    const location = (value: unknown) => ({ type: 'location', location: value });

    it('takes one location parameter', () => {
      expectPass(
        locationHeader,
        send(header(location({ latitude: 37.483307, longitude: -122.148981, name: 'HQ', address: '1 Hacker Way' }))),
      );
      expectPass(locationHeader, send(header(location({ latitude: '37.48', longitude: '-122.14' }))));
    });

    it('is required: missing header is 132000', () => {
      expectFailure(locationHeader, send(), COUNT, 'header: expected 1 parameter, got 0');
    });

    it('rejects a location without coordinates with 100', () => {
      expectFailure(
        locationHeader,
        send(header(location({ name: 'HQ' }))),
        INVALID,
        'header.parameters[0].location: must be an object with latitude and longitude',
      );
      expectFailure(
        locationHeader,
        send(header(location({ latitude: 'north', longitude: 1 }))),
        INVALID,
        'latitude and longitude',
      );
    });

    it('rejects another parameter type with 100', () => {
      expectFailure(locationHeader, send(header(text('HQ'))), INVALID, 'the template header is LOCATION');
    });
  });
});

describe('buttons (rules 4, 5 and 6)', () => {
  // Buttons: 0 static URL, 1 QUICK_REPLY, 2 dynamic URL.
  const mixed = template([
    { type: 'BODY', text: 'Your order has shipped.' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'Help', url: 'https://example.com/help' },
        { type: 'QUICK_REPLY', text: 'Stop updates' },
        {
          type: 'URL',
          text: 'Track',
          url: 'https://example.com/track/{{1}}',
          example: ['https://example.com/track/1042'],
        },
      ],
    },
  ]);

  it('index is the position in the template: quick reply at 1, dynamic URL at 2, static URL 0 left out', () => {
    expectPass(mixed, send(quickReply('1'), urlButton('2')));
  });

  it('accepts numeric indexes and any component order', () => {
    expectPass(mixed, send(urlButton(2), { type: 'body' }, quickReply(1)));
  });

  it('accepts sub_type and component type in any letter case', () => {
    expectPass(
      mixed,
      send({ ...quickReply('1'), sub_type: 'QUICK_REPLY', type: 'BUTTON' }, { ...urlButton('2'), sub_type: 'URL' }),
    );
  });

  it('rejects the static URL button with 100', () => {
    expectFailure(
      mixed,
      send(quickReply('1'), urlButton('2'), button('0', 'url', text('x'))),
      INVALID,
      'components[2]: button 0 has a static URL and must be left out',
    );
    expectFailure(
      mixed,
      send(quickReply('1'), urlButton('2'), button('0', 'url')),
      INVALID,
      'button 0 has a static URL',
    );
  });

  it('rejects a static URL button wherever it sits (button 1)', () => {
    const staticSecond = template([
      { type: 'BODY', text: 'Hi' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Yes' },
          { type: 'URL', text: 'Site', url: 'https://example.com' },
        ],
      },
    ]);
    expectPass(staticSecond, send(quickReply('0')));
    expectFailure(
      staticSecond,
      send(body(), quickReply('0'), urlButton('1')),
      INVALID,
      'components[2]: button 1 has a static URL and must be left out',
    );
  });

  it('rejects a sub_type that does not match the button at that index with 100', () => {
    // Array positions instead of template positions: quick reply sent as 0, URL as 1.
    expectFailure(
      mixed,
      send(quickReply('0'), urlButton('1')),
      INVALID,
      'components[0].sub_type: button 0 of the template is URL',
    );
    expectFailure(
      mixed,
      send(urlButton('1'), quickReply('2')),
      INVALID,
      'button 1 of the template is QUICK_REPLY, sent with sub_type "quick_reply" (got "url")',
    );
  });

  it('rejects an index past the template buttons with 100', () => {
    expectFailure(
      mixed,
      send(quickReply('1'), urlButton('2'), quickReply('3')),
      INVALID,
      'components[2].index: the template has no button 3 (it has 3 buttons)',
    );
  });

  it('rejects a button on a template without buttons with 100', () => {
    expectFailure(
      positional,
      send(body(text('a'), text('b')), quickReply('0')),
      INVALID,
      'the template has no button 0 (it has 0 buttons)',
    );
  });

  it.each([[undefined], ['one'], [-1], [1.5], [''], [null], [' 1']])('rejects index %p with 100', (index) => {
    expectFailure(mixed, send(quickReply(index), urlButton('2')), INVALID, 'components[0].index');
  });

  it('rejects a missing sub_type with 100', () => {
    expectFailure(
      mixed,
      send(button('1', undefined, { type: 'payload', payload: 'x' }), urlButton('2')),
      INVALID,
      'components[0].sub_type: required',
    );
  });

  it('rejects the same button twice with 100', () => {
    expectFailure(
      mixed,
      send(quickReply('1'), urlButton('2'), quickReply(1)),
      INVALID,
      'components[2]: button 1 is given more than once',
    );
  });

  it('requires every QUICK_REPLY button: missing is 132000 naming the button', () => {
    expectFailure(mixed, send(urlButton('2')), COUNT, 'button 1 (QUICK_REPLY): expected 1 parameter, got 0');
  });

  it('requires every URL button with {{1}}: missing is 132000 naming the button', () => {
    expectFailure(mixed, send(quickReply('1')), COUNT, 'button 2 (URL): expected 1 parameter, got 0');
  });

  it('QUICK_REPLY: zero or two parameters are 132000', () => {
    expectFailure(
      mixed,
      send(button('1', 'quick_reply'), urlButton('2')),
      COUNT,
      'button 1 (QUICK_REPLY): expected 1 parameter, got 0',
    );
    expectFailure(
      mixed,
      send(
        button('1', 'quick_reply', { type: 'payload', payload: 'a' }, { type: 'payload', payload: 'b' }),
        urlButton('2'),
      ),
      COUNT,
      'got 2',
    );
  });

  it('QUICK_REPLY: a parameter other than payload is 100', () => {
    expectFailure(
      mixed,
      send(button('1', 'quick_reply', { type: 'image', image: { id: '1' } }), urlButton('2')),
      INVALID,
      'a QUICK_REPLY button takes one payload parameter',
    );
  });

  it('QUICK_REPLY: a payload that is not a string is 100', () => {
    expectFailure(
      mixed,
      send(quickReply('1', 42), urlButton('2')),
      INVALID,
      'components[0].parameters[0].payload: must be a string',
    );
  });

  it("QUICK_REPLY: accepts Meta's legacy text form (sample_issue_resolution)", () => {
    expectPass(mixed, send(button('1', 'quick_reply', { type: 'text', text: true }), urlButton('2')));
  });

  it('dynamic URL: zero or two parameters are 132000', () => {
    expectFailure(
      mixed,
      send(quickReply('1'), button('2', 'url')),
      COUNT,
      'button 2 (URL): expected 1 parameter, got 0',
    );
    expectFailure(mixed, send(quickReply('1'), button('2', 'url', text('a'), text('b'))), COUNT, 'got 2');
  });

  it('dynamic URL: a non-text parameter or an empty suffix is 100', () => {
    expectFailure(
      mixed,
      send(quickReply('1'), button('2', 'url', { type: 'payload', payload: 'x' })),
      INVALID,
      'this URL button takes one text parameter',
    );
    expectFailure(
      mixed,
      send(quickReply('1'), urlButton('2', '')),
      INVALID,
      'components[1].parameters[0].text: must be a non-empty string',
    );
  });

  describe('other button types', () => {
    const others = template([
      { type: 'BODY', text: 'Hi' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'COPY_CODE', example: 'SUMMER25' },
          { type: 'FLOW', text: 'Book', flow_id: '1256843372179458' },
          { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15551234567' },
        ],
      },
    ]);

    it('are optional at send time', () => {
      expectPass(others, send());
    });

    it('COPY_CODE takes one coupon_code parameter', () => {
      expectPass(others, send(button('0', 'copy_code', { type: 'coupon_code', coupon_code: 'SUMMER25' })));
      expectFailure(
        others,
        send(button('0', 'copy_code', text('SUMMER25'))),
        INVALID,
        'a COPY_CODE button takes one coupon_code parameter',
      );
      expectFailure(
        others,
        send(button('0', 'url', { type: 'coupon_code', coupon_code: 'SUMMER25' })),
        INVALID,
        'button 0 of the template is COPY_CODE',
      );
    });

    it('FLOW takes an optional action parameter', () => {
      expectPass(others, send(button('1', 'flow')));
      expectPass(others, send(button('1', 'flow', { type: 'action', action: { flow_token: 't' } })));
      expectFailure(others, send(button('1', 'flow', text('x'))), INVALID, 'a FLOW button takes an action parameter');
    });

    it('types the gateway does not model (PHONE_NUMBER, ...) are passed on', () => {
      expectPass(others, send(button('2', 'voice_call')));
    });
  });
});

describe('components (structure)', () => {
  it('rejects components that are not an array with 100', () => {
    expectFailure(
      positional,
      { name: 'x', components: { type: 'body' } as unknown as unknown[] },
      INVALID,
      'components: must be an array',
    );
  });

  it('rejects a component that is not an object with 100', () => {
    expectFailure(positional, send('body'), INVALID, 'components[0]: must be an object');
  });

  it('rejects an unknown or missing component type with 100', () => {
    expectFailure(
      positional,
      send({ type: 'buttons', parameters: [] }),
      INVALID,
      'components[0].type: unknown component type "buttons"',
    );
    expectFailure(positional, send({ parameters: [] }), INVALID, 'components[0].type: unknown component type null');
  });

  it('rejects parameters that are not an array, or a parameter without type, with 100', () => {
    expectFailure(
      positional,
      send({ type: 'body', parameters: text('x') }),
      INVALID,
      'components[0].parameters: must be an array',
    );
    expectFailure(
      positional,
      send(body({ text: 'Alex' }, text('#1'))),
      INVALID,
      'components[0].parameters[0].type: required',
    );
    expectFailure(
      positional,
      send(body('Alex', text('#1'))),
      INVALID,
      'components[0].parameters[0]: must be an object',
    );
  });

  it('rejects a duplicate body or header component with 100', () => {
    expectFailure(
      positional,
      send(body(text('a'), text('b')), body(text('a'), text('b'))),
      INVALID,
      'components[1]: duplicate body component',
    );
    expectFailure(positional, send(header(), header()), INVALID, 'duplicate header component');
  });

  it('accepts a footer without parameters; footer parameters are 132000', () => {
    const withFooter = template([POSITIONAL_BODY, { type: 'FOOTER', text: 'Reply STOP to opt out' }]);
    expectPass(withFooter, send(body(text('a'), text('b')), { type: 'footer' }));
    expectFailure(
      withFooter,
      send(body(text('a'), text('b')), { type: 'footer', parameters: [text('x')] }),
      COUNT,
      'footer: expected 0 parameters, got 1',
    );
  });

  it('accepts carousel / limited_time_offer components only when the template has one', () => {
    const carousel = template([
      { type: 'BODY', text: 'Our picks' },
      { type: 'CAROUSEL', cards: [] },
    ]);
    expectPass(carousel, send({ type: 'carousel', cards: [] }));
    expectFailure(
      positional,
      send(body(text('a'), text('b')), { type: 'limited_time_offer', parameters: [] }),
      INVALID,
      'components[1].type: the template has no LIMITED_TIME_OFFER component',
    );
  });

  it('checks a full template whatever the component order', () => {
    const full = template([
      { type: 'HEADER', format: 'IMAGE' },
      POSITIONAL_BODY,
      { type: 'FOOTER', text: 'Thanks' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop' },
          { type: 'URL', text: 'Track', url: 'https://example.com/t/{{1}}' },
        ],
      },
    ]);
    expectPass(
      full,
      send(
        urlButton('1'),
        body(text('Alex'), text('#1')),
        quickReply('0'),
        header({ type: 'image', image: { id: '1' } }),
      ),
    );
  });
});

describe('authentication templates (rule 7)', () => {
  // As stored from the create request: no body text, an OTP button.
  const created = template(
    [
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 10 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
    ],
    { name: 'login_code', category: 'AUTHENTICATION' },
  );
  // As listed from upstream: the OTP button reads as a URL button ending in {{1}}.
  const listed = template(
    [
      { type: 'BODY', text: '*{{1}}* is your verification code. For your security, do not share this code.' },
      { type: 'FOOTER', text: 'This code expires in 10 minutes.' },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Copy code',
            url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp{{1}}',
            example: ['https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp123456'],
          },
        ],
      },
    ],
    { name: 'login_code', category: 'AUTHENTICATION' },
  );
  const otpSend = (bodyCode: string, buttonCode: unknown = bodyCode) =>
    send(body(text(bodyCode)), button('0', 'url', { type: 'text', text: buttonCode }));

  it('accepts the code in the body and again in the url button (create-request form)', () => {
    expectPass(created, otpSend('123456'));
  });

  it('accepts the code in the body and again in the url button (upstream list form)', () => {
    expectPass(listed, otpSend('123456'));
    expectPass(
      listed,
      send({ type: 'button', sub_type: 'url', index: 0, parameters: [text('123456')] }, body(text('123456'))),
    );
  });

  it('rejects different codes with 100 without echoing them', () => {
    const error = expectFailure(
      created,
      otpSend('123456', '654321'),
      INVALID,
      'components[1].parameters[0].text: the OTP button must carry the same code as the body parameter',
    );
    expect(details(error)).not.toContain('123456');
    expect(details(error)).not.toContain('654321');
  });

  it('requires the OTP button: missing is 132000', () => {
    expectFailure(created, send(body(text('123456'))), COUNT, 'button 0 (OTP): expected 1 parameter, got 0');
    expectFailure(listed, send(body(text('123456'))), COUNT, 'button 0 (URL): expected 1 parameter, got 0');
  });

  it('requires exactly one body parameter: 132000 otherwise', () => {
    expectFailure(created, send(button('0', 'url', text('123456'))), COUNT, 'body: expected 1 parameter, got 0');
    expectFailure(
      created,
      send(body(text('123456'), text('x')), button('0', 'url', text('123456'))),
      COUNT,
      'body: expected 1 parameter, got 2',
    );
  });

  it('rejects the OTP button sent with another sub_type with 100', () => {
    expectFailure(
      created,
      send(body(text('123456')), button('0', 'copy_code', { type: 'coupon_code', coupon_code: '123456' })),
      INVALID,
      'button 0 of the template is OTP, sent with sub_type "url"',
    );
  });

  it('rejects a code button without a text parameter with 100 or 132000', () => {
    expectFailure(
      created,
      send(body(text('123456')), button('0', 'url', { type: 'payload', payload: '123456' })),
      INVALID,
      'the one-time code',
    );
    expectFailure(
      created,
      send(body(text('123456')), button('0', 'url')),
      COUNT,
      'button 0 (OTP): expected 1 parameter, got 0',
    );
  });

  it('is positional: a parameter_name on the code is 132012', () => {
    expectFailure(created, send(body(text('123456', 'code')), button('0', 'url', text('123456'))), FORMAT);
  });

  it('takes the code as text: a currency body parameter is 100', () => {
    const currency = { type: 'currency', currency: { fallback_value: '$1', code: 'USD', amount_1000: 1000 } };
    expectFailure(created, send(body(currency), button('0', 'url', text('123456'))), INVALID, 'the code, of type text');
  });

  it('has no header: header parameters are 132000', () => {
    expectFailure(
      created,
      send(header(text('x')), ...otpSend('123456').components!),
      COUNT,
      'header: expected 0 parameters, got 1',
    );
  });

  it('matches the category case-insensitively', () => {
    expectFailure({ ...created, category: 'authentication' }, send(body(text('123456'))), COUNT, 'button 0 (OTP)');
  });
});

// ---------------------------------------------------------------------------------------------
// Meta's own send examples (src/messages/meta-send-examples.json), each against a catalog template
// written to match it (as the template would have been created).

interface Example {
  name: string;
  kind: string;
  type: string | null;
  body: { template?: Send & { name: string; language: { code: string } } };
}

const fixture = JSON.parse(readFileSync(join(__dirname, '../messages/meta-send-examples.json'), 'utf8')) as {
  examples: Example[];
};
const templateExamples = fixture.examples.filter((example) => example.body.template !== undefined);

describe("Meta's template send examples", () => {
  it('the fixture holds template examples, each with a catalog template here', () => {
    expect(templateExamples.length).toBeGreaterThanOrEqual(9);
    expect(templateExamples.map((example) => example.name).sort()).toEqual(Object.keys(CATALOG_FOR_EXAMPLE).sort());
  });

  it.each(templateExamples.map((example) => [example.name, example] as const))(
    '%s passes against its catalog template',
    (name, example) => {
      const catalog = CATALOG_FOR_EXAMPLE[name];
      const sent = example.body.template!;
      expect(sent.name).toBe(catalog.name);
      expect(sent.language.code).toBe(catalog.language);
      expectPass(catalog, sent);
    },
  );

  it.each(
    templateExamples
      .filter((example) => (example.body.template!.components ?? []).some((c) => (c as Component).type === 'body'))
      .map((example) => [example.name, example] as const),
  )('%s fails with 132000 when a body parameter is dropped', (name, example) => {
    const sent = structuredClone(example.body.template!);
    const bodyComponent = sent.components!.find((c) => (c as Component).type === 'body') as { parameters: unknown[] };
    bodyComponent.parameters.pop();
    expectFailure(CATALOG_FOR_EXAMPLE[name], sent, COUNT, /^body: expected \d+ parameters?, got \d+$/);
  });

  it('order_shipped with quick replies fails with 132000 when a quick reply is left out', () => {
    const sent = structuredClone(
      templateExamples.find((example) => example.name === 'message-template-interactive')!.body.template!,
    );
    sent.components = sent.components!.filter((c) => (c as Component).index !== '1');
    expectFailure(
      CATALOG_FOR_EXAMPLE['message-template-interactive'],
      sent,
      COUNT,
      'button 1 (QUICK_REPLY): expected 1 parameter, got 0',
    );
  });

  it('order_shipped with an image header fails with 132000 when the header is left out', () => {
    const sent = structuredClone(
      templateExamples.find((example) => example.name === 'message-template-media')!.body.template!,
    );
    sent.components = sent.components!.filter((c) => (c as Component).type !== 'header');
    expectFailure(CATALOG_FOR_EXAMPLE['message-template-media'], sent, COUNT, 'header: expected 1 parameter, got 0');
  });
});
