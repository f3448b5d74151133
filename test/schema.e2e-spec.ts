import { createTestApp, type TestApp } from './support/test-app';

/** The committed migrations build exactly the schema the entities describe (synchronize is never on). */
describe('database schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has every migration applied and nothing left for the entities to change', async () => {
    const pending = await t.dataSource.showMigrations();
    expect(pending).toBe(false);
    const diff = await t.dataSource.driver.createSchemaBuilder().log();
    expect(diff.upQueries.map((q) => q.query)).toEqual([]);
  });

  // The entities cannot say it, so the diff above cannot see it: the records' pages keep room for the
  // status updates (heap-only, no index entries), and only theirs. The tables are partitioned by week
  // (a partitioned table holds no storage itself): every partition of theirs carries it.
  it('keeps a quarter of each message record page free, and the other tables at the default fill', async () => {
    const rows = await t.dataSource.query<Array<{ parent: string; reloptions: string[] | null; n: number }>>(
      `SELECT p.relname AS parent, c.reloptions, count(*)::int AS n FROM pg_inherits i
       JOIN pg_class p ON p.oid = i.inhparent JOIN pg_class c ON c.oid = i.inhrelid
       WHERE p.relname IN ('messages', 'message_statuses', 'webhook_events', 'webhook_deliveries')
       GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(rows.map(({ parent, reloptions }) => ({ parent, reloptions }))).toEqual([
      { parent: 'message_statuses', reloptions: null },
      { parent: 'messages', reloptions: ['fillfactor=75'] },
      { parent: 'webhook_deliveries', reloptions: null },
      { parent: 'webhook_events', reloptions: null },
    ]);
    expect(rows.every((row) => row.n >= 4)).toBe(true);
  });
});
