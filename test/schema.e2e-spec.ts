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
});
