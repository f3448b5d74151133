import './support/short-inbox-sweep';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PeopleService } from '../src/people/people.service';
import { consoleBrowser } from './support/console-browser';
import { eventually } from './support/eventually';
import { openEventStream } from './support/event-stream';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const PASSWORD = 'team inbox password 2026!';
const customer = (n: number) => `1555880${String(n).padStart(4, '0')}`;

interface ConversationEvent {
  event: string;
  wa_id: string;
  assignee_id: string | null;
  previous_assignee_id?: string | null;
  status?: string;
  previous_status?: string | null;
  reason: string;
  changed_by: { user_id: string | null; key_id: string | null } | null;
}

/**
 * A team works the Inbox (issue 56), first steps: ownership, statuses and auto-assignment, on two
 * instances in front of one Meta. Three available agents with a cap of 10 and thirty customers writing
 * at once across both instances: ten each, none given twice, none to the agent who is away; the 31st
 * waits and goes to the first agent who resolves one; a returning customer goes back to their agent,
 * or to the queue when that agent is away; a snooze wakes once; bad input changes nothing.
 */
describe('team inbox: ownership, statuses and auto-assignment', () => {
  let t1: TestApp;
  let t2: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let receiver: WebhookReceiver;
  const agents: Record<'ada' | 'ben' | 'cy' | 'dee', string> = { ada: '', ben: '', cy: '', dee: '' };
  let outsider = '';
  let viewer = '';

  const api = (method: 'get' | 'post' | 'put' | 'delete' | 'patch', path: string, key = keyA, url = t1.url) =>
    request(url)[method](path).set(bearer(key));
  const conversation = (waId: string) => api('get', `/v1/${a.phoneNumberId}/conversations/${waId}`);
  const rows = () =>
    t1.dataSource.query<Array<{ wa_id: string; assignee_id: string | null; status: string }>>(
      'SELECT wa_id, assignee_id, status FROM conversations WHERE tenant_id = $1 ORDER BY wa_id',
      [a.id],
    );
  const countsByAgent = async () => {
    const counts = new Map<string | null, number>();
    for (const row of await rows())
      if (row.status === 'open') counts.set(row.assignee_id, (counts.get(row.assignee_id) ?? 0) + 1);
    return counts;
  };
  const events = (): ConversationEvent[] =>
    receiver
      .events()
      .filter((e) => e.json.entry?.[0]?.changes?.[0]?.field === 'conversation_update')
      .map((e) => e.json.entry[0].changes[0].value as ConversationEvent);
  const write = (from: string, text: string, url = t1.url) =>
    postFromUpstream(url, inboundTextWebhook(a, from, text)).expect(200);

  beforeAll(async () => {
    t1 = await createTestApp();
    await resetState(t1);
    t2 = await createTestApp({ sandbox: t1.sandbox });
    a = await createTenant(t1, 'Team inbox A');
    b = await createTenant(t1, 'Team inbox B');
    keyA = (await createOrgKey(t1, a, { rateLimitPerSecond: 10_000 })).key;
    const people = t1.get(PeopleService);
    await people.addOwner(a.id, 'owner@team.example', PASSWORD);
    for (const name of Object.keys(agents) as Array<keyof typeof agents>)
      agents[name] = await people.addMember(a.id, `${name}@team.example`, PASSWORD, 'agent');
    viewer = await people.addMember(a.id, 'viewer@team.example', PASSWORD, 'viewer');
    outsider = await people.addMember(b.id, 'outsider@team.example', PASSWORD, 'agent');
    receiver = await new WebhookReceiver().start();
    await api('post', '/v1/webhooks')
      .send({ url: receiver.url, events: ['conversation_update'] })
      .expect(201);
  }, 90_000);
  afterAll(async () => {
    await receiver.stop();
    await t2.close();
    await t1.close();
  });

  it('refuses bad input with a Graph error naming the field, and changes nothing', async () => {
    const policy = `/v1/${a.phoneNumberId}/assignment_policy`;
    expectInvalidParameter(await api('put', policy).send({ cap: 0 }), 400, /cap/);
    expectInvalidParameter(await api('put', policy).send({ cap: 1.5 }), 400, /cap/);
    expectInvalidParameter(await api('put', policy).send({ cap: 10, team_id: randomUUID() }), 400, /team_id/);
    expectGraphError(await api('get', policy), 404, 100);

    await write(customer(900), 'hello');
    await eventually(async () => ((await rows()).length === 1 ? true : undefined));
    const path = `/v1/${a.phoneNumberId}/conversations/${customer(900)}`;
    // Another organization's member, a viewer (who does not work conversations), nobody at all.
    expectInvalidParameter(
      await api('post', `${path}/assignments`).send({ assignee_id: outsider }),
      400,
      /assignee_id/,
    );
    expectInvalidParameter(await api('post', `${path}/assignments`).send({ assignee_id: viewer }), 400, /assignee_id/);
    expectInvalidParameter(await api('post', `${path}/assignments`).send({ assignee_id: 'me' }), 400, /assignee_id/);
    expectInvalidParameter(await api('post', `${path}/assignments`).send({}), 400, /assignee_id/);
    const past = new Date(Date.now() - 60_000).toISOString();
    expectInvalidParameter(
      await api('post', `${path}/status`).send({ status: 'snoozed', snoozed_until: past }),
      400,
      /snoozed_until/,
    );
    expectInvalidParameter(await api('post', `${path}/status`).send({ status: 'snoozed' }), 400, /snoozed_until/);
    expectInvalidParameter(await api('post', `${path}/status`).send({ status: 'closed' }), 400, /status/);
    expectInvalidParameter(
      await api('post', `${path}/status`).send({
        status: 'open',
        snoozed_until: new Date(Date.now() + 60_000).toISOString(),
      }),
      400,
      /snoozed_until/,
    );
    expectInvalidParameter(
      await api('put', `/v1/inbox/agents/${agents.ada}/availability`).send({ availability: 'busy' }),
      400,
      /availability/,
    );
    expectGraphError(
      await api('put', `/v1/inbox/agents/${outsider}/availability`).send({ availability: 'available' }),
      404,
      100,
    );
    // Organization B's key cannot reach A's conversation.
    const keyB = (await createOrgKey(t1, b)).key;
    expectGraphError(await api('post', `${path}/assignments`, keyB).send({ assignee_id: outsider }), 401, 190);
    expect(await rows()).toEqual([{ wa_id: customer(900), assignee_id: null, status: 'open' }]);
    expect(await t1.dataSource.query('SELECT * FROM assignment_policies')).toEqual([]);
    expect(events()).toEqual([]);
    // Out of the way of the queue below.
    await api('post', `${path}/status`).send({ status: 'resolved' }).expect(200);
  });

  it("lets a person's reply take a conversation nobody has, and never a machine's", async () => {
    await write(customer(901), 'anyone there?');
    await eventually(async () => ((await rows()).some((row) => row.wa_id === customer(901)) ? true : undefined));
    // The organization's machine key replies: nobody takes it.
    await api('post', `/v1/${a.phoneNumberId}/messages`)
      .send({ messaging_product: 'whatsapp', to: customer(901), type: 'text', text: { body: 'Hello from the shop' } })
      .expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await conversation(customer(901)).expect(200)).body.assignee_id).toBeNull();
    const dee = consoleBrowser(t1.url);
    dee.remember(
      (await dee.agent.post('/console/session').send({ email: 'dee@team.example', password: PASSWORD }).expect(200))
        .body,
    );
    await dee
      .write('post', `/v1/${a.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        to: customer(901),
        type: 'text',
        text: { body: 'I will look into it' },
      })
      .expect(200);
    const taken = await eventually(async () => {
      const row = (await conversation(customer(901)).expect(200)).body;
      return row.assignee_id ? row : undefined;
    });
    expect(taken.assignee_id).toBe(agents.dee);
    const told = await eventually(async () => events().find((e) => e.wa_id === customer(901)));
    expect(told).toMatchObject({ event: 'conversation.assigned', reason: 'reply', assignee_id: agents.dee });
    expect(told.changed_by?.user_id).toBe(agents.dee);
    await api('post', `/v1/${a.phoneNumberId}/conversations/${customer(901)}/status`)
      .send({ status: 'resolved' })
      .expect(200);
  });

  it('gives thirty customers writing at once on two instances to three available agents, ten each, none twice', async () => {
    for (const name of ['ada', 'ben', 'cy'] as const)
      await api('put', `/v1/inbox/agents/${agents[name]}/availability`).send({ availability: 'available' }).expect(200);
    await api('put', `/v1/inbox/agents/${agents.dee}/availability`).send({ availability: 'away' }).expect(200);
    const policy = await api('put', `/v1/${a.phoneNumberId}/assignment_policy`).send({ cap: 10 }).expect(200);
    expect(policy.body).toEqual({
      phone_number_id: a.phoneNumberId,
      enabled: true,
      team_id: null,
      cap: 10,
      updated_at: expect.any(String),
    });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => write(customer(i), `order ${i}?`, i % 2 === 0 ? t1.url : t2.url)),
    );
    await eventually(async () => {
      const counts = await countsByAgent();
      return counts.get(agents.ada) === 10 && counts.get(agents.ben) === 10 && counts.get(agents.cy) === 10
        ? counts
        : undefined;
    }, 15_000);
    const counts = await countsByAgent();
    expect(counts.get(agents.dee)).toBeUndefined();
    expect(counts.get(null)).toBeUndefined();
    // Each conversation given once: one conversation.assigned each, by auto-assignment, to whom it has.
    const assigned = await eventually(async () => {
      const given = events().filter((e) => e.event === 'conversation.assigned' && e.reason === 'auto_assignment');
      return given.length >= 30 ? given : undefined;
    });
    expect(assigned).toHaveLength(30);
    expect(new Set(assigned.map((e) => e.wa_id)).size).toBe(30);
    const has = new Map((await rows()).map((row) => [row.wa_id, row.assignee_id]));
    for (const e of assigned) {
      expect(e).toMatchObject({ reason: 'auto_assignment', previous_assignee_id: null, changed_by: null });
      expect(e.assignee_id).toBe(has.get(e.wa_id));
    }
  });

  it('keeps the 31st waiting and gives it to the first agent who resolves one', async () => {
    await write(customer(30), 'am I next?', t2.url);
    await eventually(async () => ((await rows()).some((row) => row.wa_id === customer(30)) ? true : undefined));
    // Several sweeps pass: nobody has room.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await conversation(customer(30)).expect(200)).body).toMatchObject({ assignee_id: null, status: 'open' });
    const unassigned = await api('get', `/v1/${a.phoneNumberId}/conversations?view=unassigned&status=open`).expect(200);
    expect(unassigned.body.data.map((c: { wa_id: string }) => c.wa_id)).toEqual([customer(30)]);

    const bens = (await rows()).filter((row) => row.assignee_id === agents.ben);
    const resolved = await api('post', `/v1/${a.phoneNumberId}/conversations/${bens[0].wa_id}/status`)
      .send({ status: 'resolved' })
      .expect(200);
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      assignee_id: agents.ben,
      resolved_at: expect.any(String),
      resolved_by: null,
    });
    const given = await eventually(async () => {
      const row = (await conversation(customer(30)).expect(200)).body;
      return row.assignee_id ? row : undefined;
    });
    expect(given.assignee_id).toBe(agents.ben);
    // Its webhook is delivered apart from the reassignment: waited for, not assumed to be there first.
    const change = await eventually(async () =>
      events().find((e) => e.event === 'conversation.status_changed' && e.wa_id === bens[0].wa_id),
    );
    expect(change).toMatchObject({ status: 'resolved', previous_status: 'open', reason: 'manual' });
    expect(change?.changed_by?.key_id).toEqual(expect.any(String));
  });

  it('reopens a resolved conversation when the customer writes, to their agent while that agent is available', async () => {
    const [adas] = (await rows()).filter((row) => row.assignee_id === agents.ada);
    await api('post', `/v1/${a.phoneNumberId}/conversations/${adas.wa_id}/status`)
      .send({ status: 'resolved' })
      .expect(200);
    await write(adas.wa_id, 'one more question', t2.url);
    const back = await eventually(async () => {
      const row = (await conversation(adas.wa_id).expect(200)).body;
      return row.status === 'open' ? row : undefined;
    });
    expect(back.assignee_id).toBe(agents.ada);
    const reopened = await eventually(async () =>
      events().find(
        (e) => e.wa_id === adas.wa_id && e.event === 'conversation.status_changed' && e.reason === 'customer',
      ),
    );
    expect(reopened).toMatchObject({
      status: 'open',
      previous_status: 'resolved',
      assignee_id: agents.ada,
      changed_by: null,
    });
  });

  it('gives a returning customer of an agent who is away to the queue', async () => {
    const [cys] = (await rows()).filter((row) => row.assignee_id === agents.cy && row.status === 'open');
    await api('post', `/v1/${a.phoneNumberId}/conversations/${cys.wa_id}/status`)
      .send({ status: 'pending' })
      .expect(200);
    await api('put', `/v1/inbox/agents/${agents.cy}/availability`).send({ availability: 'away' }).expect(200);
    // Room for one more with Ada and Ben: Ada, given one longer ago than Ben (the 31st), comes first.
    await api('put', `/v1/${a.phoneNumberId}/assignment_policy`).send({ cap: 11 }).expect(200);
    await write(cys.wa_id, 'hello again', t1.url);
    const moved = await eventually(async () => {
      const row = (await conversation(cys.wa_id).expect(200)).body;
      return row.assignee_id === agents.ada ? row : undefined;
    });
    expect(moved.status).toBe('open');
    const told = events().filter((e) => e.wa_id === cys.wa_id && e.event === 'conversation.assigned');
    expect(told.map((e) => [e.reason, e.previous_assignee_id, e.assignee_id])).toEqual([
      ['auto_assignment', null, agents.cy],
      ['unavailable', agents.cy, null],
      ['auto_assignment', null, agents.ada],
    ]);
  });

  it('wakes a snooze at its time, once, whichever instance sweeps', async () => {
    const [bens] = (await rows()).filter((row) => row.assignee_id === agents.ben && row.status === 'open');
    const until = new Date(Date.now() + 1_500).toISOString();
    const snoozed = await api('post', `/v1/${a.phoneNumberId}/conversations/${bens.wa_id}/status`, keyA, t2.url)
      .send({ status: 'snoozed', snoozed_until: until })
      .expect(200);
    expect(snoozed.body).toMatchObject({ status: 'snoozed', snoozed_until: until });
    const open = await api('get', `/v1/${a.phoneNumberId}/conversations?status=snoozed`).expect(200);
    expect(open.body.data.map((c: { wa_id: string }) => c.wa_id)).toEqual([bens.wa_id]);
    const woke = await eventually(async () => {
      const row = (await conversation(bens.wa_id).expect(200)).body;
      return row.status === 'open' ? row : undefined;
    });
    expect(woke).toMatchObject({ snoozed_until: null, assignee_id: agents.ben });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const wakes = events().filter((e) => e.wa_id === bens.wa_id && e.reason === 'snooze_ended');
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatchObject({ status: 'open', previous_status: 'snoozed', changed_by: null });
  });

  it('shows an agent theirs and the unassigned when the organization says so, and names the person in the audit log', async () => {
    const ada = consoleBrowser(t1.url);
    const session = await ada.agent
      .post('/console/session')
      .send({ email: 'ada@team.example', password: PASSWORD })
      .expect(200);
    ada.remember(session.body);
    const list = (query: string) => ada.get(`/v1/${a.phoneNumberId}/conversations?limit=100${query}`).expect(200);
    expect((await list('')).body.data.length).toBeGreaterThan(11);
    await api('put', '/v1/inbox/settings').send({ agent_visibility: 'assigned' }).expect(200);
    await eventually(async () => {
      const seen = (await list('')).body.data as Array<{ assignee_id: string | null }>;
      return seen.every((c) => c.assignee_id === agents.ada || c.assignee_id === null) ? seen : undefined;
    });
    const mine = (await list('&view=mine')).body.data as Array<{ wa_id: string; assignee_id: string }>;
    expect(mine.length).toBe(11);
    expect(mine.every((c) => c.assignee_id === agents.ada)).toBe(true);
    const [bens] = (await rows()).filter((row) => row.assignee_id === agents.ben);
    expectGraphError(await ada.get(`/v1/${a.phoneNumberId}/conversations/${bens.wa_id}`), 404, 100);
    expectGraphError(await ada.get(`/v1/${a.phoneNumberId}/conversations/${bens.wa_id}/messages`), 404, 100);
    // She hands one of hers back, and may take only for herself.
    const hers = mine[0].wa_id;
    await ada
      .write('post', `/v1/${a.phoneNumberId}/conversations/${hers}/assignments`, { assignee_id: null })
      .expect(200);
    expectGraphError(
      await ada.write('post', `/v1/${a.phoneNumberId}/conversations/${customer(900)}/assignments`, {
        assignee_id: agents.ben,
      }),
      403,
      200,
    );
    await ada
      .write('post', `/v1/${a.phoneNumberId}/conversations/${customer(900)}/assignments`, { assignee_id: agents.ada })
      .expect(200);
    const audit = await t1.dataSource.query(
      `SELECT action, person, target_id FROM audit_log WHERE tenant_id = $1 AND action = 'conversations.assign' ORDER BY created_at`,
      [a.id],
    );
    expect(audit).toEqual([
      { action: 'conversations.assign', person: 'ada@team.example', target_id: hers },
      { action: 'conversations.assign', person: 'ada@team.example', target_id: customer(900) },
    ]);
    const byAda = await eventually(async () => {
      const told = events().filter((e) => e.changed_by?.user_id === agents.ada);
      return told.length >= 2 ? told : undefined;
    });
    expect(byAda.map((e) => [e.wa_id, e.assignee_id, e.reason])).toEqual([
      [hers, null, 'manual'],
      [customer(900), agents.ada, 'manual'],
    ]);
    await api('put', '/v1/inbox/settings').send({ agent_visibility: 'all' }).expect(200);
  });

  it('keeps teams: names unique, members of the organization who work conversations, in use until the number lets go', async () => {
    const team = await api('post', '/v1/inbox/teams')
      .send({ name: 'Support', member_ids: [agents.ada, agents.ben] })
      .expect(201);
    expect(team.body).toEqual({
      id: expect.any(String),
      name: 'Support',
      member_ids: [agents.ada, agents.ben].sort(),
      phone_number_ids: [],
      created_at: expect.any(String),
    });
    expectGraphError(await api('post', '/v1/inbox/teams').send({ name: 'Support' }), 409, 100);
    expectInvalidParameter(
      await api('post', '/v1/inbox/teams').send({ name: 'Sales', member_ids: [outsider] }),
      400,
      /member_ids/,
    );
    expectInvalidParameter(await api('post', '/v1/inbox/teams').send({ name: '' }), 400, /name/);
    await api('put', `/v1/${a.phoneNumberId}/assignment_policy`).send({ cap: 11, team_id: team.body.id }).expect(200);
    expectGraphError(await api('delete', `/v1/inbox/teams/${team.body.id}`), 409, 100);
    const path = `/v1/${a.phoneNumberId}/conversations/${customer(900)}`;
    const moved = await api('post', `${path}/assignments`).send({ team_id: team.body.id }).expect(200);
    expect(moved.body).toMatchObject({ team_id: team.body.id, assignee_id: agents.ada });
    const ofTeam = await api('get', `/v1/${a.phoneNumberId}/conversations?view=team&team_id=${team.body.id}`).expect(
      200,
    );
    expect(ofTeam.body.data.map((c: { wa_id: string }) => c.wa_id)).toEqual([customer(900)]);
    await api('put', `/v1/${a.phoneNumberId}/assignment_policy`).send({ cap: 11, team_id: null }).expect(200);
    await api('delete', `/v1/inbox/teams/${team.body.id}`).expect(200);
    const agentsList = await api('get', '/v1/inbox/agents').expect(200);
    expect(agentsList.body.data.map((m: { email: string; availability: string }) => [m.email, m.availability])).toEqual(
      expect.arrayContaining([
        ['ada@team.example', 'available'],
        ['cy@team.example', 'away'],
        ['dee@team.example', 'away'],
      ]),
    );
    expect(agentsList.body.data.some((m: { email: string }) => m.email === 'viewer@team.example')).toBe(false);
  });

  it("takes a member offline once their last console's stream has closed, and leaves one who never opened a console as set", async () => {
    const bens = () =>
      api('get', '/v1/inbox/agents')
        .expect(200)
        .then((res) => res.body.data as Array<{ user_id: string; availability: string }>);
    await api('put', `/v1/inbox/agents/${agents.ben}/availability`).send({ availability: 'available' }).expect(200);
    await api('put', `/v1/inbox/agents/${agents.cy}/availability`).send({ availability: 'available' }).expect(200);
    const session = await request(t1.url)
      .post('/console/session')
      .send({ email: 'ben@team.example', password: PASSWORD })
      .expect(200);
    const cookie = (session.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    // Two consoles, one on each instance: closing one leaves Ben present.
    const first = await openEventStream(`${t1.url}/v1/inbox/events`, { cookie });
    const second = await openEventStream(`${t2.url}/v1/inbox/events`, { cookie });
    await first.next((e) => e.event === 'ready');
    await second.next((e) => e.event === 'ready');
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await bens()).find((m) => m.user_id === agents.ben)?.availability).toBe('available');
    await second.close();
    await eventually(async () =>
      (await bens()).find((m) => m.user_id === agents.ben)?.availability === 'offline' ? true : undefined,
    );
    // Cy never opened a console: as she set it.
    expect((await bens()).find((m) => m.user_id === agents.cy)?.availability).toBe('available');
  });
});
