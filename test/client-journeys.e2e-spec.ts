import {
  changesOf,
  createGatewayClient,
  paginate,
  type BroadcastStatusValue,
  type ContactOptOutValue,
  type ConversationAssignedValue,
  type ConversationStatusChangedValue,
  type GatewayClient,
  type UsageThresholdValue,
  type WebhookEnvelope,
} from '../packages/client/src/index';
import type { ContactOptOutValue as GatewayOptOut } from '../src/blacklist/opt-out-events';
import type { BroadcastStatusValue as GatewayBroadcast } from '../src/broadcasts/broadcast-events';
import type {
  ConversationAssignedValue as GatewayAssigned,
  ConversationStatusChangedValue as GatewayStatusChanged,
} from '../src/messages/conversations/conversation-events';
import type { UsageThresholdValue as GatewayUsage } from '../src/usage/usage-events';
import { eventually } from './support/eventually';
import {
  createAdminKey,
  createCatalogTemplate,
  createOrgKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { inboundStored } from './support/inbound-stored';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookListener } from '../packages/client/examples/node-http-webhook';

/** True when two types are the same both ways; a `false` here fails the type check. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * The gateway's own events, as the gateway writes them and as the client types them, are the same
 * types: a change to either side without the other fails `npm run typecheck` (a compile-time check:
 * nothing of it runs).
 */
const _ownEventsInStep: [
  Same<GatewayBroadcast, BroadcastStatusValue>,
  Same<GatewayOptOut, ContactOptOutValue>,
  Same<GatewayUsage, UsageThresholdValue>,
  Same<GatewayAssigned, ConversationAssignedValue>,
  Same<GatewayStatusChanged, ConversationStatusChangedValue>,
] = [true, true, true, true, true];

const TEMPLATE = { name: 'client_notice', language: 'en_US', components: [{ type: 'BODY', text: 'Notice' }] };

/**
 * What a tenant's developer does on the first day, through the client package (issue 60) against the
 * real app, PostgreSQL, Redis, the sandbox and the test-mode simulator: a broadcast followed to its end,
 * a thread of 1,000 messages paged, the gateway's own events verified and typed, a test key and number.
 */
