import { Client } from 'pg';

/** Creates the test database when it does not exist yet (the app's migrations build its schema). */
export default async function globalSetup(): Promise<void> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gateway_test');
  const name = url.pathname.slice(1);
  if (!/test/i.test(name)) throw new Error(`Refusing to use database "${name}": its name must contain "test"`);
  const admin = new Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}
