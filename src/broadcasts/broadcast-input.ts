import { normalizeRecipient } from '../common/recipient';
import { GraphError } from '../core/graph-error';
import { type CatalogTemplate, checkTemplateSend } from '../templates/template-send-rules';

/** Most recipients one request may carry (create, or append). */
export const MAX_RECIPIENTS_PER_REQUEST = 10_000;

/** A template as a Cloud API template send names it. */
export interface TemplateReference {
  name: string;
  language: { code: string };
}

/** A create request, its shape checked. */
export interface BroadcastInput {
  name: string;
  template: TemplateReference;
  recipients: unknown[];
  scheduledAt: Date | null;
}

/** A recipient that passed every rule: its normalized number and its parameters. */
export interface CheckedRecipient {
  recipient: string;
  components: unknown[] | null;
}

const invalid = (details: string) => GraphError.invalidParameter('Invalid parameter', details);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `POST /v1/{phone-number-id}/broadcasts`: `name`, `template` (`{ name, language: { code } }` as in
 * a template send), `recipients` (1 to 10,000 of `{ to, components? }`), `scheduled_at` (optional,
 * ISO 8601, not in the past). A 400 code 100 naming the field otherwise.
 */
export function parseBroadcast(body: unknown, now: Date): BroadcastInput {
  if (!isObject(body)) throw invalid('body: must be a JSON object');
  const known = ['name', 'template', 'recipients', 'scheduled_at'];
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) throw invalid(`${unknown}: not a field of a broadcast (${known.join(', ')})`);
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200)
    throw invalid('name: must be a non-empty string of at most 200 characters');
  const template = parseTemplate(body.template);
  const recipients = parseRecipientList(body.recipients);
  let scheduledAt: Date | null = null;
  if (body.scheduled_at !== undefined && body.scheduled_at !== null) {
    const text = typeof body.scheduled_at === 'string' ? body.scheduled_at : '';
    const at = new Date(text);
    if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(text))
      throw invalid('scheduled_at: must be a date and time in ISO 8601 form');
    if (at.getTime() < now.getTime() - 60_000) throw invalid('scheduled_at: must not be in the past');
    scheduledAt = at;
  }
  return { name: name.trim(), template, recipients, scheduledAt };
}

function parseTemplate(value: unknown): TemplateReference {
  if (!isObject(value)) throw invalid('template: must be an object { name, language: { code } }');
  const known = ['name', 'language'];
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined)
    throw invalid(`template.${unknown}: not allowed here (each recipient carries its own components)`);
  if (typeof value.name !== 'string' || value.name === '') throw invalid('template.name: must be a non-empty string');
  const language = value.language;
  if (!isObject(language) || typeof language.code !== 'string' || language.code === '')
    throw invalid('template.language.code: must be a non-empty string');
  return { name: value.name, language: { code: language.code } };
}

/** `recipients` (create or append): 1 to MAX_RECIPIENTS_PER_REQUEST entries. */
export function parseRecipientList(value: unknown): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid('recipients: must be a non-empty array');
  if (value.length > MAX_RECIPIENTS_PER_REQUEST)
    throw invalid(`recipients: at most ${MAX_RECIPIENTS_PER_REQUEST} per request, got ${value.length}`);
  return value;
}

/**
 * Each recipient checked as its send would be: the number (as a send's `to`), no number twice (in
 * the request or among `existing`), and its parameters by the template's send-time rules (style,
 * count, buttons: 132012, 132000, … as a send answers them). The first problem is the request's
 * error, naming the recipient (`recipients[17].to`), and nothing is created.
 */
export function checkRecipients(
  template: CatalogTemplate,
  reference: TemplateReference,
  recipients: unknown[],
  existing: ReadonlySet<string> = new Set(),
): CheckedRecipient[] {
  const seen = new Map<string, number>();
  return recipients.map((entry, i) => {
    const at = `recipients[${i}]`;
    if (!isObject(entry)) throw invalid(`${at}: must be an object { to, components? }`);
    const unknown = Object.keys(entry).find((key) => key !== 'to' && key !== 'components');
    if (unknown !== undefined) throw invalid(`${at}.${unknown}: not a field of a recipient (to, components)`);
    const recipient = normalizeRecipient(entry.to, `${at}.to`);
    const first = seen.get(recipient);
    if (first !== undefined) throw invalid(`${at}.to: ${recipient} is already recipients[${first}]`);
    if (existing.has(recipient)) throw invalid(`${at}.to: ${recipient} is already a recipient of this broadcast`);
    seen.set(recipient, i);
    const components = entry.components;
    if (components !== undefined && !Array.isArray(components)) throw invalid(`${at}.components: must be an array`);
    try {
      checkTemplateSend(template, { ...reference, components });
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      const details = typeof error.options.data?.details === 'string' ? error.options.data.details : error.message;
      throw new GraphError(error.code, error.message, {
        ...error.options,
        data: { ...error.options.data, details: `${at}: ${details}` },
      });
    }
    return { recipient, components: components ?? null };
  });
}
