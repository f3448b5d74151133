import { TemplateErrorCode, templateError } from './templates.errors';

/*
 * Send-time template rules (spec 2.2, rules 1 to 7): a type=template send is checked against the
 * catalog copy of the template BEFORE anything goes upstream, so a send that Meta would refuse
 * fails here with Meta's code and a `details` line naming the offending component.
 *
 * The caller looks the template up (APPROVED, same name and language) and answers 132001 itself
 * when there is none (templates.errors.ts); this module only compares a found template and a send.
 *
 * Codes:
 *   132000 (400)  wrong number of parameters in a component, or a required component missing
 *                 (a header/body with variables, a QUICK_REPLY button, a URL button with {{1}},
 *                 the OTP button of an authentication template), or a named parameter given twice;
 *   132012 (400)  positional vs named style mismatch, or a named parameter the template does not declare;
 *   100    (400)  anything structural: unknown component type, bad/missing index or sub_type, a static
 *                 URL button included, a parameter of the wrong type or with a malformed value.
 * Checks run in this order, the first failure wins: structure of every component (100), then header,
 * body and footer (style 132012, then count 132000, then values 100), then each sent button in send
 * order, then missing required buttons, then the authentication code comparison.
 */

/** A template as the local catalog holds it (from the create request or the upstream list). */
export interface CatalogTemplate {
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION' | string;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  /**
   * HEADER / BODY / FOOTER / BUTTONS (upstream schema, any letter case) with text, format, buttons[{ type, text,
   * url, ... }].
   */
  components: Array<Record<string, unknown>>;
}

/**
 * Throws a GraphError (132000, 132012 or 100) when `send` (the `template` object of a type=template
 * send: name, language, components) does not fit `template`. Returns normally when it fits.
 */
export function checkTemplateSend(
  template: CatalogTemplate,
  send: { components?: unknown[] } & Record<string, unknown>,
): void {
  const model = describeTemplate(template);
  const parsed = parseComponents(model, send.components);

  checkHeader(model, parsed.header);
  checkBody(model, parsed.body);
  if (parsed.footer && parsed.footer.parameters.length > 0) {
    throw countError(`footer: expected 0 parameters, got ${parsed.footer.parameters.length}`);
  }

  const codes: Array<{ text: unknown; at: string }> = [];
  for (const sent of parsed.buttons) checkButton(sent, codes);

  model.buttons.forEach((button, index) => {
    if (!button.required || parsed.buttons.some((sent) => sent.index === index)) return;
    throw countError(
      `button ${index} (${button.type}): expected 1 parameter, got 0: ${missingButtonReason(button.kind)}`,
    );
  });

  if (model.authentication) checkAuthenticationCode(parsed.body, codes);
}

// ---------------------------------------------------------------------------------------------
// The template side.

type Obj = Record<string, unknown>;

type ButtonKind = 'quick_reply' | 'dynamic_url' | 'static_url' | 'otp' | 'copy_code' | 'action' | 'other';

interface TemplateButton {
  /** Upper-case type as declared (QUICK_REPLY, URL, OTP, ...). */
  type: string;
  kind: ButtonKind;
  /** Accepted sub_type values (lower case); null = any (button types the gateway does not know). */
  subTypes: string[] | null;
  /** Must be present at send time. */
  required: boolean;
}

interface TemplateModel {
  authentication: boolean;
  named: boolean;
  /** Undefined when the template has no HEADER. */
  header?: { format: string; names: string[] };
  /** Declared body placeholders, distinct, in order of appearance ([] without BODY or variables). */
  bodyNames: string[];
  buttons: TemplateButton[];
  /** Lower-case types of the template's other components (carousel, limited_time_offer, ...). */
  componentTypes: Set<string>;
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Distinct placeholder names in order of appearance: `{{1}}` gives "1", `{{first_name}}` gives "first_name". */
function placeholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) if (!names.includes(match[1])) names.push(match[1]);
  return names;
}

