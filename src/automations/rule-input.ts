import { RE2JS } from 're2js';
import { GraphError } from '../core/graph-error';
import { urlSyntaxProblem } from '../tenant-webhooks/webhook-url-policy';
import { type Action, type Condition, TRIGGERS, type Trigger } from './rule';

const MAX_CONDITIONS = 20;
const MAX_ACTIONS = 10;
const MAX_VALUES = 100;
const MAX_TEXT = 4096;
const MAX_PATTERN = 500;
const STATUSES = ['open', 'pending', 'resolved'];
const CONVERSATION_STATUSES = ['open', 'pending', 'snoozed', 'resolved'];
/** The review outcomes Meta's `message_template_status_update` names in `event`. */
const TEMPLATE_STATUSES = [
  'APPROVED',
  'REJECTED',
  'PENDING',
  'PAUSED',
  'DISABLED',
  'FLAGGED',
  'REINSTATED',
  'PENDING_DELETION',
  'IN_APPEAL',
  'LIMIT_EXCEEDED',
  'ARCHIVED',
];
/** What a rule on an account's event (no customer, no conversation) may test, and do. */
const ACCOUNT_CONDITIONS = new Set(['template_name', 'template_status']);
const ACCOUNT_ACTIONS = new Set(['call_url', 'stop']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A rule's fields as a create (all but `position` required) or an update (any) gives them. */
export interface RuleInput {
  name?: string;
  enabled?: boolean;
  trigger?: Trigger;
  conditions?: Condition[];
  actions?: Action[];
  position?: number;
}

const invalid = (details: string) => GraphError.invalidParameter('Invalid parameter', details);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKnown = (value: Record<string, unknown>, known: string[], at: string) => {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) throw invalid(`${at}${unknown}: not a field here (${known.join(', ')})`);
};
const text = (value: unknown, at: string, max = MAX_TEXT): string => {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max)
    throw invalid(`${at}: must be a non-empty text of at most ${max} characters`);
  return value;
};
const texts = (value: unknown, at: string, max = 200): string[] => {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_VALUES)
    throw invalid(`${at}: must be a list of 1 to ${MAX_VALUES} texts`);
  return value.map((v, i) => text(v, `${at}[${i}]`, max));
};

