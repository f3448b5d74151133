import { normalizeTemplateLanguage } from './locales';

/*
 * Template create rules (spec 2.4, 8): a pure check of a `POST /v1/{wabaId}/message_templates` body
 * before anything is sent upstream. It answers with the body to forward (normalized, gateway-only
 * fields removed) and what the service needs to know about it, or throws 400 code 100 with
 * `error_data.details` = "<field path>: <rule>", for example
 * `components[1].buttons[0].url: the variable must be the last token of the URL`.
 *
 * Where Meta's rules are uncertain the choice is written beside the rule. In short:
 * - Type-like values are matched case-insensitively and upper-cased (category, parameter_format,
 *   component type, header format, button type, otp_type), as Meta stores them.
 * - `language` accepts Meta's codes in any case and with `-` for `_`, and is sent in Meta's spelling.
 * - Positional variables: the distinct numbers must be exactly 1..n (no gap, no {{0}}, no leading
 *   zero); a number may repeat and order of appearance is free; examples give one value per
 *   distinct number. Named variables: `[a-z_][a-z0-9_]*`, may repeat; named examples cover each
 *   distinct name exactly once.
 * - A BODY may not start or end with a variable (Meta refuses it synchronously: subcode 2388299,
 *   "Variables can't be at the start or end of the template"); not applied to AUTHENTICATION,
 *   whose fixed text Meta writes itself.
 * - An example for variables that the text does not have is refused (it can only be a mistake).
 * - AUTHENTICATION: no HEADER at all, BUTTONS required with exactly one OTP button, FOOTER only as
 *   `code_expiration_minutes` (1..90), always POSITIONAL.
 * - Only HEADER, BODY, FOOTER and BUTTONS components (carousel and limited-time-offer templates are
 *   not supported by the gateway).
 */

export type ParameterFormat = 'POSITIONAL' | 'NAMED';
export type TemplateCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';

export interface ValidatedTemplate {
  /**
   * The body to forward upstream: the request minus gateway-only fields (header_media_file_id,
   * group_name), with name, language, category and components normalized, parameter_format set,
   * and message_send_ttl_seconds set to the effective value, except when a UTILITY template omits
   * it: its effective value (Meta's 30-day default) is above the 43,200 s a UTILITY template may
   * set, so it is left for Meta to apply rather than sent and refused.
   */
  upstreamBody: Record<string, unknown>;
  name: string;
  language: string;
  category: TemplateCategory;
  parameterFormat: ParameterFormat;
  /** The effective message_send_ttl_seconds (the category's default when omitted). */
  ttlSeconds: number;
  components: Array<Record<string, unknown>>;
  /** Index in `components` of the first HEADER whose format is not TEXT (IMAGE/VIDEO/DOCUMENT/LOCATION), or -1. */
  mediaHeaderIndex: number;
  /** Gateway field (a media library asset id), removed from upstreamBody. */
  headerMediaFileId?: string;
  /** Gateway field (smart template groups), removed from upstreamBody. */
  groupName?: string;
}

/**
 * Delivery TTL per category (spec 8). UTILITY's default is Meta's 30 days although a set value must be at most 12
 * hours.
 */
export const TTL_RULES: Record<TemplateCategory, { min: number; max: number; default: number }> = {
  AUTHENTICATION: { min: 30, max: 900, default: 600 },
  UTILITY: { min: 30, max: 43_200, default: 2_592_000 },
  MARKETING: { min: 43_200, max: 2_592_000, default: 2_592_000 },
};

export const TEMPLATE_CATEGORIES: readonly TemplateCategory[] = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];
export const PARAMETER_FORMATS: readonly ParameterFormat[] = ['POSITIONAL', 'NAMED'];
export const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
export const BUTTON_TYPES = [
  'QUICK_REPLY',
  'URL',
  'PHONE_NUMBER',
  'OTP',
  'COPY_CODE',
  'FLOW',
  'CATALOG',
  'MPM',
  'SPM',
  'VOICE_CALL',
] as const;
export const OTP_TYPES = ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'] as const;

/** Gateway-only top-level fields: read here, never forwarded. */
export const GATEWAY_FIELDS = ['header_media_file_id', 'group_name'] as const;

