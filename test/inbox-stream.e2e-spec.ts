import { PeopleService } from '../src/people/people.service';
import type { RedisStore } from '../src/redis/redis-store';
import { eventually } from './support/eventually';
import { openEventStream, type EventStream, type StreamEvent } from './support/event-stream';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import request from 'supertest';

const PASSWORD = 'inbox stream password 2026!';
const customer = (n: number) => `1555660${String(n).padStart(4, '0')}`;

/**
 * Pushed, not polled (issue 56): a console's Server-Sent Events stream on one instance carries what
 * arrived at the other within a second; a reconnect with Last-Event-ID resumes with nothing missed or
 * repeated; an agent who sees only theirs is told nothing of a colleague's conversation; another
 * organization's stream nothing at all; and an organization nobody watches has no feed written.
 */
describe('team inbox: updates pushed to every console, across instances', () => {
  let t1: TestApp;
  let t2: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let c: TestTenant;
  let keyA: string;
  let keyB: string;
  const ids = { ada: '', ben: '' };
  const cookies: Record<string, string> = {};
  const open: EventStream[] = [];

  const signIn = async (email: string): Promise<string> => {
    const res = await request(t1.url).post('/console/session').send({ email, password: PASSWORD }).expect(200);
    return (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  };
  const stream = async (url: string, headers: Record<string, string>, query = '') => {
    const s = await openEventStream(`${url}/v1/inbox/events${query}`, headers);
    open.push(s);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Delimited by the connection's close: written to the socket as is, no chunk framing.
    expect(s.headers.get('transfer-encoding')).toBeNull();
    expect(s.headers.get('connection')).toBe('close');
    await s.next((e) => e.event === 'ready');
    return s;
  };
  const write = (tenant: TestTenant, from: string, text: string, url = t2.url) =>
    postFromUpstream(url, inboundTextWebhook(tenant, from, text)).expect(200);
  const redisKeys = (pattern: string) => (t1.store as RedisStore).client.keys(pattern);
  const arrivals = (s: EventStream, waId?: string) =>
    s.events.filter((e) => e.event === 'message' && (waId === undefined || e.data.wa_id === waId));

  beforeAll(async () => {
    t1 = await createTestApp();
    await resetState(t1);
    t2 = await createTestApp({ sandbox: t1.sandbox });
    a = await createTenant(t1, 'Stream A');
    b = await createTenant(t1, 'Stream B');
    c = await createTenant(t1, 'Stream C');
    keyA = (await createOrgKey(t1, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t1, b)).key;
    const people = t1.get(PeopleService);
    await people.addOwner(a.id, 'owner@stream.example', PASSWORD);
    ids.ada = await people.addMember(a.id, 'ada@stream.example', PASSWORD, 'agent');
    ids.ben = await people.addMember(a.id, 'ben@stream.example', PASSWORD, 'agent');
    for (const name of ['owner', 'ada', 'ben']) cookies[name] = await signIn(`${name}@stream.example`);
  }, 90_000);
  afterAll(async () => {
    for (const s of open) await s.close();
    await t2.close();
    await t1.close();
  });

  it('carries an inbound that reached the other instance to a console within a second', async () => {
    const owner = await stream(t1.url, { cookie: cookies.owner });
    expect(owner.events.at(-1)).toMatchObject({ event: 'ready', data: { resumed: false } });
    // Instance 2 learns that A is watched through the shared store: its next inbound is told.
    const sentAt = performance.now();
    await write(a, customer(1), 'hello from the other instance');
    const told = await owner.next((e) => e.event === 'message' && e.data.wa_id === customer(1), 2_000);
    expect(told.at - sentAt).toBeLessThan(1_000);
    expect(told.data).toMatchObject({
      type: 'message',
      phone_number_id: a.phoneNumberId,
      direction: 'inbound',
      assignee_id: null,
    });
    expect(told.id).toMatch(/^\d+-\d+$/);
    // Ids and states only: never what the customer wrote.
    expect(JSON.stringify(owner.events)).not.toContain('hello from the other instance');
    // A send through instance 2, its statuses, and an assignment through instance 1 follow.
    const sent = await request(t2.url)
      .post(`/v1/${a.phoneNumberId}/messages`)
      .set(bearer(keyA))
      .send({ messaging_product: 'whatsapp', to: customer(1), type: 'text', text: { body: 'hi' } })
      .expect(200);
    const wamid = sent.body.messages[0].id as string;
    await owner.next((e) => e.event === 'message' && e.data.message_id === wamid && e.data.direction === 'outbound');
    await owner.next((e) => e.event === 'status' && e.data.message_id === wamid);
    await request(t1.url)
      .post(`/v1/${a.phoneNumberId}/conversations/${customer(1)}/assignments`)
      .set(bearer(keyA))
      .send({ assignee_id: ids.ben })
      .expect(200);
    await owner.next(
      (e) => e.event === 'conversation' && e.data.wa_id === customer(1) && e.data.assignee_id === ids.ben,
    );
    await owner.close();
  });

  it('resumes after a forced disconnect with nothing missed or repeated', async () => {
    const first = await stream(t1.url, { authorization: bearer(keyA).Authorization });
    await write(a, customer(10), 'one');
    const seen = await first.next((e) => e.event === 'message' && e.data.wa_id === customer(10));
    await first.close();
    // While nobody listens here, three more arrive at the other instance.
    for (const n of [11, 12, 13]) await write(a, customer(n), `number ${n}`);
    const again = await stream(t1.url, { authorization: bearer(keyA).Authorization, 'last-event-id': seen.id! });
    expect(again.events.find((e) => e.event === 'ready')).toMatchObject({ data: { resumed: true } });
    // The last may still be on its way to the feed (events are gathered for a few milliseconds): then
    // it comes live after `ready`, once.
    await again.next((e) => e.event === 'message' && e.data.wa_id === customer(13));
    const replayed = again.events.filter((e) => e.event === 'message').map((e) => e.data.wa_id);
    expect(replayed).toEqual([customer(11), customer(12), customer(13)]);
    const ids = again.events.filter((e) => e.id).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    // And live after the catch-up, in order.
    await write(a, customer(14), 'after');
    await again.next((e) => e.data.wa_id === customer(14));
    expect(arrivals(again).map((e) => e.data.wa_id)).toEqual([11, 12, 13, 14].map(customer));
    // The same through ?last_event_id= (a reader that cannot set the header).
    const byQuery = await stream(t2.url, { authorization: bearer(keyA).Authorization }, `?last_event_id=${seen.id}`);
    expect(arrivals(byQuery).map((e) => e.data.wa_id)).toEqual([11, 12, 13, 14].map(customer));
    // An id older than anything kept: read everything again.
    const stale = await stream(t1.url, { authorization: bearer(keyA).Authorization }, '?last_event_id=1000-0');
    expect(stale.events.at(-1)).toMatchObject({ event: 'ready', data: { resumed: false } });
    for (const s of [again, byQuery, stale]) await s.close();
  });

  it("tells an agent who sees only theirs nothing of a colleague's conversation, and B nothing of A", async () => {
    await request(t1.url)
      .put('/v1/inbox/settings')
      .set(bearer(keyA))
      .send({ agent_visibility: 'assigned' })
      .expect(200);
    // Ben's conversation (customer 1, assigned above) and an unassigned one.
    const ada = await stream(t2.url, { cookie: cookies.ada });
    const ben = await stream(t1.url, { cookie: cookies.ben });
    const orgB = await stream(t1.url, { authorization: bearer(keyB).Authorization });
    await write(a, customer(1), "ben's customer again", t1.url);
    await write(a, customer(20), 'nobody has me yet', t1.url);
    await ben.next((e) => e.data.wa_id === customer(1));
    await ada.next((e) => e.data.wa_id === customer(20));
    await ben.next((e) => e.data.wa_id === customer(20));
    // A note on Ben's conversation mentioning Ada reaches her; the conversation's messages never do.
    const note = await request(t1.url)
      .post(`/v1/${a.phoneNumberId}/conversations/${customer(1)}/notes`)
      .set(bearer(keyA))
      .send({ body: 'Ada, can you help?', mentions: [ids.ada] })
      .expect(201);
    await ada.next((e) => e.event === 'note' && e.data.note_id === note.body.id);
    // Settle: a last event to every stream, after which nothing else may come.
    await write(a, customer(21), 'last', t1.url);
    await ada.next((e) => e.data.wa_id === customer(21));
    await ben.next((e) => e.data.wa_id === customer(21));
    const carried = (s: EventStream) => s.events.filter((e: StreamEvent) => e.event !== 'ready');
    expect(
      carried(ada)
        .filter((e) => e.data.wa_id === customer(1))
        .map((e) => e.event),
    ).toEqual(['note']);
    expect(carried(orgB)).toEqual([]);
    await request(t1.url).put('/v1/inbox/settings').set(bearer(keyA)).send({ agent_visibility: 'all' }).expect(200);
    for (const s of [ada, ben, orgB]) await s.close();
  });

  it('writes no feed for an organization nobody watches, and refuses a bad Last-Event-ID', async () => {
    await write(c, customer(30), 'nobody is looking');
    await eventually(async () => {
      const [row] = await t1.dataSource.query('SELECT 1 FROM inbound_messages WHERE tenant_id = $1', [c.id]);
      return row;
    });
    const keys = await redisKeys(`*feed:{inbox:${c.id}}*`);
    expect(keys).toEqual([]);
    expect((await redisKeys(`*feed:{inbox:${a.id}}*`)).length).toBe(1);
    const bad = await request(t1.url).get('/v1/inbox/events?last_event_id=yesterday').set(bearer(keyA));
    expectInvalidParameter(bad, 400, /last_event_id/);
    const unauthenticated = await fetch(`${t1.url}/v1/inbox/events`);
    expect(unauthenticated.status).toBe(401);
  });
});
