import type { ConfigService } from '@nestjs/config';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';
import { HotPathSql } from './hot-path-sql';

/** The hot statements' two pools, on the test database: how each session plans and commits. */
describe('HotPathSql', () => {
  const settings: Record<string, unknown> = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_POOL_SIZE: 2 };
  const config = { get: (name: string) => settings[name] } as unknown as ConfigService<Environment, true>;
  const sql = new HotPathSql({} as DataSource, config);
  afterAll(() => sql.onApplicationShutdown());

  const setting = async (name: string, durability?: 'durable' | 'relaxed') =>
    (
      await sql.query<{ value: string }>(`show_${name}`, `SELECT current_setting('${name}') AS value`, [], durability)
    )[0].value;

  it("commits durably unless asked otherwise, as the server's own sessions do", async () => {
    const plain = new Client({ connectionString: process.env.DATABASE_URL });
    await plain.connect();
    const serverDefault = (
      await plain.query<{ value: string }>("SELECT current_setting('synchronous_commit') AS value")
    ).rows[0].value;
    await plain.end();
    expect(serverDefault).not.toBe('off');
    expect(await setting('synchronous_commit')).toBe(serverDefault);
    expect(await setting('synchronous_commit', 'durable')).toBe(serverDefault);
  });

  it('commits a relaxed statement without waiting for the disk, planned as the others are', async () => {
    expect(await setting('synchronous_commit', 'relaxed')).toBe('off');
    expect(await setting('plan_cache_mode', 'relaxed')).toBe('force_generic_plan');
    expect(await setting('enable_seqscan', 'relaxed')).toBe('off');
    expect(await setting('plan_cache_mode')).toBe('force_generic_plan');
  });
});
