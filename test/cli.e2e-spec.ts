import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { SecretBox } from '../src/common/secret-box';
import { isListening } from '../src/database/embedded-postgres';
import { eventually } from './support/eventually';
import { bearer, registerAtUpstream } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist/src/cli/main.js');

type Json = any;

interface CliRun {
  code: number;
  json: Json;
  stdout: string;
  stderr: string;
}

/** The test app's sandbox: the CLI's upstream (onboarding subscribes the app and reads numbers' limits there). */
let upstreamUrl = '';

/** Runs the built CLI with the test environment (plus `env`), feeding `input` on stdin. */
function cli(args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, env: { ...process.env, UPSTREAM_BASE_URL: upstreamUrl, ...options.env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        let json: Json;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code: error ? Number(error.code ?? -1) : 0, json, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** Runs the CLI and expects success: the parsed JSON document. */
async function ok(args: string[], options?: { env?: NodeJS.ProcessEnv; input?: string }): Promise<Json> {
  const run = await cli(args, options);
  if (run.code !== 0) throw new Error(`cli ${args.join(' ')} exited ${run.code}: ${run.stdout}${run.stderr}`);
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe(JSON.stringify(run.json, null, 2) + '\n');
  return run.json;
}

/** Runs the CLI and expects failure: the `error` object of its JSON output. */
async function fails(args: string[]): Promise<Json> {
  const run = await cli(args);
  expect(run.code).toBe(1);
  expect(run.json).toEqual({ error: expect.objectContaining({ message: expect.any(String) }) });
  return run.json.error;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const KEY_VIEW_FIELDS = [
  'allowed_ips',
  'allowed_phone_number_ids',
  'created_at',
  'expires_at',
  'hmac',
  'id',
  'issued_by_key_id',
  'kind',
  'last_used_at',
  'mode',
  'name',
  'prefix',
  'rate_limit_per_second',
  'revoked_at',
  'rotated_from_id',
  'scopes',
  'tenant_ids',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('administration CLI', () => {
  let t: TestApp;
  let acme: Json;
  let beta: Json;
  const wabaId = '1' + digits(14);
  const phoneNumberId = '2' + digits(14);

  beforeAll(async () => {
    try {
      execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
    } catch (error) {
      throw new Error(`npm run build failed:\n${(error as { stdout?: Buffer }).stdout?.toString() ?? ''}`, {
        cause: error,
      });
    }
    t = await createTestApp();
    upstreamUrl = t.sandbox.url;
    await resetState(t);
  }, 180_000);
  afterAll(() => t?.close());

  const rows = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);

  it('org:create and org:list', async () => {
    acme = await ok(['org:create', '--name', 'Acme Ltd']);
    expect(acme).toEqual({ id: UUID, name: 'Acme Ltd', test_of: null, created_at: expect.any(String) });
    beta = await ok(['org:create', '--name', 'Beta']);
    expect(await rows('SELECT id, name FROM organizations ORDER BY created_at')).toEqual([
      { id: acme.id, name: 'Acme Ltd' },
      { id: beta.id, name: 'Beta' },
    ]);
    expect(await ok(['org:list'])).toEqual({ data: [acme, beta] });
  });

  const subscribed = { status: 'subscribed', checked_at: expect.any(String), error: null };
  const subscriptionCalls = (waba: string) =>
    t.sandbox
      .requests()
      .filter((r) => r.path.endsWith(`/${waba}/subscribed_apps`))
      .map((r) => r.method);

  it('waba:add refuses an account whose token Meta does not take, and stores nothing', async () => {
    registerAtUpstream(t, {
      wabaId,
      accessToken: 'the-real-token',
      phoneNumbers: [{ id: phoneNumberId, display: '+1 555 0100' }],
    });
    const error = await fails(['waba:add', '--org', acme.id, '--waba-id', wabaId, '--token', 'a-wrong-token']);
    expect(error).toEqual({
      code: 100,
      message: `(#100) Meta refused subscribed_apps of business account ${wabaId}`,
      details: expect.stringContaining('Meta answered (#190)'),
    });
    expect(JSON.stringify(error)).not.toContain('a-wrong-token');
    expect(await rows('SELECT id FROM business_accounts WHERE waba_id = $1', [wabaId])).toEqual([]);
    expect(subscriptionCalls(wabaId)).toEqual(['POST']);
  });

  it('waba:add subscribes the app to the account, checks it, stores the token encrypted and never prints it', async () => {
    const token = 'EAAG-upstream-secret-' + digits(10);
    registerAtUpstream(t, { wabaId, accessToken: token });
    t.sandbox.clearRequests();
    const run = await cli(['waba:add', '--org', acme.id, '--waba-id', wabaId, '--token', token, '--name', 'Main']);
    expect(run.code).toBe(0);
    expect(run.json).toEqual({
      id: UUID,
      tenant_id: acme.id,
      waba_id: wabaId,
      name: 'Main',
      app_subscription: subscribed,
      partner_removed_at: null,
      created_at: expect.any(String),
    });
    // Once subscribed at Meta, once read back; Meta now sends the account's webhooks to the app.
    expect(subscriptionCalls(wabaId)).toEqual(['POST', 'GET']);
    const sandboxAccount = (await (await fetch(`${t.sandbox.url}/_sandbox/business_accounts/${wabaId}`)).json()) as {
      subscribed_apps: string[];
    };
    expect(sandboxAccount.subscribed_apps).toEqual([process.env.META_APP_ID ?? '1000000000000001']);
    expect(run.stdout + run.stderr).not.toContain(token);
    const [row] = await rows('SELECT tenant_id, access_token_encrypted FROM business_accounts WHERE waba_id = $1', [
      wabaId,
    ]);
    expect(row.tenant_id).toBe(acme.id);
    expect(row.access_token_encrypted).not.toContain(token);
    expect(t.get(SecretBox).decrypt(row.access_token_encrypted)).toBe(token);
  });

  it('waba:add --token - reads the token from stdin', async () => {
    const otherWabaId = '1' + digits(14);
    registerAtUpstream(t, { wabaId: otherWabaId, accessToken: 'from-stdin-token' });
    const account = await ok(['waba:add', '--org', beta.id, '--waba-id', otherWabaId, '--token', '-'], {
      input: 'from-stdin-token\n',
    });
    expect(account).toEqual({
      id: UUID,
      tenant_id: beta.id,
      waba_id: otherWabaId,
      name: '',
      app_subscription: subscribed,
      partner_removed_at: null,
      created_at: expect.any(String),
    });
    const [row] = await rows('SELECT access_token_encrypted FROM business_accounts WHERE waba_id = $1', [otherWabaId]);
    expect(t.get(SecretBox).decrypt(row.access_token_encrypted)).toBe('from-stdin-token');
  });

  it('phone:add registers a number under the business account, with its limits as Meta states them', async () => {
    t.sandbox.setLimits(phoneNumberId, { messaging_limit_tier: 'TIER_250', quality_rating: 'YELLOW' });
    t.sandbox.clearRequests();
    const phone = await ok([
      'phone:add',
      '--waba-id',
      wabaId,
      '--phone-number-id',
      phoneNumberId,
      '--display',
      '+1 555 0100',
    ]);
    expect(phone).toEqual({
      id: UUID,
      tenant_id: acme.id,
      business_account_id: UUID,
      phone_number_id: phoneNumberId,
      display_phone_number: '+1 555 0100',
      enforce_service_window: true,
      // Meta's limits, read before the number is stored: it is paced right from its first send.
      throughput_level: 'STANDARD',
      is_on_biz_app: false,
      messaging_limit_tier: 'TIER_250',
      quality_rating: 'YELLOW',
      limits_learned_at: expect.any(String),
      throughput_override_mps: null,
      created_at: expect.any(String),
    });
    const [row] = await rows(
      'SELECT p.tenant_id, b.waba_id FROM phone_numbers p JOIN business_accounts b ON b.id = p.business_account_id WHERE p.phone_number_id = $1',
      [phoneNumberId],
    );
    expect(row).toEqual({ tenant_id: acme.id, waba_id: wabaId });
    expect(t.sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v23.0/${phoneNumberId}`]);
  });

  it('phone:set turns local 24-hour window enforcement off and on', async () => {
    const off = await ok(['phone:set', '--phone-number-id', phoneNumberId, '--service-window', 'off']);
    expect(off).toMatchObject({ phone_number_id: phoneNumberId, enforce_service_window: false });
    expect(
      (await rows('SELECT enforce_service_window FROM phone_numbers WHERE phone_number_id = $1', [phoneNumberId]))[0],
    ).toEqual({
      enforce_service_window: false,
    });
    const on = await ok(['phone:set', '--phone-number-id', phoneNumberId, '--service-window', 'on']);
    expect(on).toMatchObject({ enforce_service_window: true });
    const unknown = await fails(['phone:set', '--phone-number-id', '999999999999', '--service-window', 'off']);
    expect(unknown).toMatchObject({ code: 100 });
  });

  it("phone:set --throughput sets an operator's pace for the number, and auto gives it back to Meta's level", async () => {
    const set = await ok(['phone:set', '--phone-number-id', phoneNumberId, '--throughput', '250']);
    expect(set).toMatchObject({ phone_number_id: phoneNumberId, throughput_override_mps: 250 });
    expect(
      (await rows('SELECT throughput_override_mps FROM phone_numbers WHERE phone_number_id = $1', [phoneNumberId]))[0],
    ).toEqual({ throughput_override_mps: 250 });
    const auto = await ok(['phone:set', '--phone-number-id', phoneNumberId, '--throughput', 'auto']);
    expect(auto).toMatchObject({ throughput_override_mps: null, enforce_service_window: true });
    const bad = await fails(['phone:set', '--phone-number-id', phoneNumberId, '--throughput', 'fast']);
    expect(JSON.stringify(bad)).toContain('--throughput');
    const nothing = await fails(['phone:set', '--phone-number-id', phoneNumberId]);
    expect(JSON.stringify(nothing)).toContain('--service-window or --throughput');
  });

  let orgKey: Json;
  let adminKey: Json;

  it('key:create issues an organization key with every setting', async () => {
    const before = Date.now();
    orgKey = await ok([
      'key:create',
      '--kind',
      'org',
      '--org',
      acme.id,
      '--name',
      'ci',
      '--scopes',
      'messages:send,templates:read',
      '--phones',
      phoneNumberId,
      '--ips',
      '10.0.0.0/8,192.168.1.1',
      '--rate-limit',
      '25',
      '--expires-in',
      '30d',
      '--hmac',
    ]);
    expect(orgKey).toEqual({
      key: expect.stringMatching(/^svc_live_[A-Za-z0-9]{40}$/),
      hmac_secret: expect.stringMatching(/^[A-Za-z0-9]{48}$/),
      record: {
        id: UUID,
        name: 'ci',
        kind: 'org',
        prefix: expect.stringMatching(/^svc_live_/),
        tenant_ids: [acme.id],
        scopes: ['messages:send', 'templates:read'],
        allowed_phone_number_ids: [phoneNumberId],
        allowed_ips: ['10.0.0.0/8', '192.168.1.1'],
        rate_limit_per_second: 25,
        hmac: true,
        expires_at: expect.any(String),
        revoked_at: null,
        last_used_at: null,
        mode: 'live',
        issued_by_key_id: null,
        rotated_from_id: null,
        created_at: expect.any(String),
      },
    });
    const thirtyDays = 30 * 86_400_000;
    const expiresAt = Date.parse(orgKey.record.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + thirtyDays);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + thirtyDays);

    const [row] = await rows('SELECT * FROM api_keys WHERE id = $1', [orgKey.record.id]);
    expect(row).toMatchObject({
      kind: 'org',
      tenant_ids: [acme.id],
      scopes: ['messages:send', 'templates:read'],
      allowed_ips: ['10.0.0.0/8', '192.168.1.1'],
      rate_limit_per_second: 25,
      revoked_at: null,
    });
    expect(row.key_hash).not.toContain(orgKey.key);
    expect(t.get(SecretBox).decrypt(row.hmac_secret_encrypted)).toBe(orgKey.hmac_secret);
  });

  it('key:create issues an admin key over several organizations, all scopes by default', async () => {
    adminKey = await ok([
      'key:create',
      '--kind',
      'admin',
      '--org',
      `${acme.id},${beta.id}`,
      '--expires',
      '2099-01-31T12:00:00Z',
    ]);
    expect(adminKey.hmac_secret).toBeUndefined();
    expect(adminKey.record).toMatchObject({
      kind: 'admin',
      tenant_ids: [acme.id, beta.id],
      scopes: expect.arrayContaining(['messages:send', 'webhooks:write']),
      allowed_phone_number_ids: null,
      allowed_ips: null,
      rate_limit_per_second: 80,
      hmac: false,
      expires_at: '2099-01-31T12:00:00.000Z',
    });
    expect(adminKey.key).toMatch(/^svc_admin_/);
    // --org may also be repeated
    const repeated = await ok([
      'key:create',
      '--kind',
      'admin',
      '--org',
      acme.id,
      '--org',
      beta.id,
      '--name',
      'repeated',
    ]);
    expect(repeated.record.tenant_ids).toEqual([acme.id, beta.id]);

    const tenants = await request(t.url).get('/v1/tenants').set(bearer(adminKey.key)).expect(200);
    expect(tenants.body.data.map((o: { id: string }) => o.id).sort()).toEqual([acme.id, beta.id].sort());
  });

  it('key:create --test issues a test key of the organizations’ test twins, which reaches no live record', async () => {
    const testKey = await ok(['key:create', '--kind', 'admin', '--test', '--org', `${acme.id},${beta.id}`]);
    expect(testKey.key).toMatch(/^svc_admin_test_[A-Za-z0-9]{40}$/);
    const twins: Array<{ id: string; test_of: string }> = await rows(
      'SELECT id, test_of FROM organizations WHERE test_of IS NOT NULL ORDER BY test_of',
    );
    expect(twins.map((r) => r.test_of).sort()).toEqual([acme.id, beta.id].sort());
    expect(testKey.record).toMatchObject({ mode: 'test', tenant_ids: expect.arrayContaining(twins.map((r) => r.id)) });
    const tenants = await request(t.url).get('/v1/tenants').set(bearer(testKey.key)).expect(200);
    expect(tenants.body.data.map((o: { test_of: string }) => o.test_of).sort()).toEqual([acme.id, beta.id].sort());
    // The live organization's number is not the test key's: named as live, nothing read.
    const live = await request(t.url).get(`/v1/${phoneNumberId}/messages`).set(bearer(testKey.key));
    expect(live.status).toBe(400);
    expect(live.body.error.error_data.details).toMatch(/^phone_number_id: a live phone number of this organization/);
  });

  it('key:create --kind platform issues a key for onboarding, keys and the audit log, with no organization', async () => {
    const platform = await ok(['key:create', '--kind', 'platform', '--name', 'ops']);
    expect(platform.key).toMatch(/^svc_platform_[A-Za-z0-9]{40}$/);
    expect(platform.record).toMatchObject({
      kind: 'platform',
      tenant_ids: [],
      scopes: [
        'tenants:read',
        'tenants:write',
        'billing:read',
        'billing:write',
        'usage:read',
        'keys:read',
        'keys:write',
        'audit:read',
      ],
    });
    const orgs = await request(t.url).get('/v1/organizations').set(bearer(platform.key)).expect(200);
    expect(orgs.body.data.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([acme.id, beta.id]));
    const withOrg = await fails(['key:create', '--kind', 'platform', '--org', acme.id]);
    expect(withOrg).toMatchObject({
      code: 100,
      details: expect.stringContaining('a platform key belongs to no organization'),
    });
    const orgKeyWithPlatformScope = await fails([
      'key:create',
      '--kind',
      'org',
      '--org',
      acme.id,
      '--scopes',
      'tenants:write',
    ]);
    expect(orgKeyWithPlatformScope).toMatchObject({
      code: 100,
      details: expect.stringContaining('an organization key cannot hold: tenants:write'),
    });
    await ok(['key:revoke', platform.record.id]);
  });

  it('waba:list and number:list show what was registered (never a token), by organization and by account', async () => {
    const accounts = await ok(['waba:list', '--org', acme.id]);
    expect(accounts.data.map((a: Json) => a.waba_id)).toEqual([wabaId]);
    expect(JSON.stringify(accounts)).not.toMatch(/token/i);
    const others = (await ok(['waba:list', '--org', beta.id])).data as Json[];
    expect(others.every((a) => a.tenant_id === beta.id && a.waba_id !== wabaId)).toBe(true);
    expect((await ok(['waba:list'])).data.map((a: Json) => a.waba_id)).toEqual(
      expect.arrayContaining([wabaId, ...others.map((a) => a.waba_id)]),
    );
    const numbers = await ok(['number:list', '--waba-id', wabaId]);
    expect(numbers.data.map((n: Json) => n.phone_number_id)).toEqual([phoneNumberId]);
    expect((await ok(['phone:list', '--org', acme.id])).data.map((n: Json) => n.phone_number_id)).toEqual([
      phoneNumberId,
    ]);
  });

  it('--help shows examples of every kind of command', async () => {
    const run = await cli(['--help']);
    for (const example of [
      'npm run cli -- bootstrap',
      'npm run cli -- migrate',
      'waba:list --org',
      'number:list --waba-id',
      'key:rotate <keyId>',
      'webhook:listen --port 8080',
      'operator:add --email',
    ]) {
      expect(run.stdout).toContain(example);
    }
  });

  it('webhook:listen prints each delivery as a JSON line with its signature checked, and answers the handshake', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [CLI, 'webhook:listen', '--port', String(port), '--secret', 'listener-secret-0123', '--verify-token', 'vt-1'],
      { cwd: ROOT },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      const listener = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 100 && !out.includes('listening on'); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const body = '{"object":"whatsapp_business_account","entry":[]}';
      const signature = 'sha256=' + createHmac('sha256', 'listener-secret-0123').update(body).digest('hex');
      await request(listener)
        .post('/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', signature)
        .set('webhook-id', 'd-1')
        .send(body)
        .expect(200);
      await request(listener)
        .post('/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', 'sha256=00')
        .send(body)
        .expect(200);
      const challenge = await request(listener)
        .get('/webhook')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'vt-1', 'hub.challenge': '4242' })
        .expect(200);
      expect(challenge.text).toBe('4242');
      await request(listener)
        .get('/webhook')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' })
        .expect(403);
      const lines = out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
      expect(lines.filter((line) => line.body)).toEqual([
        {
          received_at: expect.any(String),
          path: '/webhook',
          webhook_id: 'd-1',
          signature: 'valid',
          body: JSON.parse(body),
        },
        {
          received_at: expect.any(String),
          path: '/webhook',
          webhook_id: null,
          signature: 'INVALID',
          body: JSON.parse(body),
        },
      ]);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('key:list shows the records without key texts, hashes or secrets', async () => {
    const run = await cli(['key:list']);
    expect(run.code).toBe(0);
    expect(run.json.data).toHaveLength(5);
    for (const view of run.json.data) expect(Object.keys(view).sort()).toEqual(KEY_VIEW_FIELDS);
    expect(run.json.data.map((v: Json) => v.id)).toContain(orgKey.record.id);
    for (const secret of [orgKey.key, orgKey.hmac_secret, adminKey.key]) expect(run.stdout).not.toContain(secret);

    const forBeta = await ok(['key:list', '--org', beta.id]);
    expect(forBeta.data.map((v: Json) => v.kind)).toEqual(['admin', 'admin']);
  });

  it('key:revoke revokes a key: the gateway then answers 401 code 190', async () => {
    const issued = await ok(['key:create', '--kind', 'org', '--org', acme.id, '--name', 'to revoke']);
    const revoked = await ok(['key:revoke', issued.record.id]);
    expect(Object.keys(revoked).sort()).toEqual(KEY_VIEW_FIELDS);
    expect(revoked).toMatchObject({ id: issued.record.id, revoked_at: expect.any(String) });
    const [row] = await rows('SELECT revoked_at FROM api_keys WHERE id = $1', [issued.record.id]);
    expect(row.revoked_at).not.toBeNull();
    // First use only now, so no running instance holds the key in its cache.
    const res = await request(t.url).get('/v1/tenants').set(bearer(issued.key)).expect(401);
    expect(res.body.error.code).toBe(190);
  });

  it('operator:add makes a person a platform operator (password from stdin, never printed); operator:remove ends it', async () => {
    const password = 'the operator password from stdin';
    const made = await ok(['operator:add', '--email', 'Ops@Cli.Example', '--password', '-'], { input: password });
    expect(made).toEqual({ user_id: expect.any(String), created: true });
    const [user] = await rows('SELECT email, password_hash, platform_key_id FROM users WHERE id = $1', [made.user_id]);
    expect(user).toMatchObject({ email: 'ops@cli.example', platform_key_id: expect.any(String) });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const [key] = await rows('SELECT kind, member_user_id, revoked_at FROM api_keys WHERE id = $1', [
      user.platform_key_id,
    ]);
    expect(key).toEqual({ kind: 'platform', member_user_id: made.user_id, revoked_at: null });
    const session = await request(t.url).post('/console/session').send({ email: 'ops@cli.example', password });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ key: { kind: 'platform' }, person: { role: 'operator' } });
    expect((await fails(['operator:add', '--email', 'not-an-email'])).details).toBe('email: must be an email address');
    expect(await ok(['operator:remove', '--email', 'ops@cli.example'])).toEqual({ user_id: made.user_id });
    const [revoked] = await rows('SELECT revoked_at FROM api_keys WHERE id = $1', [user.platform_key_id]);
    expect(revoked.revoked_at).not.toBeNull();
    expect((await fails(['operator:remove', '--email', 'ops@cli.example'])).code).toBe(100);
  });

  it('key:rotate issues a new key with the same settings and revokes the old one at once', async () => {
    const old = await ok([
      'key:create',
      '--kind',
      'org',
      '--org',
      acme.id,
      '--name',
      'to rotate',
      '--scopes',
      'messages:read',
    ]);
    const rotated = await ok(['key:rotate', old.record.id]);
    expect(rotated).toEqual({
      key: expect.stringMatching(/^svc_live_/),
      record: expect.objectContaining({ id: UUID }),
    });
    expect(rotated.key).not.toBe(old.key);
    expect(rotated.record).toMatchObject({
      name: 'to rotate',
      tenant_ids: [acme.id],
      scopes: ['messages:read'],
      revoked_at: null,
      rotated_from_id: old.record.id,
    });
    expect(rotated.record.id).not.toBe(old.record.id);

    const oldRes = await request(t.url).get('/v1/tenants').set(bearer(old.key)).expect(401);
    expect(oldRes.body.error.code).toBe(190);
    const newRes = await request(t.url).get('/v1/tenants').set(bearer(rotated.key)).expect(200);
    expect(newRes.body.data).toEqual([expect.objectContaining({ id: acme.id })]);

    // A signing key gets a new signing secret.
    const signing = await ok(['key:rotate', orgKey.record.id]);
    expect(signing.hmac_secret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(signing.hmac_secret).not.toBe(orgKey.hmac_secret);

    const again = await fails(['key:rotate', old.record.id]);
    expect(again).toMatchObject({ code: 100, message: expect.stringContaining('revoked') });
  });

  it('a number added by phone:add and broadcast to at once is paced at the tier Meta states: Meta refuses nothing (no 131048)', async () => {
    const org = await ok(['org:create', '--name', 'Fresh number']);
    const freshWaba = '1' + digits(14);
    const freshNumber = '2' + digits(14);
    registerAtUpstream(t, {
      wabaId: freshWaba,
      accessToken: 'fresh-token',
      phoneNumbers: [{ id: freshNumber, display: '+1 555 0177' }],
    });
    // A new business at Meta: a small messaging limit (users reached by templates in 24 hours).
    t.sandbox.setLimits(freshNumber, { messaging_limit_tier: 'TIER_50' });
    await ok(['waba:add', '--org', org.id, '--waba-id', freshWaba, '--token', 'fresh-token']);
    await ok(['phone:add', '--waba-id', freshWaba, '--phone-number-id', freshNumber, '--display', '+1 555 0177']);
    await t.dataSource.query(
      `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category, status, components, parameter_format, status_updated_at)
       SELECT $1, id, waba_id, '9' || $2, 'welcome', 'en_US', 'UTILITY', 'APPROVED', '[{"type":"BODY","text":"Welcome"}]'::jsonb, 'POSITIONAL', now() FROM business_accounts WHERE waba_id = $2`,
      [org.id, freshWaba],
    );
    const key = await ok(['key:create', '--kind', 'org', '--org', org.id, '--rate-limit', '1000']);
    t.sandbox.clearRequests();
    const recipients = Array.from({ length: 80 }, (_, i) => ({ to: `1555860${String(i).padStart(4, '0')}` }));
    const created = await request(t.url)
      .post(`/v1/${freshNumber}/broadcasts`)
      .set(bearer(key.key))
      .send({ name: 'Launch', template: { name: 'welcome', language: { code: 'en_US' } }, recipients })
      .expect(201);
    expect(created.body.estimate).toMatchObject({ messaging_limit_tier: 'TIER_50', deferred_by_messaging_limit: 30 });
    const settled = await eventually(async () => {
      const now = await request(t.url).get(`/v1/${freshNumber}/broadcasts/${created.body.id}`).set(bearer(key.key));
      return now.body.counts.deferred === 30 && now.body.counts.queued === 0 ? now.body : undefined;
    }, 20_000);
    expect(settled.status).toBe('running');
    expect(settled.counts.failed).toBe(0);
    const sends = t.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith(`/${freshNumber}/messages`));
    expect(sends).toHaveLength(50);
    expect(sends.every((r) => r.status === 200)).toBe(true);
  }, 60_000);

  describe('failures exit 1 with a JSON error and write nothing', () => {
    const countKeys = async () => Number((await rows('SELECT count(*) AS n FROM api_keys'))[0].n);

    it('rejects an unknown scope', async () => {
      const before = await countKeys();
      const error = await fails([
        'key:create',
        '--kind',
        'org',
        '--org',
        acme.id,
        '--scopes',
        'messages:send,messages:fly',
      ]);
      expect(error).toEqual({
        code: 100,
        message: '(#100) Invalid API key settings',
        details: expect.stringContaining('unknown scopes: messages:fly'),
      });
      expect(await countKeys()).toBe(before);
    });

    it('rejects an organization key over two organizations', async () => {
      const error = await fails(['key:create', '--kind', 'org', '--org', acme.id, '--org', beta.id]);
      expect(error).toMatchObject({ code: 100, details: expect.stringContaining('exactly one organization') });
    });

    it('rejects allowed phone numbers outside the key organizations', async () => {
      const error = await fails(['key:create', '--kind', 'org', '--org', beta.id, '--phones', phoneNumberId]);
      expect(error).toMatchObject({ code: 100, details: expect.stringContaining(phoneNumberId) });
    });

    it('rejects a business account for an unknown organization', async () => {
      const unknown = randomUUID();
      const error = await fails([
        'waba:add',
        '--org',
        unknown,
        '--waba-id',
        '1' + digits(14),
        '--token',
        'secret-token-x',
      ]);
      expect(error).toEqual({ code: 100, message: `(#100) Organization ${unknown} does not exist` });
      expect(JSON.stringify(error)).not.toContain('secret-token-x');
    });

    it('rejects a phone number registered twice', async () => {
      const error = await fails([
        'phone:add',
        '--waba-id',
        wabaId,
        '--phone-number-id',
        phoneNumberId,
        '--display',
        '+1 555 0199',
      ]);
      expect(error).toEqual({ code: 100, message: `(#100) Phone number ${phoneNumberId} is already registered` });
      expect(await rows('SELECT id FROM phone_numbers WHERE phone_number_id = $1', [phoneNumberId])).toHaveLength(1);
    });

    it('rejects bad command lines', async () => {
      expect(await fails(['key:create', '--kind', 'org', '--org', acme.id, '--expires-in', '3 days'])).toMatchObject({
        code: 100,
        message: '(#100) Invalid command line',
        details: expect.stringContaining('--expires-in'),
      });
      expect(await fails(['key:create', '--kind', 'root', '--org', acme.id])).toMatchObject({
        code: 100,
        details: expect.stringContaining('--kind'),
      });
      expect(await fails(['key:revoke'])).toMatchObject({ code: 100, details: expect.stringContaining('keyId') });
      expect(await fails(['org:drop'])).toMatchObject({ code: 100, details: "unknown command 'org:drop'" });
      expect(await fails(['key:revoke', randomUUID()])).toMatchObject({
        code: 100,
        message: expect.stringContaining('does not exist'),
      });
    });
  });

  describe('embedded database (no DATABASE_URL)', () => {
    let dataDir: string;
    let port: number;
    let gateway: ChildProcess | undefined;
    const env = () => ({ DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(port) });

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'gateway-cli-'));
      port = await freePort();
    });
    afterAll(async () => {
      if (gateway && gateway.exitCode === null) {
        const exited = new Promise((done) => gateway!.once('exit', done));
        gateway.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts the embedded database itself when nothing listens, and stops it on exit', async () => {
      const org = await ok(['org:create', '--name', 'Offline'], { env: env() });
      expect(org.name).toBe('Offline');
      expect(await isListening(port)).toBe(false);
      // A list command with nothing to read from boots in full (it starts the database) and answers the same.
      expect(await ok(['org:list'], { env: env() })).toEqual({ data: [org] });
      expect(await isListening(port)).toBe(false);
    }, 120_000);

    it("uses the running gateway's embedded database when its port listens", async () => {
      // Stands in for a gateway started without DATABASE_URL: PGlite on the same folder, served on the port.
      gateway = spawn(
        process.execPath,
        [
          '-e',
          `require('./dist/src/database/embedded-postgres.js')
            .startEmbeddedPostgres(process.env.DATA_DIR, Number(process.env.EMBEDDED_DATABASE_PORT))
            .then((db) => process.once('SIGTERM', () => db.stop().then(() => process.exit(0))));`,
        ],
        { cwd: ROOT, env: { ...process.env, ...env() }, stdio: 'ignore' },
      );
      for (let i = 0; i < 300 && !(await isListening(port)); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await isListening(port)).toBe(true);

      // Opening the folder a second time would fail on the taken port: these runs go through it.
      await ok(['org:create', '--name', 'Online'], { env: env() });
      const list = await ok(['org:list'], { env: env() });
      expect(list.data.map((o: Json) => o.name)).toEqual(['Offline', 'Online']);
      // As for the gateway, production with the embedded database needs no ENCRYPTION_KEY.
      expect(await ok(['org:list'], { env: { ...env(), NODE_ENV: 'production', ENCRYPTION_KEY: '' } })).toEqual(list);
    }, 120_000);
  });
});
