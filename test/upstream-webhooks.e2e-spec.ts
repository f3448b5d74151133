import request from 'supertest';
import { deleteEndpoints } from '../src/tenant-webhooks/tenant-webhooks.repository';
import { hubSignature } from '../libs/meta/hub-signature';
import { WebhookIngestService } from '../src/webhooks/webhook-ingest.service';
import { createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook } from './support/from-upstream';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const SECRET = 'test-app-secret';

function statusEnvelope(tenant: TestTenant, wamid: string, status: string, timestamp: number) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: tenant.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550100001', phone_number_id: tenant.phoneNumberId },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(timestamp),
                  recipient_id: '15551234567',
                  conversation: { id: 'conv-1', origin: { type: 'service' } },
                  pricing: { billable: true, pricing_model: 'PMP', category: 'service' },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

describe('webhooks from upstream', () => {
  let t: TestApp;
  let tenant: TestTenant;

  // Bodies go out as strings: supertest would JSON-encode a Buffer itself.
  const deliver = (body: unknown, signature?: string | null) => {
    const raw = Buffer.from(JSON.stringify(body));
    const req = request(t.url).post('/webhooks/whatsapp').set('Content-Type', 'application/json');
    if (signature !== null) req.set('X-Hub-Signature-256', signature ?? hubSignature(SECRET, raw));
    return req.send(raw.toString('utf8'));
  };
  const count = async (table: string) =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  describe('subscription handshake', () => {
    it('answers the raw challenge for the right token', async () => {
      const res = await request(t.url)
        .get('/webhooks/whatsapp')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'test-verify-token', 'hub.challenge': '1158201444' })
        .expect(200);
      expect(res.text).toBe('1158201444');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    });

    it.each([
      ['a wrong token', { 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' }],
      ['a wrong mode', { 'hub.mode': 'unsubscribe', 'hub.verify_token': 'test-verify-token', 'hub.challenge': '1' }],
      ['no token', { 'hub.mode': 'subscribe', 'hub.challenge': '1' }],
    ])('refuses %s with 403', async (_label, query) => {
      const res = await request(t.url).get('/webhooks/whatsapp').query(query).expect(403);
      expect(res.body.error.code).toBe(200);
      expect(res.text).not.toContain('test-verify-token');
    });
  });

  describe('signatures', () => {
    const inbound = () =>
      inboundTextWebhook(tenant, '15557654321', 'Olá! Привет 👋 こんにちは — ça va?', {
        id: 'wamid.inbound-' + Date.now(),
        name: 'Zoë 李 🙂',
      });

    it('verifies a signed delivery with emoji and non-Latin text over the raw bytes, and stores it', async () => {
      const body = inbound();
      const res = await deliver(body).expect(200);
      expect(res.body).toEqual({ success: true, stored: 1, duplicates: 0, unprocessable: 0 });
      const [row] = await t.dataSource.query(
        'SELECT tenant_id, type, payload FROM inbound_messages WHERE message_id = $1',
        [body.entry[0].changes[0].value.messages[0].id],
      );
      expect(row.tenant_id).toBe(tenant.id);
      expect(row.payload.text.body).toBe('Olá! Привет 👋 こんにちは — ça va?');
      const [window] = await t.dataSource.query(
        'SELECT tenant_id FROM conversations WHERE last_inbound_at IS NOT NULL AND phone_number_id = $1 AND wa_id = $2',
        [tenant.phoneNumberId, '15557654321'],
      );
      expect(window.tenant_id).toBe(tenant.id);
    });

    it('rejects a tampered byte, a missing header and a wrong secret with no state change', async () => {
      const before = { events: await count('webhook_events'), inbound: await count('inbound_messages') };
      const body = inbound();
      const raw = Buffer.from(JSON.stringify(body));
      const signature = hubSignature(SECRET, raw);
      const tampered = Buffer.from(raw);
      tampered[tampered.indexOf('O'.charCodeAt(0))] = 'o'.charCodeAt(0);
      const tamperedRes = await request(t.url)
        .post('/webhooks/whatsapp')
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', signature)
        .send(tampered.toString('utf8'))
        .expect(403);
      expect(tamperedRes.body.error.code).toBe(200);
      const missing = await deliver(body, null).expect(401);
      expect(missing.body.error.code).toBe(190);
      await deliver(body, hubSignature('another-secret', raw)).expect(403);
      await deliver(body, 'sha256=').expect(403);
      expect(await count('webhook_events')).toBe(before.events);
      expect(await count('inbound_messages')).toBe(before.inbound);
    });
  });

  it('processes a status delivered three times and out of order once each; the furthest status wins', async () => {
    const wamid = 'wamid.status-' + Date.now();
    const now = Math.floor(Date.now() / 1000);
    const read = statusEnvelope(tenant, wamid, 'read', now);
    const delivered = statusEnvelope(tenant, wamid, 'delivered', now - 1);
    const sent = statusEnvelope(tenant, wamid, 'sent', now - 2);
    for (const body of [read, read, delivered, read, sent, delivered, sent]) await deliver(body).expect(200);
    const rows = await t.dataSource.query(
      'SELECT status, occurred_at FROM message_statuses WHERE message_id = $1 ORDER BY occurred_at',
      [wamid],
    );
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['sent', 'delivered', 'read']);
    const events = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_events WHERE payload::text LIKE $1`,
      [`%${wamid}%`],
    );
    expect(events[0].n).toBe(3);
    const [current] = await t.dataSource.query(
      `SELECT status FROM message_statuses WHERE message_id = $1
       ORDER BY CASE status WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END DESC LIMIT 1`,
      [wamid],
    );
    expect(current.status).toBe('read');
  });

  it('writes concurrent deliveries together (group commit), each answered after commit with its own counts; records end at their furthest status', async () => {
    const endpoint = await t.dataSource.query(
      `INSERT INTO webhook_endpoints (tenant_id, kind, url, secret_encrypted) VALUES ($1, 'endpoint', 'http://127.0.0.1:9/never', 'x') RETURNING id`,
      [tenant.id],
    );
    const ingest = t.get(WebhookIngestService);
    // Each transaction takes at least 150 ms here, so deliveries arriving meanwhile must wait and
    // batch (below the committer's concurrency a delivery is written at once).
    const service = ingest as unknown as { write: (deliveries: unknown[]) => Promise<unknown> };
    const original = service.write.bind(service);
    const writes = jest.spyOn(service, 'write').mockImplementation(async (deliveries: unknown[]) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return original(deliveries);
    });
    const base = 'wamid.batch-' + Date.now();
    const wamids = Array.from({ length: 20 }, (_, i) => `${base}-${i}`);
    for (const wamid of wamids) {
      await t.dataSource.query(
        `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id)
         VALUES ($1, $2, gen_random_uuid(), '15551234567', 'text', '{}', 'accepted', $3)`,
        [tenant.id, tenant.phoneNumberId, wamid],
      );
    }
    const now = Math.floor(Date.now() / 1000);
    // Every status of every message, each twice (upstream redelivers), all at once and in no order.
    const at = { sent: now - 2, delivered: now - 1, read: now };
    const bodies = wamids.flatMap((wamid) =>
      (['read', 'sent', 'delivered'] as const).map((status) => statusEnvelope(tenant, wamid, status, at[status])),
    );
    const answers = await Promise.all([...bodies, ...bodies].map((body) => deliver(body)));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    const totals = answers.reduce(
      (sum, res) => ({ stored: sum.stored + res.body.stored, duplicates: sum.duplicates + res.body.duplicates }),
      { stored: 0, duplicates: 0 },
    );
    expect(totals).toEqual({ stored: 60, duplicates: 60 });
    // Fewer transactions than deliveries: they were written together.
    expect(writes.mock.calls.length).toBeLessThan(answers.length);
    writes.mockRestore();
    const records = await t.dataSource.query(`SELECT DISTINCT status FROM messages WHERE upstream_message_id LIKE $1`, [
      `${base}-%`,
    ]);
    expect(records).toEqual([{ status: 'read' }]);
    expect(
      (
        await t.dataSource.query(`SELECT count(*)::int AS n FROM message_statuses WHERE message_id LIKE $1`, [
          `${base}-%`,
        ])
      )[0].n,
    ).toBe(60);
    // One tenant delivery per stored event, written in the same transactions.
    const deliveries = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`,
      [endpoint[0].id],
    );
    expect(deliveries[0].n).toBe(60);
    await deleteEndpoints(t.dataSource, { id: endpoint[0].id, tenantId: tenant.id });
  });

  it('keeps a quick-reply payload, stores events of unknown numbers without a tenant, and acknowledges malformed payloads as unprocessable', async () => {
    const payload = 'CONFIRM_ORDER_' + 'x'.repeat(100);
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: tenant.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: tenant.phoneNumberId },
                messages: [
                  {
                    from: '15550001111',
                    id: 'wamid.button-' + Date.now(),
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'button',
                    context: { from: '15550100001', id: 'wamid.original' },
                    button: { payload, text: 'Confirm' },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    await deliver(body).expect(200);
    const [row] = await t.dataSource.query('SELECT button_payload FROM inbound_messages WHERE message_id = $1', [
      body.entry[0].changes[0].value.messages[0].id,
    ]);
    expect(row.button_payload).toBe(payload);

    const stranger = statusEnvelope(
      { ...tenant, phoneNumberId: '999999999', wabaId: '888888888' },
      'wamid.stranger',
      'sent',
      1,
    );
    await deliver(stranger).expect(200);
    const [event] = await t.dataSource.query(`SELECT tenant_id FROM webhook_events WHERE waba_id = '888888888'`);
    expect(event.tenant_id).toBeNull();
    expect(await t.dataSource.query(`SELECT 1 FROM message_statuses WHERE message_id = 'wamid.stranger'`)).toEqual([]);

    // Signed but without entries: Meta must not retry what will never parse, so it is 200, kept and counted.
    const bad = await deliver({ object: 'whatsapp_business_account' }).expect(200);
    expect(bad.body).toEqual({ success: true, stored: 0, duplicates: 0, unprocessable: 1 });
    const kept = await t.dataSource.query(
      `SELECT reason, convert_from(body, 'UTF8') AS body FROM unprocessable_webhooks ORDER BY received_at DESC LIMIT 1`,
    );
    expect(kept).toEqual([
      { reason: 'entry: must be an array', body: JSON.stringify({ object: 'whatsapp_business_account' }) },
    ]);
  });

  it('moves a template in the catalog from its review event, ignoring an older event', async () => {
    const [waba] = await t.dataSource.query('SELECT id FROM business_accounts WHERE waba_id = $1', [tenant.wabaId]);
    await t.dataSource.query(
      `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category, status)
       VALUES ($1, $2, $3, '5550001', 'order_update', 'en_US', 'UTILITY', 'PENDING')`,
      [tenant.id, waba.id, tenant.wabaId],
    );
    const review = (event: string, time: number, reason = 'NONE') => ({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: tenant.wabaId,
          time,
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event,
                message_template_id: 5550001,
                message_template_name: 'order_update',
                message_template_language: 'en_US',
                reason,
              },
            },
          ],
        },
      ],
    });
    const now = Math.floor(Date.now() / 1000);
    await deliver(review('REJECTED', now, 'INVALID_FORMAT')).expect(200);
    await deliver(review('APPROVED', now - 60)).expect(200);
    const [row] = await t.dataSource.query(
      `SELECT status, rejected_reason FROM message_templates WHERE upstream_id = '5550001'`,
    );
    expect(row).toEqual({ status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
  });
});