export const TEMPLATE_LIMITS = {
  nameMaxLength: 512,
  headerTextMaxLength: 60,
  bodyTextMaxLength: 1024,
  footerTextMaxLength: 60,
  buttonTextMaxLength: 25,
  buttonsMax: 10,
  urlMaxLength: 2000,
  phoneNumberMaxLength: 20,
  copyCodeExampleMaxLength: 15,
  codeExpirationMinutes: { min: 1, max: 90 },
  supportedAppsMax: 5,
  /** Per-type button caps Meta documents. */
  buttonTypeMax: { URL: 2, PHONE_NUMBER: 1, COPY_CODE: 1 } as Partial<Record<ButtonType, number>>,
} as const;

type ButtonType = (typeof BUTTON_TYPES)[number];
type Json = Record<string, unknown>;

const MEDIA_HEADER_FORMATS = new Set<string>(['IMAGE', 'VIDEO', 'DOCUMENT']);
const NAME_PATTERN = /^[a-z0-9_]+$/;
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const POSITIONAL_NAME = /^[1-9][0-9]*$/;
const NAMED_NAME = /^[a-z_][a-z0-9_]*$/;
/** Buttons that carry a required label of at most 25 characters. */
const LABELLED_BUTTONS = new Set<ButtonType>([
  'QUICK_REPLY',
  'URL',
  'PHONE_NUMBER',
  'FLOW',
  'CATALOG',
  'MPM',
  'SPM',
  'VOICE_CALL',
]);

/**
 * The placeholder names of a text, in order of first appearance, each once:
 * `'Hi {{first_name}}, order {{1}} ({{1}})'` → `['first_name', '1']`. Names are returned as
 * written between the braces (not trimmed), so a malformed `{{ 1 }}` comes back as `' 1 '`.
 */
export function placeholdersOf(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!names.includes(match[1])) names.push(match[1]);
  }
  return names;
}

/**
 * A create rule a template breaks: where (`components[0].text`) and which rule. The API answers it
 * as 400 code 100 (`invalidTemplate`, templates.errors.ts); the console shows it as the tenant types.
 * This file imports nothing of the server's so that the console's bundle runs these very rules.
 */
export class TemplateRuleBroken extends Error {
  constructor(
    readonly path: string,
    readonly rule: string,
  ) {
    super(`${path}: ${rule}`);
  }
}

/** Validates and normalizes a template create request; throws TemplateRuleBroken naming the field and the rule. */
export function validateTemplateCreate(body: unknown): ValidatedTemplate {
  if (!isObject(body)) fail('request', 'the body must be a JSON object');

  const name = identifier(body, 'name', true) as string;
  const language = templateLanguage(body.language);
  const category = templateCategory(body.category);
  const declaredFormat = parameterFormat(body.parameter_format);
  const ttl = ttlSeconds(body.message_send_ttl_seconds, category);
  const groupName = identifier(body, 'group_name', false);
  const headerMediaFileId = mediaFileId(body.header_media_file_id);

  const components = componentList(body.components);
  const format = effectiveFormat(components, declaredFormat, category);
  const context: Context = { category, format, headerMediaFileId };
  components.forEach((component, index) => validateComponent(component, index, context));
  categoryShape(components, category);

  const mediaHeaderIndex = components.findIndex(
    (component) => component.type === 'HEADER' && component.format !== 'TEXT',
  );
  if (headerMediaFileId !== undefined) {
    const header = mediaHeaderIndex >= 0 ? components[mediaHeaderIndex] : undefined;
    if (!header || !MEDIA_HEADER_FORMATS.has(String(header.format))) {
      fail('header_media_file_id', 'only valid with an IMAGE, VIDEO or DOCUMENT HEADER');
    }
  }

  const upstreamBody: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (!(GATEWAY_FIELDS as readonly string[]).includes(key)) upstreamBody[key] = structuredClone(value);
  }
  Object.assign(upstreamBody, {
    name,
    language,
    category,
    components: structuredClone(components),
    parameter_format: format,
  });
  // A given value is always in range; a default is sent unless it is one Meta would refuse (UTILITY's 30 days).
  const rule = TTL_RULES[category];
  if (ttl >= rule.min && ttl <= rule.max) upstreamBody.message_send_ttl_seconds = ttl;
  else delete upstreamBody.message_send_ttl_seconds;

  return {
    upstreamBody,
    name,
    language,
    category,
    parameterFormat: format,
    ttlSeconds: ttl,
    components,
    mediaHeaderIndex,
    ...(headerMediaFileId !== undefined && { headerMediaFileId }),
    ...(groupName !== undefined && { groupName }),
  };
}

