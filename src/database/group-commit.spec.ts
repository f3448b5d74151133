import { GroupCommit } from './group-commit';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A committer whose writes succeed and are recorded, batch by batch. */
function recordingCommitter(maxBatch: number, concurrency: number, lingerMs: number, lingerUntil?: number) {
  const writes: number[][] = [];
  const committer = new GroupCommit<number, number>(
    async (items) => {
      writes.push(items);
      return items;
    },
    maxBatch,
    concurrency,
    lingerMs,
    lingerUntil,
  );
  return { writes, committer };
}

describe('GroupCommit', () => {
  it('writes the first submission at once, and what arrives meanwhile together in the next write', async () => {
    const writes: number[][] = [];
    let release!: () => void;
    const committer = new GroupCommit<number, string>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => `done ${item}`);
    });
    const first = committer.submit(1);
    await tick();
    expect(writes).toEqual([[1]]);
    const later = [2, 3, 4].map((item) => committer.submit(item));
    await tick();
    expect(writes).toEqual([[1]]);
    release();
    expect(await first).toBe('done 1');
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts more than maxBatch items in one write', async () => {
    const writes: number[][] = [];
    let release!: () => void;
    const committer = new GroupCommit<number, number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items;
    }, 2);
    const all = [0, 1, 2, 3, 4].map((item) => committer.submit(item));
    await tick();
    release();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(writes).toEqual([[0], [1, 2], [3, 4]]);
  });

  it('a failed batch is written again one by one: only the bad submission fails', async () => {
    const writes: string[][] = [];
    let release!: () => void;
    const committer = new GroupCommit<string, string>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      if (items.includes('bad')) throw new Error('constraint violated');
      return items.map((item) => item.toUpperCase());
    });
    const first = committer.submit('a');
    await tick();
    const rest = ['b', 'bad', 'c'].map((item) =>
      committer.submit(item).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    release();
    await first;
    expect(await Promise.all(rest)).toEqual([{ value: 'B' }, { error: 'constraint violated' }, { value: 'C' }]);
    expect(writes).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('with a concurrency of 2, writes two submissions at once and batches what arrives while both run', async () => {
    const writes: number[][] = [];
    const releases: Array<() => void> = [];
    const committer = new GroupCommit<number, number>(
      async (items) => {
        writes.push(items);
        if (writes.length <= 2) await new Promise<void>((resolve) => releases.push(resolve));
        return items;
      },
      256,
      2,
    );
    const first = [committer.submit(1), committer.submit(2)];
    await tick();
    expect(writes).toEqual([[1], [2]]);
    const later = [3, 4, 5].map((item) => committer.submit(item));
    await tick();
    expect(writes).toEqual([[1], [2]]);
    releases[0]();
    expect(await Promise.all(first.slice(0, 1))).toEqual([1]);
    expect(await Promise.all(later)).toEqual([3, 4, 5]);
    expect(writes).toEqual([[1], [2], [3, 4, 5]]);
    releases[1]();
    expect(await first[1]).toBe(2);
  });

  it('keeps working after a failure', async () => {
    let fail = true;
    const committer = new GroupCommit<number, number>(async (items) => {
      if (fail) throw new Error('down');
      return items;
    });
    await expect(committer.submit(1)).rejects.toThrow('down');
    fail = false;
    await expect(committer.submit(2)).resolves.toBe(2);
  });

  it('with a linger, what arrives within it while idle goes in one transaction; a full batch goes at once', async () => {
    jest.useFakeTimers();
    try {
      const { writes, committer } = recordingCommitter(3, 2, 10);
      const first = committer.submit(1);
      await jest.advanceTimersByTimeAsync(5);
      expect(writes).toEqual([]);
      const second = committer.submit(2);
      await jest.advanceTimersByTimeAsync(5);
      expect(await Promise.all([first, second])).toEqual([1, 2]);
      expect(writes).toEqual([[1, 2]]);
      // A batch that is full does not wait.
      const full = [3, 4, 5].map((item) => committer.submit(item));
      await jest.advanceTimersByTimeAsync(0);
      expect(await Promise.all(full)).toEqual([3, 4, 5]);
      expect(writes).toEqual([
        [1, 2],
        [3, 4, 5],
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('ends a linger as soon as enough wait, before its time is up', async () => {
    jest.useFakeTimers();
    try {
      const { writes, committer } = recordingCommitter(10, 2, 50, 3);
      const two = [1, 2].map((item) => committer.submit(item));
      await jest.advanceTimersByTimeAsync(10);
      expect(writes).toEqual([]);
      const third = committer.submit(3);
      await jest.advanceTimersByTimeAsync(0);
      expect(await Promise.all([...two, third])).toEqual([1, 2, 3]);
      expect(writes).toEqual([[1, 2, 3]]);
      // Fewer than that still go when the time is up.
      const alone = committer.submit(4);
      await jest.advanceTimersByTimeAsync(49);
      expect(writes).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(await alone).toBe(4);
      expect(writes).toEqual([[1, 2, 3], [4]]);
    } finally {
      jest.useRealTimers();
    }
  });
});
