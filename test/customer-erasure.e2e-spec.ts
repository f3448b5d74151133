import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { CustomerErasureService } from '../src/data-rights/customer-erasure.service';
import { AssetStore } from '../src/media/asset-store';
import { CustomerData, customerDigest } from '../src/retention/customer-data';
import { eventually } from './support/eventually';
import { bearer, createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { inboundStored } from './support/inbound-stored';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { startBucket, type TestBucket } from './support/s3-bucket';
import { WebhookReceiver } from './support/webhook-receiver';

const BUCKET = 'erasure-media';

/** Every file's text under `dir` (s3rver keeps a bucket's objects as files). */
function filesText(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    text += statSync(path).isDirectory() ? filesText(path) : readFileSync(path).toString('latin1');
  }
  return text;
}

/** The start of Meta's wamids to `waId` (base64 of a header and the digits): a wamid carries the number. */
const wamidPrefixOf = (waId: string) =>
  Buffer.concat([Buffer.from([0x1c, 0x18, waId.length]), Buffer.from(waId, 'ascii')])
    .toString('base64')
    .slice(0, 16);

/**
 * A customer's erasure (issue 58), on real PostgreSQL, Redis, the sandbox and an S3-compatible bucket:
 * a customer with sends (one with an Idempotency-Key), inbound text and media, an opt-out, a
 * conversation with a note, a broadcast, webhook deliveries to the organization's endpoint; erased, their
 * number and their words are nowhere in a pg_dump, in Redis or in the bucket; another customer's and
 * another organization's data are byte for byte what they were; marketing to the number stays refused;
 * the receipt's counts are what was there; refused without the scope, to another organization, for a
 * customer never had and for what is not a number; a message after it began starts afresh.
 */