// Errors and small readers

function fail(path: string, rule: string): never {
  throw new TemplateRuleBroken(path, rule);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Length in characters (code points), so an emoji counts once. */
function length(text: string): number {
  return [...text].length;
}

function upper(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  const normalized = upper(value);
  if (typeof normalized !== 'string' || !(allowed as readonly string[]).includes(normalized)) {
    fail(path, isAbsent(value) ? `is required: one of ${allowed.join(', ')}` : `must be one of ${allowed.join(', ')}`);
  }
  return normalized as T;
}

/** A required (or optional) string of 1..max characters that is not blank. */
function text(value: unknown, path: string, max: number, required = true): string | undefined {
  if (isAbsent(value)) {
    if (required) fail(path, 'is required');
    return undefined;
  }
  if (typeof value !== 'string') fail(path, 'must be a string');
  if (value.trim() === '') fail(path, 'must not be empty');
  if (length(value) > max) fail(path, `must be at most ${max} characters`);
  return value;
}

function integerIn(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(path, `must be an integer from ${min} to ${max}`);
  if (value < min || value > max) fail(path, `must be between ${min} and ${max}`);
  return value;
}

function noVariables(value: string, path: string): void {
  if (value.includes('{{') || value.includes('}}')) fail(path, 'must not contain variables');
}

// Top-level fields

function identifier(body: Json, field: 'name' | 'group_name', required: boolean): string | undefined {
  const value = text(body[field], field, TEMPLATE_LIMITS.nameMaxLength, required);
  if (value !== undefined && !NAME_PATTERN.test(value)) fail(field, 'lowercase letters, digits and underscores only');
  return value;
}

function templateLanguage(value: unknown): string {
  if (isAbsent(value)) fail('language', 'is required');
  if (typeof value !== 'string') fail('language', 'must be a string');
  const code = normalizeTemplateLanguage(value);
  if (!code) fail('language', `"${value}" is not a template language Meta supports (codes such as en, en_US, pt_BR)`);
  return code;
}

function templateCategory(value: unknown): TemplateCategory {
  return oneOf(value, TEMPLATE_CATEGORIES, 'category');
}

function parameterFormat(value: unknown): ParameterFormat | undefined {
  return isAbsent(value) ? undefined : oneOf(value, PARAMETER_FORMATS, 'parameter_format');
}

function ttlSeconds(value: unknown, category: TemplateCategory): number {
  const rule = TTL_RULES[category];
  if (isAbsent(value)) return rule.default;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min || value > rule.max) {
    fail(
      'message_send_ttl_seconds',
      `must be an integer from ${rule.min} to ${rule.max} seconds for ${category} templates`,
    );
  }
  return value;
}

function mediaFileId(value: unknown): string | undefined {
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'string' || value.trim() === '') fail('header_media_file_id', 'must be a non-empty string');
  return value;
}

// Components

interface Context {
  category: TemplateCategory;
  format: ParameterFormat;
  headerMediaFileId?: string;
}

/** Checks the list's shape and returns a copy with `type` (and HEADER `format`) upper-cased. */
function componentList(value: unknown): Json[] {
  if (isAbsent(value)) fail('components', 'is required');
  if (!Array.isArray(value)) fail('components', 'must be an array');
  if (value.length === 0) fail('components', 'must hold at least one component');
  const seen = new Set<string>();
  const components = value.map((raw, index) => {
    const path = `components[${index}]`;
    if (!isObject(raw)) fail(path, 'must be a JSON object');
    const type = oneOf(raw.type, COMPONENT_TYPES, `${path}.type`);
    if (seen.has(type)) fail(`${path}.type`, `a template takes ${type === 'BODY' ? 'exactly' : 'at most'} one ${type}`);
    seen.add(type);
    const component: Json = { ...structuredClone(raw), type };
    if (type === 'HEADER') component.format = oneOf(raw.format, HEADER_FORMATS, `${path}.format`);
    return component;
  });
  if (!seen.has('BODY')) fail('components', 'a BODY component is required');
  return components;
}

