import request from 'supertest';
import { RecordRetention } from '../src/retention/record-retention';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { inboundStored } from './support/inbound-stored';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const TWO_DAYS_AGO = `now() - interval '2 days'`;

/**
 * An organization's retention (issue 58), shorter than the platform's, on the real stack (PostgreSQL,
 * the sandbox over HTTP, a tenant endpoint on loopback): bad settings refused naming the field; with
 * bodies kept a day, a 2-day-old record has its body replaced and keeps its status history, wamid and
 * usage, while a fresh one and another organization's keep theirs; inbound messages, the media
 * customers sent and finished delivery logs older than their days are gone.
 */
describe('data retention per organization', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  let receiver: WebhookReceiver;

  const put = (key: string, body: unknown) =>
    request(t.url)
      .put('/v1/data_retention')
      .set(bearer(key))
      .send(body as object);
  const inbound = (tenant: TestTenant, from: string, input: Record<string, unknown>) =>
    inboundStored(t, tenant, from, input);
  /** A text to `to` (inside the window its message opened), read by them: its record, statuses and usage. */
  const sendRead = async (tenant: TestTenant, key: string, to: string, body: string) => {
    const sent = await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', to, type: 'text', text: { body } })
      .expect(200);
    const wamid = sent.body.messages[0].id as string;
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT status FROM messages WHERE upstream_message_id = $1`, [wamid]);
      return row?.status === 'read' ? true : undefined;
    }, 10_000);
    return wamid;
  };
  const record = async (wamid: string) =>
    (
      await t.dataSource.query(
        `SELECT payload, status, upstream_message_id,
           (SELECT count(*)::int FROM message_statuses s WHERE s.message_id = m.upstream_message_id) AS statuses,
           (SELECT count(*)::int FROM usage_entries u WHERE u.message_id = m.upstream_message_id) AS usage
         FROM messages m WHERE upstream_message_id = $1`,
        [wamid],
      )
    )[0] as { payload: Record<string, unknown>; status: string; statuses: number; usage: number };

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Keeps little');
    b = await createTenant(t, 'Keeps the platform’s');
    keyA = (await createOrgKey(t, a)).key;
    keyB = (await createOrgKey(t, b)).key;
    receiver = await new WebhookReceiver().start();
  }, 60_000);
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  it('refuses what is not a shorter retention, naming the field, and a key without the scope; saves nothing', async () => {
    const fresh = await request(t.url).get('/v1/data_retention').set(bearer(keyA)).expect(200);
    expect(fresh.body).toEqual({
      message_bodies_days: null,
      inbound_messages_days: null,
      media_days: null,
      webhook_deliveries_days: null,
      platform: { message_bodies_days: 90, inbound_messages_days: 90, media_days: 90, webhook_deliveries_days: 30 },
      bodies_replaced_before: null,
    });
    expectInvalidParameter(
      await put(keyA, { message_bodies_days: 91 }),
      400,
      /^message_bodies_days: at most 90, what the platform keeps/,
    );
    expectInvalidParameter(
      await put(keyA, { webhook_deliveries_days: 31 }),
      400,
      /^webhook_deliveries_days: at most 30/,
    );
    expectInvalidParameter(await put(keyA, { media_days: 0 }), 400, /^media_days: a whole number of days from 1/);
    expectInvalidParameter(await put(keyA, { inbound_messages_days: '7' }), 400, /^inbound_messages_days: /);
    expectInvalidParameter(await put(keyA, { message_bodies_days: 1.5 }), 400, /^message_bodies_days: /);
    expectInvalidParameter(await put(keyA, { keep_forever: true }), 400, /^keep_forever: not a field here/);
    const reader = (await createOrgKey(t, a, { scopes: ['privacy:read'] })).key;
    expectGraphError(await put(reader, { message_bodies_days: 1 }), 403, 200);
    const sender = (await createOrgKey(t, a, { scopes: ['messages:send'] })).key;
    expectGraphError(await request(t.url).get('/v1/data_retention').set(bearer(sender)), 403, 200);
    expect((await request(t.url).get('/v1/data_retention').set(bearer(keyA)).expect(200)).body).toEqual(fresh.body);
    expect(await t.dataSource.query(`SELECT 1 FROM retention_settings`)).toEqual([]);
  });

  it('with bodies kept a day: a 2-day-old record has its body replaced, its status history, wamid and usage kept', async () => {
    const customer = '15550581001';
    await inbound(a, customer, { type: 'text', text: 'my address is 1 Privacy Lane' });
    await inbound(b, customer, { type: 'text', text: 'my address is 2 Other Street' });
    const old = await sendRead(a, keyA, customer, 'Your parcel goes to 1 Privacy Lane');
    const recent = await sendRead(a, keyA, customer, 'It arrives tomorrow');
    const otherOrg = await sendRead(b, keyB, customer, 'Your parcel goes to 2 Other Street');
    const before = await record(old);
    expect(before.statuses).toBeGreaterThanOrEqual(3);
    expect(before.usage).toBe(1);
    // Two days pass for the first record, the customer's message and Meta's deliveries of both organizations.
    await t.dataSource.query(`UPDATE messages SET created_at = ${TWO_DAYS_AGO} WHERE upstream_message_id = ANY ($1)`, [
      [old, otherOrg],
    ]);
    await t.dataSource.query(`UPDATE inbound_messages SET received_at = ${TWO_DAYS_AGO} WHERE "from" = $1`, [customer]);
    await t.dataSource.query(
      `UPDATE webhook_events SET received_at = ${TWO_DAYS_AGO},
         received_on = ((${TWO_DAYS_AGO}) AT TIME ZONE 'UTC')::date WHERE tenant_id = ANY ($1)`,
      [[a.id, b.id]],
    );

    const saved = await put(keyA, { message_bodies_days: 1 }).expect(200);
    expect(saved.body).toMatchObject({ message_bodies_days: 1, inbound_messages_days: null });
    // Applied at once, in the background: the answer says where the bodies' pass got to once it ends.
    const done = await eventually(async () => {
      const read = await request(t.url).get('/v1/data_retention').set(bearer(keyA)).expect(200);
      return (read.body.bodies_replaced_before as string | null) ?? undefined;
    });
    expect(Date.parse(done)).toBeLessThan(Date.now() - 86_000_000);

    const after = await record(old);
    expect(after.payload).toEqual({
      messaging_product: 'whatsapp',
      to: customer,
      type: 'text',
      redacted: true,
    });
    expect(after).toMatchObject({ status: 'read', upstream_message_id: old, statuses: before.statuses, usage: 1 });
    expect((await record(recent)).payload).toMatchObject({ text: { body: 'It arrives tomorrow' } });
    expect((await record(otherOrg)).payload).toMatchObject({ text: { body: 'Your parcel goes to 2 Other Street' } });
    // The customer's own words: replaced in A's inbound messages, Meta's copies and the conversation's preview.
    const texts = async (tenantId: string) =>
      JSON.stringify(
        await t.dataSource.query(
          `SELECT payload FROM inbound_messages WHERE tenant_id = $1
           UNION ALL SELECT payload FROM webhook_events WHERE tenant_id = $1
           UNION ALL SELECT to_jsonb(last_preview) FROM conversations WHERE tenant_id = $1`,
          [tenantId],
        ),
      );
    expect(await texts(a.id)).not.toContain('Privacy Lane');
    expect(await texts(b.id)).toContain('2 Other Street');
    // The record's API shows what is left.
    const shown = await request(t.url)
      .get(`/v1/${a.phoneNumberId}/conversations/${customer}/messages`)
      .set(bearer(keyA))
      .expect(200);
    expect(JSON.stringify(shown.body)).not.toContain('Privacy Lane');
    expect(JSON.stringify(shown.body)).toContain('It arrives tomorrow');
    // The hourly pass goes on from where the last ended: nothing left to replace.
    await t.get(RecordRetention).run();
    expect((await record(recent)).payload).toMatchObject({ text: { body: 'It arrives tomorrow' } });
  });

  it('with inbound messages, media and delivery logs kept a day: older ones are gone, fresher ones stay', async () => {
    await request(t.url)
      .post('/v1/webhooks')
      .set(bearer(keyA))
      .send({ url: receiver.url, events: ['messages'] })
      .expect(201);
    const customer = '15550581002';
    const photo = await inbound(a, customer, { type: 'image', caption: 'the broken part' });
    const text = await inbound(a, customer, { type: 'text', text: 'see the photo' });
    await receiver.waitFor((events) => events.length >= 2);
    await eventually(async () => {
      const rows = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = $1 AND status = 'delivered'`,
        [a.id],
      );
      return rows[0].n >= 2 ? true : undefined;
    });
    const fresh = await inbound(a, customer, { type: 'text', text: 'still there?' });
    await t.dataSource.query(`UPDATE inbound_messages SET received_at = ${TWO_DAYS_AGO} WHERE message_id = ANY ($1)`, [
      [photo.message_id, text.message_id],
    ]);
    await t.dataSource.query(`UPDATE inbound_media SET created_at = ${TWO_DAYS_AGO} WHERE media_id = $1`, [
      photo.media_id,
    ]);
    await t.dataSource.query(
      `UPDATE webhook_deliveries SET created_at = ${TWO_DAYS_AGO} WHERE tenant_id = $1 AND status = 'delivered'`,
      [a.id],
    );

    await put(keyA, { inbound_messages_days: 1, media_days: 1, webhook_deliveries_days: 1 }).expect(200);
    // Applied at once, in the background: the delivery logs go last.
    await eventually(async () => {
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = $1 AND created_at < now() - interval '1 day'`,
        [a.id],
      );
      return n === 0 ? true : undefined;
    });
    const left = await t.dataSource.query(
      `SELECT message_id FROM inbound_messages WHERE "from" = $1 AND tenant_id = $2`,
      [customer, a.id],
    );
    expect(left.map((r: { message_id: string }) => r.message_id)).toEqual([fresh.message_id]);
    expect(await t.dataSource.query(`SELECT 1 FROM inbound_media WHERE media_id = $1`, [photo.media_id])).toEqual([]);
    // Asked for, the media id is answered as one the gateway never had.
    const forgotten = await request(t.url).get(`/v1/${photo.media_id}`).set(bearer(keyA));
    const never = await request(t.url).get('/v1/998877665544332211').set(bearer(keyA));
    expect(never.status).toBeGreaterThanOrEqual(400);
    expect({ status: forgotten.status, code: forgotten.body.error?.code }).toEqual({
      status: never.status,
      code: never.body.error?.code,
    });
    // The fresh message's delivery stays.
    const kept = await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = $1`, [
      a.id,
    ]);
    expect(kept[0].n).toBeGreaterThanOrEqual(1);
    // Organization B keeps the platform's: its inbound messages are all there.
    expect(
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM inbound_messages WHERE tenant_id = $1`, [b.id]))[0].n,
    ).toBe(1);
  });
});
