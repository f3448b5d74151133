import type { ConfigService } from '@nestjs/config';
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

  it('commits durably unless asked otherwise', async () => {
    expect(await setting('synchronous_commit')).toBe('on');
    expect(await setting('synchronous_commit', 'durable')).toBe('on');
  });

  it('commits a relaxed statement without waiting for the disk, planned as the others are', async () => {
    expect(await setting('synchronous_commit', 'relaxed')).toBe('off');
    expect(await setting('plan_cache_mode', 'relaxed')).toBe('force_generic_plan');
    expect(await setting('enable_seqscan', 'relaxed')).toBe('off');
    expect(await setting('plan_cache_mode')).toBe('force_generic_plan');
  });
});
