import { judge, type RuleFacts, textOf } from './rule-conditions';
import { parseRule } from './rule-input';
import type { GraphError } from '../core/graph-error';
import type { Condition } from './rule';

/** The details of the Graph error `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return String((error as GraphError).options.data?.details);
  }
  throw new Error('not refused');
}

const facts = (over: Partial<RuleFacts> = {}): RuleFacts => ({
  text: 'What is the PRICE?!',
  messageType: 'text',
  errorCode: null,
  buttonPayload: null,
  phoneNumberId: '106540352242922',
  template: null,
  insideHours: true,
  conversationStatus: 'open',
  assigneeId: null,
  contact: async () => ({ tags: ['vip'], attributes: { language: 'es' } }),
  ...over,
});
const conditions = (...c: unknown[]) =>
  parseRule({ name: 'r', trigger: 'message_received', conditions: c, actions: [{ type: 'stop' }] }, false)
    .conditions as Condition[];

describe('rule conditions', () => {
  it('matches keywords whole, in any case, with punctuation and accents', async () => {
    const price = conditions({ field: 'text', operator: 'contains_any', values: ['price', 'Cuánto cuesta'] });
    expect((await judge(price, facts())).matched).toBe(true);
    expect((await judge(price, facts({ text: 'cuanto CUESTA??' }))).matched).toBe(true);
    expect((await judge(price, facts({ text: 'priceless' }))).matched).toBe(false);
    expect((await judge(price, facts({ text: null }))).matched).toBe(false);
  });

  it('runs regular expressions in linear time and refuses what RE2 cannot run', async () => {
    const hola = conditions({ field: 'text', operator: 'matches', value: '^\\s*(hola|buenas)\\b' });
    expect((await judge(hola, facts({ text: 'Hola, ¿qué tal?' }))).matched).toBe(true);
    // A pattern that backtracks catastrophically elsewhere: linear here.
    const evil = conditions({ field: 'text', operator: 'matches', value: '^(a+)+$' });
    const started = performance.now();
    expect((await judge(evil, facts({ text: 'a'.repeat(4000) + 'b' }))).matched).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refusal(() => conditions({ field: 'text', operator: 'matches', value: '(a)\\1' }))).toMatch(
      /conditions\[0\]\.value: not a regular expression RE2 runs/,
    );
    expect(refusal(() => conditions({ field: 'text', operator: 'matches', value: 'x(?=y)' }))).toMatch(/RE2/);
  });

  it('judges every condition and names the first that failed', async () => {
    const all = conditions(
      { field: 'message_type', operator: 'in', values: ['text'] },
      { field: 'business_hours', operator: 'equals', value: 'outside' },
      { field: 'contact_tag', operator: 'has', value: 'VIP' },
    );
    expect(await judge(all, facts())).toEqual({
      matched: false,
      reason: 'conditions[1] (business_hours equals outside) did not hold',
    });
    expect(await judge(all, facts({ insideHours: false }))).toEqual({ matched: true, reason: 'every condition held' });
    const spanish = conditions(
      { field: 'contact_attribute', name: 'language', operator: 'equals', value: 'es' },
      { field: 'assignee', operator: 'is_unassigned' },
    );
    expect((await judge(spanish, facts())).matched).toBe(true);
    expect((await judge(spanish, facts({ contact: async () => null }))).matched).toBe(false);
  });

  it('reads the text of texts, buttons, interactive replies and captions', () => {
    expect(textOf({ type: 'text', text: { body: 'hi' } })).toBe('hi');
    expect(textOf({ type: 'button', button: { text: 'Yes', payload: 'Y' } })).toBe('Yes');
    expect(
      textOf({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: '1', title: 'Spanish' } } }),
    ).toBe('Spanish');
    expect(textOf({ type: 'image', image: { id: '1', caption: 'my receipt' } })).toBe('my receipt');
    expect(textOf({ type: 'location', location: {} })).toBeNull();
  });

  it('refuses unknown conditions and actions naming them', () => {
    expect(refusal(() => conditions({ field: 'mood', operator: 'equals', value: 'happy' }))).toMatch(
      /conditions\[0\]\.field: mood is not a condition/,
    );
    expect(
      refusal(() => parseRule({ name: 'r', trigger: 'message_received', actions: [{ type: 'dance' }] }, false)),
    ).toMatch(/actions\[0\]\.type: dance is not an action/);
    expect(refusal(() => parseRule({ name: 'r', trigger: 'whenever', actions: [{ type: 'stop' }] }, false))).toMatch(
      /^trigger: must be one of message_received, conversation_opened, message_failed, opted_out, conversation_resolved, template_status$/,
    );
  });
});
