import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { eventually } from './support/eventually';
import { buildOnce, ChildHandle, deploymentCli, killAll, startSandbox } from './support/gateway-process';
import { freePort } from './support/redis-helpers';
import { ScratchDatabase } from './support/postgres-helpers';
import { WebhookReceiver } from './support/webhook-receiver';

const ROOT = join(__dirname, '..');
const CUSTOMER = '15550009876';

/** The README's "Beside a production gateway" block, as written. */
function readmeBlock(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('**Beside a production gateway.**'));
  const match = /```bash\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md has no block under "Beside a production gateway"');
  return match[1];
}

/**
 * Test mode beside a production gateway (issue 54): the simulator started exactly as README "Test
 * mode" shows (only its ports moved to free ones), with a gateway in production mode whose
 * META_APP_ID is not the simulator's default app: a test key makes a test number, a simulated
 * customer writes, the tenant receives it, the reply is sent and its status comes back.
 */
describe('test mode: the simulator as the README starts it, beside a production gateway', () => {
  const database = new ScratchDatabase('test_mode_production');
  let gateway: ChildHandle & { url: string };
  let env: Record<string, string>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    buildOnce();
    await database.create();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL as string,
      REDIS_KEY_PREFIX: 'gwsimprod:',
      ENCRYPTION_KEY: 'd'.repeat(64),
      META_APP_SECRET: '1a2b3c4d5e6f708192a3b4c5d6e7f809',
      // Not the simulator's default app (1000000000000001, which production refuses).
      META_APP_ID: '734512987650099',
      WEBHOOK_VERIFY_TOKEN: 'a-verify-token-of-this-deployment',
      // The tenant's receiver in this test is on loopback.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    };
    // The live upstream: a stand-in, so that nothing here can reach Meta (nothing live is asked of it).
    const live = await startSandbox(['--app-secret', env.META_APP_SECRET, '--app-id', env.META_APP_ID]);
    const [gatewayPort, simulatorPort] = [await freePort(), await freePort()];
    const block = readmeBlock()
      .replaceAll('--port 3002', `--port ${simulatorPort}`)
      .replaceAll('127.0.0.1:3002', `127.0.0.1:${simulatorPort}`)
      .replaceAll('127.0.0.1:3000', `127.0.0.1:${gatewayPort}`);
    expect(block).toContain('npm run sandbox --');
    expect(block).toContain('npm run start:prod');
    gateway = Object.assign(
      new ChildHandle(
        spawn('bash', ['-e', '-c', block], {
          cwd: ROOT,
          detached: true,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            ...env,
            GATEWAY_MODE: 'production',
            UPSTREAM_BASE_URL: live.url,
            PORT: String(gatewayPort),
            HOST: '127.0.0.1',
            METRICS_PORT: '0',
          },
        }),
      ),
      { url: `http://127.0.0.1:${gatewayPort}` },
    );
    await eventually(async () => (/gateway listening/.test(gateway.output) ? true : undefined), 90_000).catch(
      (error: Error) => {
        throw new Error(`the README's block did not start: ${error.message}\n${gateway.output}`);
      },
    );
    receiver = await new WebhookReceiver().start();
  }, 180_000);
  afterAll(async () => {
    await receiver?.stop();
    // The block's shell, its simulator and its gateway: the whole process group.
    if (gateway?.child.pid) process.kill(-gateway.child.pid, 'SIGKILL');
    await killAll();
    await database.drop();
  });

  it('makes a test number, receives the customer, sends the reply and hears its status', async () => {
    const bootstrap = await deploymentCli(['bootstrap'], env);
    expect(bootstrap.code).toBe(0);
    const platform = { Authorization: `Bearer ${bootstrap.json.key as string}` };
    const organization = await request(gateway.url)
      .post('/v1/organizations')
      .set(platform)
      .send({ name: 'Tries first' })
      .expect(201);
    const testKey = await request(gateway.url)
      .post('/v1/keys')
      .set(platform)
      .send({ kind: 'org', mode: 'test', tenant_ids: [organization.body.id] })
      .expect(201);
    const asTest = { Authorization: `Bearer ${testKey.body.key as string}` };
    await request(gateway.url)
      .post('/v1/webhooks')
      .set(asTest)
      .send({ url: receiver.url, events: ['messages'] })
      .expect(201);

    const number = await request(gateway.url).post('/v1/test/phone_numbers').set(asTest).send({});
    expect(number.status).toBe(201);
    const phoneNumberId = number.body.phone_number_id as string;
    // The simulator now acts as the gateway's app, and the account is subscribed to it.
    expect(gateway.output).not.toMatch(/does not list app/);

    await request(gateway.url)
      .post(`/v1/test/${phoneNumberId}/inbound`)
      .set(asTest)
      .send({ from: CUSTOMER, type: 'text', text: { body: 'Is my order on its way?' } })
      .expect(200);
    const [inbound] = (
      await receiver.waitFor((events) => events.some((e) => e.body.includes('Is my order on its way?')), 15_000)
    ).filter((e) => e.body.includes('Is my order on its way?'));
    expect(inbound.headers['x-gateway-mode']).toBe('test');

    const sent = await request(gateway.url)
      .post(`/v23.0/${phoneNumberId}/messages`)
      .set(asTest)
      .send({ messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'It is: tomorrow.' } });
    expect(sent.status).toBe(200);
    const wamid = sent.body.messages[0].id as string;
    await receiver.waitFor((events) => events.some((e) => e.body.includes(wamid) && e.body.includes('"sent"')), 15_000);
  });
});
