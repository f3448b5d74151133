import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './support/eventually';
import { freePort } from './support/redis-helpers';

/**
 * The README's first command on a machine without PostgreSQL or Redis: `npm run demo`'s launcher
 * (dist/scripts/demo.js) starts the sandbox app and the gateway as two processes; with no
 * DATABASE_URL and no REDIS_URL the gateway runs on embedded PGlite and an in-process store, seeds
 * demo data, prints a working key, and sends a message end to end through the sandbox.
 */
describe('the gateway with embedded defaults (no PostgreSQL, no Redis)', () => {
  const root = join(__dirname, '..');
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  let base: string;
  let sandbox: string;
  let key: string;

  beforeAll(async () => {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
    dataDir = mkdtempSync(join(tmpdir(), 'gateway-embedded-'));
    const [port, sandboxPort, databasePort] = [await freePort(), await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    sandbox = `http://127.0.0.1:${sandboxPort}`;
    // A clean environment: nothing of the test settings (database, Redis, secrets) leaks in.
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      EMBEDDED_DATABASE_PORT: String(databasePort),
      SANDBOX_SENT_DELAY_MS: '50',
      SANDBOX_DELIVERED_DELAY_MS: '100',
      SANDBOX_READ_DELAY_MS: '150',
    };
    // Started from the data folder, so no .env of the checkout is read.
    child = spawn(process.execPath, [join(root, 'dist/scripts/demo.js')], { cwd: dataDir, env });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    key = await eventually(
      async () =>
        /Cloud API sandbox at/.test(output) ? /organization key\s+(svc_live_\w+)/.exec(output)?.[1] : undefined,
      60_000,
    );
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a working demo key and the warnings for the embedded stores', async () => {
    expect(output).toMatch(/DATABASE_URL is not set: embedded PostgreSQL \(PGlite\)/);
    expect(output).toMatch(/REDIS_URL is not set: using an in-process store/);
    expect(output).toContain(`Cloud API sandbox at ${sandbox}`);
    expect(output).toContain(`upstream: ${sandbox}`);
    // Two processes: the gateway never started a simulator of its own.
    expect(output).toMatch(/sandbox listening on http:\/\/127\.0\.0\.1:\d+ \(control API/);
    const res = await fetch(`${base}/v1/tenants`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ name: 'Demo organization' }),
    ]);
    const wrong = await fetch(`${base}/v1/tenants`, {
      headers: { authorization: 'Bearer svc_live_' + 'x'.repeat(40), 'x-request-id': 'readme-1' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'readme-1' },
    });
    const health = await (await fetch(`${base}/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, redis: { status: 'up', store: 'memory' } },
    });
  });

  it('sends a message through the sandbox and follows it to read', async () => {
    const inbound = await fetch(`${sandbox}/_sandbox/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number_id: '100000000000002', from: '15551234567', type: 'text', text: 'hi' }),
    });
    expect(inbound.status).toBe(200);
    const sent = await eventually(async () => {
      const res = await fetch(`${base}/v1/100000000000002/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '15551234567',
          type: 'text',
          text: { body: 'Hello' },
        }),
      });
      return res.status === 200 ? ((await res.json()) as { messages: Array<{ id: string }> }) : undefined;
    });
    const wamid = sent.messages[0].id;
    const record = await eventually(async () => {
      const res = await fetch(`${base}/v1/100000000000002/messages/${wamid}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await res.json()) as { status: string; history: Array<{ status: string }> };
      return body.status === 'read' ? body : undefined;
    });
    expect(record.history.map((h) => h.status)).toEqual(['pending', 'accepted', 'sent', 'delivered', 'read']);

    // Without Redis, tenant webhooks are queued in process: the demo receiver got the customer's
    // message and every status of the reply, signed with the secret printed at start-up.
    expect(output).toMatch(/tenant webhooks are queued in process/);
    const secret = /signing secret (whsec_\S+)\)/.exec(output)?.[1];
    expect(secret).toBeDefined();
    const received = await eventually(async () => {
      const res = await fetch(`${sandbox}/_sandbox/receiver`);
      const { data } = (await res.json()) as { data: Array<{ headers: Record<string, string>; body: any }> };
      const statuses = data
        .flatMap((d) => d.body.entry[0].changes[0].value.statuses ?? [])
        .filter((s: { id: string }) => s.id === wamid);
      return statuses.length === 3 ? data : undefined;
    });
    const messages = received.flatMap((d) => d.body.entry[0].changes[0].value.messages ?? []);
    expect(messages).toEqual([expect.objectContaining({ from: '15551234567', type: 'text', text: { body: 'hi' } })]);
    for (const { headers } of received) expect(headers['x-hub-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