interface Placeholder {
  name: string;
  kind: 'POSITIONAL' | 'NAMED';
}

/** The placeholders of a header or body text, classified; malformed or unmatched ones are errors. */
function classify(value: string, path: string): Placeholder[] {
  const rest = value.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) fail(path, 'has an unmatched {{ or }}');
  return placeholdersOf(value).map((name) => {
    if (POSITIONAL_NAME.test(name)) return { name, kind: 'POSITIONAL' as const };
    if (NAMED_NAME.test(name)) return { name, kind: 'NAMED' as const };
    return fail(
      path,
      `{{${name}}} is not a valid variable: use {{1}}, {{2}}, ... or lowercase names such as {{first_name}}`,
    );
  });
}

/**
 * The template's parameter format: NAMED when any header or body text holds a named variable (even
 * if parameter_format is omitted), else the declared one, else POSITIONAL. A text mixing the two
 * styles, or a declared format the texts contradict, is an error.
 */
function effectiveFormat(
  components: Json[],
  declared: ParameterFormat | undefined,
  category: TemplateCategory,
): ParameterFormat {
  let seen: { kind: Placeholder['kind']; name: string; path: string } | undefined;
  components.forEach((component, index) => {
    if ((component.type !== 'HEADER' || component.format !== 'TEXT') && component.type !== 'BODY') return;
    if (typeof component.text !== 'string') return;
    const path = `components[${index}].text`;
    for (const placeholder of classify(component.text, path)) {
      if (seen && seen.kind !== placeholder.kind) {
        const where = seen.path === path ? '' : ` (${seen.path} has {{${seen.name}}})`;
        fail(
          path,
          `mixes positional and named variables: {{${seen.name}}} and {{${placeholder.name}}}${where}; use one style`,
        );
      }
      seen ??= { kind: placeholder.kind, name: placeholder.name, path };
      if (declared && declared !== placeholder.kind) {
        fail(
          'parameter_format',
          `is ${declared} but ${path} holds the ${placeholder.kind.toLowerCase()} variable {{${placeholder.name}}}`,
        );
      }
    }
  });
  const format = declared ?? seen?.kind ?? 'POSITIONAL';
  if (category === 'AUTHENTICATION' && format === 'NAMED') {
    fail('parameter_format', 'AUTHENTICATION templates are POSITIONAL (one {{1}} for the code)');
  }
  return format;
}

function validateComponent(component: Json, index: number, context: Context): void {
  const path = `components[${index}]`;
  switch (component.type) {
    case 'HEADER':
      return validateHeader(component, path, context);
    case 'BODY':
      return validateBody(component, path, context);
    case 'FOOTER':
      return validateFooter(component, path, context);
    case 'BUTTONS':
      return validateButtons(component, path, context);
  }
}

function exampleOf(component: Json, path: string): Json | undefined {
  if (isAbsent(component.example)) return undefined;
  if (!isObject(component.example)) fail(`${path}.example`, 'must be a JSON object');
  return component.example;
}

function validateHeader(component: Json, path: string, context: Context): void {
  if (context.category === 'AUTHENTICATION') fail(`${path}.type`, 'AUTHENTICATION templates take no HEADER');
  const format = String(component.format);
  const example = exampleOf(component, path);
  if (format === 'TEXT') {
    const value = text(component.text, `${path}.text`, TEMPLATE_LIMITS.headerTextMaxLength) as string;
    const placeholders = classify(value, `${path}.text`);
    if (placeholders.length > 1) fail(`${path}.text`, 'a TEXT header takes at most one variable');
    if (placeholders.length === 1 && placeholders[0].kind === 'POSITIONAL' && placeholders[0].name !== '1') {
      fail(`${path}.text`, 'the header variable must be {{1}}');
    }
    checkExamples(placeholders, example, `${path}.example`, context.format, 'header');
    if (example && !isAbsent(example.header_handle))
      fail(`${path}.example.header_handle`, 'only media headers take a header_handle');
    return;
  }
  if (!isAbsent(component.text)) fail(`${path}.text`, `a ${format} header takes no text`);
  if (format === 'LOCATION') {
    if (example) fail(`${path}.example`, 'a LOCATION header takes no example');
    return;
  }
  // IMAGE, VIDEO, DOCUMENT: an upload handle, or a library asset the gateway turns into one.
  const handles = example?.header_handle;
  if (context.headerMediaFileId !== undefined) {
    if (!isAbsent(handles))
      fail('header_media_file_id', `cannot be combined with ${path}.example.header_handle; give one of the two`);
    return;
  }
  if (isAbsent(handles)) {
    fail(
      `${path}.example.header_handle`,
      `required for a ${format} header (an array of one upload handle), or give header_media_file_id`,
    );
  }
  if (!Array.isArray(handles) || handles.length !== 1 || typeof handles[0] !== 'string' || handles[0].trim() === '') {
    fail(`${path}.example.header_handle`, 'must be an array of exactly one upload handle string');
  }
}

