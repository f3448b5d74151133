import { spawn } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { validateEnvironment } from '../src/config/environment';
import { eventually } from './support/eventually';
import { buildOnce, deploymentCli, killAll, startGateway, startSandbox } from './support/gateway-process';
import { ScratchDatabase } from './support/postgres-helpers';

const ROOT = join(__dirname, '..');

/** Settings a real deployment gives (database and Redis are the test's, on loopback). */
function completeSettings(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL as string,
    ENCRYPTION_KEY: 'b'.repeat(64),
    META_APP_SECRET: '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
    META_APP_ID: '734512987650042',
    WEBHOOK_VERIFY_TOKEN: 'a-verify-token-of-this-deployment',
  };
}

/** The built gateway started with exactly `env` (nothing of the test settings): its exit code and output, or still running after 20 s. */
function startBare(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/src/main.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const cli = deploymentCli;

/**
 * Production is the default and fails safe: it refuses to start, naming every missing or unsafe
 * setting at once; with complete settings it runs against the configured upstream, seeds nothing
 * and prints no key; the first platform key comes from `bootstrap`. The demo runs only when asked
 * (embedded-run.e2e-spec starts it as `npm run demo` does).
 */
describe('production, the default mode', () => {
  const database = new ScratchDatabase('production');

  beforeAll(async () => {
    buildOnce();
    await database.create();
  }, 120_000);
  afterAll(async () => {
    await killAll();
    await database.drop();
  });

  it('with nothing set, refuses to start and names every missing setting in one message (no demo, no key)', async () => {
    const run = await startBare({});
    expect(run.code).toBe(1);
    for (const setting of [
      'DATABASE_URL',
      'REDIS_URL',
      'ENCRYPTION_KEY',
      'META_APP_SECRET',
      'META_APP_ID',
      'WEBHOOK_VERIFY_TOKEN',
    ]) {
      expect(run.output).toMatch(new RegExp(`^  - ${setting}: required in production`, 'm'));
    }
    expect(run.output).toContain('npm run demo');
    expect(run.output).not.toMatch(/svc_(live|admin|platform)_|gateway listening|sandbox/i);
  }, 30_000);

  it.each([
    ['no DATABASE_URL', { DATABASE_URL: '' }, /DATABASE_URL: required in production/],
    ['no REDIS_URL', { REDIS_URL: '' }, /REDIS_URL: required in production/],
    ['no ENCRYPTION_KEY', { ENCRYPTION_KEY: '' }, /ENCRYPTION_KEY: required in production/],
    ['no META_APP_SECRET', { META_APP_SECRET: '' }, /META_APP_SECRET: required in production/],
    [
      "the sandbox's public app secret",
      { META_APP_SECRET: 'sandbox-app-secret' },
      /META_APP_SECRET: a public example value/,
    ],
    ['no META_APP_ID', { META_APP_ID: '' }, /META_APP_ID: required in production/],
    ["the sandbox's app id", { META_APP_ID: '1000000000000001' }, /META_APP_ID: 1000000000000001 is the sandbox/],
    ['no WEBHOOK_VERIFY_TOKEN', { WEBHOOK_VERIFY_TOKEN: '' }, /WEBHOOK_VERIFY_TOKEN: required in production/],
    [
      "compose's old public verify token",
      { WEBHOOK_VERIFY_TOKEN: 'compose-verify-token' },
      /WEBHOOK_VERIFY_TOKEN: a public example value/,
    ],
    ['demo data', { DEMO_SEED: 'true' }, /DEMO_SEED: demo data is created only in the demo/],
  ])('refuses %s, naming it and nothing else', (_what, change, message) => {
    const env = { ...completeSettings(database.url), NODE_ENV: 'production', ...change };
    let error: Error | undefined;
    try {
      validateEnvironment(env);
    } catch (caught) {
      error = caught as Error;
    }
    expect(error?.message).toMatch(message);
    expect(error!.message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(1);
  });

  it('with complete settings: starts against the configured upstream, seeds nothing, prints no key; bootstrap gives the first platform key once', async () => {
    const sandbox = await startSandbox([
      '--app-secret',
      completeSettings('').META_APP_SECRET,
      '--app-id',
      completeSettings('').META_APP_ID,
    ]);
    // Only what the deployment sets (the helper's test settings are overridden where they differ).
    const gateway = await startGateway({
      ...completeSettings(database.url),
      GATEWAY_MODE: 'production',
      UPSTREAM_BASE_URL: sandbox.url,
    });
    expect(gateway.output).toContain(`upstream: ${sandbox.url}`);
    expect(gateway.output).not.toMatch(/svc_(live|admin|platform)_|demo data|Cloud API sandbox at/);
    await database.query(async (db) => {
      expect((await db.query('SELECT count(*)::int AS n FROM organizations')).rows[0].n).toBe(0);
      expect((await db.query('SELECT count(*)::int AS n FROM api_keys')).rows[0].n).toBe(0);
    });
    // Migrated at boot (under the advisory lock), and ready.
    await eventually(
      async () => ((await request(gateway.url).get('/health')).status === 200 ? true : undefined),
      10_000,
    );

    const env = completeSettings(database.url);
    const first = await cli(['bootstrap'], env);
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({
      key: expect.stringMatching(/^svc_platform_/),
      record: { kind: 'platform', name: 'bootstrap' },
    });
    const again = await cli(['bootstrap'], env);
    expect(again).toMatchObject({
      code: 1,
      json: { error: { code: 100, message: expect.stringMatching(/A platform key exists already/) } },
    });
    expect(
      await database.query(
        async (db) => (await db.query(`SELECT count(*)::int AS n FROM api_keys WHERE kind = 'platform'`)).rows[0].n,
      ),
    ).toBe(1);
    // The key onboards over HTTP.
    const created = await request(gateway.url)
      .post('/v1/organizations')
      .set('Authorization', `Bearer ${first.json.key}`)
      .send({ name: 'First tenant' })
      .expect(201);
    const listed = await cli(['org:list'], env);
    expect(listed.json.data.map((o: { id: string }) => o.id)).toEqual([created.body.id]);
  }, 120_000);
});