/** Keywords and message text compared alike: lower case, accents and punctuation gone, spaces single. */
export function normalizeWords(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A rule from a request body: `name`, `enabled`, `trigger`, `conditions` (all must hold), `actions`
 * (in order), `position`. `partial`: an update (only what is given). A 400 code 100 naming the field
 * otherwise; a regular expression RE2 cannot run in linear time (backreferences, lookaround) is refused.
 */
export function parseRule(body: unknown, partial: boolean): RuleInput {
  if (!isObject(body)) throw invalid('body: must be a JSON object');
  onlyKnown(body, ['name', 'enabled', 'trigger', 'conditions', 'actions', 'position'], '');
  const rule: RuleInput = {};
  if (body.name !== undefined || !partial) rule.name = text(body.name, 'name', 200);
  if (body.enabled !== undefined) {
    if (typeof body.enabled !== 'boolean') throw invalid('enabled: must be true or false');
    rule.enabled = body.enabled;
  }
  if (body.trigger !== undefined || !partial) {
    if (!(TRIGGERS as readonly unknown[]).includes(body.trigger))
      throw invalid(`trigger: must be one of ${TRIGGERS.join(', ')}`);
    rule.trigger = body.trigger as Trigger;
  }
  if (body.conditions !== undefined || !partial) {
    const conditions = body.conditions ?? [];
    if (!Array.isArray(conditions) || conditions.length > MAX_CONDITIONS)
      throw invalid(`conditions: must be a list of at most ${MAX_CONDITIONS}`);
    rule.conditions = conditions.map((c, i) => parseCondition(c, `conditions[${i}]`));
  }
  if (body.actions !== undefined || !partial) {
    if (!Array.isArray(body.actions) || body.actions.length === 0 || body.actions.length > MAX_ACTIONS)
      throw invalid(`actions: must be a list of 1 to ${MAX_ACTIONS}`);
    rule.actions = body.actions.map((a, i) => parseAction(a, `actions[${i}]`));
  }
  if (!partial) checkFits(rule);
  if (body.position !== undefined) {
    if (typeof body.position !== 'number' || !Number.isInteger(body.position) || body.position < 0)
      throw invalid('position: must be a whole number from 0');
    rule.position = body.position;
  }
  return rule;
}

/**
 * A rule's conditions and actions fit its trigger: a template's review has no customer or
 * conversation (only `template_name` and `template_status` conditions; only `call_url` and `stop`),
 * and only its rules test templates. An update checks the rule it leaves.
 */
export function checkFits(rule: RuleInput): void {
  if (rule.trigger === 'template_status') {
    const condition = (rule.conditions ?? []).findIndex((c) => !ACCOUNT_CONDITIONS.has(c.field));
    if (condition >= 0)
      throw invalid(
        `conditions[${condition}].field: a template_status rule tests template_name or template_status (a review has no customer)`,
      );
    const action = (rule.actions ?? []).findIndex((a) => !ACCOUNT_ACTIONS.has(a.type));
    if (action >= 0)
      throw invalid(`actions[${action}].type: a template_status rule can call_url or stop (a review has no customer)`);
  } else if (rule.trigger !== undefined) {
    const condition = (rule.conditions ?? []).findIndex((c) => ACCOUNT_CONDITIONS.has(c.field));
    if (condition >= 0) throw invalid(`conditions[${condition}].field: only a template_status rule tests templates`);
  }
}

function parseCondition(value: unknown, at: string): Condition {
  if (!isObject(value)) throw invalid(`${at}: must be an object { field, operator, value(s) }`);
  const { field, operator } = value;
  const shape = (known: string[]) => onlyKnown(value, ['field', 'operator', ...known], `${at}.`);
  const op = (...allowed: string[]) => {
    if (!allowed.includes(operator as string))
      throw invalid(`${at}.operator: ${String(field)} takes ${allowed.join(' or ')}`);
  };
  switch (field) {
    case 'text':
      op('contains_any', 'matches');
      if (operator === 'contains_any') {
        shape(['values']);
        const values = texts(value.values, `${at}.values`).map(normalizeWords);
        if (values.some((v) => v === '')) throw invalid(`${at}.values: a keyword needs a letter or a digit`);
        return { field, operator, values };
      }
      shape(['value']);
      compilePattern(text(value.value, `${at}.value`, MAX_PATTERN), `${at}.value`);
      return { field, operator: 'matches', value: value.value as string };
    case 'error_code': {
      op('in');
      shape(['values']);
      const codes = value.values;
      if (
        !Array.isArray(codes) ||
        codes.length === 0 ||
        codes.length > MAX_VALUES ||
        !codes.every((c) => Number.isInteger(c))
      )
        throw invalid(`${at}.values: a list of 1 to ${MAX_VALUES} of Meta's error codes (whole numbers)`);
      return { field, operator: 'in', values: codes as number[] };
    }
    case 'message_type':
      op('in');
      shape(['values']);
      return { field, operator: 'in', values: texts(value.values, `${at}.values`, 40) };
    case 'button_payload':
      op('equals');
      shape(['value']);
      return { field, operator: 'equals', value: text(value.value, `${at}.value`, 256) };
    case 'phone_number_id':
      op('in');
      shape(['values']);
      return { field, operator: 'in', values: texts(value.values, `${at}.values`, 40) };
    case 'template_name':
      op('in');
      shape(['values']);
      return { field, operator: 'in', values: texts(value.values, `${at}.values`, 512) };
    case 'template_status': {
      op('in');
      shape(['values']);
      const values = texts(value.values, `${at}.values`, 40).map((v) => v.toUpperCase());
      const bad = values.find((v) => !TEMPLATE_STATUSES.includes(v));
      if (bad !== undefined)
        throw invalid(`${at}.values: ${bad} is not a template status (${TEMPLATE_STATUSES.join(', ')})`);
      return { field, operator: 'in', values };
    }
    case 'business_hours':
      op('equals');
      shape(['value']);
      if (value.value !== 'inside' && value.value !== 'outside') throw invalid(`${at}.value: inside or outside`);
      return { field, operator: 'equals', value: value.value };
    case 'conversation_status': {
      op('in');
      shape(['values']);
      const values = texts(value.values, `${at}.values`, 20);
      const bad = values.find((v) => !CONVERSATION_STATUSES.includes(v));
      if (bad !== undefined)
        throw invalid(`${at}.values: ${bad} is not a status (${CONVERSATION_STATUSES.join(', ')})`);
      return { field, operator: 'in', values };
    }
    case 'assignee':
      op('is_unassigned', 'equals');
      if (operator === 'is_unassigned') {
        shape([]);
        return { field, operator: 'is_unassigned' };
      }
      shape(['value']);
      if (typeof value.value !== 'string' || !UUID.test(value.value)) throw invalid(`${at}.value: a member's user id`);
      return { field, operator: 'equals', value: value.value };
    case 'contact_tag':
      op('has', 'lacks');
      shape(['value']);
      return {
        field,
        operator: operator as 'has' | 'lacks',
        value: text(value.value, `${at}.value`, 64).trim().toLowerCase(),
      };
    case 'contact_attribute': {
      op('equals');
      shape(['name', 'value']);
      const scalar = value.value;
      if (!['string', 'number', 'boolean'].includes(typeof scalar))
        throw invalid(`${at}.value: a text, number or boolean`);
      return { field, name: text(value.name, `${at}.name`, 100), operator: 'equals', value: scalar as string };
    }
    default:
      throw invalid(
        `${at}.field: ${String(field)} is not a condition (text, message_type, error_code, button_payload, phone_number_id, ` +
          'business_hours, conversation_status, assignee, contact_tag, contact_attribute, template_name, template_status)',
      );
  }
}

/** RE2's linear-time engine, case-insensitive; what it cannot run (backreferences, lookaround) is refused. */
export function compilePattern(pattern: string, at = 'pattern'): RE2JS {
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    throw invalid(`${at}: not a regular expression RE2 runs (${(error as Error).message})`);
  }
}