/** Placeholders of a HEADER/BODY text, falling back to the example values when the text is missing. */
function declaredNames(component: Obj | undefined, named: boolean, exampleKey: 'header_text' | 'body_text'): string[] {
  if (!component) return [];
  if (typeof component.text === 'string') return placeholders(component.text);
  const example = isObj(component.example) ? component.example : {};
  if (named) {
    const list = example[`${exampleKey}_named_params`];
    if (!Array.isArray(list)) return [];
    return [
      ...new Set(
        list
          .filter(isObj)
          .map((entry) => entry.param_name)
          .filter((name): name is string => typeof name === 'string'),
      ),
    ];
  }
  const values: unknown = example[exampleKey];
  const row: unknown = exampleKey === 'body_text' && Array.isArray(values) ? values[0] : values;
  return Array.isArray(row) ? row.map((_, i) => String(i + 1)) : [];
}

function describeTemplate(template: CatalogTemplate): TemplateModel {
  const authentication = upper(template.category) === 'AUTHENTICATION';
  // Authentication templates are positional whatever the stored format says (rule 7).
  const named = !authentication && upper(template.parameterFormat) === 'NAMED';
  const components = (Array.isArray(template.components) ? template.components : []).filter(isObj);
  const find = (type: string) => components.find((component) => upper(component.type) === type);

  const headerComponent = find('HEADER');
  const header = headerComponent
    ? { format: upper(headerComponent.format) ?? 'TEXT', names: declaredNames(headerComponent, named, 'header_text') }
    : undefined;

  // Rule 7: the body of an authentication template has one variable, the code, even when the stored
  // copy is the create request (whose BODY carries no text, only add_security_recommendation).
  const bodyNames = authentication ? ['1'] : declaredNames(find('BODY'), named, 'body_text');

  const buttonsComponent = find('BUTTONS');
  const declared = buttonsComponent && Array.isArray(buttonsComponent.buttons) ? buttonsComponent.buttons : [];
  const buttons = declared.map((button) => describeButton(isObj(button) ? button : {}, authentication));

  const componentTypes = new Set(
    components.map((component) => lower(component.type)).filter((type): type is string => type !== undefined),
  );
  return { authentication, named, header, bodyNames, buttons, componentTypes };
}

function describeButton(button: Obj, authentication: boolean): TemplateButton {
  const type = upper(button.type) ?? 'UNKNOWN';
  const make = (kind: ButtonKind, subTypes: string[] | null, required = false): TemplateButton => ({
    type,
    kind,
    subTypes,
    required,
  });
  switch (type) {
    case 'QUICK_REPLY':
      return make('quick_reply', ['quick_reply'], true);
    case 'URL':
      if (placeholders(button.url).length === 0) return make('static_url', ['url']);
      // Listed from upstream, an authentication template's OTP button reads as a URL button ending in {{1}}.
      return make(authentication ? 'otp' : 'dynamic_url', ['url'], true);
    case 'OTP':
      // COPY_CODE / ONE_TAP / ZERO_TAP one-time-code buttons: sent as sub_type url with the code (rule 7).
      return make('otp', ['url'], true);
    case 'COPY_CODE':
      return make('copy_code', ['copy_code']);
    case 'FLOW':
    case 'CATALOG':
    case 'MPM':
      return make('action', [type.toLowerCase()]);
    default:
      // PHONE_NUMBER, VOICE_CALL, SPM, ... and types Meta adds later: not checked beyond the index.
      return make('other', null);
  }
}

// ---------------------------------------------------------------------------------------------
// The send side: structure first.

interface SentComponent {
  /** Position in send.components. */
  at: number;
  parameters: Obj[];
}

interface SentButton extends SentComponent {
  index: number;
  subType: string;
  button: TemplateButton;
}

interface ParsedSend {
  header?: SentComponent;
  body?: SentComponent;
  footer?: SentComponent;
  buttons: SentButton[];
}

/** Component types accepted when the template has a component of that type; their content is left to Meta. */
const PASS_THROUGH_COMPONENTS = new Set(['carousel', 'limited_time_offer']);

