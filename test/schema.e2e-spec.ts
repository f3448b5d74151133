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
  // status updates (heap-only, no index entries), and only theirs.
  it('keeps a quarter of each message record page free, and the other tables at the default fill', async () => {
    const rows = await t.dataSource.query<Array<{ relname: string; reloptions: string[] | null }>>(
      `SELECT relname, reloptions FROM pg_class
       WHERE relname IN ('messages', 'message_statuses', 'webhook_events', 'webhook_deliveries') ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'message_statuses', reloptions: null },
      { relname: 'messages', reloptions: ['fillfactor=75'] },
      { relname: 'webhook_deliveries', reloptions: null },
      { relname: 'webhook_events', reloptions: null },
    ]);
  });
});