function parseAction(value: unknown, at: string): Action {
  if (!isObject(value)) throw invalid(`${at}: must be an object { type, … }`);
  const shape = (known: string[]) => onlyKnown(value, ['type', ...known], `${at}.`);
  switch (value.type) {
    case 'reply': {
      const given = ['text', 'template', 'interactive'].filter((k) => value[k] !== undefined);
      if (given.length !== 1) throw invalid(`${at}: a reply gives one of text, template and interactive`);
      shape(given);
      if (value.text !== undefined) return { type: 'reply', text: text(value.text, `${at}.text`) };
      if (value.interactive !== undefined) {
        if (!isObject(value.interactive) || typeof value.interactive.type !== 'string')
          throw invalid(`${at}.interactive: must be a Cloud API interactive object { type, body, action }`);
        return { type: 'reply', interactive: value.interactive };
      }
      const template = value.template;
      if (!isObject(template)) throw invalid(`${at}.template: must be { name, language: { code }, components? }`);
      onlyKnown(template, ['name', 'language', 'components'], `${at}.template.`);
      const language = template.language;
      if (!isObject(language) || typeof language.code !== 'string' || language.code === '')
        throw invalid(`${at}.template.language.code: must be a non-empty string`);
      if (template.components !== undefined && !Array.isArray(template.components))
        throw invalid(`${at}.template.components: must be a list`);
      return {
        type: 'reply',
        template: {
          name: text(template.name, `${at}.template.name`, 512),
          language: { code: language.code },
          ...(template.components !== undefined && { components: template.components as unknown[] }),
        },
      };
    }
    case 'assign': {
      const given = ['assignee_id', 'team_id', 'auto'].filter((k) => value[k] !== undefined);
      if (given.length !== 1) throw invalid(`${at}: an assignment gives one of assignee_id, team_id and auto`);
      shape(given);
      if (value.auto !== undefined) {
        if (value.auto !== true) throw invalid(`${at}.auto: must be true`);
        return { type: 'assign', auto: true };
      }
      const field = given[0] as 'assignee_id' | 'team_id';
      if (typeof value[field] !== 'string' || !UUID.test(value[field])) throw invalid(`${at}.${field}: an id`);
      return field === 'assignee_id'
        ? { type: 'assign', assignee_id: value.assignee_id as string }
        : { type: 'assign', team_id: value.team_id as string };
    }
    case 'add_tag':
    case 'remove_tag':
      shape(['tag']);
      return { type: value.type, tag: text(value.tag, `${at}.tag`, 64).trim().toLowerCase() };
    case 'set_attribute': {
      shape(['name', 'value']);
      const scalar = value.value;
      if (scalar !== null && !['string', 'number', 'boolean'].includes(typeof scalar))
        throw invalid(`${at}.value: a text, number, boolean or null`);
      return { type: 'set_attribute', name: text(value.name, `${at}.name`, 100), value: scalar as string | null };
    }
    case 'note':
      shape(['body']);
      return { type: 'note', body: text(value.body, `${at}.body`) };
    case 'set_status':
      shape(['status']);
      if (!STATUSES.includes(value.status as string)) throw invalid(`${at}.status: one of ${STATUSES.join(', ')}`);
      return { type: 'set_status', status: value.status as 'open' | 'pending' | 'resolved' };
    case 'call_url': {
      shape(['url']);
      // Its addresses are checked by the rules' service (they need the resolver), again at every call.
      const url = text(value.url, `${at}.url`, 2000);
      const problem = urlSyntaxProblem(url, { allowPrivate: true });
      if (problem) throw invalid(`${at}.url: ${problem}`);
      return { type: 'call_url', url };
    }
    case 'stop':
      shape([]);
      return { type: 'stop' };
    default:
      throw invalid(
        `${at}.type: ${String(value.type)} is not an action ` +
          '(reply, assign, add_tag, remove_tag, set_attribute, note, set_status, call_url, stop)',
      );
  }
}
