import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { cpuBetween, mainThreadSleeps, postgresCpuMs, sampleCpu } from './cpu';

// The bench's PostgreSQL figure is the CPU of every server process; this checks it on the machine's
// real server (the test database's), with a backend that works and then exits between two samples.

describe('postgresCpuMs', () => {
  it('keeps the CPU of a backend that exits between two samples (its parent is charged with it)', async () => {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0].pid;

    const before = postgresCpuMs();
    // Some hundreds of milliseconds of CPU in this backend alone.
    await client.query('SELECT count(*) FROM generate_series(1, 6000000)');
    await client.end();
    for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    const after = postgresCpuMs();

    expect(before).toBeDefined();
    expect(after).toBeDefined();
    // Summing only the live processes, the exited backend's CPU would vanish: the delta would be
    // about zero or negative. Charged to the postmaster, it stays (at least most of the query's time).
    expect(after! - before!).toBeGreaterThanOrEqual(100);
  });
});

describe('mainThreadSleeps', () => {
  it("counts a Node process's event-loop wake-ups: one per timer that finds nothing else to do", async () => {
    // A child that, once told to start, wakes 50 times 20 ms apart with nothing else to do: each wake-up
    // follows a sleep (its start-up's sleeps come before the first sample).
    const child = spawn(
      process.execPath,
      [
        '-e',
        [
          "process.stdin.once('data', () => {",
          '  let n = 0;',
          "  const t = setInterval(() => { if (++n === 50) { clearInterval(t); console.log('done'); } }, 20);",
          '});',
          'setInterval(() => {}, 1e6);',
        ].join('\n'),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((r) => setTimeout(r, 500));
      const pid = child.pid!;
      const before = sampleCpu({ child: pid });
      const done = new Promise((r) => child.stdout.once('data', r));
      child.stdin.write('go\n');
      await done;
      const after = sampleCpu({ child: pid });

      // A count that only grows: read again, it is at least what the sample holds.
      expect(mainThreadSleeps(pid)).toBeGreaterThanOrEqual(after.sleeps.child);
      const slept = after.sleeps.child - before.sleeps.child;
      // About one sleep per tick. A tick the machine held the child past its time finds the timer due
      // without sleeping (a few, on a loaded machine); a collection or the stdin read may add a few.
      expect(slept).toBeGreaterThanOrEqual(45);
      expect(slept).toBeLessThan(70);
      expect(cpuBetween(before, after, 50).sleepsPerRequest.child).toBeCloseTo(slept / 50, 1);
    } finally {
      child.kill();
    }
    expect(mainThreadSleeps(999_999_999)).toBeUndefined();
  });
});
