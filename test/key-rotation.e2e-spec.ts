import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SecretBox } from '../src/common/secret-box';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { bearer, tenantForProcesses } from './support/factories';
import { killAll, quickWebhookArgs, startDataApp, startGateway, startSandbox } from './support/gateway-process';
import { freePort } from './support/redis-helpers';
import { resetState, type TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
/** The test environment's ENCRYPTION_KEY (test-env.ts): key 0, under which every secret is written first. */
const OLD_KEY = process.env.ENCRYPTION_KEY!;
const NEW_KEY = randomBytes(32).toString('hex');

/** The settings of a process (the gateway or the CLI) on the test database with these encryption keys. */
function keyEnv(keys: string): Record<string, string> {
  return { ENCRYPTION_KEY: '', ENCRYPTION_KEYS: keys };
}

/** The CLI with the test environment and `env` on top: its exit code and JSON document. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; json: any; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'dist/src/cli/main.js'), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, json: JSON.parse(stdout || 'null'), stderr }),
    );
  });
}

/** The gateway started with `env`, expected to refuse: its exit code and what it printed. */
function refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/src/main.js')], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0', LOG_LEVEL: 'error', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Rotating ENCRYPTION_KEY: a start without the key some stored secret is under is refused, naming the
 * key; with both keys the gateway runs, `cli secrets:reencrypt` moves every secret to the new key
 * under a running send load (none lost, no send failed), and then the old key can be removed.
 */
describe('encryption key rotation', () => {
  let t: TestApp;
  let key: string;
  let sandboxArgs: string[];
  let before: Map<string, string>;

  /** Every stored secret, decrypted with both keys: where it is, and what it says. */
  async function storedSecrets(): Promise<Map<string, { stored: string; plain: string }>> {
    const box = new SecretBox([
      { id: 'k1', key: Buffer.from(NEW_KEY, 'hex') },
      { id: '0', key: Buffer.from(OLD_KEY, 'hex') },
    ]);
    const rows: Array<{ place: string; stored: string }> = await t.dataSource.query(
      `SELECT 'business_accounts:' || id AS place, access_token_encrypted AS stored FROM business_accounts
       UNION ALL SELECT 'api_keys:' || id, hmac_secret_encrypted FROM api_keys WHERE hmac_secret_encrypted IS NOT NULL
       UNION ALL SELECT 'webhook_endpoints:' || id, secret_encrypted FROM webhook_endpoints
       UNION ALL SELECT 'automation_settings:' || tenant_id, signing_secret_encrypted FROM automation_settings
         WHERE signing_secret_encrypted IS NOT NULL`,
    );
    return new Map(rows.map((row) => [row.place, { stored: row.stored, plain: box.decrypt(row.stored) }]));
  }

  beforeAll(async () => {
    t = await startDataApp();
    const tenant = await tenantForProcesses(t, {
      wabaId: '177000000000001',
      phoneNumberId: '277000000000001',
      token: 'rotation-upstream-token',
      template: 'hello_world',
    });
    key = tenant.key;
    sandboxArgs = tenant.sandboxArgs;
    // More secrets of every kind: signing secrets of keys, of webhook endpoints (one rotated, both kept).
    for (let i = 0; i < 3; i++)
      await t.get(ApiKeysService).create({ kind: 'org', tenantIds: [tenant.tenantId], hmac: true, name: `hmac ${i}` });
    for (let i = 0; i < 3; i++)
      await t.dataSource.query(
        `INSERT INTO webhook_endpoints (tenant_id, kind, url, secret_encrypted, previous_secret_encrypted, previous_secret_expires_at, events)
         VALUES ($1, 'custom', $2, $3, $4, now() + interval '1 hour', '{}')`,
        [
          tenant.tenantId,
          `https://hooks.example.com/${i}`,
          SecretBox.fromText(OLD_KEY).encrypt(`endpoint-secret-${i}`),
          SecretBox.fromText(OLD_KEY).encrypt(`previous-secret-${i}`),
        ],
      );
    // The organization's secret that signs its automation rules' calls (its automations key is any key's id).
    await t.dataSource.query(
      `INSERT INTO automation_settings (tenant_id, acting_key_id, signing_secret_encrypted) VALUES ($1, gen_random_uuid(), $2)`,
      [tenant.tenantId, SecretBox.fromText(OLD_KEY).encrypt('whsec_automations-secret')],
    );
    before = new Map([...(await storedSecrets())].map(([place, { plain }]) => [place, plain]));
  }, 180_000);

  afterAll(async () => {
    await killAll();
    // Secrets under the new key would stop the next spec's app at boot (it has key 0 only): clear them.
    await resetState(t);
    await t.close();
  });

  let recipients = 0;
  /** A template to a user of its own each time (one user takes a message every 6 s only: Meta's pair rule). */
  const sendTemplate = (url: string) =>
    fetch(`${url}/v1/277000000000001/messages`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: `1555077${String(++recipients).padStart(4, '0')}`,
        type: 'template',
        template: { name: 'hello_world', language: { code: 'en_US' } },
      }),
    });

  it('refuses to start without the key the stored secrets are under, naming it and what needs it', async () => {
    const run = await refusedStart(keyEnv(`k1:${NEW_KEY}`));
    expect(run.code).toBe(1);
    expect(run.output).toContain('Stored secrets are encrypted under keys that are not configured');
    const needs = /key 0: needed by (.*)/.exec(run.output)?.[1].split(', ').sort();
    expect(needs).toEqual([
      '1 automation signing secrets',
      '1 business account tokens',
      '3 API key signing secrets',
      '6 webhook endpoint signing secrets',
    ]);
    expect(run.output).not.toMatch(/gateway listening/);
  }, 90_000);

  it('with the new key current and the old one kept, re-encrypts every secret under a send load, losing none', async () => {
    const keys = keyEnv(`k1:${NEW_KEY},0:${OLD_KEY}`);
    const port = await freePort();
    const sandbox = await startSandbox([...quickWebhookArgs(port), ...sandboxArgs]);
    const gateway = await startGateway({ ...keys, UPSTREAM_BASE_URL: sandbox.url }, port);

    // The load: sends one after another, through the whole re-encryption, every one answered 200.
    let sending = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (sending) {
        const res = await sendTemplate(gateway.url);
        statuses.push(res.status);
        await res.arrayBuffer();
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = await cli(['secrets:status'], keys);
    expect(status.json).toMatchObject({ current_key: 'k1', removable_keys: [] });
    expect(status.json.secrets).toContainEqual({ kind: 'business account tokens', by_key: { '0': 1 } });

    // One row a batch: the pass runs long enough to overlap many sends.
    const run = await cli(['secrets:reencrypt', '--batch', '1'], keys);
    sending = false;
    await load;
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ current_key: 'k1', done: true });
    // Every encrypted column the gateway has, the people's and the signups' too (none stored here).
    expect(run.json.reencrypted).toHaveLength(6);
    expect(run.json.reencrypted).toEqual(
      expect.arrayContaining([
        { kind: 'API key signing secrets', count: 3, left_under_other_keys: 0 },
        { kind: 'business account tokens', count: 1, left_under_other_keys: 0 },
        { kind: 'webhook endpoint signing secrets', count: 3, left_under_other_keys: 0 },
        { kind: 'automation signing secrets', count: 1, left_under_other_keys: 0 },
        { kind: 'second factor secrets', count: 0, left_under_other_keys: 0 },
        { kind: 'embedded signup PINs', count: 0, left_under_other_keys: 0 },
      ]),
    );
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // Every secret is under the new key and says what it said before.
    const after = await storedSecrets();
    expect(after.size).toBe(before.size);
    for (const [place, { stored, plain }] of after) {
      expect(stored.startsWith('v2.k1.')).toBe(true);
      expect(plain).toBe(before.get(place));
    }
    const previous: Array<{ stored: string }> = await t.dataSource.query(
      'SELECT previous_secret_encrypted AS stored FROM webhook_endpoints',
    );
    expect(previous.every((row) => row.stored.startsWith('v2.k1.'))).toBe(true);
    expect((await cli(['secrets:status'], keys)).json.removable_keys).toEqual(['0']);
    await gateway.crash();
    await sandbox.crash();
  }, 180_000);

  it('then the old key can be removed: the gateway starts with the new key alone and sends', async () => {
    const port = await freePort();
    const sandbox = await startSandbox([...quickWebhookArgs(port), ...sandboxArgs]);
    const gateway = await startGateway({ ...keyEnv(`k1:${NEW_KEY}`), UPSTREAM_BASE_URL: sandbox.url }, port);
    expect((await sendTemplate(gateway.url)).status).toBe(200);
  }, 120_000);
});
