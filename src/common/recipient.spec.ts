import { GraphError } from '../core/graph-error';
import { normalizeRecipient } from './recipient';

/** Runs normalizeRecipient and returns the GraphError it throws (fails the test when it does not throw one). */
function rejection(input: unknown, field?: string): GraphError {
  try {
    normalizeRecipient(input, field);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphError);
    return error as GraphError;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

describe('normalizeRecipient', () => {
  it.each([
    ['15551234567', '15551234567'],
    ['+15551234567', '15551234567'],
    ['+1 555 123 4567', '15551234567'],
    ['+1 (555) 123-4567', '15551234567'],
    ['1.555.123.4567', '15551234567'],
    ['  +44 20 7946 0958  ', '442079460958'],
    ['+1 (940) 555-1234', '19405551234'],
    ['+16505551234', '16505551234'],
    ['1234567', '1234567'], // 7 digits: the shortest accepted
    ['123456789012345', '123456789012345'], // 15 digits: the longest E.164 allows
    ['+49 (30) 1234-5678', '493012345678'],
    ['+49-(30).1234\t5678', '493012345678'], // any mix of separators between digits
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeRecipient(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['only separators', ' - ( ) . '],
    ['only a plus', '+'],
    ['6 digits', '123456'],
    ['16 digits', '1234567890123456'],
    ['a leading 0', '05551234567'],
    ['a 00 international prefix', '0015551234567'],
    ['a plus after a digit', '1+5551234567'],
    ['two pluses', '++15551234567'],
    ['letters', '1555CALLNOW'],
    ['a slash', '1555/1234567'],
    ['an extension', '+1 555 123 4567 ext 12'],
    ['non-ASCII digits', '١٥٥٥١٢٣٤٥٦٧'],
    ['a number instead of a string', 15551234567],
    ['null', null],
    ['undefined', undefined],
    ['an object', { phone: '15551234567' }],
  ])('rejects %s with code 100 naming "to"', (_label, input) => {
    const error = rejection(input);
    expect(error.code).toBe(100);
    expect(error.status).toBe(400);
    expect(error.message).toBe('(#100) Invalid parameter');
    expect(error.options.data).toEqual({
      details: 'to: must be a phone number in E.164 form (digits, optional leading +)',
    });
  });

  it('names the field it is given, for callers other than the send body', () => {
    const error = rejection('not a phone', 'recipients.3');
    expect(error.code).toBe(100);
    expect(error.options.data).toEqual({
      details: 'recipients.3: must be a phone number in E.164 form (digits, optional leading +)',
    });
  });

  it('is idempotent: a normalized number normalizes to itself', () => {
    const once = normalizeRecipient('+1 (555) 123-4567');
    expect(normalizeRecipient(once)).toBe(once);
  });
});
