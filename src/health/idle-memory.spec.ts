import { IdleWatch } from './idle-memory';

const MB = 1024 * 1024;

describe('IdleWatch: when an idle instance gives its memory back', () => {
  it('says so once the loop has been idle for the whole delay (the first spell whatever the memory: start-up grew it)', () => {
    const watch = new IdleWatch(30_000);
    expect(watch.observe(0.005, 10_000, 220 * MB)).toBe(false);
    expect(watch.observe(0.005, 10_000, 220 * MB)).toBe(false);
    expect(watch.observe(0.005, 10_000, 220 * MB)).toBe(true);
  });

  it('once per idle spell: not again while idle, again after busy time and a new idle delay', () => {
    const watch = new IdleWatch(10_000);
    expect(watch.observe(0.001, 10_000, 220 * MB)).toBe(true);
    watch.releasedTo(140 * MB);
    expect(watch.observe(0.001, 10_000, 300 * MB)).toBe(false);
    expect(watch.observe(0.001, 10_000, 300 * MB)).toBe(false);
    expect(watch.observe(0.5, 10_000, 300 * MB)).toBe(false);
    expect(watch.observe(0.001, 10_000, 300 * MB)).toBe(true);
  });

  it('busy time (15 % of the loop or more) starts the delay again', () => {
    const watch = new IdleWatch(20_000);
    // An idle instance's own housekeeping (a few % of its loop) counts as idle; 15 % starts again.
    expect(watch.observe(0.06, 10_000, 220 * MB)).toBe(false);
    expect(watch.observe(0.15, 10_000, 220 * MB)).toBe(false);
    expect(watch.observe(0.001, 10_000, 220 * MB)).toBe(false);
    expect(watch.observe(0.001, 10_000, 220 * MB)).toBe(true);
  });

  it('nothing to give back: a spell after busy time that grew the instance less than 16 MB is left alone', () => {
    const watch = new IdleWatch(10_000);
    expect(watch.observe(0.001, 10_000, 220 * MB)).toBe(true);
    watch.releasedTo(140 * MB);
    expect(watch.observe(0.3, 10_000, 150 * MB)).toBe(false);
    expect(watch.observe(0.001, 10_000, 150 * MB)).toBe(false);
    expect(watch.observe(0.001, 10_000, 200 * MB)).toBe(false);
    expect(watch.observe(0.3, 10_000, 200 * MB)).toBe(false);
    expect(watch.observe(0.001, 10_000, 200 * MB)).toBe(true);
  });
});
