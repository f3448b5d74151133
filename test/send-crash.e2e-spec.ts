import request from 'supertest';
import { OnboardingService } from '../src/tenancy/onboarding.service';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, registerAtUpstream } from './support/factories';
import { killAll, quickWebhookArgs, startDataApp, startGateway, startSandbox } from './support/gateway-process';
import { freePort } from './support/redis-helpers';
import type { TestApp } from './support/test-app';

const RECIPIENT = '15551234567';
const TEXT = {
  messaging_product: 'whatsapp',
  to: RECIPIENT,
  type: 'text',
  text: { body: 'Your table is ready' },
  biz_opaque_callback_data: 'table-7',
};

/**
 * A crash never sends a message twice. Real processes: the sandbox as its own process (upstream),
 * gateway instances killed with SIGKILL after the sandbox logged their send and before they could
 * answer, retries with the same Idempotency-Key on the restarted instance and on another one.
 */
describe('a gateway killed between the upstream call and its answer', () => {
  let t: TestApp;
  let seq = 0;

  /** An organization whose number the sandbox process knows too (the same token). */
  async function tenantOn(): Promise<{
    tenantId: string;
    wabaId: string;
    phoneNumberId: string;
    token: string;
    key: string;
  }> {
    seq++;
    const onboarding = t.get(OnboardingService);
    const org = await onboarding.createOrganization(`Crash ${seq}`);
    const wabaId = `10000000000${seq}`;
    const phoneNumberId = `20000000000${seq}`;
    const token = `crash-token-${seq}`;
    registerAtUpstream(t, {
      wabaId,
      accessToken: token,
      phoneNumbers: [{ id: phoneNumberId, display: '15550000000' }],
    });
    await onboarding.addBusinessAccount({ tenantId: org.id, wabaId, accessToken: token });
    await onboarding.addPhoneNumber({ wabaId, phoneNumberId, displayPhoneNumber: `+1 555 000 000${seq}` });
    await t.dataSource.query(
      `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, now())`,
      [phoneNumberId, RECIPIENT, org.id],
    );
    const key = (await createOrgKey(t, { id: org.id }, { rateLimitPerSecond: 10_000 })).key;
    return { tenantId: org.id, wabaId, phoneNumberId, token, key };
  }

  const control = async (sandboxUrl: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandboxUrl}/_sandbox${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const upstreamSends = async (sandboxUrl: string) =>
    ((await control(sandboxUrl, 'GET', '/requests?method=POST&path=/messages')) as { data: unknown[] }).data.length;
  const send = (url: string, key: string, phoneNumberId: string, idempotencyKey: string) =>
    request(url)
      .post(`/v1/${phoneNumberId}/messages`)
      .set(bearer(key))
      .set('Idempotency-Key', idempotencyKey)
      .send(TEXT);
  const records = (tenantId: string) =>
    t.dataSource.query(`SELECT * FROM messages WHERE tenant_id = $1 ORDER BY created_at`, [tenantId]);

  /** What a retry may get while the first send's outcome is open: the lock, or outcome unknown. Anything else fails the test. */
  function expectOpen(res: request.Response): 'in_flight' | 'unknown' {
    expect(res.status).toBe(409);
    if (res.body.error === 'idempotency_in_flight') return 'in_flight';
    expect(res.body.error).toMatchObject({ code: 131000, error_data: { reason: 'send_outcome_unknown' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    return 'unknown';
  }

  /** Starts the send on `gateway`, waits until the sandbox has logged it, and kills the gateway before its answer. */
  async function sendAndCrash(
    gateway: Awaited<ReturnType<typeof startGateway>>,
    sandboxUrl: string,
    org: Awaited<ReturnType<typeof tenantOn>>,
    idempotencyKey: string,
  ) {
    // The sandbox holds the call 3 s before it acts and answers: the gateway dies inside that time.
    await control(sandboxUrl, 'POST', '/faults', { kind: 'latency', latency_ms: 3000, path: '/messages' });
    const inFlight = send(gateway.url, org.key, org.phoneNumberId, idempotencyKey).then(
      () => 'answered',
      () => 'connection lost',
    );
    await eventually(async () => ((await upstreamSends(sandboxUrl)) === 1 ? true : undefined), 10_000);
    await gateway.crash();
    expect(await inFlight).toBe('connection lost');
    const [pending] = await records(org.tenantId);
    expect(pending).toMatchObject({ status: 'pending', upstream_message_id: null, idempotency_key: idempotencyKey });
  }

  beforeAll(async () => {
    t = await startDataApp();
  }, 120_000);

  afterAll(async () => {
    await killAll();
    await t.close();
  });

  it('sends once, and a retry on either instance replays the original wamid once the status webhooks come', async () => {
    const org = await tenantOn();
    const portA = await freePort();
    const sandbox = await startSandbox([
      ...quickWebhookArgs(portA),
      '--business-account',
      `${org.wabaId}:${org.token}`,
      '--phone-number',
      `${org.phoneNumberId}:${org.wabaId}:15550000001`,
      '--subscribed',
      org.wabaId,
    ]);
    const env = {
      UPSTREAM_BASE_URL: sandbox.url,
      UPSTREAM_TIMEOUT_MS: '10000',
      IDEMPOTENCY_LOCK_SECONDS: '2',
      SEND_SWEEP_INTERVAL_MS: '500',
    };
    const a = await startGateway(env, portA);
    const b = await startGateway(env);

    await sendAndCrash(a, sandbox.url, org, 'crash-key-1');

    // While A is down its webhooks cannot land (the sandbox retries them): B refuses the retry,
    // first with the lock, then with send_outcome_unknown, and never sends.
    const seen = new Set<string>();
    await eventually(async () => {
      seen.add(expectOpen(await send(b.url, org.key, org.phoneNumberId, 'crash-key-1')));
      return seen.has('unknown') ? true : undefined;
    }, 15_000);
    expect(await upstreamSends(sandbox.url)).toBe(1);

    // A comes back on its port; the sandbox's retried status webhooks reach it and reconcile the record.
    const a2 = await startGateway(env, portA);
    let turn = 0;
    const replay = await eventually(async () => {
      const res = await send(turn++ % 2 ? a2.url : b.url, org.key, org.phoneNumberId, 'crash-key-1');
      if (res.status === 200) return res;
      expectOpen(res);
      return undefined;
    }, 30_000);
    const delivered = (
      (await control(sandbox.url, 'GET', '/webhooks')) as {
        data: Array<{ payload: { entry: Array<{ changes: Array<{ value: { statuses?: Array<{ id: string }> } }> }> } }>;
      }
    ).data;
    const wamid = delivered[0].payload.entry[0].changes[0].value.statuses![0].id;
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: RECIPIENT, wa_id: RECIPIENT }],
      messages: [{ id: wamid }],
    });
    for (const url of [a2.url, b.url]) {
      const again = await send(url, org.key, org.phoneNumberId, 'crash-key-1').expect(200);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.body.messages).toEqual([{ id: wamid }]);
    }

    expect(await upstreamSends(sandbox.url)).toBe(1);
    const rows = await eventually(async () => {
      const all = await records(org.tenantId);
      return all[0].status === 'read' ? all : undefined;
    }, 15_000);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      upstream_message_id: wamid,
      status: 'read',
      payload: { biz_opaque_callback_data: 'table-7' },
    });
  }, 120_000);

  it('with the status webhooks suppressed: send_outcome_unknown until the record is failed, then one send', async () => {
    const org = await tenantOn();
    // No --webhook-url: upstream acts on sends but never reports on them.
    const sandbox = await startSandbox([
      '--business-account',
      `${org.wabaId}:${org.token}`,
      '--phone-number',
      `${org.phoneNumberId}:${org.wabaId}:15550000002`,
      '--subscribed',
      org.wabaId,
    ]);
    const env = {
      UPSTREAM_BASE_URL: sandbox.url,
      UPSTREAM_TIMEOUT_MS: '10000',
      IDEMPOTENCY_LOCK_SECONDS: '2',
      SEND_OUTCOME_TIMEOUT_SECONDS: '8',
      SEND_SWEEP_INTERVAL_MS: '500',
    };
    const a = await startGateway(env);
    const b = await startGateway(env);

    await sendAndCrash(a, sandbox.url, org, 'crash-key-2');
    const a2 = await startGateway(env, a.port);

    // Retries alternate between the instances: refused (lock, then outcome unknown) until the
    // sweeper fails the record, then one of them sends.
    const answers: string[] = [];
    const sent = await eventually(async () => {
      const res = await send(answers.length % 2 ? a2.url : b.url, org.key, org.phoneNumberId, 'crash-key-2');
      if (res.status === 200) return res;
      answers.push(expectOpen(res));
      return undefined;
    }, 30_000);
    expect(answers).toContain('unknown');
    expect(sent.headers['idempotency-replayed']).toBeUndefined();
    expect(await upstreamSends(sandbox.url)).toBe(2);

    const [first, second] = await records(org.tenantId);
    expect(first).toMatchObject({
      status: 'failed',
      upstream_message_id: null,
      error: { code: 131000, error_data: { reason: 'outcome_unknown' } },
    });
    expect(first.outcome_unknown_at).not.toBeNull();
    expect(second).toMatchObject({
      status: 'accepted',
      upstream_message_id: sent.body.messages[0].id,
      idempotency_key: 'crash-key-2',
    });
    for (const url of [a2.url, b.url]) {
      const again = await send(url, org.key, org.phoneNumberId, 'crash-key-2').expect(200);
      expect(again.body.messages).toEqual(sent.body.messages);
    }
    expect(await upstreamSends(sandbox.url)).toBe(2);
  }, 120_000);
});