function parseComponents(model: TemplateModel, components: unknown): ParsedSend {
  const parsed: ParsedSend = { buttons: [] };
  if (components === undefined || components === null) return parsed;
  if (!Array.isArray(components)) throw invalid('components: must be an array');

  components.forEach((component, at) => {
    const where = `components[${at}]`;
    if (!isObj(component)) throw invalid(`${where}: must be an object`);
    const parameters = parseParameters(component.parameters, where);
    const type = lower(component.type);
    switch (type) {
      case 'header':
      case 'body':
      case 'footer':
        if (parsed[type]) throw invalid(`${where}: duplicate ${type} component`);
        parsed[type] = { at, parameters };
        return;
      case 'button':
        parsed.buttons.push(parseButton(model, component, at, parameters, parsed.buttons));
        return;
      default:
        if (type !== undefined && PASS_THROUGH_COMPONENTS.has(type)) {
          if (!model.componentTypes.has(type))
            throw invalid(`${where}.type: the template has no ${type.toUpperCase()} component`);
          return;
        }
        throw invalid(
          `${where}.type: unknown component type ${JSON.stringify(component.type ?? null)} (expected header, body or button)`,
        );
    }
  });
  return parsed;
}

function parseParameters(parameters: unknown, where: string): Obj[] {
  if (parameters === undefined || parameters === null) return [];
  if (!Array.isArray(parameters)) throw invalid(`${where}.parameters: must be an array`);
  return parameters.map((parameter, i) => {
    if (!isObj(parameter)) throw invalid(`${where}.parameters[${i}]: must be an object`);
    if (typeof parameter.type !== 'string' || parameter.type === '')
      throw invalid(`${where}.parameters[${i}].type: required`);
    return parameter;
  });
}

function parseButton(
  model: TemplateModel,
  component: Obj,
  at: number,
  parameters: Obj[],
  earlier: SentButton[],
): SentButton {
  const where = `components[${at}]`;
  const index = buttonIndex(component.index);
  if (index === undefined) {
    throw invalid(
      component.index === undefined
        ? `${where}.index: required for button components (the button's 0-based position in the template)`
        : `${where}.index: must be a button position such as "0"`,
    );
  }
  const button = model.buttons[index];
  if (!button) {
    const count = model.buttons.length;
    throw invalid(
      `${where}.index: the template has no button ${index} (it has ${count} button${count === 1 ? '' : 's'})`,
    );
  }
  if (earlier.some((sent) => sent.index === index)) throw invalid(`${where}: button ${index} is given more than once`);

  const subType = lower(component.sub_type);
  if (subType === undefined || subType === '') throw invalid(`${where}.sub_type: required for button components`);
  if (button.subTypes && !button.subTypes.includes(subType)) {
    throw invalid(
      `${where}.sub_type: button ${index} of the template is ${button.type}, sent with sub_type "${button.subTypes[0]}" (got "${String(component.sub_type)}")`,
    );
  }
  if (button.kind === 'static_url') throw invalid(`${where}: button ${index} has a static URL and must be left out`);
  return { at, parameters, index, subType, button };
}

/** A number or a string of digits; undefined when neither. */
function buttonIndex(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Header, body, footer.

const MEDIA_FORMATS = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);
const BODY_PARAMETER_TYPES = new Set(['text', 'currency', 'date_time']);

function checkHeader(model: TemplateModel, sent: SentComponent | undefined): void {
  const parameters = sent?.parameters ?? [];
  const header = model.header;
  const format = header?.format ?? 'TEXT';

  if (!header || format === 'TEXT') {
    const names = header?.names ?? [];
    checkStyle(model, 'header', names, parameters);
    checkCount('header', names.length, parameters.length);
    parameters.forEach((parameter, i) => checkTextValue(parameter, `header.parameters[${i}]`, 'a text header'));
    return;
  }

  // IMAGE / VIDEO / DOCUMENT / LOCATION: one parameter, required at send time (Meta does not fall back
  // on the creation sample), never named.
  if (!model.named) rejectParameterNames('header', parameters);
  checkCount('header', 1, parameters.length);
  const parameter = parameters[0];
  const where = 'header.parameters[0]';
  const type = lower(parameter.type);
  const expected = format.toLowerCase();
  if (type !== expected) {
    throw invalid(
      `${where}.type: the template header is ${format}, so the parameter must be of type ${expected} (got ${String(parameter.type)})`,
    );
  }
  if (MEDIA_FORMATS.has(format)) {
    const media = parameter[expected];
    if (!isObj(media)) throw invalid(`${where}.${expected}: must be an object with link or id`);
    const link = nonEmptyString(media.link);
    const id = nonEmptyString(media.id);
    if (link && id) throw invalid(`${where}.${expected}: give link or id, not both`);
    if (!link && !id) throw invalid(`${where}.${expected}: give link (a public URL) or id (a media ID)`);
    return;
  }
  if (format === 'LOCATION') {
    const location = parameter.location;
    if (!isObj(location) || !isCoordinate(location.latitude) || !isCoordinate(location.longitude)) {
      throw invalid(`${where}.location: must be an object with latitude and longitude`);
    }
  }
  // Other header formats (Meta adds some from time to time): the type check above is all.
}

