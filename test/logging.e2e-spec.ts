import { Writable } from 'node:stream';
import request from 'supertest';
import type * as FactoriesModule from './support/factories';
import type * as TestAppModule from './support/test-app';
import type * as LoggingModule from '../src/logging/logging.module';
import type { TestApp } from './support/test-app';
import type { IssuedApiKey } from '../src/auth/api-keys.service';
import type * as GatewayLoggerModule from '../src/logging/gateway-logger';
import type * as PeopleModule from '../src/people/people.service';
import type * as RedisStoreModule from '../src/redis/redis-store';

/** Every line the app writes, parsed (the destination is JSON lines in this test). */
class Lines extends Writable {
  readonly all: Array<Record<string, unknown>> = [];
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      this.raw.push(line);
      this.all.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
  accessLines(requestId: string) {
    return this.all.filter((line) => line.request_id === requestId && 'status' in line);
  }
}

describe('logs (pino): one access line per request, no secrets', () => {
  const lines = new Lines();
  let t: TestApp;
  let factories: typeof FactoriesModule;
  let tenant: FactoriesModule.TestTenant;
  let key: IssuedApiKey;

  beforeAll(async () => {
    // The app reads its settings when its modules are first loaded: info level and JSON lines first.
    process.env.LOG_LEVEL = 'log';
    process.env.LOG_FORMAT = 'json';

    const { createTestApp, resetState } = require('./support/test-app') as typeof TestAppModule;
    const { LOG_DESTINATION } = require('../src/logging/logging.module') as typeof LoggingModule;
    factories = require('./support/factories') as typeof FactoriesModule;
    t = await createTestApp({ overrides: [{ token: LOG_DESTINATION, value: lines }] });
    await resetState(t);
    tenant = await factories.createTenant(t);
    key = await factories.createOrgKey(t, tenant);
  });
  afterAll(() => t.close());

  const waitForLine = async (requestId: string) => {
    for (let i = 0; i < 50 && lines.accessLines(requestId).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return lines.accessLines(requestId);
  };

  it('a request’s access line carries its X-Request-Id, organization, key prefix, route template, status and latency', async () => {
    await t.dataSource.query(
      `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, '15550001111', $2, now())`,
      [tenant.phoneNumberId, tenant.id],
    );
    await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(factories.bearer(key))
      .set('X-Request-Id', 'log-send-1')
      .send({ messaging_product: 'whatsapp', to: '15550001111', type: 'text', text: { body: 'hello' } })
      .expect(200);
    const access = await waitForLine('log-send-1');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 30,
      request_id: 'log-send-1',
      org_id: tenant.id,
      key_prefix: key.record.prefix,
      method: 'POST',
      route: '/v1/:phoneNumberId/messages',
      status: 200,
      latency_ms: expect.any(Number),
      msg: expect.stringMatching(/^POST \/v1\/:phoneNumberId\/messages 200 \d+ms$/),
    });
    // The route template, never the path with its ids; never the key.
    const text = JSON.stringify(access[0]);
    expect(text).not.toContain(tenant.phoneNumberId);
    expect(text).not.toContain(key.key);
  });

  it('a key given as access_token in the query is not in any line; refusals and early errors get their line too', async () => {
    await request(t.url)
      .get(`/v1/${tenant.phoneNumberId}/messages?access_token=${key.key}`)
      .set('X-Request-Id', 'log-query-token')
      .expect(200);
    await request(t.url)
      .get('/v1/tenants')
      .set('Authorization', 'Bearer svc_live_' + 'y'.repeat(40))
      .set('X-Request-Id', 'log-bad-key')
      .expect(401);
    await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(factories.bearer(key))
      .set('Content-Type', 'application/json')
      .set('X-Request-Id', 'log-bad-json')
      .send('{"to": ')
      .expect(400);
    const [queryLine] = await waitForLine('log-query-token');
    expect(queryLine).toMatchObject({
      route: '/v1/:phoneNumberId/messages',
      status: 200,
      key_prefix: key.record.prefix,
    });
    const [badKey] = await waitForLine('log-bad-key');
    expect(badKey).toMatchObject({ route: '/v1/tenants', status: 401 });
    expect(badKey.key_prefix).toBeUndefined();
    const [badJson] = await waitForLine('log-bad-json');
    expect(badJson).toMatchObject({ status: 400, method: 'POST' });
    for (const line of lines.raw) {
      expect(line).not.toContain(key.key);
      expect(line).not.toContain('y'.repeat(40));
      expect(line).not.toContain('access_token=');
    }
  });

  it('application logs redact secret fields, and the route map is not logged at info level', async () => {
    const { ROOT_LOGGER } = require('../src/logging/logging.module') as typeof LoggingModule;
    const root = t.get<import('pino').Logger>(ROOT_LOGGER);
    root.info(
      {
        access_token: 'EAAG-should-not-appear',
        headers: { authorization: 'Bearer svc_live_secret' },
        body: { secret: 'whsec_abc' },
      },
      'probe',
    );
    const probe = lines.all.find((line) => line.msg === 'probe');
    expect(probe).toMatchObject({
      access_token: '[redacted]',
      headers: { authorization: '[redacted]' },
      body: { secret: '[redacted]' },
    });
    expect(lines.raw.join('\n')).not.toMatch(/EAAG-should-not-appear|svc_live_secret|whsec_abc/);
    // Nest's logger (GatewayLogger, what main.ts installs) writes to the same lines; the route map only at debug.
    const { GatewayLogger } = require('../src/logging/gateway-logger') as typeof GatewayLoggerModule;
    const nest = t.get(GatewayLogger);
    nest.log('Mapped {/v1/tenants, GET} route', 'RouterExplorer');
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('gateway listening', 'Bootstrap');
    expect(lines.all.filter((line) => line.context === 'Bootstrap' && line.msg === 'gateway listening')).toHaveLength(
      1,
    );
    expect(lines.all.filter((line) => /Mapped \{|dependencies initialized/.test(String(line.msg)))).toEqual([]);
  });

  it('a failed query is one JSON line with its SQLSTATE and statement, without its parameters or the value PostgreSQL quotes', async () => {
    const { GatewayLogger } = require('../src/logging/gateway-logger') as typeof GatewayLoggerModule;
    t.app.useLogger(t.get(GatewayLogger));
    const before = lines.raw.length;
    const secret = 'svc_live_' + 'q'.repeat(32);
    await expect(
      t.dataSource.query('SELECT id FROM messages WHERE id = $1 AND recipient = $2', ['not-a-uuid-' + secret, secret]),
    ).rejects.toThrow();
    const logged = lines.all.slice(before).filter((line) => line.context === 'Database');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      msg: 'query failed (22P02): invalid input syntax for type uuid: "…" [SELECT id FROM messages WHERE id = $1 AND recipient = $2]',
    });
    expect(lines.raw.slice(before).join('\n')).not.toContain(secret);
  });

  it('operators see trouble: a refused upstream signature, an unprocessable upstream delivery, a failed tenant delivery and an endpoint turned off are warnings, without secrets', async () => {
    const { WebhookReceiver } = require('./support/webhook-receiver') as typeof import('./support/webhook-receiver');
    const { GatewayLogger } = require('../src/logging/gateway-logger') as typeof GatewayLoggerModule;
    t.app.useLogger(t.get(GatewayLogger));
    const before = lines.raw.length;
    const since = () => lines.all.slice(before).filter((line) => line.level === 40);

    await request(t.url)
      .post('/webhooks/whatsapp')
      .set('X-Request-Id', 'req-bad-signature')
      .set('X-Hub-Signature-256', 'sha256=00')
      .send({ object: 'x' })
      .expect(403);
    expect(since().find((line) => line.context === 'UpstreamWebhooks')).toMatchObject({
      msg: expect.stringMatching(
        /^upstream webhook refused: X-Hub-Signature-256 does not match the body .*\[request req-bad-signature\]$/,
      ),
    });

    // A signed delivery that cannot be applied: acknowledged, and a warning with where and the request id.
    const { postFromUpstream } = require('./support/from-upstream') as typeof import('./support/from-upstream');
    await postFromUpstream(t.url, { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [null] }] })
      .set('X-Request-Id', 'req-unprocessable')
      .expect(200);
    expect(since().find((line) => line.context === 'WebhookIngest')).toMatchObject({
      msg: expect.stringMatching(
        /^upstream webhook acknowledged but not applied \(entry\[0\]\.changes\[0\]: not an object\): kept as unprocessable_webhooks [0-9a-f-]+ \[request req-unprocessable\]$/,
      ),
    });

    const receiver = await new WebhookReceiver().start();
    receiver.status = 500;
    try {
      const url = `${receiver.url}?token=tenant-own-url-token`;
      const endpoint = await request(t.url)
        .post('/v1/webhooks')
        .set(factories.bearer(key))
        .send({ url, secret: 'tenant-own-signing-secret' })
        .expect(201);
      await request(t.url)
        .post(`/v1/webhooks/${endpoint.body.id}/test`)
        .set(factories.bearer(key))
        .send({})
        .expect(200);
      const failed = since().find((line) => line.context === 'WebhookDispatcher');
      expect(failed).toMatchObject({
        msg: expect.stringMatching(
          new RegExp(
            `^tenant webhook delivery [0-9a-f-]+ to endpoint ${endpoint.body.id} failed \\(retries so far: 0\\): HTTP 500: receiver says no$`,
          ),
        ),
      });
      await request(t.url)
        .patch(`/v1/webhooks/${endpoint.body.id}`)
        .set(factories.bearer(key))
        .send({ status: 'disabled' })
        .expect(200);
      expect(since().find((line) => String(line.msg).includes('turned off'))).toMatchObject({
        msg: `tenant webhook endpoint ${endpoint.body.id} turned off: disabled by the organization`,
      });
      const written = lines.raw.slice(before).join('\n');
      for (const secret of ['tenant-own-url-token', 'tenant-own-signing-secret', 'test-app-secret'])
        expect(written).not.toContain(secret);
    } finally {
      await receiver.stop();
    }
  });

  it("the console's requests get their access line under the session's key, with neither the key, the cookie nor the CSRF token", async () => {
    const before = lines.raw.length;
    const signedIn = await request(t.url)
      .post('/console/session')
      .set('X-Request-Id', 'log-console-sign-in')
      .send({ key: key.key })
      .expect(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
    await request(t.url).get('/v1/blacklist').set('Cookie', cookie).set('X-Request-Id', 'log-console-read').expect(200);
    const [read] = await waitForLine('log-console-read');
    expect(read).toMatchObject({
      org_id: tenant.id,
      key_prefix: key.record.prefix,
      method: 'GET',
      route: '/v1/blacklist',
      status: 200,
    });
    const [signIn] = await waitForLine('log-console-sign-in');
    expect(signIn).toMatchObject({ route: '/console/session', status: 200 });
    const written = lines.raw.slice(before).join('\n');
    for (const secret of [key.key, cookie.split('=')[1], signedIn.body.csrf_token as string])
      expect(written).not.toContain(secret);
  });

  /** Every value in the test Redis database, as text (sessions, caches, counters): strings and hashes. */
  async function redisContents(): Promise<string> {
    const { RedisStore } = require('../src/redis/redis-store') as typeof RedisStoreModule;
    const values: string[] = [];
    const store = t.store;
    if (store instanceof RedisStore)
      for (const k of await store.client.keys('*')) {
        const kind = await store.client.type(k);
        if (kind === 'string') values.push(k, String(await store.client.get(k)));
        else if (kind === 'hash') values.push(k, JSON.stringify(await store.client.hgetall(k)));
        else values.push(k);
      }
    return values.join('\n');
  }

  it("a person's password, invitation token and second-factor secret are in no log line and nowhere in Redis", async () => {
    const { PeopleService } = require('../src/people/people.service') as typeof PeopleModule;
    const password = 'a person password that must not leak';
    await t.get(PeopleService).addOwner(tenant.id, 'leak-check@shop.example', password);
    const before = lines.raw.length;
    const owner = request.agent(t.url);
    const signedIn = await owner
      .post('/console/session')
      .send({ email: 'leak-check@shop.example', password })
      .expect(200);
    const csrf = signedIn.body.csrf_token as string;
    const invited = await owner
      .post('/v1/members/invitations')
      .set('x-csrf-token', csrf)
      .send({ email: 'leak-check-2@shop.example', role: 'viewer' })
      .expect(201);
    const token = (invited.body.link as string).split('/').pop()!;
    const colleague = request.agent(t.url);
    await colleague
      .post('/console/session/invitation')
      .send({ token, password: `${password} 2` })
      .expect(200);
    const setup = await owner.post('/console/session/totp').set('x-csrf-token', csrf).expect(200);
    const secret = setup.body.secret as string;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = lines.raw.slice(before).join('\n');
    const redis = await redisContents();
    for (const leaked of [password, `${password} 2`, token, secret]) {
      expect(written).not.toContain(leaked);
      expect(redis).not.toContain(leaked);
    }
  });

  it("Embedded Signup's code, business token, PIN and app secret are in no log line, no answer and nowhere in Redis", async () => {
    const { SecretBox } = require('../src/common/secret-box') as typeof import('../src/common/secret-box');
    const before = lines.raw.length;
    const flow = t.sandbox.finishEmbeddedSignup();
    const pin = '864209';
    const answer = await request(t.url)
      .post('/v1/embedded_signup')
      .set(factories.bearer(key))
      .send({ code: flow.code, waba_id: flow.waba_id, phone_number_id: flow.phone_number_id, pin })
      .expect(200);
    const [row] = await t.dataSource.query<Array<{ access_token_encrypted: string }>>(
      'SELECT access_token_encrypted FROM business_accounts WHERE waba_id = $1',
      [flow.waba_id],
    );
    const token = t.get(SecretBox).decrypt(row.access_token_encrypted);
    expect(token).toMatch(/^EAAsandbox/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = lines.raw.slice(before).join('\n');
    const redis = await redisContents();
    for (const leaked of [flow.code, token, pin, 'test-app-secret']) {
      expect(written).not.toContain(leaked);
      expect(redis).not.toContain(leaked);
      expect(JSON.stringify(answer.body)).not.toContain(leaked);
    }
  });
});