function validateBody(component: Json, path: string, context: Context): void {
  const authentication = context.category === 'AUTHENTICATION';
  if (!isAbsent(component.add_security_recommendation)) {
    if (!authentication) fail(`${path}.add_security_recommendation`, 'only for AUTHENTICATION templates');
    if (typeof component.add_security_recommendation !== 'boolean')
      fail(`${path}.add_security_recommendation`, 'must be a boolean');
  }
  // Authentication bodies may omit the text: Meta writes it ("{{1}} is your verification code.").
  const value = text(component.text, `${path}.text`, TEMPLATE_LIMITS.bodyTextMaxLength, !authentication);
  const example = exampleOf(component, path);
  if (value === undefined) {
    if (example) fail(`${path}.example`, 'a BODY without text takes no example');
    return;
  }
  const placeholders = classify(value, `${path}.text`);
  if (placeholders.some((placeholder) => placeholder.kind === 'POSITIONAL')) {
    const numbers = placeholders.map((placeholder) => Number(placeholder.name)).sort((a, b) => a - b);
    if (numbers.some((number, index) => number !== index + 1)) {
      const found = numbers.map((number) => `{{${number}}}`).join(', ');
      fail(
        `${path}.text`,
        `positional variables must be numbered {{1}} to {{${numbers.length}}} without gaps (found ${found})`,
      );
    }
  }
  if (authentication) {
    if (placeholders.length !== 1)
      fail(`${path}.text`, 'an AUTHENTICATION body holds exactly one variable, {{1}}, for the code');
  } else if (placeholders.length > 0) {
    const trimmed = value.trim();
    if (/^\{\{[^{}]*\}\}/.test(trimmed) || /\{\{[^{}]*\}\}$/.test(trimmed)) {
      fail(`${path}.text`, 'must not start or end with a variable');
    }
  }
  checkExamples(placeholders, example, `${path}.example`, context.format, 'body');
}

/**
 * Examples for a header or body text: positional texts use `<where>_text` (header: an array of one
 * value; body: an array holding one row of one value per distinct variable), named texts use
 * `<where>_text_named_params` (one `{ param_name, example }` per distinct name).
 */
