import { randomUUID } from 'node:crypto';
import { MessagesRepository } from '../src/messages/messages.repository';
import { eventually } from './support/eventually';
import { createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * A send's acceptance (its upstream id, written in a batch after Meta's answer) and status webhooks
 * about the same message race: Meta's statuses can be applied before, during or after it. Whatever
 * the order, the record ends at the furthest status reported, never behind it.
 */
describe('a send accepted while its statuses are applied', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let apiKeyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t);
    apiKeyId = (await createOrgKey(t, tenant)).record.id;
  });
  afterAll(() => t.close());

  async function pendingRecord(): Promise<string> {
    const id = randomUUID();
    await t.get(MessagesRepository).insertPending([
      {
        id,
        tenantId: tenant.id,
        phoneNumberId: tenant.phoneNumberId,
        apiKeyId,
        recipient: '15550009999',
        type: 'text',
        payload: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '15550009999',
          type: 'text',
          text: { body: 'x' },
        }),
        idempotencyKey: null,
        broadcastId: null,
      },
    ]);
    return id;
  }

  const statusOf = async (id: string) => {
    const [row] = await t.dataSource.query<Array<{ status: string }>>(`SELECT status FROM messages WHERE id = $1`, [
      id,
    ]);
    return row.status;
  };

  it('keeps a read applied while the acceptance waits for the record (the acceptance does not move it back)', async () => {
    const id = await pendingRecord();
    const wamid = `wamid.race-${id}`;
    // The ingestion of the statuses, caught mid-transaction: history written, record moved to read.
    const ingestion = t.dataSource.createQueryRunner();
    await ingestion.connect();
    await ingestion.startTransaction();
    for (const status of ['sent', 'delivered', 'read'])
      await ingestion.query(
        `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at)
         VALUES ($1, $2, $3, '15550009999', $4, now())`,
        [tenant.id, tenant.phoneNumberId, wamid, status],
      );
    await ingestion.query(`UPDATE messages SET status = 'read', upstream_message_id = $2 WHERE id = $1`, [id, wamid]);
    // The acceptance starts now: its snapshot holds none of that history, and it waits for the row.
    const accepting = t.get(MessagesRepository).accept([{ id, upstreamId: wamid }]);
    await eventually(async () => {
      const waiting = await t.dataSource.query(
        `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE NOT l.granted AND c.relname = 'messages'
         UNION ALL SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%UPDATE messages m SET upstream_message_id%'`,
      );
      return waiting.length > 0 ? true : undefined;
    });
    await ingestion.commitTransaction();
    await ingestion.release();
    await accepting;
    expect(await statusOf(id)).toBe('read');
  });

  it('takes the furthest status already in the history when the statuses came first, and accepted when none did', async () => {
    const early = await pendingRecord();
    const wamid = `wamid.race-${early}`;
    await t.dataSource.query(
      `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at)
       VALUES ($1, $2, $3, '15550009999', 'delivered', now())`,
      [tenant.id, tenant.phoneNumberId, wamid],
    );
    const plain = await pendingRecord();
    await t.get(MessagesRepository).accept([
      { id: early, upstreamId: wamid },
      { id: plain, upstreamId: `wamid.race-${plain}` },
    ]);
    expect(await statusOf(early)).toBe('delivered');
    expect(await statusOf(plain)).toBe('accepted');
  });
});
