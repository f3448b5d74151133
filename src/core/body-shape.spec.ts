import { jsonShapeProblem, storableText, storableVersion } from './body-shape';

const limits = { maxDepth: 8, maxArrayLength: 5 };
const check = (json: string) => jsonShapeProblem(Buffer.from(json), limits);

describe('JSON body shape limits', () => {
  it.each([
    '{}',
    '[]',
    '{"a":{"b":{"c":[1,2,3]}}}',
    '[1,2,3,4,5]',
    '[[1,2,3,4,5],[1,2,3,4,5]]',
    '{"text":"[[[[[[[[[[[[ not brackets ]]]]]]]]]]] , , , ,"}',
    '{"quote":"a \\" [[[[[[[[[[[["}',
    '[{"a":1},{"b":2},"x",true,null]',
    '[ 1 , 2 , 3 , 4 , 5 ]',
    '"just a string"',
    '12',
  ])('accepts %s', (json) => {
    expect(check(json)).toBeUndefined();
  });

  it('refuses nesting past the limit, in arrays or objects', () => {
    expect(check('['.repeat(9) + ']'.repeat(9))).toContain('deeper than 8 levels');
    expect(check('{"a":'.repeat(9) + '1' + '}'.repeat(9))).toContain('deeper than 8 levels');
    expect(check('['.repeat(8) + ']'.repeat(8))).toBeUndefined();
    expect(check('['.repeat(5000))).toContain('deeper than 8 levels');
  });

  it('refuses an array with more elements than the limit, whatever the elements', () => {
    expect(check('[1,2,3,4,5,6]')).toContain('more than 5 elements');
    expect(check('["a","b","c","d","e","f"]')).toContain('more than 5 elements');
    expect(check('[{},{},{},{},{},{}]')).toContain('more than 5 elements');
    expect(check('[[],[],[],[],[],[]]')).toContain('more than 5 elements');
    expect(check('{"a":[1,2,3,4,5],"b":[1,2,3,4,5]}')).toBeUndefined();
  });

  it("names the member an array too long is the value of, when it is one (an array's own elements are not)", () => {
    expect(check('{"name":"x","recipients":[1,2,3,4,5,6]}')).toBe(
      'recipients: an array with more than 5 elements (BODY_MAX_ARRAY_LENGTH)',
    );
    expect(check('{"a":{"list":[{"b":[1,2,3,4,5,6]}]}}')).toBe(
      'b: an array with more than 5 elements (BODY_MAX_ARRAY_LENGTH)',
    );
    expect(check('[[1,2,3,4,5,6]]')).toBe('an array with more than 5 elements (BODY_MAX_ARRAY_LENGTH)');
    expect(check('{"a":"k","b":[[1,2,3,4,5,6]]}')).toBe('an array with more than 5 elements (BODY_MAX_ARRAY_LENGTH)');
  });
});

describe('storableVersion', () => {
  it('writes NUL as its escape and an unpaired surrogate as U+FFFD, leaving the rest', () => {
    expect(storableVersion('x\u0000: text')).toBe('x\\u0000: text');
    expect(storableVersion('a\ud800b')).toBe('a\ufffdb');
    expect(storableVersion('Olá 👋')).toBe('Olá 👋');
    expect(storableText(storableVersion('\u0000\udc00'))).toBe(true);
  });
});
