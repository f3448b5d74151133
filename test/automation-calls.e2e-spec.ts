import { createHmac } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { WebhookDispatcher } from '../src/tenant-webhooks/webhook-dispatcher.service';
import { eventually } from './support/eventually';
import { failMessage, failureWebhook, holdStatuses } from './support/failed-delivery';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { type ReceivedRequest, WebhookReceiver } from './support/webhook-receiver';

const customer = (n: number) => `1555881${String(n).padStart(4, '0')}`;

interface Action {
  type: string;
  outcome: string;
  status_code?: number;
  attempts?: number;
  error?: { code: number; message: string };
  reply?: { type: string; outcome: string; message_id?: string };
}
interface Run {
  id: string;
  event: string;
  event_id: string;
  phone_number_id: string | null;
  wa_id: string | null;
  state: string;
  steps: Array<{ automation: string; rule_id?: string; matched: boolean; reason: string; actions: Action[] }>;
}

/** Both signatures of a call, checked the way the tenant would: Meta's header and the standardwebhooks package. */
function expectSigned(call: ReceivedRequest, secret: string): void {
  expect(call.headers['x-hub-signature-256']).toBe(
    'sha256=' + createHmac('sha256', secret).update(call.body).digest('hex'),
  );
  expect(() =>
    new Webhook(secret).verify(call.body, {
      'webhook-id': String(call.headers['webhook-id']),
      'webhook-timestamp': String(call.headers['webhook-timestamp']),
      'webhook-signature': String(call.headers['webhook-signature']),
    }),
  ).not.toThrow();
}

/**
 * Automations that call out and answer more than messages (issue 57), on two instances (real
 * PostgreSQL, Redis, the sandbox over HTTP, the tenant's URL on loopback): a rule's `call_url` signed
 * like the tenant webhooks, once per event, a 500 tried again with the same `webhook-id`, its answer's
 * reply sent through the send path; URLs refused at save; the `opted_out`, `conversation_resolved` and
 * `template_status` triggers.
 */