describe('a customer’s erasure', () => {
  let t: TestApp;
  let bucket: TestBucket;
  let receiver: WebhookReceiver;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  const erased = '15550584001';
  const other = '16660584002';
  const elsewhere = '17770584003';
  const WORDS = ['Zanzibar parcel 4711', 'label of Quokka', 'Reply about Xylophone', 'Note on Mandolin'];

  const api = (key: string, method: 'get' | 'post', path: string, body?: object) =>
    request(t.url)[method](path).set(bearer(key)).send(body);
  /** A customer's export without the moment it was made: what must stay byte for byte. */
  const exportText = async (key: string, waId: string) => {
    const res = await request(t.url)
      .post(`/v1/customers/${waId}/export`)
      .set(bearer(key))
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        r.on('end', () => done(null, text));
      })
      .expect(200);
    return (res.body as string).replace(/"exported_at":"[^"]+"/, '');
  };
  const count = async (sql: string, params: unknown[]) =>
    (await t.dataSource.query<Array<{ n: number }>>(sql, params))[0].n;

  beforeAll(async () => {
    bucket = await startBucket(BUCKET);
    t = await createTestApp({ overrides: [{ token: AssetStore, value: bucket.store() }] });
    await resetState(t);
    receiver = await new WebhookReceiver().start();
    a = await createTenant(t, 'Erasures');
    b = await createTenant(t, 'Untouched shop');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 1_000 })).key;
    keyB = (await createOrgKey(t, b)).key;
  }, 60_000);
  afterAll(async () => {
    await receiver?.stop();
    await t?.close();
    await bucket?.close();
  });

  it('leaves their number and words nowhere, the rest byte for byte, the opt-out standing, and a receipt', async () => {
    await api(keyA, 'post', '/v1/webhooks', { url: receiver.url, events: ['messages'] }).expect(201);
    await createCatalogTemplate(t, a, {
      name: 'order_update',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Your order shipped' }],
    });
    await createCatalogTemplate(t, a, {
      name: 'spring_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Spring sale' }],
    });
    // Their messages in, with media and an opt-out; another customer's; another organization's.
    await inboundStored(t, a, erased, { type: 'text', text: WORDS[0] });
    await inboundStored(t, a, erased, { type: 'image', caption: WORDS[1] });
    await inboundStored(t, a, erased, { type: 'text', text: 'STOP' });
    await inboundStored(t, a, other, { type: 'text', text: 'a message that stays' });
    await inboundStored(t, b, elsewhere, { type: 'text', text: 'another shop’s customer' });
    // A keyed send (its answer cached in Redis), a note, a broadcast to both customers.
    const sent = await api(keyA, 'post', `/v1/${a.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: erased,
      type: 'text',
      text: { body: WORDS[2] },
    })
      .set('Idempotency-Key', 'erasure-send-1')
      .expect(200);
    const wamid = sent.body.messages[0].id as string;
    await api(keyA, 'post', `/v1/${a.phoneNumberId}/conversations/${erased}/notes`, { body: WORDS[3] }).expect(201);
    const broadcast = await api(keyA, 'post', `/v1/${a.phoneNumberId}/broadcasts`, {
      name: 'Shipping',
      template: { name: 'order_update', language: { code: 'en_US' } },
      recipients: [{ to: erased }, { to: other }],
    }).expect(201);
    await eventually(async () => {
      const answer = await api(keyA, 'get', `/v1/${a.phoneNumberId}/broadcasts/${broadcast.body.id as string}`);
      return answer.body.status === 'completed' ? true : undefined;
    }, 20_000);
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT status FROM messages WHERE upstream_message_id = $1`, [wamid]);
      return row?.status === 'read' ? true : undefined;
    }, 10_000);
    await receiver.waitFor((events) => events.some((e) => JSON.stringify(e.json).includes(WORDS[0])));
    await eventually(async () =>
      (await count(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = $1 AND status = 'pending'`, [
        a.id,
      ])) === 0
        ? true
        : undefined,
    );
    await request(t.url)
      .post('/v1/media_library')
      .set(bearer(keyA))
      .attach('file', Buffer.from('%PDF-1.4 catalog'), { filename: 'catalog.pdf', contentType: 'application/pdf' })
      .expect(201);
    // Before: what the receipt must count, and what must not change.
    const otherBefore = await exportText(keyA, other);
    const elsewhereBefore = await exportText(keyB, elsewhere);
    const wamids = (
      await t.dataSource.query<Array<{ w: string }>>(
        `SELECT upstream_message_id AS w FROM messages WHERE tenant_id = $1 AND recipient = $2`,
        [a.id, erased],
      )
    ).map((r) => r.w);
    const expected = {
      messages: await count(`SELECT count(*)::int AS n FROM messages WHERE tenant_id = $1 AND recipient = $2`, [
        a.id,
        erased,
      ]),
      message_statuses: await count(`SELECT count(*)::int AS n FROM message_statuses WHERE message_id = ANY ($1)`, [
        wamids,
      ]),
      inbound_messages: 3,
      inbound_media: 1,
      notes: 1,
      contact: await count(`SELECT count(*)::int AS n FROM contacts WHERE tenant_id = $1 AND phone_number = $2`, [
        a.id,
        erased,
      ]),
      blacklist: 1,
      broadcast_recipients: 1,
      idempotency_answers: 1,
      usage_entries: await count(`SELECT count(*)::int AS n FROM usage_entries WHERE message_id = ANY ($1)`, [wamids]),
      webhook_events: await count(
        `SELECT count(*)::int AS n FROM webhook_events WHERE tenant_id = $1 AND payload::text LIKE $2`,
        [a.id, `%"${erased}"%`],
      ),
      webhook_deliveries: await count(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE tenant_id = $1 AND body LIKE $2`,
        [a.id, `%"${erased}"%`],
      ),
    };
    expect(expected.messages).toBeGreaterThanOrEqual(1);
    expect(expected.message_statuses).toBeGreaterThanOrEqual(3);
    expect(expected.usage_entries).toBeGreaterThanOrEqual(1);
    expect(expected.webhook_events).toBeGreaterThanOrEqual(3);
    expect(expected.webhook_deliveries).toBeGreaterThanOrEqual(2);

    // Refused: without the scope, to another organization (as a missing id), a number never had, not a number.
    const reader = (await createOrgKey(t, a, { scopes: ['privacy:read'] })).key;
    expectGraphError(await api(reader, 'post', '/v1/customers/erasures', { wa_id: erased }), 403, 200);
    expectGraphError(await api(keyB, 'post', '/v1/customers/erasures', { wa_id: erased }), 404, 100);
    expectGraphError(await api(keyA, 'post', '/v1/customers/erasures', { wa_id: '15550589999' }), 404, 100);
    expectInvalidParameter(await api(keyA, 'post', '/v1/customers/erasures', { wa_id: 'abc' }), 400, /^wa_id: /);
    expectInvalidParameter(await api(keyA, 'post', '/v1/customers/erasures', {}), 400, /^wa_id: /);

    const started = await api(keyA, 'post', '/v1/customers/erasures', { wa_id: `+${erased}` }).expect(202);
    expect(started.body).toMatchObject({ object: 'customer_erasure', customer: expect.stringMatching(/^erased:/) });
    const id = started.body.id as string;
    expectGraphError(await api(keyB, 'get', `/v1/customers/erasures/${id}`), 404, 100);
    const done = await eventually(async () => {
      const answer = await api(keyA, 'get', `/v1/customers/erasures/${id}`).expect(200);
      return answer.body.status === 'done' ? answer.body : undefined;
    }, 20_000);
    expect(done).toMatchObject({ wa_id: null, attempts: 1, last_error: null });
    expect(done.removed).toMatchObject(expected);
    expect(done.removed.conversations).toBeGreaterThanOrEqual(1);
    expect(done.removed.audit_log).toBeGreaterThanOrEqual(1);

    // Nowhere in the database, Redis or the bucket: the number, a wamid to it, their words.
    const needles = [erased, wamidPrefixOf(erased), ...WORDS];
    const url = new URL(process.env.DATABASE_URL!);
    const dump = execFileSync(
      'pg_dump',
      ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username, '--data-only', url.pathname.slice(1)],
      { maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
    ).toString('utf8');
    for (const needle of needles) expect({ needle, inDump: dump.includes(needle) }).toEqual({ needle, inDump: false });
    expect(dump).toContain(other);
    // Every key of the test database, whatever its prefix (BullMQ's too), read without one.
    const redis = new Redis(process.env.REDIS_URL!);
    let redisText = '';
    for (const key of await redis.keys('*')) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? await redis.hgetall(key)
            : type === 'zset'
              ? await redis.zrange(key, 0, -1)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : null;
      redisText += `${key} ${JSON.stringify(value)}\n`;
    }
    redis.disconnect();
    for (const needle of needles)
      expect({ needle, inRedis: redisText.includes(needle) }).toEqual({ needle, inRedis: false });
    const objects = filesText(bucket.directory);
    expect(objects).toContain('%PDF-1.4 catalog');
    for (const needle of needles)
      expect({ needle, inBucket: objects.includes(needle) }).toEqual({ needle, inBucket: false });

    // The rest, byte for byte.
    expect(await exportText(keyA, other)).toBe(otherBefore);
    expect(await exportText(keyB, elsewhere)).toBe(elsewhereBefore);
    // The opt-out stands: marketing to the number is refused; a utility template still goes.
    const template = (name: string) =>
      api(keyA, 'post', `/v1/${a.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        to: erased,
        type: 'template',
        template: { name, language: { code: 'en_US' } },
      });
    const refused = await template('spring_sale');
    expectGraphError(refused, 422, 131000);
    expect(refused.body.error.error_data.details).toMatch(/opted out/);
    await template('order_update').expect(200);
    // The audit log: who asked, the receipt, and no number.
    const entries = await t.dataSource.query<
      Array<{ action: string; target_id: string; changes: { removed?: Record<string, number> } }>
    >(
      `SELECT action, target_id, changes FROM audit_log
       WHERE action IN ('customers.erase', 'customers.erasure_completed') ORDER BY action`,
    );
    expect(entries.map((e) => [e.action, e.target_id])).toEqual([
      ['customers.erase', id],
      ['customers.erasure_completed', id],
    ]);
    expect(entries[1].changes.removed).toMatchObject(expected);
    // What the customer sends now starts afresh, and stays.
    await inboundStored(t, a, erased, { type: 'text', text: 'hello again' });
    expect(
      await count(`SELECT count(*)::int AS n FROM inbound_messages WHERE tenant_id = $1 AND "from" = $2`, [
        a.id,
        erased,
      ]),
    ).toBe(1);
    const list = await api(keyA, 'get', '/v1/customers/erasures').expect(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
  }, 90_000);

  it('an erasure its instance left (the lease run out) is taken over where it was: each row removed once, counted', async () => {
    const customer = '15550584777';
    await inboundStored(t, a, customer, { type: 'text', text: 'before the crash' });
    await t.dataSource.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status,
         upstream_message_id, created_at, updated_at)
       SELECT $1::uuid, $2::text, (SELECT id FROM api_keys WHERE $1::uuid = ANY (tenant_ids) LIMIT 1), $3::text, 'text',
         jsonb_build_object('to', $3::text, 'type', 'text', 'text', jsonb_build_object('body', 'older ' || i)),
         'read', 'wamid.crash-' || i, now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, 2500) AS i`,
      [a.id, a.phoneNumberId, customer],
    );
    // What an instance did before it stopped: the wamids' part, then a first batch of the records.
    const kinds = t.get(CustomerData).erasureKinds().kinds;
    const [row] = await t.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO customer_erasures (tenant_id, wa_id, digest, status, before, step, removed, requested_by, lease_until,
         attempts)
       VALUES ($1, $2, $3, 'running', now(), $4, '{"messages": 1000}', $5, now() - interval '1 second', 1) RETURNING id`,
      [
        a.id,
        customer,
        customerDigest(a.id, customer),
        { phase: 'kinds', index: kinds.indexOf('messages'), after: 'more' },
        { key_id: a.id, key_prefix: 'svc_test', key_kind: 'org', person: null, ip: null },
      ],
    );
    await t.dataSource.query(
      `DELETE FROM messages WHERE id IN (SELECT id FROM messages WHERE recipient = $1 ORDER BY created_at LIMIT 1000)`,
      [customer],
    );
    await t.get(CustomerErasureService).resume();
    const done = await api(keyA, 'get', `/v1/customers/erasures/${row.id}`).expect(200);
    expect(done.body).toMatchObject({ status: 'done', attempts: 2, wa_id: null });
    expect(done.body.removed).toMatchObject({ messages: 2500, inbound_messages: 1, conversations: 1 });
    expect(await count(`SELECT count(*)::int AS n FROM messages WHERE recipient = $1`, [customer])).toBe(0);
  });

  it('keeps what the customer sends while it runs: only what came before it began goes', async () => {
    const customer = '15550584888';
    await inboundStored(t, a, customer, { type: 'text', text: 'before the erasure' });
    // The erasure began (its cutoff), and before an instance took it up the customer wrote again.
    const [row] = await t.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO customer_erasures (tenant_id, wa_id, digest, status, before, step, removed, requested_by, lease_until)
       VALUES ($1, $2, $3, 'running', clock_timestamp(), '{"phase":"wamids","index":0,"after":null}', '{}', $4,
         now() - interval '1 second') RETURNING id`,
      [
        a.id,
        customer,
        customerDigest(a.id, customer),
        { key_id: a.id, key_prefix: 'svc_test', key_kind: 'org', person: null, ip: null },
      ],
    );
    await inboundStored(t, a, customer, { type: 'text', text: 'while it runs' });
    await t.get(CustomerErasureService).resume();
    const done = await api(keyA, 'get', `/v1/customers/erasures/${row.id}`).expect(200);
    expect(done.body).toMatchObject({ status: 'done', removed: expect.objectContaining({ inbound_messages: 1 }) });
    const kept = await t.dataSource.query<Array<{ body: string }>>(
      `SELECT payload -> 'text' ->> 'body' AS body FROM inbound_messages WHERE tenant_id = $1 AND "from" = $2`,
      [a.id, customer],
    );
    expect(kept).toEqual([{ body: 'while it runs' }]);
  });
});
