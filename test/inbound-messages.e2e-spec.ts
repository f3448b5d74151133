import request from 'supertest';
import type { InboundInput } from '../apps/sandbox/src/inbound-messages';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const ADA = '15557771001';
const GRACE = '15557771002';

/**
 * What customers sent, read back from the gateway (issue 43's first step): the inbound messages Meta
 * delivered (here the sandbox's inbound webhooks), newest first, filtered and paged, one by its
 * wamid; another organization's number answers like a missing one.
 */
describe('inbound messages: what customers sent, readable', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  const sent: Array<{ id: string; from: string; type: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Inbound A');
    b = await createTenant(t, 'Inbound B');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t, b, { rateLimitPerSecond: 10_000 })).key;
    const messages: Array<Omit<InboundInput, 'phone_number_id'> & { from: string; type: string }> = [
      { from: ADA, type: 'text', text: 'Hello' },
      { from: GRACE, type: 'text', text: 'Is the shop open?' },
      { from: ADA, type: 'image', caption: 'The broken part' },
      { from: ADA, type: 'text', text: 'Any news?' },
      { from: GRACE, type: 'location', latitude: 51.5, longitude: -0.12 },
    ];
    for (const message of messages) {
      const { message_id: id } = await t.sandbox.simulateInbound({ phone_number_id: a.phoneNumberId, ...message });
      sent.push({ id, from: message.from, type: message.type });
      // Meta's times are whole seconds: apart, so that newest first is the order they were sent in.
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    await eventually(async () => {
      const rows = await t.dataSource.query('SELECT 1 FROM inbound_messages WHERE phone_number_id = $1', [
        a.phoneNumberId,
      ]);
      return rows.length === messages.length ? true : undefined;
    });
  }, 60_000);
  afterAll(() => t.close());

  const list = (query = '', key = keyA, phone = a.phoneNumberId) =>
    request(t.url).get(`/v1/${phone}/inbound_messages${query}`).set(bearer(key));

  it('lists them newest first with Meta’s message objects, and reads one by its wamid', async () => {
    const res = await list().expect(200);
    expect(res.body.data.map((m: { id: string }) => m.id)).toEqual(sent.map((m) => m.id).reverse());
    const newest = res.body.data[0];
    expect(newest).toEqual({
      id: sent[4].id,
      from: GRACE,
      type: 'location',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      button_payload: null,
      message: expect.objectContaining({ id: sent[4].id, from: GRACE, type: 'location' }),
    });
    const one = await request(t.url)
      .get(`/v1/${a.phoneNumberId}/inbound_messages/${sent[0].id}`)
      .set(bearer(keyA))
      .expect(200);
    expect(one.body).toMatchObject({ id: sent[0].id, from: ADA, type: 'text', message: { text: { body: 'Hello' } } });
  });

  it('filters by sender, type and time, and pages with a cursor, each message once', async () => {
    const fromAda = (await list(`?from=${ADA}`).expect(200)).body.data.map((m: { id: string }) => m.id);
    expect(fromAda).toEqual(
      sent
        .filter((m) => m.from === ADA)
        .map((m) => m.id)
        .reverse(),
    );
    const images = (await list('?type=image').expect(200)).body.data;
    expect(images.map((m: { id: string }) => m.id)).toEqual([sent[2].id]);
    const all = (await list().expect(200)).body.data as Array<{ id: string; timestamp: string }>;
    const since = (await list(`?since=${encodeURIComponent(all[1].timestamp)}`).expect(200)).body.data;
    expect(since.map((m: { id: string }) => m.id)).toEqual([all[0].id, all[1].id]);
    const until = (await list(`?until=${encodeURIComponent(all[3].timestamp)}`).expect(200)).body.data;
    expect(until.map((m: { id: string }) => m.id)).toEqual([all[4].id]);
    const seen: string[] = [];
    let next: string | undefined = `/v1/${a.phoneNumberId}/inbound_messages?limit=2`;
    while (next) {
      const page: request.Response = await request(t.url).get(next).set(bearer(keyA)).expect(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((m: { id: string }) => m.id));
      next = page.body.paging?.next;
    }
    expect(seen).toEqual(all.map((m) => m.id));
  });

  it('answers bad input with a Graph error naming it, and an unknown wamid with 404 code 100', async () => {
    expectInvalidParameter(await list('?from=ada'), 400, /from/);
    expectInvalidParameter(await list('?type=fax'), 400, /type/);
    expectInvalidParameter(await list('?after=not-a-cursor'), 400, /after/);
    expectInvalidParameter(await list('?since=yesterday'), 400, /since/);
    for (const wamid of ['wamid.unknown', 'not-a-wamid']) {
      const res = await request(t.url).get(`/v1/${a.phoneNumberId}/inbound_messages/${wamid}`).set(bearer(keyA));
      expectGraphError(res, 404, 100);
    }
  });

  it("keeps organizations apart: B's key on A's number is the unknown-number 401, B's own number lists nothing of A's", async () => {
    expectGraphError(await list('', keyB), 401, 190);
    expectGraphError(
      await request(t.url).get(`/v1/${a.phoneNumberId}/inbound_messages/${sent[0].id}`).set(bearer(keyB)),
      401,
      190,
    );
    expect((await list('', keyB, b.phoneNumberId).expect(200)).body.data).toEqual([]);
    // A's message asked for through B's own number is a missing one.
    expectGraphError(
      await request(t.url).get(`/v1/${b.phoneNumberId}/inbound_messages/${sent[0].id}`).set(bearer(keyB)),
      404,
      100,
    );
  });

  it('needs conversations:read, and the number within the key’s allow-list', async () => {
    const noScope = (await createOrgKey(t, a, { scopes: ['messages:read'] })).key;
    expectGraphError(await list('', noScope), 403, 200);
    const otherNumber = (await createOrgKey(t, a, { allowedPhoneNumberIds: [a.otherPhoneNumberId] })).key;
    expectGraphError(await list('', otherNumber), 403, 200);
  });
});