describe('automations: calls and more triggers', () => {
  let t1: TestApp;
  let t2: TestApp;
  let shop: TestTenant;
  let key: string;
  let receiver: WebhookReceiver;
  let secret: string;

  const api = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown, on = t1) => {
    const req = request(on.url)[method](path).set(bearer(key));
    return body === undefined ? req : req.send(body as object);
  };
  const write = (from: string, text: string, on: TestApp = t2) =>
    postFromUpstream(on.url, inboundTextWebhook(shop, from, text)).expect(200);
  const sendsTo = (waId: string) =>
    t1.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith('/messages') && (r.body as { to?: string })?.to === waId);
  const rule = async (body: Record<string, unknown>) =>
    (await api('post', '/v1/automations/rules', body).expect(201)).body as { id: string };
  const runsOfRule = (ruleId: string, count = 1): Promise<Run[]> =>
    eventually(async () => {
      const runs = (await api('get', `/v1/automations/rules/${ruleId}/runs?limit=100`).expect(200)).body.data as Run[];
      return runs.length >= count && runs.every((r) => r.state === 'done') ? runs : undefined;
    }, 15_000);
  const callsOf = (ruleId: string) =>
    receiver.events().filter((e) => (e.json as unknown as { rule?: { id?: string } }).rule?.id === ruleId);

  beforeAll(async () => {
    t1 = await createTestApp();
    await resetState(t1);
    t2 = await createTestApp({ sandbox: t1.sandbox });
    shop = await createTenant(t1, 'Calls shop');
    key = (await createOrgKey(t1, shop, { rateLimitPerSecond: 10_000 })).key;
    receiver = await new WebhookReceiver().start();
  }, 90_000);
  afterAll(async () => {
    await receiver.stop();
    await t2.close();
    await t1.close();
  });

  it('refuses a call_url the gateway will not make, at save, naming the field', async () => {
    const base = { name: 'Call', trigger: 'message_received', conditions: [] };
    const refused = async (url: string, details: RegExp) =>
      expectInvalidParameter(
        await api('post', '/v1/automations/rules', { ...base, actions: [{ type: 'call_url', url }] }),
        400,
        details,
      );
    // No secret yet: a call nobody could verify is refused.
    await refused(receiver.url, /^actions\[0\]\.url: make the organization's signing secret first/);
    expect((await api('get', '/v1/automations/settings').expect(200)).body.signing_secret_hint).toBeNull();
    expectInvalidParameter(await api('post', '/v1/automations/signing_secret', { secret: 'short' }), 400, /^secret: /);
    const made = await api('post', '/v1/automations/signing_secret', {}).expect(200);
    secret = made.body.signing_secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await api('get', '/v1/automations/settings').expect(200)).body).toEqual({
      replies_per_conversation_per_hour: 10,
      signing_secret_hint: `…${secret.slice(-4)}`,
    });
    // Cloud metadata, link-local: never, whatever the deployment allows.
    await refused(
      'http://169.254.169.254/latest/meta-data',
      /^actions\[0\]\.url: host resolves to an address that is not a public address$/,
    );
    await refused(
      'http://[fe80::1]/hook',
      /^actions\[0\]\.url: host resolves to an address that is not a public address$/,
    );
    await refused(`${t1.url}/v1/automations/rules`, /^actions\[0\]\.url: points at the gateway itself$/);
    await refused('ftp://example.com/hook', /^actions\[0\]\.url: must be an http or https URL$/);
    await refused('https://user:pass@example.com/hook', /^actions\[0\]\.url: must not carry credentials$/);
    // A template's review has no customer: no reply, no customer's conditions.
    expectInvalidParameter(
      await api('post', '/v1/automations/rules', {
        name: 'Review',
        trigger: 'template_status',
        conditions: [],
        actions: [{ type: 'reply', text: 'hi' }],
      }),
      400,
      /^actions\[0\]\.type: a template_status rule can call_url or stop/,
    );
    const replying = await rule({ ...base, enabled: false, actions: [{ type: 'reply', text: 'hi' }] });
    expectInvalidParameter(
      await api('patch', `/v1/automations/rules/${replying.id}`, { trigger: 'template_status' }),
      400,
      /^actions\[0\]\.type: a template_status rule can call_url or stop/,
    );
    expectInvalidParameter(
      await api('post', '/v1/automations/rules', {
        ...base,
        conditions: [{ field: 'template_status', operator: 'in', values: ['REJECTED'] }],
        actions: [{ type: 'stop' }],
      }),
      400,
      /^conditions\[0\]\.field: only a template_status rule tests templates/,
    );
    await api('delete', `/v1/automations/rules/${replying.id}`).expect(200);
    expect((await api('get', '/v1/automations/rules').expect(200)).body).toEqual({ data: [] });
    // Nothing was called meanwhile.
    expect(receiver.events()).toHaveLength(0);
  });

  it('as in production: refuses https to a private address or a name resolving to one, and http; a name that turns private gets no call', async () => {
    // Both instances as a production deployment, with a resolver the test answers for.
    const policies = [t1, t2].map((t) => t.get(WebhookDispatcher).urlRules);
    let answers: Record<string, string[]> = {};
    for (const rules of policies)
      Object.assign(rules, {
        allowPrivate: false,
        resolve: async (host: string) =>
          (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      });
    try {
      const body = (url: string) => ({
        name: 'Production call',
        trigger: 'message_received',
        conditions: [{ field: 'text', operator: 'contains_any', values: ['rebind'] }],
        actions: [{ type: 'call_url', url }],
      });
      const notPublic = /^actions\[0\]\.url: host resolves to an address that is not a public address$/;
      for (const url of [
        'https://10.0.0.1/hook',
        'https://127.0.0.1/hook',
        'https://[fd12::1]/hook',
        'https://100.64.0.1/hook',
      ])
        expectInvalidParameter(await api('post', '/v1/automations/rules', body(url)), 400, notPublic);
      answers = { 'crm.tenant.example': ['93.184.216.34', '192.168.1.10'] };
      expectInvalidParameter(
        await api('post', '/v1/automations/rules', body('https://crm.tenant.example/hook')),
        400,
        notPublic,
      );
      expectInvalidParameter(
        await api('post', '/v1/automations/rules', body('http://crm.tenant.example/hook')),
        400,
        /^actions\[0\]\.url: must be an https URL$/,
      );
      expect((await api('get', '/v1/automations/rules').expect(200)).body).toEqual({ data: [] });
      // Public when saved, private when called (DNS rebinding): the call is refused, logged, not retried.
      answers = { 'rebind.tenant.example': ['93.184.216.34'] };
      const rebound = await rule(body('https://rebind.tenant.example/hook'));
      answers = { 'rebind.tenant.example': ['10.0.0.7'] };
      await write(customer(5), 'rebind please');
      const [run] = await runsOfRule(rebound.id);
      expect(run.steps[0].actions).toEqual([
        {
          type: 'call_url',
          outcome: 'failed',
          attempts: 1,
          error: { code: 0, message: 'URL refused: host resolves to an address that is not a public address' },
        },
      ]);
      await api('delete', `/v1/automations/rules/${rebound.id}`).expect(200);
    } finally {
      for (const rules of policies) Object.assign(rules, { allowPrivate: true, resolve: undefined });
    }
  });

  it('calls the tenant’s URL once when a delivery fails, signed; a 500 is tried again with the same id', async () => {
    const failed = await rule({
      name: 'Tell the CRM',
      trigger: 'message_failed',
      conditions: [{ field: 'error_code', operator: 'in', values: [131026] }],
      actions: [
        { type: 'note', body: 'Undeliverable: the CRM was told' },
        { type: 'call_url', url: receiver.url },
      ],
    });
    const who = customer(1);
    await write(who, 'hi');
    await holdStatuses(t1.sandbox, shop.phoneNumberId, true);
    const sent = await api('post', `/v1/${shop.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: who,
      type: 'text',
      text: { body: 'Your order shipped' },
    }).expect(200);
    const wamid = sent.body.messages[0].id as string;
    receiver.replies = [500];
    await failMessage(t1.sandbox, wamid, 131026);
    const [run] = await runsOfRule(failed.id);
    expect(run).toMatchObject({ event: 'message_failed', event_id: `failed:${wamid}`, wa_id: who });
    expect(run.steps).toEqual([
      {
        automation: 'rule',
        rule_id: failed.id,
        rule_name: 'Tell the CRM',
        matched: true,
        reason: 'every condition held',
        actions: [
          { type: 'note', outcome: 'done' },
          { type: 'call_url', outcome: 'done', status_code: 200, attempts: 2 },
        ],
      },
    ]);
    // The note before the call was written once: the second try went on from the call.
    const notes = (await api('get', `/v1/${shop.phoneNumberId}/conversations/${who}/notes`).expect(200)).body.data;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['Undeliverable: the CRM was told']);
    // Meta redelivers the failure to the other instance: no second call.
    await postFromUpstream(t2.url, await failureWebhook(t1.sandbox, wamid)).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const calls = callsOf(failed.id);
    expect(calls).toHaveLength(2);
    const [first, second] = calls;
    for (const call of calls) {
      expectSigned(call, secret);
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['x-gateway-mode']).toBe('live');
    }
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(second.at - first.at).toBeGreaterThanOrEqual(150);
    expect(first.json).toEqual({
      id: first.headers['webhook-id'],
      object: 'automation',
      event: 'message_failed',
      rule: { id: failed.id, name: 'Tell the CRM' },
      organization_id: shop.id,
      phone_number_id: shop.phoneNumberId,
      wa_id: who,
      message_id: wamid,
      error_code: 131026,
      occurred_at: expect.any(String),
    });
    await holdStatuses(t1.sandbox, shop.phoneNumberId, false);
    await api('delete', `/v1/automations/rules/${failed.id}`).expect(200);
  });

  it('sends the reply a call’s answer carries, to the customer who wrote, through the send path', async () => {
    const ask = await rule({
      name: 'Order status from the shop system',
      trigger: 'message_received',
      conditions: [{ field: 'text', operator: 'contains_any', values: ['order'] }],
      actions: [{ type: 'call_url', url: receiver.url }],
    });
    // The answer names another recipient: the reply still goes to the customer who wrote.
    receiver.answer = { reply: { type: 'text', text: { body: 'Order 42 ships today' }, to: '15550000000' } };
    const who = customer(2);
    await write(who, 'Where is my order?');
    const [run] = await runsOfRule(ask.id);
    receiver.answer = undefined;
    const action = run.steps[0].actions[0];
    expect(action).toMatchObject({ type: 'call_url', outcome: 'done', status_code: 200, attempts: 1 });
    expect(action.reply).toMatchObject({
      type: 'reply',
      outcome: 'sent',
      message_id: expect.stringMatching(/^wamid\./),
    });
    const replies = sendsTo(who);
    expect(replies).toHaveLength(1);
    expect(replies[0].body).toMatchObject({ to: who, type: 'text', text: { body: 'Order 42 ships today' } });
    expect(sendsTo('15550000000')).toHaveLength(0);
    const [call] = callsOf(ask.id);
    expectSigned(call, secret);
    expect(call.json).toMatchObject({
      event: 'message_received',
      wa_id: who,
      message: { from: who, type: 'text', text: { body: 'Where is my order?' } },
    });
    await api('delete', `/v1/automations/rules/${ask.id}`).expect(200);
  });

  it('acts when a customer opts out, and when a conversation is resolved (once per resolution)', async () => {
    await api('put', '/v1/opt_out_settings', { opt_out_keywords: ['STOP'], opt_in_keywords: ['START'] }).expect(200);
    const optedOut = await rule({
      name: 'Unsubscribed',
      trigger: 'opted_out',
      conditions: [],
      actions: [{ type: 'add_tag', tag: 'unsubscribed' }],
    });
    const survey = await rule({
      name: 'How did we do',
      trigger: 'conversation_resolved',
      conditions: [],
      actions: [{ type: 'reply', text: 'Thanks for writing. How did we do, 1 to 5?' }],
    });
    const leaver = customer(3);
    await write(leaver, 'hello');
    await write(leaver, 'STOP');
    const [optRun] = await runsOfRule(optedOut.id);
    expect(optRun).toMatchObject({ event: 'message', wa_id: leaver });
    expect(optRun.steps.find((s) => s.rule_id === optedOut.id)).toMatchObject({
      matched: true,
      actions: [{ type: 'add_tag', outcome: 'done' }],
    });
    expect((await api('get', `/v1/contacts/${leaver}`).expect(200)).body.tags).toContain('unsubscribed');
    // Only the message that opted out: "hello" had no opted_out run.
    expect(await runsOfRule(optedOut.id)).toHaveLength(1);

    const who = customer(4);
    await write(who, 'my parcel came, thanks');
    const resolve = (on: TestApp) =>
      api('post', `/v1/${shop.phoneNumberId}/conversations/${who}/status`, { status: 'resolved' }, on).expect(200);
    await resolve(t1);
    const [resolved] = await runsOfRule(survey.id);
    expect(resolved).toMatchObject({ event: 'conversation_resolved', wa_id: who, phone_number_id: shop.phoneNumberId });
    expect(resolved.event_id).toMatch(new RegExp(`^resolved:${shop.phoneNumberId}:${who}:\\d+$`));
    expect(resolved.steps[0].actions).toEqual([
      { type: 'reply', outcome: 'sent', message_id: expect.stringMatching(/^wamid\./) },
    ]);
    // Resolving a resolved conversation (on the other instance) is no new resolution.
    await resolve(t2);
    await new Promise((r) => setTimeout(r, 800));
    expect(await runsOfRule(survey.id)).toHaveLength(1);
    expect(
      sendsTo(who).filter((s) => (s.body as { text?: { body?: string } }).text?.body?.startsWith('Thanks')),
    ).toHaveLength(1);
    await api('delete', `/v1/automations/rules/${optedOut.id}`).expect(200);
    await api('delete', `/v1/automations/rules/${survey.id}`).expect(200);
  });

  it('calls out when Meta rejects a template, with the review', async () => {
    const reviews = await rule({
      name: 'Template rejected',
      trigger: 'template_status',
      conditions: [{ field: 'template_status', operator: 'in', values: ['rejected'] }],
      actions: [{ type: 'call_url', url: receiver.url }],
    });
    const create = (name: string) =>
      api('post', `/v1/${shop.wabaId}/message_templates`, {
        name,
        language: 'en_US',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Everything half price this weekend.' }],
      }).expect(200);
    const approved = await create('weekend_sale');
    const rejected = await create('weekend_blast');
    t1.sandbox.reviewTemplate(approved.body.id as string, 'APPROVED');
    t1.sandbox.reviewTemplate(rejected.body.id as string, 'REJECTED', 'INCORRECT_CATEGORY');
    const [run] = await runsOfRule(reviews.id);
    expect(run).toMatchObject({ event: 'template_status', phone_number_id: null, wa_id: null });
    expect(run.steps[0].actions).toEqual([{ type: 'call_url', outcome: 'done', status_code: 200, attempts: 1 }]);
    await eventually(async () => (callsOf(reviews.id).length === 1 ? true : undefined));
    const [call] = callsOf(reviews.id);
    expectSigned(call, secret);
    expect(call.json).toMatchObject({
      event: 'template_status',
      organization_id: shop.id,
      template: {
        name: 'weekend_blast',
        language: 'en_US',
        status: 'REJECTED',
        reason: 'INCORRECT_CATEGORY',
        id: rejected.body.id,
        waba_id: shop.wabaId,
      },
    });
    // The approval did not match the rule: no job, no call.
    await new Promise((r) => setTimeout(r, 500));
    expect(callsOf(reviews.id)).toHaveLength(1);
    await api('delete', `/v1/automations/rules/${reviews.id}`).expect(200);
  });
});
