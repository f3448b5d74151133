import { textOf } from './text-of';

describe('textOf', () => {
  it('writes strings, numbers and booleans as String does', () => {
    expect(textOf('image')).toBe('image');
    expect(textOf(12)).toBe('12');
    expect(textOf(false)).toBe('false');
    expect(textOf(10n)).toBe('10');
  });

  it('writes objects and arrays as JSON, never [object Object]', () => {
    expect(textOf({ a: 1 })).toBe('{"a":1}');
    expect(textOf(['x'])).toBe('["x"]');
    expect(textOf(null)).toBe('null');
  });

  it('writes nothing for undefined and for what JSON cannot write', () => {
    expect(textOf(undefined)).toBe('');
    expect(textOf(() => 1)).toBe('');
  });
});
