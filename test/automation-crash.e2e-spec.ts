import request from 'supertest';
import { OnboardingService } from '../src/tenancy/onboarding.service';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, registerAtUpstream } from './support/factories';
import { killAll, quickWebhookArgs, startDataApp, startGateway, startSandbox } from './support/gateway-process';
import { freePort } from './support/redis-helpers';
import type { TestApp } from './support/test-app';

const CUSTOMER = '15557660001';

interface Run {
  state: string;
  attempts: number;
  steps: Array<{ rule_id?: string; matched: boolean; actions: Array<Record<string, unknown>> }>;
}

/**
 * An automation's reply through a crash (issue 57), with real processes: the sandbox as its own
 * process, the gateway SIGKILLed after the sandbox logged the rule's reply and before Meta's answer
 * came back. The gateway started again takes the job (its lease ran out), finds the reply its first
 * attempt sent (its record settled by the sandbox's status webhook, through the send's callback
 * reference) and logs it recovered: the customer got one reply.
 */
describe('an automation whose instance is killed after its reply left', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startDataApp();
  }, 120_000);

  afterAll(async () => {
    await killAll();
    await t.close();
  });

  it('sends the reply once and says so in the rule’s log', async () => {
    const onboarding = t.get(OnboardingService);
    const org = await onboarding.createOrganization('Automation crash');
    const wabaId = '100000000000991';
    const phoneNumberId = '200000000000991';
    const token = 'automation-crash-token';
    registerAtUpstream(t, {
      wabaId,
      accessToken: token,
      phoneNumbers: [{ id: phoneNumberId, display: '15550000991' }],
    });
    await onboarding.addBusinessAccount({ tenantId: org.id, wabaId, accessToken: token });
    await onboarding.addPhoneNumber({ wabaId, phoneNumberId, displayPhoneNumber: '+1 555 000 0991' });
    const key = (await createOrgKey(t, { id: org.id }, { rateLimitPerSecond: 10_000 })).key;

    const port = await freePort();
    const sandbox = await startSandbox([
      ...quickWebhookArgs(port),
      '--business-account',
      `${wabaId}:${token}`,
      '--phone-number',
      `${phoneNumberId}:${wabaId}:15550000991`,
      '--subscribed',
      wabaId,
    ]);
    const control = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`${sandbox.url}/_sandbox${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json() as Promise<Record<string, unknown>>;
    const replies = async () =>
      (
        (await control('GET', '/requests?method=POST&path=/messages')) as { data: Array<{ body: { to?: string } }> }
      ).data.filter((r) => r.body?.to === CUSTOMER).length;
    const env = {
      UPSTREAM_BASE_URL: sandbox.url,
      UPSTREAM_TIMEOUT_MS: '10000',
      AUTOMATION_LEASE_SECONDS: '5',
      AUTOMATION_SWEEP_INTERVAL_MS: '500',
    };
    const first = await startGateway(env, port);
    const rule = (
      await request(first.url)
        .post('/v1/automations/rules')
        .set(bearer(key))
        .send({
          name: 'Prices',
          trigger: 'message_received',
          conditions: [{ field: 'text', operator: 'contains_any', values: ['price'] }],
          actions: [{ type: 'reply', text: 'Our prices are in the catalogue.' }],
        })
        .expect(201)
    ).body as { id: string };

    // The sandbox holds the reply 3 s before it acts on it and answers: the gateway dies inside that time.
    await control('POST', '/faults', { kind: 'latency', latency_ms: 3000, path: '/messages' });
    await control('POST', '/inbound', { phone_number_id: phoneNumberId, from: CUSTOMER, type: 'text', text: 'price?' });
    await eventually(async () => ((await replies()) === 1 ? true : undefined), 15_000);
    await first.crash();
    const [pending] = await t.dataSource.query(
      `SELECT status, upstream_message_id, idempotency_key FROM messages WHERE tenant_id = $1`,
      [org.id],
    );
    expect(pending).toMatchObject({ status: 'pending', upstream_message_id: null });
    expect(pending.idempotency_key).toMatch(new RegExp(`^automation:[0-9a-f-]{36}:${rule.id}:0$`));

    // Started again on its port: Meta's (the sandbox's) retried status webhooks settle the record, the
    // sweep takes the job once its lease ran out and finds the reply instead of sending it again.
    await control('DELETE', '/faults');
    const again = await startGateway(env, port);
    const run = await eventually(async () => {
      const res = await request(again.url).get(`/v1/automations/rules/${rule.id}/runs`).set(bearer(key)).expect(200);
      const [latest] = res.body.data as Run[];
      return latest?.state === 'done' ? latest : undefined;
    }, 45_000);
    const [{ upstream_message_id: wamid }] = await t.dataSource.query(
      `SELECT upstream_message_id FROM messages WHERE tenant_id = $1`,
      [org.id],
    );
    expect(wamid).toMatch(/^wamid\./);
    expect(run.attempts).toBeGreaterThanOrEqual(2);
    expect(run.steps).toEqual([
      expect.objectContaining({
        rule_id: rule.id,
        matched: true,
        actions: [{ type: 'reply', outcome: 'sent', message_id: wamid, recovered: true }],
      }),
    ]);
    expect(await replies()).toBe(1);
  }, 120_000);
});
