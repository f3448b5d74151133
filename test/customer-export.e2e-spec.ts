import request from 'supertest';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { inboundStored } from './support/inbound-stored';
import { createTestApp, resetState, type TestApp } from './support/test-app';

interface Export {
  object: string;
  organization_id: string;
  wa_id: string;
  exported_at: string;
  data: Record<string, Array<Record<string, unknown>>>;
  counts: Record<string, number>;
}

/**
 * A customer's data on request (issue 58): one JSON file with every kind the organization holds about
 * them (real PostgreSQL and the sandbox over HTTP): their contact, conversation, notes, messages with
 * their status history (more than a page of them), inbound messages, what automations did, the
 * blacklist; each record once, the counts matching; nothing of another organization; refused to a key
 * without the scope, for a customer the organization never had and for what is not a WhatsApp id.
 */
describe('a customer’s export', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  const customer = '15550582001';

  const refusal = (key: string, waId: string) => request(t.url).post(`/v1/customers/${waId}/export`).set(bearer(key));
  /** The export as the file's text, read whole. */
  const exportOf = (key: string, waId: string) =>
    request(t.url)
      .post(`/v1/customers/${waId}/export`)
      .set(bearer(key))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
  const inbound = (tenant: TestTenant, input: Record<string, unknown>) => inboundStored(t, tenant, customer, input);

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Exports');
    b = await createTenant(t, 'Other shop');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 1_000 })).key;
    keyB = (await createOrgKey(t, b)).key;
  }, 60_000);
  afterAll(() => t.close());

  it('holds every kind, each record once, the counts matching, and nothing of another organization', async () => {
    const api = (method: 'post' | 'patch', path: string, body: object) =>
      request(t.url)[method](path).set(bearer(keyA)).send(body);
    await api('post', '/v1/automations/rules', {
      name: 'Tag parcels',
      trigger: 'message_received',
      conditions: [{ field: 'text', operator: 'contains_any', values: ['parcel'] }],
      actions: [{ type: 'add_tag', tag: 'parcel' }],
    }).expect(201);
    await inbound(a, { type: 'text', text: 'where is my parcel' });
    await inbound(a, { type: 'image', caption: 'the label' });
    await inbound(b, { type: 'text', text: 'a message for the other shop' });
    const sent = await api('post', `/v1/${a.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: customer,
      type: 'text',
      text: { body: 'It ships today' },
    }).expect(200);
    const wamid = sent.body.messages[0].id as string;
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT status FROM messages WHERE upstream_message_id = $1`, [wamid]);
      return row?.status === 'read' ? true : undefined;
    }, 10_000);
    await api('post', `/v1/${a.phoneNumberId}/conversations/${customer}/notes`, { body: 'Asked twice' }).expect(201);
    await api('post', '/v1/blacklist', { phone_numbers: [customer], reason: 'asked to stop' }).expect(200);
    await eventually(async () => {
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM automation_jobs WHERE wa_id = $1 AND finished_at IS NOT NULL`,
        [customer],
      );
      return row.n === 1 ? true : undefined;
    });
    // More than a page of history (1,000 a page): 2,100 older records to the customer.
    await t.dataSource.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status,
         upstream_message_id, created_at, updated_at)
       SELECT $1::uuid, $2::text, (SELECT id FROM api_keys WHERE $1::uuid = ANY (tenant_ids) LIMIT 1), $3::text, 'text',
         jsonb_build_object('messaging_product', 'whatsapp', 'to', $3::text, 'type', 'text', 'text',
           jsonb_build_object('body', 'older ' || i)),
         'read', 'wamid.export-' || i, now() - make_interval(hours => i), now() - make_interval(hours => i)
       FROM generate_series(1, 2100) AS i`,
      [a.id, a.phoneNumberId, customer],
    );

    const res = await exportOf(keyA, `+${customer}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="customer-${customer}.json"`);
    const file = JSON.parse(res.body as string) as Export;
    expect(file).toMatchObject({ object: 'customer_export', organization_id: a.id, wa_id: customer });
    expect(Object.keys(file.data).sort()).toEqual([
      'automation_runs',
      'blacklist',
      'broadcast_recipients',
      'contact',
      'conversations',
      'inbound_messages',
      'messages',
      'notes',
    ]);
    for (const [kind, rows] of Object.entries(file.data))
      expect({ kind, n: rows.length }).toEqual({ kind, n: file.counts[kind] });
    expect(file.counts).toMatchObject({
      messages: 2101,
      inbound_messages: 2,
      conversations: 1,
      notes: 1,
      contact: 1,
      blacklist: 1,
      automation_runs: 1,
      broadcast_recipients: 0,
    });
    const ids = file.data.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const live = file.data.messages.find((m) => m.upstream_message_id === wamid)!;
    expect(live.payload).toMatchObject({ text: { body: 'It ships today' } });
    expect((live.statuses as Array<{ status: string }>).map((s) => s.status)).toEqual(
      expect.arrayContaining(['sent', 'delivered', 'read']),
    );
    expect(file.data.inbound_messages.map((m) => m.type).sort()).toEqual(['image', 'text']);
    expect(file.data.contact[0]).toMatchObject({ phone_number: customer, tags: ['parcel'] });
    expect(file.data.notes[0]).toMatchObject({ body: 'Asked twice' });
    expect(file.data.blacklist[0]).toMatchObject({ phone_number: customer, reason: 'asked to stop' });
    expect(JSON.stringify(file)).not.toContain('a message for the other shop');
    // The export is in the audit log, naming the key that asked.
    const [entry] = await t.dataSource.query(
      `SELECT key_kind, path, status_code FROM audit_log WHERE action = 'customers.export'`,
    );
    expect(entry).toEqual({ key_kind: 'org', path: `/v1/customers/+${customer}/export`, status_code: 200 });
  });

  it('is refused to a key without the scope, for a customer the organization never had, and for a bad id', async () => {
    const sender = (await createOrgKey(t, a, { scopes: ['messages:send'] })).key;
    expectGraphError(await refusal(sender, customer), 403, 200);
    // A number nobody wrote from is unknown, as a missing id is.
    expectGraphError(await refusal(keyA, '15550589999'), 404, 100);
    expectGraphError(await refusal(keyB, '15550589999'), 404, 100);
    expectInvalidParameter(await refusal(keyA, 'not-a-number'), 400, /^wa_id: /);
    // Another organization's customer is unknown to it, as a missing id is.
    const c = await createTenant(t, 'Never had them');
    expectGraphError(await refusal((await createOrgKey(t, c)).key, customer), 404, 100);
  });
});