describe('the client package on a tenant’s first day', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let gateway: GatewayClient;
  let listener: Server;
  let hookUrl: string;
  /** What the package README's node:http listener verified and handed on, in order. */
  const verified: WebhookEnvelope[] = [];
  beforeAll(async () => {
    t = await createTestApp({ simulator: true });
    await resetState(t);
    tenant = await createTenant(t);
    await createCatalogTemplate(t, tenant, TEMPLATE);
    const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 });
    gateway = createGatewayClient({ baseUrl: t.url, apiKey: key });
    // The endpoint is the package's own example: its secret is known once the gateway answers.
    const secrets: string[] = [];
    listener = createServer(webhookListener(secrets, (envelope) => void verified.push(envelope)));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hook`;
    const endpoint = await gateway.POST('/v1/webhooks', {
      body: { url: hookUrl, events: ['broadcast_status_update', 'contact_opt_out_update'] },
    });
    secrets.push((endpoint.data as { secret: string }).secret);
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
    await t.close();
  });

  /** The values of one field among what the listener verified so far. */
  const verifiedValues = <F extends 'broadcast_status_update' | 'contact_opt_out_update'>(field: F) =>
    eventually(async () => {
      const values = verified.flatMap((envelope) => changesOf(envelope, field));
      return values.length ? values : undefined;
    }, 15_000);

  it('creates a broadcast and follows it to completion; its webhook verifies and reads typed', async () => {
    const to = Array.from({ length: 25 }, (_, i) => `1555090${String(i).padStart(4, '0')}`);
    const created = await gateway.POST('/v1/{phoneNumberId}/broadcasts', {
      params: { path: { phoneNumberId: tenant.phoneNumberId } },
      body: {
        name: 'First day',
        template: { name: TEMPLATE.name, language: { code: TEMPLATE.language } },
        recipients: to.map((number) => ({ to: number })),
      },
    });
    expect(created.response.status).toBe(201);
    const id = (created.data as { id: string }).id;
    const done = await eventually(async () => {
      const { data } = await gateway.GET('/v1/{phoneNumberId}/broadcasts/{broadcastId}', {
        params: { path: { phoneNumberId: tenant.phoneNumberId, broadcastId: id } },
      });
      return (data as { status: string }).status === 'completed' ? data : undefined;
    }, 30_000);
    expect(done).toMatchObject({ id, recipients: 25, counts: expect.objectContaining({ queued: 0, failed: 0 }) });
    const sends = t.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith(`/${tenant.phoneNumberId}/messages`))
      .map((r) => (r.body as { to: string }).to);
    expect(sends.sort()).toEqual(to);

    const [completed] = await verifiedValues('broadcast_status_update');
    // Typed by its field: a broadcast's status and its counts, without a cast.
    expect(completed.broadcast_id).toBe(id);
    expect(completed.status).toBe('completed');
    expect(completed.counts.accepted + completed.counts.sent + completed.counts.delivered + completed.counts.read).toBe(
      25,
    );
  });

  it('a customer’s opt-out arrives as a typed, verified event', async () => {
    const stop = await inboundStored(t, tenant, '15550909999', { type: 'text', text: 'STOP' });
    const [optOut] = await verifiedValues('contact_opt_out_update');
    expect(optOut).toEqual({
      event: 'contact.opted_out',
      metadata: { phone_number_id: tenant.phoneNumberId },
      wa_id: '15550909999',
      message_id: stop.message_id,
      keyword: 'stop',
      timestamp: expect.stringMatching(/^\d+$/),
    });
    // The listener refuses what the gateway did not sign.
    const forged = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=' + '0'.repeat(64) },
      body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
    });
    expect(forged.status).toBe(401);
  });

  it('pages a thread of 1,000 messages with an async iterator: every message once, newest first', async () => {
    const customer = '15550908888';
    const real = await inboundStored(t, tenant, customer, { type: 'text', text: 'the newest' });
    // 999 more before it: inbound and outbound sharing each second (ties the cursor must order).
    const [{ base }] = await t.dataSource.query<Array<{ base: Date }>>(
      `SELECT date_trunc('second', now()) - interval '2 hours' AS base`,
    );
    await t.dataSource.query(
      `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, payload, sent_at, received_at)
       SELECT $1, $2, 'wamid.client-in-' || n, $3, 'text', jsonb_build_object('text', jsonb_build_object('body', 'in ' || n)),
         $4::timestamptz + (n / 3) * interval '1 second', $4::timestamptz + (n / 3) * interval '1 second'
       FROM generate_series(1, 499) AS n`,
      [tenant.id, tenant.phoneNumberId, customer, base],
    );
    const [key] = await t.dataSource.query<Array<{ id: string }>>(
      'SELECT id FROM api_keys WHERE tenant_ids @> ARRAY[$1]::uuid[] LIMIT 1',
      [tenant.id],
    );
    await t.dataSource.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id, created_at)
       SELECT $1, $2, $4, $3, 'text', jsonb_build_object('text', jsonb_build_object('body', 'out ' || n)), 'delivered',
         'wamid.client-out-' || n, $5::timestamptz + (n / 3) * interval '1 second'
       FROM generate_series(1, 500) AS n`,
      [tenant.id, tenant.phoneNumberId, customer, key.id, base],
    );
    const ids: string[] = [];
    let pages = 0;
    for await (const message of paginate(async (after) => {
      pages++;
      return gateway.GET('/v1/{phoneNumberId}/conversations/{waId}/messages', {
        params: { path: { phoneNumberId: tenant.phoneNumberId, waId: customer }, query: { limit: 50, after } },
      });
    }))
      ids.push((message as { id: string }).id);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    expect(ids[0]).toBe(real.message_id);
    expect(ids.filter((id) => id.startsWith('wamid.client-in-'))).toHaveLength(499);
    expect(ids.filter((id) => id.startsWith('wamid.client-out-'))).toHaveLength(500);
    expect(pages).toBe(20);
  });

  it('reads the usage of the day the broadcast was sent', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const data = await eventually(async () => {
      const answer = await gateway.GET('/v1/usage', {
        params: { query: { from: today, to: today, group_by: 'phone_number' } },
      });
      return JSON.stringify(answer.data).includes(tenant.phoneNumberId) ? answer.data : undefined;
    }, 15_000);
    expect(data).toMatchObject({ from: today, to: today });
  });

  it('a test key, issued through the client, sends from a test number at the simulator and never upstream', async () => {
    const admin = createGatewayClient({
      baseUrl: t.url,
      apiKey: (await createAdminKey(t, [tenant], { rateLimitPerSecond: 10_000 })).key,
    });
    const issued = await admin.POST('/v1/keys', {
      body: { kind: 'org', mode: 'test', tenant_ids: [tenant.id], name: 'client test mode' },
    });
    const testKey = (issued.data as { key: string }).key;
    expect(testKey).toMatch(/^svc_test_/);
    const testGateway = createGatewayClient({ baseUrl: t.url, apiKey: testKey });
    const made = await testGateway.POST('/v1/test/phone_numbers', { body: { verified_name: 'Client Test' } });
    const testNumber = made.data as { phone_number_id: string };
    // The customer writes first (simulated through test mode's own route): the service window opens.
    const customer = '15550907777';
    const wrote = await testGateway.POST('/v1/test/{phoneNumberId}/inbound', {
      params: { path: { phoneNumberId: testNumber.phone_number_id } },
      body: { from: customer, type: 'text', text: { body: 'hi' } },
    });
    const inboundId = (wrote.data as { messages: Array<{ id: string }> }).messages[0].id;
    await eventually(async () => {
      const rows = await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE message_id = $1`, [inboundId]);
      return rows.length === 1 ? true : undefined;
    });
    const upstreamBefore = t.sandbox.requests().length;
    const sent = await testGateway.POST('/v1/{phoneNumberId}/messages', {
      params: { path: { phoneNumberId: testNumber.phone_number_id } },
      body: { messaging_product: 'whatsapp', to: customer, type: 'text', text: { body: 'a test reply' } },
    });
    expect(sent.response.status).toBe(200);
    expect(
      t
        .simulator!.requests()
        .filter((r) => r.method === 'POST' && r.path === `/v23.0/${testNumber.phone_number_id}/messages`),
    ).toHaveLength(1);
    expect(t.sandbox.requests().slice(upstreamBefore)).toEqual([]);
  });
});
