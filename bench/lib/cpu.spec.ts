import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { postgresCpuMs } from './cpu';

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