function checkExamples(
  placeholders: Placeholder[],
  example: Json | undefined,
  path: string,
  format: ParameterFormat,
  where: 'header' | 'body',
): void {
  const positionalKey = `${where}_text`;
  const namedKey = `${where}_text_named_params`;
  const expectedKey = format === 'NAMED' ? namedKey : positionalKey;
  const otherKey = format === 'NAMED' ? positionalKey : namedKey;
  if (example && !isAbsent(example[otherKey])) {
    fail(`${path}.${otherKey}`, `${format} templates give their examples in example.${expectedKey}`);
  }
  const given = example?.[expectedKey];
  if (placeholders.length === 0) {
    if (!isAbsent(given)) fail(`${path}.${expectedKey}`, `the ${where} has no variables; remove the example`);
    return;
  }
  const count = placeholders.length;
  if (isAbsent(given)) {
    fail(`${path}.${expectedKey}`, `required: the ${where} has ${count} variable${count === 1 ? '' : 's'}`);
  }
  if (format === 'POSITIONAL') {
    let values: unknown = given;
    let valuesPath = `${path}.${positionalKey}`;
    if (where === 'body') {
      if (!Array.isArray(given) || given.length !== 1 || !Array.isArray(given[0])) {
        fail(valuesPath, `must be an array holding one row of ${count} sample value${count === 1 ? '' : 's'}`);
      }
      values = given[0];
      valuesPath = `${valuesPath}[0]`;
    }
    if (!Array.isArray(values) || values.length !== count) {
      fail(valuesPath, `must hold exactly ${count} sample value${count === 1 ? '' : 's'}, one per variable`);
    }
    values.forEach((value, index) => {
      if (typeof value !== 'string' || value.trim() === '')
        fail(`${valuesPath}[${index}]`, 'must be a non-empty string');
    });
    return;
  }
  const namedPath = `${path}.${namedKey}`;
  if (!Array.isArray(given)) fail(namedPath, 'must be an array of { param_name, example }');
  const wanted = new Set(placeholders.map((placeholder) => placeholder.name));
  const covered = new Set<string>();
  given.forEach((entry, index) => {
    const entryPath = `${namedPath}[${index}]`;
    if (!isObject(entry)) fail(entryPath, 'must be a JSON object { param_name, example }');
    if (typeof entry.param_name !== 'string' || entry.param_name === '')
      fail(`${entryPath}.param_name`, 'must be a non-empty string');
    if (!wanted.has(entry.param_name))
      fail(`${entryPath}.param_name`, `{{${entry.param_name}}} does not appear in the ${where} text`);
    if (covered.has(entry.param_name))
      fail(`${entryPath}.param_name`, `{{${entry.param_name}}} is given more than once`);
    if (typeof entry.example !== 'string' || entry.example.trim() === '')
      fail(`${entryPath}.example`, 'must be a non-empty string');
    covered.add(entry.param_name);
  });
  const missing = [...wanted].find((name) => !covered.has(name));
  if (missing !== undefined) fail(namedPath, `no example for {{${missing}}}`);
}

function validateFooter(component: Json, path: string, context: Context): void {
  if (context.category === 'AUTHENTICATION') {
    // Meta writes the footer of an authentication template from the code's lifetime.
    if (!isAbsent(component.text))
      fail(`${path}.text`, 'an AUTHENTICATION footer takes no text, only code_expiration_minutes');
    const { min, max } = TEMPLATE_LIMITS.codeExpirationMinutes;
    if (isAbsent(component.code_expiration_minutes))
      fail(`${path}.code_expiration_minutes`, `is required: ${min} to ${max}`);
    integerIn(component.code_expiration_minutes, `${path}.code_expiration_minutes`, min, max);
    return;
  }
  if (!isAbsent(component.code_expiration_minutes))
    fail(`${path}.code_expiration_minutes`, 'only for AUTHENTICATION templates');
  const value = text(component.text, `${path}.text`, TEMPLATE_LIMITS.footerTextMaxLength) as string;
  noVariables(value, `${path}.text`);
}

function validateButtons(component: Json, path: string, context: Context): void {
  const listPath = `${path}.buttons`;
  const list = component.buttons;
  if (isAbsent(list)) fail(listPath, 'is required');
  if (!Array.isArray(list)) fail(listPath, 'must be an array');
  if (list.length < 1 || list.length > TEMPLATE_LIMITS.buttonsMax)
    fail(listPath, `must hold 1 to ${TEMPLATE_LIMITS.buttonsMax} buttons`);

  const counts = new Map<ButtonType, number>();
  let groups = 0;
  let previousIsQuickReply: boolean | undefined;
  component.buttons = list.map((raw, index) => {
    const buttonPath = `${listPath}[${index}]`;
    if (!isObject(raw)) fail(buttonPath, 'must be a JSON object');
    const type = oneOf(raw.type, BUTTON_TYPES, `${buttonPath}.type`);
    if (context.category === 'AUTHENTICATION' && type !== 'OTP')
      fail(`${buttonPath}.type`, 'AUTHENTICATION templates take only an OTP button');
    if (context.category !== 'AUTHENTICATION' && type === 'OTP')
      fail(`${buttonPath}.type`, 'OTP buttons are only for AUTHENTICATION templates');

    const count = (counts.get(type) ?? 0) + 1;
    counts.set(type, count);
    const cap = TEMPLATE_LIMITS.buttonTypeMax[type];
    if (cap !== undefined && count > cap)
      fail(`${buttonPath}.type`, `a template takes at most ${cap} ${type} button${cap === 1 ? '' : 's'}`);

    // Meta: quick replies and the other buttons form two groups (QR, QR, URL is fine; QR, URL, QR is not).
    const isQuickReply = type === 'QUICK_REPLY';
    if (isQuickReply !== previousIsQuickReply) groups += 1;
    previousIsQuickReply = isQuickReply;
    if (groups > 2)
      fail(`${buttonPath}.type`, 'QUICK_REPLY buttons must be grouped together, before or after the other buttons');

    const button: Json = { ...raw, type };
    validateButton(button, type, buttonPath);
    return button;
  });
  if (context.category === 'AUTHENTICATION' && list.length !== 1)
    fail(listPath, 'an AUTHENTICATION template holds exactly one OTP button');
}