function checkBody(model: TemplateModel, sent: SentComponent | undefined): void {
  const parameters = sent?.parameters ?? [];
  checkStyle(model, 'body', model.bodyNames, parameters);
  checkCount(
    'body',
    model.bodyNames.length,
    parameters.length,
    model.named ? missingNames(model.bodyNames, parameters) : [],
  );
  parameters.forEach((parameter, i) => {
    const where = `body.parameters[${i}]`;
    const type = lower(parameter.type) ?? '';
    if (model.authentication && type !== 'text') {
      throw invalid(
        `${where}.type: the body parameter of an authentication template is the code, of type text (got ${String(parameter.type)})`,
      );
    }
    if (!BODY_PARAMETER_TYPES.has(type))
      throw invalid(`${where}.type: body parameters are text, currency or date_time (got ${String(parameter.type)})`);
    if (type === 'text') checkTextValue(parameter, where, 'a body');
    else if (!isObj(parameter[type])) throw invalid(`${where}.${type}: must be an object`);
  });
}

/**
 * Positional: no parameter_name anywhere. Named: every parameter has a declared parameter_name,
 * each name once (a name given twice is a count error: 132000).
 */
function checkStyle(model: TemplateModel, component: 'header' | 'body', names: string[], parameters: Obj[]): void {
  // A component without variables takes no parameters at all: that is a count error, whatever their style.
  if (names.length === 0) checkCount(component, 0, parameters.length);
  if (!model.named) return rejectParameterNames(component, parameters);
  const seen = new Set<string>();
  parameters.forEach((parameter, i) => {
    const where = `${component}.parameters[${i}]`;
    const name = parameter.parameter_name;
    if (typeof name !== 'string' || name === '')
      throw formatError(`${where}: missing parameter_name on a named template`);
    if (!names.includes(name))
      throw formatError(`${where}.parameter_name: named parameter "${name}" is not declared in the template`);
    if (seen.has(name)) throw countError(`${where}.parameter_name: named parameter "${name}" is given more than once`);
    seen.add(name);
  });
}

function rejectParameterNames(component: string, parameters: Obj[]): void {
  parameters.forEach((parameter, i) => {
    if (parameter.parameter_name !== undefined && parameter.parameter_name !== null) {
      throw formatError(`${component}.parameters[${i}].parameter_name: this template uses positional parameters`);
    }
  });
}

function checkCount(component: string, expected: number, got: number, missing: string[] = []): void {
  if (expected === got) return;
  const suffix = missing.length > 0 ? ` (missing: ${missing.join(', ')})` : '';
  throw countError(
    `${component}: expected ${expected} ${expected === 1 ? 'parameter' : 'parameters'}, got ${got}${suffix}`,
  );
}

function missingNames(names: string[], parameters: Obj[]): string[] {
  const given = new Set(parameters.map((parameter) => parameter.parameter_name));
  return names.filter((name) => !given.has(name));
}

function checkTextValue(parameter: Obj, where: string, what: string): void {
  if (lower(parameter.type) !== 'text')
    throw invalid(`${where}.type: ${what} parameter must be of type text (got ${String(parameter.type)})`);
  if (typeof parameter.text !== 'string') throw invalid(`${where}.text: must be a string`);
}

