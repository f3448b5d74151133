import {
  DEFAULT_OPT_IN_KEYWORDS,
  DEFAULT_OPT_OUT_KEYWORDS,
  KeywordMatcher,
  normalizeKeyword,
} from './opt-out-keywords';

describe('opt-out keywords', () => {
  const matcher = new KeywordMatcher(DEFAULT_OPT_OUT_KEYWORDS, DEFAULT_OPT_IN_KEYWORDS);
  const text = (body: string) => ({ type: 'text', text: { body } });

  it('compares without case, accents, extra spaces or closing punctuation', () => {
    expect(normalizeKeyword('  Stop   Promotions! ')).toBe('stop promotions');
    expect(normalizeKeyword('DÉSABONNER')).toBe('desabonner');
    expect(matcher.match(text('stop'))).toEqual({ change: 'opt_out', keyword: 'stop' });
    expect(matcher.match(text('Stop.'))).toEqual({ change: 'opt_out', keyword: 'stop' });
    expect(matcher.match(text('ＳＴＯＰ'))).toEqual({ change: 'opt_out', keyword: 'stop' });
    expect(matcher.match(text('Start'))).toEqual({ change: 'opt_in', keyword: 'start' });
  });

  it('takes the whole message only, and reads button and list replies', () => {
    expect(matcher.match(text('please stop'))).toBeUndefined();
    expect(matcher.match(text('stopp'))).toBeUndefined();
    expect(matcher.match(text('x'.repeat(5000)))).toBeUndefined();
    expect(matcher.match({ type: 'button', button: { text: 'Stop promotions', payload: 'p' } })).toEqual({
      change: 'opt_out',
      keyword: 'stop promotions',
    });
    expect(
      matcher.match({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'b', title: 'START' } },
      }),
    ).toEqual({ change: 'opt_in', keyword: 'start' });
    expect(matcher.match({ type: 'image', image: { id: '1', caption: 'STOP' } })).toBeUndefined();
  });

  it('matches accented keywords an organization chose', () => {
    const own = new KeywordMatcher(['Arrêter'], ['Reprendre']);
    expect(own.match(text('ARRETER'))?.change).toBe('opt_out');
    expect(own.match(text('arrêter!'))?.change).toBe('opt_out');
    expect(own.match(text('stop'))).toBeUndefined();
  });
});
