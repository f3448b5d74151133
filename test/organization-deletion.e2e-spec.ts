import { Redis } from 'ioredis';
import request from 'supertest';
import { OrganizationDeletionService } from '../src/data-rights/organization-deletion.service';
import { OrganizationData } from '../src/retention/organization-data';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createPlatformKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { inboundStored } from './support/inbound-stored';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/** Tables that keep an organization's rows after it is deleted, as docs/decisions.md says. */
const KEPT = new Set(['audit_log', 'usage_entries', 'usage_days', 'usage_months', 'organization_deletions']);

/**
 * An organization's deletion (issue 58) on real PostgreSQL, Redis and the sandbox: refused while a
 * machine's key is live (409 naming it); then a job whose receipt counts what went; afterwards no table
 * but the kept ones (usage, the audit log, the receipt) holds a row of it, no Redis key names it, its
 * number is unsubscribed at Meta, usage entries keep their figures with their wamids digested, and
 * another organization's data is as it was; refused to an organization key.
 */
describe('an organization’s deletion', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let platform: string;
  let keyA: { key: string; record: { id: string } };
  let keyB: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    receiver = await new WebhookReceiver().start();
    a = await createTenant(t, 'Closing shop');
    b = await createTenant(t, 'Open shop');
    platform = (await createPlatformKey(t)).key;
    keyA = await createOrgKey(t, a, { rateLimitPerSecond: 1_000 });
    keyB = (await createOrgKey(t, b)).key;
  }, 60_000);
  afterAll(async () => {
    await receiver?.stop();
    await t?.close();
  });

  const api = (key: string, method: 'get' | 'post', path: string, body?: object) =>
    request(t.url)[method](path).set(bearer(key)).send(body);
  const exportOf = async (key: string, waId: string) =>
    ((await api(key, 'post', `/v1/customers/${waId}/export`).buffer(true)).text ?? '').replace(
      /"exported_at":"[^"]+"/,
      '',
    );

  it('removes everything of it but usage figures and the audit log, and says so in a receipt', async () => {
    await api(keyA.key, 'post', '/v1/webhooks', { url: receiver.url, events: ['messages'] }).expect(201);
    for (let i = 0; i < 3; i++)
      await inboundStored(t, a, `1555058600${i}`, { type: 'text', text: `customer ${i} writes` });
    await inboundStored(t, b, '15550586100', { type: 'text', text: 'the other shop stays' });
    const sent = await api(keyA.key, 'post', `/v1/${a.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: '15550586000',
      type: 'text',
      text: { body: 'Closing down' },
    })
      .set('Idempotency-Key', 'closing-1')
      .expect(200);
    await api(keyA.key, 'post', `/v1/${a.phoneNumberId}/conversations/15550586000/notes`, { body: 'last note' }).expect(
      201,
    );
    await api(keyA.key, 'post', '/v1/blacklist', { phone_numbers: ['15550586009'] }).expect(200);
    await request(t.url)
      .post('/v1/media_library')
      .set(bearer(keyA.key))
      .attach('file', Buffer.from('%PDF-1.4 closing'), { filename: 'closing.pdf', contentType: 'application/pdf' })
      .expect(201);
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT status FROM messages WHERE upstream_message_id = $1`, [
        sent.body.messages[0].id,
      ]);
      return row?.status === 'read' ? true : undefined;
    }, 10_000);
    const [{ n: usageEntries }] = await t.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM usage_entries WHERE tenant_id = $1`,
      [a.id],
    );
    expect(usageEntries).toBeGreaterThanOrEqual(1);
    const otherBefore = await exportOf(keyB, '15550586100');
    const [{ n: numbers }] = await t.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM phone_numbers WHERE tenant_id = $1`,
      [a.id],
    );

    // An organization key cannot; a live machine key blocks it, named.
    expectGraphError(await api(keyA.key, 'post', `/v1/organizations/${a.id}/deletion`), 403, 200);
    const blocked = await api(platform, 'post', `/v1/organizations/${a.id}/deletion`);
    expectGraphError(blocked, 409, 100);
    expect(blocked.body.error.error_data.details).toMatch(/API keys that are not revoked/);
    expectGraphError(
      await api(platform, 'post', '/v1/organizations/00000000-0000-4000-8000-000000000000/deletion'),
      404,
      100,
    );
    await api(platform, 'post', `/v1/keys/${keyA.record.id}/revoke`, {}).expect(200);

    const started = await api(platform, 'post', `/v1/organizations/${a.id}/deletion`).expect(202);
    expect(started.body).toMatchObject({ object: 'organization_deletion', organization_id: a.id });
    const done = await eventually(async () => {
      const answer = await api(platform, 'get', `/v1/organization_deletions/${started.body.id as string}`).expect(200);
      return answer.body.status === 'done' ? answer.body : undefined;
    }, 30_000);
    expect(done.removed).toMatchObject({
      inbound_messages: 3,
      messages: 1,
      notes: 1,
      blacklist: 1,
      media_library: 1,
      phone_numbers: numbers,
      business_accounts: 1,
      organizations: 1,
    });
    expect(Object.keys(done.removed)).toEqual(expect.arrayContaining(t.get(OrganizationData).deletionKinds()));
    expect(done.removed.message_statuses).toBeGreaterThanOrEqual(3);
    expect(done.removed.usage_entries).toBe(usageEntries);
    expect(done.removed.webhook_deliveries).toBeGreaterThanOrEqual(1);

    // No table but the kept ones holds a row of it.
    const tables = await t.dataSource.query<Array<{ table_name: string }>>(
      `SELECT c.table_name FROM information_schema.columns c JOIN pg_class p ON p.relname = c.table_name
       WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND NOT p.relispartition`,
    );
    for (const { table_name } of tables) {
      const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "${table_name}" WHERE tenant_id = $1`, [
        a.id,
      ]);
      expect({ table_name, rows: KEPT.has(table_name) ? 'kept' : row.n }).toEqual({
        table_name,
        rows: KEPT.has(table_name) ? 'kept' : 0,
      });
    }
    expect(await t.dataSource.query(`SELECT 1 FROM organizations WHERE id = $1`, [a.id])).toEqual([]);
    const [usage] = await t.dataSource.query(`SELECT message_id, country FROM usage_entries WHERE tenant_id = $1`, [
      a.id,
    ]);
    expect(usage).toEqual({ message_id: expect.stringMatching(/^erased:[0-9a-f]{64}$/), country: 'US' });
    const audit = await t.dataSource.query(`SELECT action FROM audit_log WHERE tenant_id = $1 ORDER BY created_at`, [
      a.id,
    ]);
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['organizations.deletion', 'organizations.deletion_completed']),
    );
    // Nothing in Redis names it; Meta was told (its app unsubscribed from the account).
    const redis = new Redis(process.env.REDIS_URL!);
    const keys = await redis.keys('*');
    redis.disconnect();
    expect(keys.filter((key) => key.includes(a.id) || key.includes(a.phoneNumberId))).toEqual([]);
    expect(
      t.sandbox.requests().some((r) => r.method === 'DELETE' && r.path.endsWith(`/${a.wabaId}/subscribed_apps`)),
    ).toBe(true);
    // The other organization's data is as it was.
    expect(await exportOf(keyB, '15550586100')).toBe(otherBefore);
    // Resuming finds nothing more to do.
    await t.get(OrganizationDeletionService).resume();
  }, 90_000);
});
