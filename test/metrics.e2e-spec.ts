import request from 'supertest';
import type { Sandbox } from '../src/sandbox/sandbox-server';
import { SANDBOX } from '../src/sandbox/sandbox.module';
import { metricsAccessProblem } from '../src/metrics/metrics-access';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant } from './support/factories';
import { createTestApp, resetState, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/** `/metrics` after real traffic: the series an operator graphs, with bounded labels. */
describe('metrics', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    t = await createTestApp();
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
    await t.get<Sandbox>(SANDBOX).simulateInbound({ phone_number_id: tenant.phoneNumberId, from: '15550007777', type: 'text', text: 'hi' } as never);
    await receiver.waitFor((all) => all.length >= 1);
    await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', to: '15550007777', type: 'text', text: { body: 'hello' } })
      .expect(200);
    await request(t.url).get(`/v1/${tenant.phoneNumberId}/messages`).set(bearer('svc_live_' + 'x'.repeat(40))).expect(401);

    const text = await eventually(async () => {
      const res = await request(t.url).get('/metrics').expect(200);
      return /gateway_tenant_webhook_attempts_total\{outcome="delivered"\} [1-9]/.test(res.text) ? res : undefined;
    });
    expect(text.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = text.text;
    expect(body).toMatch(/gateway_http_requests_total\{method="POST",route="\/v1\/:phoneNumberId\/messages",status="200"\} 1/);
    expect(body).toMatch(/gateway_http_requests_total\{method="GET",route="\/v1\/:phoneNumberId\/messages",status="401"\} 1/);
    expect(body).toMatch(/gateway_http_request_duration_seconds_bucket\{le="[\d.]+",method="POST",route="\/v1\/:phoneNumberId\/messages",status="200"\}/);
    expect(body).toMatch(/gateway_upstream_requests_total\{method="POST",endpoint="\{id\}\/messages",outcome="ok"\} 1/);
    expect(body).toMatch(/gateway_upstream_request_duration_seconds_count\{method="POST",endpoint="\{id\}\/messages",outcome="ok"\} 1/);
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
    const body = (await request(t.url).get('/metrics').expect(200)).text;
    expect(body).toMatch(/gateway_rate_limit_refusals_total\{ceiling="key"\} [1-9]/);
  });

  it('is for loopback callers, or for the bearer of METRICS_TOKEN when one is set', () => {
    expect(metricsAccessProblem('127.0.0.1', undefined, undefined)).toBeUndefined();
    expect(metricsAccessProblem('::ffff:127.0.0.1', undefined, undefined)).toBeUndefined();
    expect(metricsAccessProblem('::1', undefined, undefined)).toBeUndefined();
    expect(metricsAccessProblem('10.0.0.8', undefined, undefined)).toMatch(/loopback callers only/);
    expect(metricsAccessProblem('10.0.0.8', 'Bearer s3cret-token', 's3cret-token')).toBeUndefined();
    expect(metricsAccessProblem('127.0.0.1', undefined, 's3cret-token')).toMatch(/METRICS_TOKEN/);
    expect(metricsAccessProblem('127.0.0.1', 'Bearer wrong', 's3cret-token')).toMatch(/METRICS_TOKEN/);
  });
});
