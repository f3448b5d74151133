import request from 'supertest';
import { PeopleService } from '../src/people/people.service';
import { eventually } from './support/eventually';
import { failMessage, failureWebhook, holdStatuses } from './support/failed-delivery';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const customer = (n: number) => `1555880${String(n).padStart(4, '0')}`;
const PASSWORD = 'automation rules password 2026!';

interface Step {
  automation: string;
  rule_id?: string;
  matched: boolean;
  reason: string;
  actions: Array<{ type: string; outcome: string; message_id?: string; error?: { code: number; message: string } }>;
}
interface Run {
  id: string;
  event?: string;
  event_id?: string;
  wa_id: string;
  state: string;
  steps: Step[];
}

/**
 * Automation rules (issue 57): when a customer's message comes in, if its conditions hold, then the
 * rule's actions, each once per message across two instances (real PostgreSQL, Redis, the sandbox over
 * HTTP): a keyword answered with an approved template, "hola" given to the Spanish team, a loop stopped
 * at the conversation's cap, an opted-out customer's keyword not answered with marketing, `stop`, the
 * dry run, the rule's run log, and bad rules refused naming the field.
 */
describe('automations: rules', () => {
  let t1: TestApp;
  let t2: TestApp;
  let shop: TestTenant;
  let other: TestTenant;
  let key: string;
  let spanishTeam: string;
  let ana: string;
  let outsider: string;

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
  const runsOf = async (waId: string, count: number): Promise<Run[]> =>
    eventually(async () => {
      const runs = (
        (await api('get', `/v1/${shop.phoneNumberId}/automation_runs?limit=100`).expect(200)).body.data as Run[]
      ).filter((r) => r.wa_id === waId);
      return runs.length >= count && runs.every((r) => r.state === 'done') ? runs.reverse() : undefined;
    }, 10_000);
  const rule = async (body: Record<string, unknown>) =>
    (await api('post', '/v1/automations/rules', body).expect(201)).body;

  beforeAll(async () => {
    t1 = await createTestApp();
    await resetState(t1);
    t2 = await createTestApp({ sandbox: t1.sandbox });
    shop = await createTenant(t1, 'Rules shop');
    other = await createTenant(t1, 'Rules other');
    key = (await createOrgKey(t1, shop, { rateLimitPerSecond: 10_000 })).key;
    const people = t1.get(PeopleService);
    await people.addOwner(shop.id, 'owner@rules.example', PASSWORD);
    ana = await people.addMember(shop.id, 'ana@rules.example', PASSWORD, 'agent');
    outsider = await people.addMember(other.id, 'out@rules.example', PASSWORD, 'agent');
    spanishTeam = (await api('post', '/v1/inbox/teams', { name: 'Spanish', member_ids: [ana] }).expect(201)).body.id;
    await api('put', '/v1/opt_out_settings', { opt_out_keywords: ['STOP'], opt_in_keywords: ['START'] }).expect(200);
    await api('post', `/v1/${shop.wabaId}/message_templates`, {
      name: 'price_list',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Our prices this week: see the catalogue.' }],
    }).expect(200);
    await eventually(async () => {
      const listed = await api('get', `/v1/${shop.wabaId}/message_templates?name=price_list`);
      return listed.body.data?.[0]?.status === 'APPROVED' ? true : undefined;
    }, 15_000);
  }, 90_000);
  afterAll(async () => {
    await t2.close();
    await t1.close();
  });

  it('refuses bad rules with a Graph error naming the field, and saves none', async () => {
    const base = { name: 'Bad', trigger: 'message_received', conditions: [], actions: [{ type: 'stop' }] };
    const refused = async (body: unknown, details: RegExp) =>
      expectInvalidParameter(await api('post', '/v1/automations/rules', body), 400, details);
    await refused({ ...base, actions: [{ type: 'dance' }] }, /^actions\[0\]\.type: dance is not an action/);
    await refused(
      { ...base, conditions: [{ field: 'mood', operator: 'is', value: 'x' }] },
      /^conditions\[0\]\.field: /,
    );
    await refused({ ...base, trigger: 'sometimes' }, /^trigger: /);
    await refused(
      { ...base, conditions: [{ field: 'text', operator: 'matches', value: '(a+)\\1' }] },
      /^conditions\[0\]\.value: not a regular expression RE2 runs/,
    );
    await refused(
      { ...base, actions: [{ type: 'reply', template: { name: 'price_list', language: { code: 'en_US' } } }] },
      /^actions\[0\]\.template: a template reply needs the rule limited to numbers/,
    );
    await refused(
      {
        ...base,
        conditions: [{ field: 'phone_number_id', operator: 'in', values: [shop.phoneNumberId] }],
        actions: [{ type: 'reply', template: { name: 'not_approved', language: { code: 'en_US' } } }],
      },
      /^actions\[0\]\.template: .*not_approved/,
    );
    await refused({ ...base, actions: [{ type: 'assign', assignee_id: outsider }] }, /^actions\[0\]\.assignee_id: /);
    await refused(
      { ...base, conditions: [{ field: 'phone_number_id', operator: 'in', values: [other.phoneNumberId] }] },
      /^conditions: .* is not a number of this organization/,
    );
    expect((await api('get', '/v1/automations/rules').expect(200)).body).toEqual({ data: [] });
    expectInvalidParameter(
      await api('put', '/v1/automations/settings', { replies_per_conversation_per_hour: 0 }),
      400,
      /^replies_per_conversation_per_hour: /,
    );
  });

  it('answers "price" with the approved template once per message, on either instance', async () => {
    const price = await rule({
      name: 'Prices',
      trigger: 'message_received',
      conditions: [
        { field: 'phone_number_id', operator: 'in', values: [shop.phoneNumberId] },
        { field: 'text', operator: 'contains_any', values: ['price', 'prices'] },
      ],
      actions: [{ type: 'reply', template: { name: 'price_list', language: { code: 'en_US' } } }],
    });
    const [a, b] = [customer(1), customer(2)];
    await Promise.all([write(a, 'PRICE?!', t1), write(b, 'what are your prices, please', t2), write(a, 'hello', t2)]);
    const runsA = await runsOf(a, 1);
    expect(runsA).toHaveLength(1);
    expect(runsA[0].steps).toEqual([
      {
        automation: 'rule',
        rule_id: price.id,
        rule_name: 'Prices',
        matched: true,
        reason: 'every condition held',
        actions: [{ type: 'reply', outcome: 'sent', message_id: expect.stringMatching(/^wamid\./) }],
      },
    ]);
    await runsOf(b, 1);
    // "hello" is a message nothing acts on: judged in memory by the ingest, it has no job (and costs no
    // statement); the dry run says why.
    const dry = (
      await api('post', '/v1/automations/dry_run', { phone_number_id: shop.phoneNumberId, text: 'hello' }).expect(200)
    ).body;
    expect(dry.rules).toEqual([
      {
        rule_id: price.id,
        rule_name: 'Prices',
        matched: false,
        reason: 'conditions[1] (text contains_any price, prices) did not hold',
        actions: [],
      },
    ]);
    expect(await runsOf(a, 1)).toHaveLength(1);
    for (const who of [a, b]) {
      expect(sendsTo(who)).toHaveLength(1);
      expect(sendsTo(who)[0].body).toMatchObject({ type: 'template', template: { name: 'price_list' } });
    }
    // The rule's own log lists the events it acted on.
    const ruleRuns = (await api('get', `/v1/automations/rules/${price.id}/runs`).expect(200)).body.data as Run[];
    expect(ruleRuns.map((r) => r.wa_id).sort()).toEqual([a, b].sort());
    await api('patch', `/v1/automations/rules/${price.id}`, { enabled: false }).expect(200);
  });

  it('gives "hola" to the Spanish team, tags the contact and notes why', async () => {
    const hola = await rule({
      name: 'Spanish',
      trigger: 'message_received',
      conditions: [{ field: 'text', operator: 'matches', value: '\\b(hola|buenas)\\b' }],
      actions: [
        { type: 'assign', team_id: spanishTeam },
        { type: 'add_tag', tag: 'Spanish' },
        { type: 'note', body: 'Wrote in Spanish: given to the Spanish team' },
      ],
    });
    const who = customer(3);
    await write(who, '¡Hola! ¿Tienen envíos?');
    const [run] = await runsOf(who, 1);
    expect(run.steps[0]).toMatchObject({ rule_id: hola.id, matched: true });
    expect(run.steps[0].actions.map((a) => [a.type, a.outcome])).toEqual([
      ['assign', 'done'],
      ['add_tag', 'done'],
      ['note', 'done'],
    ]);
    const conversation = (await api('get', `/v1/${shop.phoneNumberId}/conversations/${who}`).expect(200)).body;
    expect(conversation.team_id).toBe(spanishTeam);
    expect((await api('get', `/v1/contacts/${who}`).expect(200)).body.tags).toEqual(['spanish']);
    const notes = (await api('get', `/v1/${shop.phoneNumberId}/conversations/${who}/notes`).expect(200)).body.data;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['Wrote in Spanish: given to the Spanish team']);
    expect(sendsTo(who)).toEqual([]);
    await api('delete', `/v1/automations/rules/${hola.id}`).expect(200);
  });

  it('stops a loop at the conversation’s automatic replies per hour', async () => {
    await api('put', '/v1/automations/settings', { replies_per_conversation_per_hour: 3 }).expect(200);
    const echo = await rule({
      name: 'Answer everything',
      trigger: 'message_received',
      conditions: [],
      actions: [{ type: 'reply', text: 'Thanks, we got your message.' }],
    });
    const who = customer(4);
    // A customer (or their bot) who answers every reply.
    for (let i = 0; i < 5; i++) await write(who, `reply ${i}`, i % 2 ? t1 : t2);
    const runs = await runsOf(who, 5);
    expect(runs.map((r) => r.steps[0].actions[0].outcome)).toEqual(['sent', 'sent', 'sent', 'capped', 'capped']);
    expect(sendsTo(who)).toHaveLength(3);
    await api('delete', `/v1/automations/rules/${echo.id}`).expect(200);
    await api('put', '/v1/automations/settings', { replies_per_conversation_per_hour: 10 }).expect(200);
  });

  it('sends no marketing template to a customer who opted out, and logs why', async () => {
    const price = (await api('get', '/v1/automations/rules').expect(200)).body.data.find(
      (r: { name: string }) => r.name === 'Prices',
    );
    await api('patch', `/v1/automations/rules/${price.id}`, { enabled: true }).expect(200);
    const who = customer(5);
    await write(who, 'STOP');
    await write(who, 'price');
    // "STOP" is a message no rule acts on (the opt-out puts the customer on the blacklist, source
    // opt_out); "price" is, and the send path refuses its reply as for any send to them.
    const runs = await runsOf(who, 1);
    const answered = runs[0].steps.find((s) => s.rule_id === price.id)!;
    expect(answered.matched).toBe(true);
    expect(answered.actions).toEqual([
      {
        type: 'reply',
        outcome: 'refused',
        error: { code: 131000, message: '(#131000) The recipient is on the blacklist of this organization' },
      },
    ]);
    expect(sendsTo(who)).toEqual([]);
    await api('patch', `/v1/automations/rules/${price.id}`, { enabled: false }).expect(200);
  });

  it('judges rules in order until one says stop; the dry run says the same and sends nothing', async () => {
    const first = await rule({
      name: 'VIP first',
      trigger: 'message_received',
      position: 0,
      conditions: [{ field: 'contact_tag', operator: 'has', value: 'vip' }],
      actions: [{ type: 'set_status', status: 'pending' }, { type: 'stop' }],
    });
    const later = await rule({
      name: 'Everyone',
      trigger: 'message_received',
      conditions: [],
      actions: [{ type: 'add_tag', tag: 'seen' }],
    });
    const listed = (await api('get', '/v1/automations/rules').expect(200)).body.data as Array<{ id: string }>;
    expect(listed[0].id).toBe(first.id);
    const vip = customer(6);
    await api('post', '/v1/contacts', { contacts: [{ phone_number: vip, tags: ['vip'] }] }).expect(200);
    const before = t1.sandbox.requests().length;
    const dry = (
      await api('post', '/v1/automations/dry_run', {
        phone_number_id: shop.phoneNumberId,
        from: vip,
        text: 'hi',
      }).expect(200)
    ).body;
    expect(dry.rules.filter((r: { matched: boolean }) => r.matched).map((r: { rule_id: string }) => r.rule_id)).toEqual(
      [first.id],
    );
    expect(dry.rules.find((r: { rule_id: string }) => r.rule_id === later.id).reason).toBe(
      'an earlier rule stopped the rules',
    );
    expect(t1.sandbox.requests().length).toBe(before);
    await write(vip, 'hi');
    const [run] = await runsOf(vip, 1);
    expect(run.steps.map((s) => [s.rule_id, s.matched])).toEqual([[first.id, true]]);
    const conversation = (await api('get', `/v1/${shop.phoneNumberId}/conversations/${vip}`).expect(200)).body;
    expect(conversation.status).toBe('pending');
    expect((await api('get', `/v1/contacts/${vip}`).expect(200)).body.tags).toEqual(['vip']);
  });

  it('never runs on the business’s own messages (echoes from the WhatsApp Business app)', async () => {
    const everything = await rule({
      name: 'Answer everything again',
      trigger: 'message_received',
      conditions: [],
      actions: [{ type: 'reply', text: 'Thanks!' }],
    });
    const who = customer(7);
    // What Meta sends when the business writes from the WhatsApp Business app on a coexisting number.
    const echo = inboundTextWebhook(shop, who, 'We ship tomorrow');
    const change = echo.entry[0].changes[0];
    change.field = 'smb_message_echoes';
    const [message] = change.value.messages;
    change.value = {
      messaging_product: 'whatsapp',
      metadata: change.value.metadata,
      message_echoes: [{ ...message, from: '15550100001', to: who }],
    } as unknown as typeof change.value;
    await postFromUpstream(t2.url, echo).expect(200);
    // And a customer's message after it, which the rule does answer: the echo went before it.
    const other = customer(8);
    await write(other, 'hello');
    await runsOf(other, 1);
    const runs = (await api('get', `/v1/${shop.phoneNumberId}/automation_runs?limit=100`).expect(200)).body
      .data as Run[];
    expect(runs.filter((r) => r.wa_id === who)).toEqual([]);
    expect(sendsTo(who)).toEqual([]);
    await api('delete', `/v1/automations/rules/${everything.id}`).expect(200);
  });

  it('acts once on an outbound message Meta reports failed, by its error code', async () => {
    const failed = await rule({
      name: 'Undeliverable',
      trigger: 'message_failed',
      conditions: [{ field: 'error_code', operator: 'in', values: [131026, 131049] }],
      actions: [
        { type: 'add_tag', tag: 'undeliverable' },
        { type: 'note', body: 'A message to this customer could not be delivered' },
      ],
    });
    const who = customer(9);
    await write(who, 'hi');
    // The number's statuses come on demand: the message is held until the sandbox is told it failed.
    await holdStatuses(t1.sandbox, shop.phoneNumberId, true);
    const sent = await api('post', `/v1/${shop.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: who,
      type: 'text',
      text: { body: 'Your order shipped' },
    }).expect(200);
    const wamid = sent.body.messages[0].id as string;
    await failMessage(t1.sandbox, wamid, 131026);
    // (The customer's own message may have a job of its own: the earlier tests' rules are still on.)
    const run = await eventually(async () => {
      const runs = (await api('get', `/v1/${shop.phoneNumberId}/automation_runs?limit=100`).expect(200)).body
        .data as Run[];
      return runs.find((r) => r.event === 'message_failed' && r.wa_id === who && r.state === 'done');
    }, 10_000);
    expect(run).toMatchObject({ event: 'message_failed', event_id: `failed:${wamid}` });
    expect(run.steps).toEqual([
      {
        automation: 'rule',
        rule_id: failed.id,
        rule_name: 'Undeliverable',
        matched: true,
        reason: 'every condition held',
        actions: [
          { type: 'add_tag', outcome: 'done' },
          { type: 'note', outcome: 'done' },
        ],
      },
    ]);
    expect((await api('get', `/v1/contacts/${who}`).expect(200)).body.tags).toContain('undeliverable');
    // Meta redelivering the same failure (its webhook as the sandbox sent it) acts on it no more.
    await postFromUpstream(t2.url, await failureWebhook(t1.sandbox, wamid)).expect(200);
    const jobs = async () =>
      (
        await t1.dataSource.query(`SELECT count(*)::int AS n FROM automation_jobs WHERE event_id = $1`, [
          `failed:${wamid}`,
        ])
      )[0].n as number;
    expect(await jobs()).toBe(1);
    const notes = (await api('get', `/v1/${shop.phoneNumberId}/conversations/${who}/notes`).expect(200)).body.data;
    expect(notes).toHaveLength(1);
    await holdStatuses(t1.sandbox, shop.phoneNumberId, false);
    await api('delete', `/v1/automations/rules/${failed.id}`).expect(200);
  });
});
