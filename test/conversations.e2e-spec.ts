import request from 'supertest';
import { eventually } from './support/eventually';
import { bearer, createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { RecordRetention } from '../src/retention/record-retention';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const ADA = '15557772001';
const GRACE = '15557772002';
const LINUS = '15557772003';

interface ThreadItem {
  id: string;
  direction: 'inbound' | 'outbound';
  type: string;
  status?: string;
  read?: boolean;
  context: { id: string } | null;
  reactions: Array<{ emoji: string; by: string }>;
  media: { id: string; url: string } | null;
}

/**
 * Conversations (issue 43): what a customer writes (the sandbox's inbound webhooks) shows in the
 * number's conversation list and the customer's thread with what was sent them; replies, reactions and
 * media are joined up; the read mark reaches Meta; opt-out and opt-in keywords keep marketing away
 * from a customer who said STOP, and only from them.
 */
describe('conversations: every customer message readable and answerable', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  let receiver: WebhookReceiver;

  const api = (path: string, key = keyA) => request(t.url).get(path).set(bearer(key));
  const conversations = (query = '', key = keyA, phone = a.phoneNumberId) =>
    api(`/v1/${phone}/conversations${query}`, key);
  const thread = (waId: string, query = '', key = keyA, phone = a.phoneNumberId) =>
    api(`/v1/${phone}/conversations/${waId}/messages${query}`, key);
  const write = (from: string, input: Record<string, unknown>) =>
    t.sandbox.simulateInbound({ phone_number_id: a.phoneNumberId, from, ...input });
  const stored = (wamid: string) =>
    eventually(async () =>
      (await t.dataSource.query('SELECT 1 FROM inbound_messages WHERE message_id = $1', [wamid])).length
        ? true
        : undefined,
    );
  const send = (body: Record<string, unknown>, key = keyA) =>
    request(t.url)
      .post(`/v1/${a.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', ...body });
  const sendsTo = (to: string) =>
    t.sandbox.requests().filter((r) => r.method === 'POST' && (r.body as { to?: string })?.to === to);
  const optEvents = () =>
    receiver.events().filter((e) => e.json.entry?.[0]?.changes?.[0]?.field === 'contact_opt_out_update');

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Inbox A');
    b = await createTenant(t, 'Inbox B');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t, b, { rateLimitPerSecond: 10_000 })).key;
    receiver = await new WebhookReceiver().start();
    await request(t.url)
      .post('/v1/webhooks')
      .set(bearer(keyA))
      .send({ url: receiver.url, events: ['contact_opt_out_update'] })
      .expect(201);
    for (const [name, category] of [
      ['spring_sale', 'MARKETING'],
      ['order_update', 'UTILITY'],
    ])
      await createCatalogTemplate(t, a, {
        name,
        language: 'en_US',
        category,
        components: [{ type: 'BODY', text: 'Hello there' }],
      });
  }, 60_000);
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  it('lists a customer who wrote, with the name, the preview, the unread count and the open window', async () => {
    const first = await write(ADA, { name: 'Ada Lovelace', text: 'Hello, is my order on its way?' });
    await stored(first.message_id);
    const second = await write(ADA, { name: 'Ada Lovelace', text: 'It was order 1842' });
    await stored(second.message_id);
    const res = await conversations().expect(200);
    expect(res.body.data).toEqual([
      {
        wa_id: ADA,
        profile_name: 'Ada Lovelace',
        last_message: {
          direction: 'inbound',
          type: 'text',
          preview: 'It was order 1842',
          timestamp: expect.any(String),
          id: second.message_id,
        },
        unread_count: 2,
        window: { open: true, closes_at: expect.any(String) },
        opted_out: false,
        status: 'open',
        snoozed_until: null,
        assignee_id: null,
        assigned_at: null,
        team_id: null,
        resolved_at: null,
        resolved_by: null,
      },
    ]);
    const closes = Date.parse(res.body.data[0].window.closes_at);
    expect(closes - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const items = (await thread(ADA).expect(200)).body.data as ThreadItem[];
    expect(items.map((m) => [m.id, m.direction, m.read])).toEqual([
      [second.message_id, 'inbound', false],
      [first.message_id, 'inbound', false],
    ]);
    expect((await api(`/v1/${a.phoneNumberId}/conversations/${ADA}`).expect(200)).body.unread_count).toBe(2);
  });

  it('takes a reply within the window into the thread, with its status, context and the reaction to it', async () => {
    const question = (await thread(ADA).expect(200)).body.data[0] as ThreadItem;
    const reply = await send({
      to: ADA,
      type: 'text',
      text: { body: 'It ships today' },
      context: { message_id: question.id },
    }).expect(200);
    const wamid = reply.body.messages[0].id as string;
    const reaction = await write(ADA, { type: 'reaction', message_id: wamid, emoji: '👍' });
    await stored(reaction.message_id);
    const items = (await thread(ADA).expect(200)).body.data as ThreadItem[];
    expect(items[0]).toMatchObject({
      id: wamid,
      direction: 'outbound',
      type: 'text',
      context: { id: question.id },
      reactions: [{ emoji: '👍', by: 'customer' }],
    });
    expect(items).toHaveLength(3);
    expect(['accepted', 'sent', 'delivered', 'read']).toContain(items[0].status);
    const listed = (await conversations().expect(200)).body.data[0];
    // The reaction is the customer's latest word, but no unread message.
    expect(listed.unread_count).toBe(2);
    await eventually(async () => ((await thread(ADA)).body.data[0].status === 'read' ? true : undefined));
  });

  it('marks the customer’s messages read at Meta (with the typing indicator) and here', async () => {
    const newest = ((await thread(ADA).expect(200)).body.data as ThreadItem[]).find((m) => m.direction === 'inbound')!;
    t.sandbox.clearRequests();
    const res = await request(t.url)
      .post(`/v1/${a.phoneNumberId}/conversations/${ADA}/read`)
      .set(bearer(keyA))
      .send({ typing_indicator: true })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      message_id: newest.id,
      read_through: expect.any(String),
      unread_count: 0,
    });
    const marks = t.sandbox.requests().filter((r) => (r.body as { status?: string })?.status === 'read');
    expect(marks).toHaveLength(1);
    expect(marks[0].body).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: newest.id,
      typing_indicator: { type: 'text' },
    });
    const items = (await thread(ADA).expect(200)).body.data as ThreadItem[];
    expect(items.filter((m) => m.direction === 'inbound').every((m) => m.read)).toBe(true);
    expect((await conversations('?unread=true').expect(200)).body.data).toEqual([]);
    // A message after the mark is unread again; a mark through the Cloud API's own route reads it here too.
    const later = await write(ADA, { text: 'Thanks!' });
    await stored(later.message_id);
    expect((await conversations('?unread=true').expect(200)).body.data.map((c: { wa_id: string }) => c.wa_id)).toEqual([
      ADA,
    ]);
    await send({ status: 'read', message_id: later.message_id }).expect(200);
    expect((await api(`/v1/${a.phoneNumberId}/conversations/${ADA}`).expect(200)).body.unread_count).toBe(0);
  });

  it('links media to the gateway’s own download route', async () => {
    const photo = await write(GRACE, { name: 'Grace Hopper', type: 'image', caption: 'The broken part' });
    await stored(photo.message_id);
    const [item] = (await thread(GRACE).expect(200)).body.data as ThreadItem[];
    expect(item.media).toEqual({
      id: photo.media_id,
      mime_type: 'image/jpeg',
      url: `/v1/media/${photo.media_id}/download`,
    });
    const bytes = await request(t.url).get(item.media!.url).set(bearer(keyA)).expect(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    // Newest activity first: Grace wrote last; a filter by name part or number start finds each.
    const list = (await conversations().expect(200)).body.data.map((c: { wa_id: string }) => c.wa_id);
    expect(list).toEqual([GRACE, ADA]);
    expect((await conversations('?q=hopp').expect(200)).body.data.map((c: { wa_id: string }) => c.wa_id)).toEqual([
      GRACE,
    ]);
    expect((await conversations(`?q=${ADA.slice(0, 11)}`).expect(200)).body.data).toHaveLength(1);
  });

  it('refuses a free-text reply once the window has closed, locally with Meta’s code and no upstream call', async () => {
    await t.dataSource.query(
      `UPDATE conversations SET last_inbound_at = now() - interval '25 hours' WHERE phone_number_id = $1 AND wa_id = $2`,
      [a.phoneNumberId, GRACE],
    );
    const before = sendsTo(GRACE).length;
    const res = await send({ to: GRACE, type: 'text', text: { body: 'Still there?' } });
    expectGraphError(res, 400, 131026);
    expect(sendsTo(GRACE)).toHaveLength(before);
    const closed = (await conversations('?window=closed').expect(200)).body.data;
    expect(closed.map((c: { wa_id: string; window: unknown }) => [c.wa_id, c.window])).toEqual([
      [GRACE, { open: false, closes_at: null }],
    ]);
    expect((await conversations('?window=open').expect(200)).body.data.map((c: { wa_id: string }) => c.wa_id)).toEqual([
      ADA,
    ]);
  });

  it('opts a customer out on STOP: blacklisted, told once, marketing refused with no upstream call; START reverses it', async () => {
    const marketing = { to: LINUS, type: 'template', template: { name: 'spring_sale', language: { code: 'en_US' } } };
    const utility = { to: LINUS, type: 'template', template: { name: 'order_update', language: { code: 'en_US' } } };
    const stop = await write(LINUS, { name: 'Linus', text: 'Stop' });
    await stored(stop.message_id);
    const [entry] = await t.dataSource.query(
      'SELECT reason, source, opt_out_message_id, opted_out_at FROM blacklist_entries WHERE tenant_id = $1 AND phone_number = $2',
      [a.id, LINUS],
    );
    expect(entry).toMatchObject({ reason: 'opt_out', source: 'opt_out', opt_out_message_id: stop.message_id });
    await receiver.waitFor(() => optEvents().length === 1);
    const value = optEvents()[0].json.entry[0].changes[0].value as Record<string, unknown>;
    expect(value).toMatchObject({
      event: 'contact.opted_out',
      wa_id: LINUS,
      message_id: stop.message_id,
      keyword: 'stop',
    });
    // A second STOP tells nobody again.
    const again = await write(LINUS, { text: 'STOP!' });
    await stored(again.message_id);
    expect(
      (await conversations('?opted_out=true').expect(200)).body.data.map((c: { wa_id: string }) => c.wa_id),
    ).toEqual([LINUS]);
    expect(
      (await conversations('?opted_out=false').expect(200)).body.data.map((c: { wa_id: string }) => c.wa_id),
    ).not.toContain(LINUS);

    const records = async () =>
      (await t.dataSource.query('SELECT count(*)::int AS n FROM messages WHERE recipient = $1', [LINUS]))[0]
        .n as number;
    const upstreamBefore = sendsTo(LINUS).length;
    const recordsBefore = await records();
    for (const query of ['', '?filter_blacklist=false']) {
      const res = await request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages${query}`)
        .set(bearer(keyA))
        .send({ messaging_product: 'whatsapp', ...marketing });
      expectGraphError(res, 422, 131000);
      expect(res.body.error.error_data.reason).toBe('recipient_opted_out');
    }
    expect(sendsTo(LINUS)).toHaveLength(upstreamBefore);
    expect(await records()).toBe(recordsBefore);
    // Utility templates go, until the organization says otherwise (audited).
    await send(utility).expect(200);
    await request(t.url).put('/v1/opt_out_settings').set(bearer(keyA)).send({ refuse_utility: true }).expect(200);
    expectGraphError(await send(utility), 422, 131000);
    const [audit] = await t.dataSource.query(`SELECT action FROM audit_log WHERE action = 'opt_out_settings.update'`);
    expect(audit).toEqual({ action: 'opt_out_settings.update' });
    await request(t.url).put('/v1/opt_out_settings').set(bearer(keyA)).send({ refuse_utility: false }).expect(200);
    expect(optEvents()).toHaveLength(1);

    const start = await write(LINUS, { text: 'start' });
    await stored(start.message_id);
    await receiver.waitFor(() => optEvents().length === 2);
    expect(optEvents()[1].json.entry[0].changes[0].value).toMatchObject({ event: 'contact.opted_in', wa_id: LINUS });
    expect(await t.dataSource.query('SELECT 1 FROM blacklist_entries WHERE phone_number = $1', [LINUS])).toEqual([]);
    await send(marketing).expect(200);
  });

  it('skips a broadcast’s recipient who opted out after it was created, and sends the others', async () => {
    const [quits, stays] = ['15557772101', '15557772102'];
    const at = new Date(Date.now() + 2500).toISOString();
    const created = await request(t.url)
      .post(`/v1/${a.phoneNumberId}/broadcasts`)
      .set(bearer(keyA))
      .send({
        name: 'Spring',
        template: { name: 'spring_sale', language: { code: 'en_US' } },
        recipients: [{ to: quits }, { to: stays }],
        scheduled_at: at,
      })
      .expect(201);
    const stop = await write(quits, { text: 'stop promotions' });
    await stored(stop.message_id);
    const id = created.body.id as string;
    await eventually(async () => {
      const res = await api(`/v1/${a.phoneNumberId}/broadcasts/${id}`);
      return res.body.status === 'completed' ? true : undefined;
    }, 20_000);
    const list = (await api(`/v1/${a.phoneNumberId}/broadcasts/${id}/recipients`).expect(200)).body.data as Array<{
      to: string;
      status: string;
      error: { code: number; error_data: { reason: string } } | null;
    }>;
    const byNumber = new Map(list.map((r) => [r.to, r]));
    expect(byNumber.get(quits)).toMatchObject({
      status: 'skipped',
      error: { code: 131000, error_data: { reason: 'recipient_opted_out' } },
    });
    expect(byNumber.get(stays)?.status).not.toBe('skipped');
    expect(sendsTo(quits)).toHaveLength(0);
    expect(sendsTo(stays)).toHaveLength(1);
  }, 40_000);

  it('keeps an operator’s own blacklist entry through a START', async () => {
    await request(t.url)
      .post('/v1/blacklist')
      .set(bearer(keyA))
      .send({ phone_numbers: [GRACE], reason: 'Asked by phone' })
      .expect(200);
    const stop = await write(GRACE, { text: 'UNSUBSCRIBE' });
    await stored(stop.message_id);
    const start = await write(GRACE, { text: 'Subscribe' });
    await stored(start.message_id);
    const [entry] = await t.dataSource.query(
      'SELECT reason, source, opted_out_at FROM blacklist_entries WHERE tenant_id = $1 AND phone_number = $2',
      [a.id, GRACE],
    );
    expect(entry).toEqual({ reason: 'Asked by phone', source: 'api', opted_out_at: null });
    const listed = (await api('/v1/blacklist?phone_number=' + GRACE).expect(200)).body.data[0];
    expect(listed).toMatchObject({ source: 'api', opted_out_at: null });
  });

  it('pages 10,000 messages of one thread without gaps or duplicates while the customer keeps writing', async () => {
    const busy = '15557772999';
    const first = await write(busy, { text: 'first' });
    await stored(first.message_id);
    // Half each way, alternating, a second apart, older than anything the customer writes now; one base
    // time for both (two statements' now() can fall on either side of a second's turn).
    const [{ base }] = await t.dataSource.query<Array<{ base: Date }>>(
      `SELECT date_trunc('second', now()) - interval '3 hours' AS base`,
    );
    await t.dataSource.query(
      `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, payload, sent_at, received_at)
       SELECT $1, $2, 'wamid.seed-in-' || n, $3, 'text', jsonb_build_object('text', jsonb_build_object('body', 'in ' || n)),
         t, t + interval '120 microseconds'
       FROM generate_series(1, 5000) AS n,
         LATERAL (SELECT $4::timestamptz + n * interval '1 second' AS t) AS times`,
      [a.id, a.phoneNumberId, busy, base],
    );
    const [key] = await t.dataSource.query('SELECT id FROM api_keys WHERE tenant_ids @> ARRAY[$1]::uuid[] LIMIT 1', [
      a.id,
    ]);
    await t.dataSource.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id, created_at)
       SELECT $1, $2, $4, $3, 'text', jsonb_build_object('text', jsonb_build_object('body', 'out ' || n)), 'delivered',
         'wamid.seed-out-' || n, $5::timestamptz + n * interval '1 second' + interval '500 milliseconds'
       FROM generate_series(1, 5000) AS n`,
      [a.id, a.phoneNumberId, busy, key.id, base],
    );
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await write(busy, { text: 'more' });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const seen: string[] = [];
    let next: string | undefined = `/v1/${a.phoneNumberId}/conversations/${busy}/messages?limit=100`;
    let previous: string | undefined;
    let pages = 0;
    try {
      while (next && pages < 200) {
        const started = Date.now();
        const page: request.Response = await api(next).expect(200);
        if (process.env.DEBUG_PAGES) console.log(pages, Date.now() - started, page.body.data.length);
        seen.push(...page.body.data.map((m: ThreadItem) => m.id));
        if (pages === 1) previous = page.body.paging.previous;
        next = page.body.paging.next;
        pages++;
      }
    } finally {
      writing = false;
      await writer;
    }
    expect(pages).toBeLessThan(200);
    expect(new Set(seen).size).toBe(seen.length);
    const seeded = seen.filter((id) => id.startsWith('wamid.seed-'));
    expect(seeded).toHaveLength(10_000);
    // Newest first: out n, in n, out n-1, …
    expect(seeded.slice(0, 4)).toEqual([
      'wamid.seed-out-5000',
      'wamid.seed-in-5000',
      'wamid.seed-out-4999',
      'wamid.seed-in-4999',
    ]);
    expect(seen.at(-1)).toBe('wamid.seed-in-1');
    // Paging newer from the second page gives the first one back (what the customer wrote meanwhile is
    // newer still, but Meta's times are whole seconds: one in the same second may sort among them).
    const back = (await api(previous!).expect(200)).body.data.map((m: ThreadItem) => m.id) as string[];
    const seededOnly = (ids: string[]) => ids.filter((id) => id.startsWith('wamid.seed-'));
    expect(seededOnly(back)).toEqual(seededOnly(seen.slice(0, 100)));
    expect(back).toHaveLength(100);
    // And from a wamid: that message first, going older.
    const at = (await thread(busy, '?at=wamid.seed-in-42&limit=3').expect(200)).body.data.map((m: ThreadItem) => m.id);
    expect(at).toEqual(['wamid.seed-in-42', 'wamid.seed-out-41', 'wamid.seed-in-41']);
  }, 120_000);

  it('lets a customer whose messages have all aged out leave the list, and keeps one with a message still kept', async () => {
    const [gone, kept] = ['15557772301', '15557772302'];
    for (const waId of [gone, kept])
      await t.dataSource.query(
        `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at, last_message_at, last_direction)
         VALUES ($1, $2, $3, now() - interval '200 days', now() - interval '200 days', 'inbound')`,
        [a.phoneNumberId, waId, a.id],
      );
    // A message of `kept` outlives the retention in a week not yet dropped.
    await t.dataSource.query(
      `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, payload, sent_at)
       VALUES ($1, $2, 'wamid.kept-old', $3, 'text', '{}'::jsonb, now() - interval '1 day')`,
      [a.id, a.phoneNumberId, kept],
    );
    await t.get(RecordRetention).run();
    const left = await t.dataSource.query<Array<{ wa_id: string }>>(
      'SELECT wa_id FROM conversations WHERE wa_id = ANY ($1::text[])',
      [[gone, kept]],
    );
    expect(left.map((row) => row.wa_id)).toEqual([kept]);
    expectGraphError(await thread(gone), 404, 100);
  });

  it("keeps organizations apart: B's key sees none of A's conversations on any route", async () => {
    expectGraphError(await conversations('', keyB), 401, 190);
    expectGraphError(await thread(ADA, '', keyB), 401, 190);
    expectGraphError(
      await request(t.url).post(`/v1/${a.phoneNumberId}/conversations/${ADA}/read`).set(bearer(keyB)).send({}),
      401,
      190,
    );
    expect((await conversations('', keyB, b.phoneNumberId).expect(200)).body.data).toEqual([]);
    expectGraphError(await thread(ADA, '', keyB, b.phoneNumberId), 404, 100);
    expectGraphError(await api(`/v1/${b.phoneNumberId}/conversations/${ADA}`, keyB), 404, 100);
  });

  it('needs conversations:read to read and conversations:write to mark read', async () => {
    const reader = (await createOrgKey(t, a, { scopes: ['conversations:read'] })).key;
    await conversations('', reader).expect(200);
    expectGraphError(
      await request(t.url).post(`/v1/${a.phoneNumberId}/conversations/${ADA}/read`).set(bearer(reader)).send({}),
      403,
      200,
    );
    expectGraphError(await conversations('', (await createOrgKey(t, a, { scopes: ['messages:read'] })).key), 403, 200);
    // A key limited to another number sees none of this one's conversations, on any route.
    const otherNumber = (await createOrgKey(t, a, { allowedPhoneNumberIds: [a.otherPhoneNumberId] })).key;
    expectGraphError(await conversations('', otherNumber), 403, 200);
    expectGraphError(await thread(ADA, '', otherNumber), 403, 200);
    expectGraphError(
      await request(t.url).post(`/v1/${a.phoneNumberId}/conversations/${ADA}/read`).set(bearer(otherNumber)).send({}),
      403,
      200,
    );
  });

  it('answers bad input with a Graph error naming it, and changes nothing', async () => {
    expectInvalidParameter(await thread('ada'), 400, /wa_id/);
    expectInvalidParameter(await api(`/v1/${a.phoneNumberId}/conversations/12ab`), 400, /wa_id/);
    const listCursor = (await conversations('?limit=1').expect(200)).body.paging.cursors.after as string;
    const threadCursor = (await thread(ADA, '?limit=1').expect(200)).body.paging.cursors.after as string;
    expectInvalidParameter(await thread(ADA, `?after=${listCursor}`), 400, /after/);
    expectInvalidParameter(await thread(GRACE, `?after=${threadCursor}`), 400, /after/);
    expectInvalidParameter(await thread(ADA, `?before=${threadCursor}&after=${threadCursor}`), 400, /after, before/);
    expectInvalidParameter(await conversations(`?after=${threadCursor}`), 400, /after/);
    expectInvalidParameter(await conversations('?after=not-a-cursor'), 400, /after/);
    expectInvalidParameter(await conversations('?unread=yes'), 400, /unread/);
    expectInvalidParameter(await conversations('?window=maybe'), 400, /window/);
    expectInvalidParameter(await conversations('?opted_out=1'), 400, /opted_out/);
    expectInvalidParameter(await thread(ADA, '?at=not-a-wamid'), 400, /at/);
    expectGraphError(await thread(ADA, '?at=wamid.unknown'), 404, 100);

    const settings = (await api('/v1/opt_out_settings').expect(200)).body;
    const put = (body: Record<string, unknown>) =>
      request(t.url).put('/v1/opt_out_settings').set(bearer(keyA)).send(body);
    expectInvalidParameter(
      await put({ opt_out_keywords: Array.from({ length: 51 }, (_, i) => `word${i}`) }),
      400,
      /opt_out_keywords/,
    );
    expectInvalidParameter(await put({ opt_out_keywords: ['x'.repeat(31)] }), 400, /opt_out_keywords/);
    expectInvalidParameter(await put({ opt_in_keywords: [''] }), 400, /opt_in_keywords/);
    expectInvalidParameter(await put({ opt_in_keywords: ['   '] }), 400, /opt_in_keywords/);
    expectInvalidParameter(await put({ opt_out_keywords: [] }), 400, /opt_out_keywords/);
    expectInvalidParameter(await put({ opt_in_keywords: ['Stop'] }), 400, /opt_in_keywords/);
    expectInvalidParameter(await put({ refuse_utility: 'yes' }), 400, /refuse_utility/);
    expect((await api('/v1/opt_out_settings').expect(200)).body).toEqual(settings);
  });
});
