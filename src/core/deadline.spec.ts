import { deadline } from './deadline';

describe('deadline', () => {
  it('aborts with a TimeoutError once the time is over', async () => {
    const { signal } = deadline(20);
    expect(signal.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe('TimeoutError');
  });

  it('never fires once cleared', async () => {
    const { signal, clear } = deadline(20);
    clear();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(signal.aborted).toBe(false);
  });
});
