import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../src/database/migrations';
import { GATEWAY_NODE_FLAGS } from '../src/config/node-flags';
import { buildOnce } from './support/gateway-process';
import { ScratchDatabase } from './support/postgres-helpers';

const ROOT = join(__dirname, '..');

/** The built CLI's `migrate` against `databaseUrl`: exit code and its JSON document. */
function migrate(
  databaseUrl: string,
): Promise<{ code: number; json: { applied?: string[]; pending?: boolean; error?: unknown } }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'dist/src/cli/main.js'), 'migrate'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 90_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? -1) : 0, json: JSON.parse(stdout || '{}') }),
    );
  });
}

/**
 * Migrations run once per deploy: the CLI's one-shot `migrate` (compose's `migrate` service) and
 * every instance that migrates at boot take one PostgreSQL advisory lock, so runs that start
 * together wait for each other and apply each migration once. The image checks readiness.
 */
describe('migrations, once per deploy', () => {
  const database = new ScratchDatabase('migrate');

  beforeAll(async () => {
    buildOnce();
    await database.create();
  }, 120_000);
  afterAll(() => database.drop());

  it('three concurrent `migrate` runs on an empty database: all succeed, each migration applied exactly once', async () => {
    const runs = await Promise.all([migrate(database.url), migrate(database.url), migrate(database.url)]);
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0]);
    const names = MIGRATIONS.map((migration) => new migration().name);
    // One run applied them all; the others waited on the lock and found nothing left.
    expect(runs.map((run) => run.json.applied).sort((a, b) => b!.length - a!.length)).toEqual([names, [], []]);
    expect(runs.every((run) => run.json.pending === false)).toBe(true);
    const rows = await database.query(async (db) =>
      (await db.query('SELECT name FROM migrations ORDER BY id')).rows.map((row: { name: string }) => row.name),
    );
    expect(rows).toEqual(names);
    const again = await migrate(database.url);
    expect(again).toEqual({ code: 0, json: { applied: [], pending: false } });
  }, 120_000);

  it('the image runs on Node 24 LTS, installs from the lock file, checks readiness, and starts only the app', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM node:(\S+)/gm)).toEqual([
      'FROM node:24-bookworm-slim',
      'FROM node:24-bookworm-slim',
    ]);
    expect(dockerfile).toMatch(/^RUN npm ci /m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD .*\/health'/m);
    // The app with the gateway's Node flags (src/config/node-flags.ts), spelled out as the start scripts do.
    const cmd = JSON.stringify(['node', ...GATEWAY_NODE_FLAGS, 'dist/src/main.js']).replace(/,/g, ', ');
    expect(dockerfile.split('\n')).toContain(`CMD ${cmd}`);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
      scripts: Record<string, string>;
    };
    expect(pkg.engines.node).toBe('>=24.11.0');
    // The start scripts run it the same way.
    const app = ['node', ...GATEWAY_NODE_FLAGS, 'dist/src/main.js'].join(' ');
    expect(pkg.scripts['start:prod']).toBe(app);
    expect(pkg.scripts.start).toBe(`npm run build && ${app}`);
  });
});