function validateButton(button: Json, type: ButtonType, path: string): void {
  if (LABELLED_BUTTONS.has(type)) {
    noVariables(text(button.text, `${path}.text`, TEMPLATE_LIMITS.buttonTextMaxLength) as string, `${path}.text`);
  }
  switch (type) {
    case 'URL':
      return validateUrlButton(button, path);
    case 'PHONE_NUMBER': {
      const phone = text(button.phone_number, `${path}.phone_number`, TEMPLATE_LIMITS.phoneNumberMaxLength) as string;
      const digits = phone.replace(/\D/g, '');
      if (!/^\+?[0-9][0-9 ()-]*$/.test(phone.trim()) || digits.length < 5 || digits.length > 15) {
        fail(`${path}.phone_number`, 'must be a phone number: digits with an optional leading +');
      }
      return;
    }
    case 'OTP':
      return validateOtpButton(button, path);
    case 'COPY_CODE':
      text(button.example, `${path}.example`, TEMPLATE_LIMITS.copyCodeExampleMaxLength);
      return;
    case 'FLOW':
      return validateFlowButton(button, path);
    default:
      return;
  }
}

/**
 * URL buttons (spec 2.4 and 8): an http(s) URL of at most 2000 characters; at most one variable,
 * only {{1}} (URL variables are positional whatever the template's parameter_format), as the last
 * token with nothing after it, outside the domain; with a variable, `example` is an array of one
 * fully formed sample URL. A static URL needs no example (one given is forwarded as is).
 */
