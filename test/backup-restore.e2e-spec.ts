import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './support/eventually';
import { killAll, quickWebhookArgs, startGateway, startSandbox } from './support/gateway-process';
import { ScratchDatabase } from './support/postgres-helpers';
import { freePort } from './support/redis-helpers';

const ROOT = join(__dirname, '..');
const WABA = '188000000000001';
const PHONE = '288000000000001';
const TOKEN = 'backup-upstream-token';
const CUSTOMER = '15550008888';

/** The bash block of docs/deploy.md that backs up and restores (the one with pg_dump). */
function backupBlock(): string {
  const deploy = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
  const blocks = [...deploy.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
  const block = blocks.find((text) => text.includes('pg_dump'));
  if (!block) throw new Error('docs/deploy.md has no bash block with pg_dump');
  return block;
}

function cli(args: string[], env: Record<string, string>): Promise<any> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'dist/src/cli/main.js'), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout) => (error ? reject(new Error(`cli ${args[0]}: ${stdout}`)) : resolve(JSON.parse(stdout))),
    );
  });
}

/**
 * docs/deploy.md's backup and restore, run as written: a database filled through the gateway is backed
 * up with pg_dump and restored into an empty one with pg_restore; a gateway on the restored database
 * (with the same encryption key) has the keys, the account's token, the records and the media library.
 */
describe('backup and restore (docs/deploy.md, step 6)', () => {
  const source = new ScratchDatabase('backup_source');
  const target = new ScratchDatabase('backup_target');
  let folder: string;

  beforeAll(async () => {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
    await source.create();
    await target.create();
    folder = mkdtempSync(join(tmpdir(), 'gateway-backup-'));
  }, 120_000);
  afterAll(async () => {
    await killAll();
    await source.drop();
    await target.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('restores everything a gateway needs: keys, tokens, records, media', async () => {
    const port = await freePort();
    const sandbox = await startSandbox([
      ...quickWebhookArgs(port),
      '--business-account',
      `${WABA}:${TOKEN}`,
      '--phone-number',
      `${PHONE}:${WABA}:15550100088`,
    ]);
    const env = { DATABASE_URL: source.url, UPSTREAM_BASE_URL: sandbox.url };
    const gateway = await startGateway(env, port);
    // Onboarded as an operator would (the CLI), then used as a tenant would.
    const org = await cli(['org:create', '--name', 'Backed up'], env);
    await cli(['waba:add', '--org', org.id, '--waba-id', WABA, '--token', TOKEN], env);
    await cli(['phone:add', '--waba-id', WABA, '--phone-number-id', PHONE, '--display', '+1 555 010 0088'], env);
    const { key } = await cli(['key:create', '--kind', 'org', '--org', org.id], env);
    const auth = { authorization: `Bearer ${key}` };
    await fetch(`${sandbox.url}/_sandbox/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number_id: PHONE, from: CUSTOMER, type: 'text', text: 'hello' }),
    });
    const sent = await eventually(async () => {
      const res = await fetch(`${gateway.url}/v1/${PHONE}/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Hi' } }),
      });
      return res.status === 200 ? ((await res.json()) as { messages: Array<{ id: string }> }) : undefined;
    }, 10_000);
    const wamid = sent.messages[0].id;
    const form = new FormData();
    const bytes = Buffer.from(Array.from({ length: 1_200_000 }, (_, i) => i % 251));
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'terms.pdf');
    const asset = (await (
      await fetch(`${gateway.url}/v1/media_library`, { method: 'POST', headers: auth, body: form })
    ).json()) as { id: string };
    await gateway.crash();

    // The two lines of docs/deploy.md, as written.
    execFileSync('bash', ['-euo', 'pipefail', '-c', backupBlock()], {
      env: {
        ...process.env,
        DATABASE_URL: source.url,
        RESTORE_URL: target.url,
        BACKUP_FILE: join(folder, 'gateway.dump'),
      },
      stdio: 'pipe',
    });

    const restored = await startGateway({ DATABASE_URL: target.url, UPSTREAM_BASE_URL: sandbox.url }, port);
    const record = (await (await fetch(`${restored.url}/v1/${PHONE}/messages/${wamid}`, { headers: auth })).json()) as {
      id: string;
      recipient: string;
    };
    expect(record).toMatchObject({ recipient: CUSTOMER });
    const content = await fetch(`${restored.url}/v1/media_library/${asset.id}/content`, { headers: auth });
    expect(content.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await content.arrayBuffer()), bytes)).toBe(0);
    // The account's token decrypts with the same key: a send reaches Meta (the sandbox).
    const again = await fetch(`${restored.url}/v1/${PHONE}/messages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Back' } }),
    });
    expect(again.status).toBe(200);
  }, 180_000);
});
