import { METRICS_LISTENER_PORT } from './support/metrics-listener-env';
import request from 'supertest';
import { metricsAccessProblem } from '../src/metrics/metrics-access';
import { eventually } from './support/eventually';
import { freePort } from './support/redis-helpers';
import { bearer, createOrgKey, createTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import type * as TestAppModule from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/** `/metrics` after real traffic: the series an operator graphs, with bounded labels. */
describe('metrics', () => {
  let t: TestApp;
  let metricsUrl: string;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    // The metrics listener on a port of its own (support/metrics-listener-env.ts), on loopback; no token.
    t = await createTestApp();
    metricsUrl = `http://127.0.0.1:${METRICS_LISTENER_PORT}`;
    await resetState(t);
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  it('shows requests by route template, upstream calls, webhooks ingested and delivered, and process metrics, with no ids in labels', async () => {
    const tenant = await createTenant(t);
    const key = await createOrgKey(t, tenant);
    await request(t.url).post('/v1/webhooks').set(bearer(key)).send({ url: receiver.url }).expect(201);
    await t.sandbox.simulateInbound({
      phone_number_id: tenant.phoneNumberId,
      from: '15550007777',
      type: 'text',
      text: 'hi',
    } as never);
    await receiver.waitFor((all) => all.length >= 1);
    await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', to: '15550007777', type: 'text', text: { body: 'hello' } })
      .expect(200);
    await request(t.url)
      .get(`/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer('svc_live_' + 'x'.repeat(40)))
      .expect(401);
    // A forwarded call of the checked pass-through, and one on a QR code (an id that is not a number).
    await request(t.url).get(`/v23.0/${tenant.phoneNumberId}/settings`).set(bearer(key)).expect(200);
    const qr = await request(t.url)
      .post(`/v23.0/${tenant.phoneNumberId}/message_qrdls`)
      .set(bearer(key))
      .send({ prefilled_message: 'Metrics' })
      .expect(200);
    await request(t.url)
      .get(`/v23.0/${tenant.phoneNumberId}/message_qrdls/${qr.body.code}`)
      .set(bearer(key))
      .expect(200);

    const text = await eventually(async () => {
      const res = await request(metricsUrl).get('/metrics').expect(200);
      return /gateway_tenant_webhook_attempts_total\{outcome="delivered"\} [1-9]/.test(res.text) ? res : undefined;
    });
    expect(text.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = text.text;
    expect(body).toMatch(
      /gateway_http_requests_total\{method="POST",route="\/v1\/:phoneNumberId\/messages",status="200"\} 1/,
    );
    expect(body).toMatch(
      /gateway_http_requests_total\{method="GET",route="\/v1\/:phoneNumberId\/messages",status="401"\} 1/,
    );
    expect(body).toMatch(
      /gateway_http_request_duration_seconds_bucket\{le="[\d.]+",method="POST",route="\/v1\/:phoneNumberId\/messages",status="200"\}/,
    );
    expect(body).toMatch(/gateway_upstream_requests_total\{method="POST",endpoint="\{id\}\/messages",outcome="ok"\} 1/);
    expect(body).toMatch(
      /gateway_upstream_request_duration_seconds_count\{method="POST",endpoint="\{id\}\/messages",outcome="ok"\} 1/,
    );
    expect(body).toMatch(/gateway_http_requests_total\{method="GET",route="\/v1\/:node\/settings",status="200"\} 1/);
    expect(body).toMatch(/gateway_upstream_requests_total\{method="GET",endpoint="\{id\}\/settings",outcome="ok"\} 1/);
    expect(body).toMatch(
      /gateway_upstream_requests_total\{method="GET",endpoint="\{id\}\/message_qrdls\/\{id\}",outcome="ok"\} 1/,
    );
    expect(body).not.toContain(qr.body.code);
    expect(body).toMatch(/gateway_webhook_events_ingested_total\{field="messages",result="stored"\} [1-9]/);
    expect(body).toMatch(/gateway_tenant_webhook_delivery_lag_seconds_count [1-9]/);
    expect(body).toMatch(/gateway_tenant_webhook_queue_depth \d+/);
    expect(body).toMatch(/gateway_dependency_up\{dependency="postgres"\} 1/);
    expect(body).toMatch(/gateway_dependency_up\{dependency="redis"\} 1/);
    expect(body).toMatch(/gateway_process_cpu_user_seconds_total/);
    expect(body).toMatch(/gateway_nodejs_eventloop_lag_seconds/);
    // Bounded labels: no phone number, business account or other id anywhere in a label value.
    const labelValues = [...body.matchAll(/="([^"]*)"/g)].map((match) => match[1]);
    expect(labelValues.filter((value) => /\d{6,}|svc_|wamid/.test(value))).toEqual([]);
    expect(body).not.toContain(tenant.phoneNumberId);
  });

  it('counts rate-limit refusals by ceiling', async () => {
    const tenant = await createTenant(t);
    const key = await createOrgKey(t, tenant, { rateLimitPerSecond: 1 });
    await Promise.all(Array.from({ length: 3 }, () => request(t.url).get('/v1/tenants').set(bearer(key))));
    const body = (await request(metricsUrl).get('/metrics').expect(200)).text;
    expect(body).toMatch(/gateway_rate_limit_refusals_total\{ceiling="key"\} [1-9]/);
  });

  it('is not on the main port without a token: 404 exactly like a path that does not exist', async () => {
    const metrics = await request(t.url).get('/metrics');
    const unknown = await request(t.url).get('/no-such-path');
    expect(metrics.status).toBe(404);
    expect(metrics.body.error).toMatchObject({
      code: unknown.body.error.code,
      type: unknown.body.error.type,
      message: '(#100) Cannot GET /metrics',
    });
    expect(metrics.text).not.toContain('gateway_');
    // The listener serves nothing else.
    await request(metricsUrl).get('/v1/tenants').expect(404);
  });

  it('with METRICS_TOKEN: on the main port for its bearer only (a proxy in front exposes nothing), and the listener wants it too', async () => {
    // A second app with a token: its modules loaded afresh, so they read the settings set now.
    const port = await freePort();
    Object.assign(process.env, { METRICS_TOKEN: 's3cret-metrics-token', METRICS_PORT: String(port) });
    let other!: TestApp;
    try {
      let fresh!: typeof TestAppModule;
      jest.isolateModules(() => {
        fresh = require('./support/test-app') as typeof TestAppModule;
      });
      other = await fresh.createTestApp();
    } finally {
      delete process.env.METRICS_TOKEN;
      process.env.METRICS_PORT = String(METRICS_LISTENER_PORT);
    }
    try {
      const denied = await request(other.url).get('/metrics').set('X-Forwarded-For', '127.0.0.1');
      expect({ status: denied.status, code: denied.body.error?.code }).toEqual({ status: 403, code: 200 });
      await request(other.url).get('/metrics').set('Authorization', 'Bearer wrong').expect(403);
      const allowed = await request(other.url)
        .get('/metrics')
        .set('Authorization', 'Bearer s3cret-metrics-token')
        .expect(200);
      expect(allowed.text).toContain('gateway_http_requests_total');
      await request(`http://127.0.0.1:${port}`).get('/metrics').expect(403);
      await request(`http://127.0.0.1:${port}`)
        .get('/metrics')
        .set('Authorization', 'Bearer s3cret-metrics-token')
        .expect(200);
    } finally {
      await other.close();
    }
    expect(metricsAccessProblem('main', undefined, undefined)).toBe('not found');
    expect(metricsAccessProblem('metrics', undefined, undefined)).toBeUndefined();
    expect(metricsAccessProblem('metrics', 'Bearer s3cret', 's3cret')).toBeUndefined();
    expect(metricsAccessProblem('metrics', undefined, 's3cret')).toMatch(/METRICS_TOKEN/);
  });
});