function validateUrlButton(button: Json, path: string): void {
  const urlPath = `${path}.url`;
  const url = text(button.url, urlPath, TEMPLATE_LIMITS.urlMaxLength) as string;
  if (/\s/.test(url)) fail(urlPath, 'must not contain spaces');
  if (!/^https?:\/\/[^/?#]/i.test(url)) fail(urlPath, 'must be an http or https URL');
  const rest = url.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) fail(urlPath, 'has an unmatched {{ or }}');
  const tokens = [...url.matchAll(PLACEHOLDER)];
  if (tokens.length === 0) {
    if (!isHttpUrl(url)) fail(urlPath, 'must be an http or https URL');
    return;
  }
  if (tokens.length > 1) fail(urlPath, 'a URL takes at most one variable');
  if (tokens[0][1] !== '1') {
    fail(
      urlPath,
      `the only variable a URL may hold is {{1}} (found ${tokens[0][0]}); URL variables are positional whatever the parameter_format`,
    );
  }
  if (!url.endsWith('{{1}}')) fail(urlPath, 'the variable must be the last token of the URL');
  const withA = parseUrl(url.replace('{{1}}', 'a'));
  const withB = parseUrl(url.replace('{{1}}', 'b'));
  if (!withA || !withB) fail(urlPath, 'must be an http or https URL');
  if (withA.host !== withB.host) fail(urlPath, 'the variable must not be part of the domain');

  const examplePath = `${path}.example`;
  const example = button.example;
  if (isAbsent(example))
    fail(examplePath, 'required when the URL has a variable: an array holding one fully formed sample URL');
  if (!Array.isArray(example) || example.length !== 1 || typeof example[0] !== 'string') {
    fail(examplePath, 'must be an array holding one fully formed sample URL');
  }
  const sample = example[0];
  if (sample.includes('{{') || !isHttpUrl(sample) || /\s/.test(sample)) {
    fail(`${examplePath}[0]`, 'must be a fully formed http or https URL (the URL with {{1}} filled in)');
  }
}

function parseUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function isHttpUrl(value: string): boolean {
  const url = parseUrl(value);
  return url !== undefined && url.hostname !== '';
}

/**
 * OTP buttons (authentication templates): otp_type COPY_CODE, ONE_TAP or ZERO_TAP; optional `text`
 * and `autofill_text` of at most 25 characters; ONE_TAP and ZERO_TAP name the Android app, either as
 * `supported_apps` (1..5 `{ package_name, signature_hash }`) or as Meta's older `package_name` plus
 * `signature_hash` on the button; ZERO_TAP also needs `zero_tap_terms_accepted: true`.
 */
function validateOtpButton(button: Json, path: string): void {
  const otpType = oneOf(button.otp_type, OTP_TYPES, `${path}.otp_type`);
  button.otp_type = otpType;
  text(button.text, `${path}.text`, TEMPLATE_LIMITS.buttonTextMaxLength, false);
  text(button.autofill_text, `${path}.autofill_text`, TEMPLATE_LIMITS.buttonTextMaxLength, false);
  if (otpType === 'COPY_CODE') return;

  if (!isAbsent(button.supported_apps)) {
    const apps = button.supported_apps;
    const appsPath = `${path}.supported_apps`;
    if (!Array.isArray(apps) || apps.length < 1 || apps.length > TEMPLATE_LIMITS.supportedAppsMax) {
      fail(appsPath, `must be an array of 1 to ${TEMPLATE_LIMITS.supportedAppsMax} { package_name, signature_hash }`);
    }
    apps.forEach((app, index) => {
      if (!isObject(app)) fail(`${appsPath}[${index}]`, 'must be a JSON object { package_name, signature_hash }');
      text(app.package_name, `${appsPath}[${index}].package_name`, 224);
      text(app.signature_hash, `${appsPath}[${index}].signature_hash`, 64);
    });
  } else if (!isAbsent(button.package_name) || !isAbsent(button.signature_hash)) {
    text(button.package_name, `${path}.package_name`, 224);
    text(button.signature_hash, `${path}.signature_hash`, 64);
  } else {
    fail(
      `${path}.supported_apps`,
      `required for ${otpType} buttons: the Android app(s) { package_name, signature_hash }`,
    );
  }
  if (otpType === 'ZERO_TAP' && button.zero_tap_terms_accepted !== true) {
    fail(`${path}.zero_tap_terms_accepted`, 'must be true for ZERO_TAP buttons');
  }
}

/**
 * FLOW buttons: exactly one of flow_id, flow_name, flow_json (a JSON string); flow_action navigate or
 * data_exchange.
 */
function validateFlowButton(button: Json, path: string): void {
  const given = (['flow_id', 'flow_name', 'flow_json'] as const).filter((key) => !isAbsent(button[key]));
  if (given.length !== 1) fail(path, 'give exactly one of flow_id, flow_name or flow_json');
  const key = given[0];
  const value = button[key];
  if (key === 'flow_id') {
    const valid =
      (typeof value === 'string' && value.trim() !== '') ||
      (typeof value === 'number' && Number.isInteger(value) && value > 0);
    if (!valid) fail(`${path}.flow_id`, 'must be a non-empty string');
  } else if (key === 'flow_name') {
    text(value, `${path}.flow_name`, 200);
  } else {
    if (typeof value !== 'string') fail(`${path}.flow_json`, 'must be the Flow JSON encoded as a string');
    try {
      JSON.parse(value);
    } catch {
      fail(`${path}.flow_json`, 'must be valid JSON');
    }
  }
  if (!isAbsent(button.flow_action)) {
    const action = typeof button.flow_action === 'string' ? button.flow_action.trim().toLowerCase() : undefined;
    if (action !== 'navigate' && action !== 'data_exchange')
      fail(`${path}.flow_action`, 'must be navigate or data_exchange');
    button.flow_action = action;
  }
  if (!isAbsent(button.navigate_screen)) text(button.navigate_screen, `${path}.navigate_screen`, 200);
}

/** Category-wide shape rules checked once every component is valid on its own. */
function categoryShape(components: Json[], category: TemplateCategory): void {
  if (category === 'AUTHENTICATION' && !components.some((component) => component.type === 'BUTTONS')) {
    fail('components', 'an AUTHENTICATION template needs a BUTTONS component with one OTP button');
  }
}