// ---------------------------------------------------------------------------------------------
// Buttons.

function checkButton(sent: SentButton, codes: Array<{ text: unknown; at: string }>): void {
  const { button, index, parameters } = sent;
  const where = `components[${sent.at}]`;
  const label = `button ${index} (${button.type})`;
  const exactlyOne = () => checkCount(label, 1, parameters.length);

  switch (button.kind) {
    case 'quick_reply': {
      exactlyOne();
      const parameter = parameters[0];
      const type = lower(parameter.type);
      if (type === 'payload') {
        if (typeof parameter.payload !== 'string') throw invalid(`${where}.parameters[0].payload: must be a string`);
      } else if (type === 'text') {
        // Meta's own published example (sample_issue_resolution) sends a quick reply as
        // { type: text, text: true }; accepted as a legacy form, the value must be a scalar.
        if (!['string', 'boolean', 'number'].includes(typeof parameter.text))
          throw invalid(`${where}.parameters[0].text: must be a string`);
      } else {
        throw invalid(
          `${where}.parameters[0].type: a QUICK_REPLY button takes one payload parameter (got ${String(parameter.type)})`,
        );
      }
      return;
    }
    case 'dynamic_url':
    case 'otp': {
      exactlyOne();
      const parameter = parameters[0];
      const what = button.kind === 'otp' ? 'the one-time code' : 'the {{1}} URL suffix';
      if (lower(parameter.type) !== 'text')
        throw invalid(
          `${where}.parameters[0].type: this URL button takes one text parameter, ${what} (got ${String(parameter.type)})`,
        );
      if (!nonEmptyString(parameter.text))
        throw invalid(`${where}.parameters[0].text: must be a non-empty string (${what})`);
      if (button.kind === 'otp') codes.push({ text: parameter.text, at: `${where}.parameters[0].text` });
      return;
    }
    case 'copy_code': {
      exactlyOne();
      const parameter = parameters[0];
      if (lower(parameter.type) !== 'coupon_code')
        throw invalid(
          `${where}.parameters[0].type: a COPY_CODE button takes one coupon_code parameter (got ${String(parameter.type)})`,
        );
      if (!nonEmptyString(parameter.coupon_code))
        throw invalid(`${where}.parameters[0].coupon_code: must be a non-empty string`);
      return;
    }
    case 'action':
      // FLOW / CATALOG / MPM: the action parameter is optional; when given it must be an action object.
      parameters.forEach((parameter, i) => {
        if (lower(parameter.type) !== 'action')
          throw invalid(
            `${where}.parameters[${i}].type: a ${button.type} button takes an action parameter (got ${String(parameter.type)})`,
          );
        if (!isObj(parameter.action)) throw invalid(`${where}.parameters[${i}].action: must be an object`);
      });
      return;
    default:
      return;
  }
}

function missingButtonReason(kind: ButtonKind): string {
  switch (kind) {
    case 'quick_reply':
      return 'the button component is missing; QUICK_REPLY buttons are always included at send time with one payload parameter';
    case 'otp':
      return 'the button component is missing; an authentication template repeats the code as the text parameter of its url button';
    default:
      return 'the button component is missing; a URL button with {{1}} is included with one text parameter';
  }
}

/** Rule 7: the OTP button carries the same code as the body. The codes themselves are never echoed. */
function checkAuthenticationCode(body: SentComponent | undefined, codes: Array<{ text: unknown; at: string }>): void {
  const code = body?.parameters[0]?.text;
  for (const button of codes) {
    if (button.text !== code)
      throw invalid(`${button.at}: the OTP button must carry the same code as the body parameter`);
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

const invalid = (details: string) => templateError(TemplateErrorCode.InvalidParameter, details);
const countError = (details: string) => templateError(TemplateErrorCode.ParameterCount, details);
const formatError = (details: string) => templateError(TemplateErrorCode.ParameterFormat, details);

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lower(value: unknown): string | undefined {
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}

function upper(value: unknown): string | undefined {
  return typeof value === 'string' ? value.toUpperCase() : undefined;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isCoordinate(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}
