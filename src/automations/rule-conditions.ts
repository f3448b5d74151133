import type { RE2JS } from 're2js';
import { compilePattern, normalizeWords } from './rule-input';
import type { Condition } from './rule';

/** What a rule's conditions are judged by, for one event. */
export interface RuleFacts {
  /** The message's text (a text's body, a button's or a list reply's title, a media caption); null: none. */
  text: string | null;
  messageType: string;
  /** A failed message's error code (Meta's), for `message_failed` rules; null otherwise. */
  errorCode: number | null;
  buttonPayload: string | null;
  /** The number (null: an account's event, a template's review). */
  phoneNumberId: string | null;
  /** A reviewed template, for `template_status` rules; null otherwise. */
  template: { name: string; status: string } | null;
  /** Whether the number was open when the customer wrote (a number without business hours: true). */
  insideHours: boolean;
  conversationStatus: string;
  assigneeId: string | null;
  /** The contact's tags and attributes, read once when a condition asks (null: no contact). */
  contact: () => Promise<ContactFacts>;
}

const patterns = new Map<string, RE2JS>();

/** A pattern compiled once per process (saved rules compiled at save time already). */
function pattern(source: string): RE2JS {
  let compiled = patterns.get(source);
  if (!compiled) {
    if (patterns.size > 10_000) patterns.clear();
    compiled = compilePattern(source);
    patterns.set(source, compiled);
  }
  return compiled;
}

type ContactFacts = { tags: string[]; attributes: Record<string, unknown> } | null;
/** The message's words folded once per event, for every keyword condition. */
const words = new WeakMap<RuleFacts, string>();

/**
 * Whether `condition` holds, synchronously; `undefined` when it asks about the contact and `contact`
 * was not read (`undefined`).
 */
function holdsNow(condition: Condition, facts: RuleFacts, contact: ContactFacts | undefined): boolean | undefined {
  switch (condition.field) {
    case 'text': {
      if (facts.text === null) return false;
      if (condition.operator === 'matches') return pattern(condition.value).matcher(facts.text).find();
      let folded = words.get(facts);
      if (folded === undefined) words.set(facts, (folded = ` ${normalizeWords(facts.text)} `));
      return condition.values.some((keyword) => folded.includes(` ${keyword} `));
    }
    case 'message_type':
      return condition.values.includes(facts.messageType);
    case 'error_code':
      return facts.errorCode !== null && condition.values.includes(facts.errorCode);
    case 'button_payload':
      return facts.buttonPayload === condition.value;
    case 'phone_number_id':
      return facts.phoneNumberId !== null && condition.values.includes(facts.phoneNumberId);
    case 'template_name':
      return facts.template !== null && condition.values.includes(facts.template.name);
    case 'template_status':
      return facts.template !== null && condition.values.includes(facts.template.status);
    case 'business_hours':
      return (condition.value === 'inside') === facts.insideHours;
    case 'conversation_status':
      return condition.values.includes(facts.conversationStatus);
    case 'assignee':
      return condition.operator === 'is_unassigned' ? facts.assigneeId === null : facts.assigneeId === condition.value;
    case 'contact_tag': {
      if (contact === undefined) return undefined;
      const has = contact?.tags.includes(condition.value) ?? false;
      return condition.operator === 'has' ? has : !has;
    }
    case 'contact_attribute':
      return contact === undefined ? undefined : contact?.attributes[condition.name] === condition.value;
  }
}

/** A verdict: matched, or the index of the first condition that failed, or which one needs the contact. */
export type Verdict = { matched: true } | { matched: false; failed: number } | { needsContact: number };

/**
 * Judges the conditions in order without reading anything: the first that fails decides; a condition
 * on the contact (not read yet) stops the judging there (`needsContact`).
 */
export function judgeNow(conditions: Condition[], facts: RuleFacts, contact?: ContactFacts): Verdict {
  for (const [i, condition] of conditions.entries()) {
    const held = holdsNow(condition, facts, contact);
    if (held === undefined) return { needsContact: i };
    if (!held) return { matched: false, failed: i };
  }
  return { matched: true };
}

/** Whether every condition holds (the contact read when a condition asks), and why not: the first that failed. */
export async function judge(conditions: Condition[], facts: RuleFacts): Promise<{ matched: boolean; reason: string }> {
  let verdict = judgeNow(conditions, facts);
  if ('needsContact' in verdict) verdict = judgeNow(conditions, facts, await facts.contact());
  return explain(conditions, verdict);
}

/** A verdict in words (one that still needs the contact is not a verdict yet). */
export function explain(conditions: Condition[], verdict: Verdict): { matched: boolean; reason: string } {
  if ('needsContact' in verdict) throw new Error('judged without the contact a condition asks about');
  if (!verdict.matched)
    return {
      matched: false,
      reason: `conditions[${verdict.failed}] (${describe(conditions[verdict.failed])}) did not hold`,
    };
  return { matched: true, reason: conditions.length ? 'every condition held' : 'no conditions' };
}

function describe(c: Condition): string {
  if ('values' in c) return `${c.field} ${c.operator} ${c.values.join(', ')}`;
  if (c.field === 'contact_attribute') return `contact_attribute ${c.name} equals ${String(c.value)}`;
  if ('value' in c) return `${c.field} ${c.operator} ${String(c.value)}`;
  return `${c.field} ${c.operator}`;
}

/** The text a rule reads from a Cloud API message object. */
export function textOf(message: Record<string, unknown>): string | null {
  const pick = (path: string[]) => {
    let value: unknown = message;
    for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'string' ? value : null;
  };
  return (
    pick(['text', 'body']) ??
    pick(['button', 'text']) ??
    pick(['interactive', 'button_reply', 'title']) ??
    pick(['interactive', 'list_reply', 'title']) ??
    pick([String(message.type), 'caption'])
  );
}
