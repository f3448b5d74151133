import { ErrorCode, GraphError } from '../src/core/graph-error';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { TenancyService } from '../src/tenancy/tenancy.service';
import { MediaUpstream } from '../src/media/media.upstream';
import { MessagesUpstream } from '../src/messages/messages.upstream';
import { TemplatesUpstream } from '../src/templates/templates.upstream';
import { createTenant, type TestTenant } from './support/factories';
import { eventually } from './support/eventually';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/** The capabilities' Graph clients (over the shared transport) against the in-process sandbox over real HTTP (UPSTREAM_TIMEOUT_MS=1000 in tests). */
describe('upstream client and sandbox', () => {
  let t: TestApp;
  let client: MessagesUpstream;
  let templates: TemplatesUpstream;
  let mediaClient: MediaUpstream;
  let sandbox: Sandbox;
  let tenant: TestTenant;
  let token: string;
  const text = { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: 'hello' } };

  async function failure(promise: Promise<unknown>): Promise<GraphError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(GraphError);
      return error as GraphError;
    }
    throw new Error('expected the call to fail');
  }

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    client = t.get(MessagesUpstream);
    templates = t.get(TemplatesUpstream);
    mediaClient = t.get(MediaUpstream);
    sandbox = t.sandbox;
    tenant = await createTenant(t);
    const [row] = await t.dataSource.query('SELECT id FROM business_accounts WHERE waba_id = $1', [tenant.wabaId]);
    token = await t.get(TenancyService).accessToken(row.id);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sandbox.clearFaults();
    sandbox.clearRequests();
  });

  it('sends through the sandbox and maps the answer; the request log shows exactly that call', async () => {
    const result = await client.sendMessage(tenant.phoneNumberId, token, text);
    expect(result.messaging_product).toBe('whatsapp');
    expect(result.contacts).toEqual([{ input: '15551234567', wa_id: '15551234567' }]);
    expect(result.messages[0].id).toMatch(/^wamid\./);
    const log = sandbox.requests();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'POST', path: `/v23.0/${tenant.phoneNumberId}/messages`, body: text });
    expect(log[0].headers.authorization).toBe('Bearer [redacted]');
  });

  it("delivers the sandbox's signed status webhooks to the gateway, which records sent, delivered and read", async () => {
    const { messages } = await client.sendMessage(tenant.phoneNumberId, token, text);
    const rows = await eventually(async () => {
      const found = await t.dataSource.query('SELECT status, tenant_id FROM message_statuses WHERE message_id = $1', [
        messages[0].id,
      ]);
      return found.length === 3 ? found : undefined;
    });
    expect(rows.map((r: { status: string }) => r.status).sort()).toEqual(['delivered', 'read', 'sent']);
    expect(rows.every((r: { tenant_id: string }) => r.tenant_id === tenant.id)).toBe(true);
  });

  it('marks a message as read', async () => {
    await expect(client.markAsRead(tenant.phoneNumberId, token, 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1')).resolves.toEqual(
      { success: true },
    );
  });

  it('passes an upstream 4xx Graph error through with its code, subcode and error_data', async () => {
    const unknown = await failure(client.sendMessage('999000999000999', token, text));
    expect(unknown).toMatchObject({ code: 100, status: 400 });
    expect(unknown.options.subcode).toBe(33);
    const invalid = await failure(client.sendMessage(tenant.phoneNumberId, token, { ...text, text: { body: 42 } }));
    expect(invalid.code).toBe(100);
    expect(String(invalid.options.data?.details)).toMatch(/text\['body'\]/);
    const wrongToken = await failure(client.sendMessage(tenant.phoneNumberId, 'not-the-token', text));
    expect(wrongToken).toMatchObject({ code: 190, status: 401 });
    sandbox.injectFault({ kind: 'graph_error', code: 131026, status: 400, message: 'Message undeliverable' });
    const injected = await failure(client.sendMessage(tenant.phoneNumberId, token, text));
    expect(injected).toMatchObject({ code: 131026, status: 400, message: 'Message undeliverable' });
  });

  it.each([
    ['an HTTP 500', { kind: 'http_500' as const }, /HTTP 500/],
    ['a 5xx Graph error', { kind: 'graph_error' as const, code: 2, status: 503 }, /HTTP 503/],
    ['a connection reset', { kind: 'reset' as const }, /connection failed/],
    ['a timeout', { kind: 'timeout' as const }, /did not answer within 1000 ms/],
  ])('maps %s to 500 code 131000 within the timeout, saying what happened', async (_label, fault, details) => {
    sandbox.injectFault({ ...fault, count: 1 });
    const started = performance.now();
    const error = await failure(client.sendMessage(tenant.phoneNumberId, token, text));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(error).toMatchObject({ code: ErrorCode.SendFailure, status: 500 });
    expect(String(error.options.data?.details)).toMatch(details);
    expect(JSON.stringify(error.options.data)).not.toContain(token);
    // The fault was for one call only, and sends are never retried automatically.
    expect(sandbox.requests().filter((r) => r.path.endsWith('/messages'))).toHaveLength(1);
    await expect(client.sendMessage(tenant.phoneNumberId, token, text)).resolves.toMatchObject({
      messaging_product: 'whatsapp',
    });
  });

  it('answers normally after injected latency below the timeout', async () => {
    sandbox.injectFault({ kind: 'latency', latency_ms: 300 });
    const started = performance.now();
    await expect(client.sendMessage(tenant.phoneNumberId, token, text)).resolves.toMatchObject({
      messaging_product: 'whatsapp',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('creates, reviews and lists templates with paging; the review webhook moves the catalog', async () => {
    const [waba] = await t.dataSource.query('SELECT id FROM business_accounts WHERE waba_id = $1', [tenant.wabaId]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await templates.createTemplate(tenant.wabaId, token, {
        name: `order_update_${i}`,
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Your order {{1}} is on its way', example: { body_text: [['A-1']] } }],
      });
      expect(created).toMatchObject({ status: 'PENDING', category: 'UTILITY' });
      ids.push(created.id);
    }
    await t.dataSource.query(
      `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category, status)
       VALUES ($1, $2, $3, $4, 'order_update_0', 'en_US', 'UTILITY', 'PENDING')`,
      [tenant.id, waba.id, tenant.wabaId, ids[0]],
    );
    // The sandbox's own review (200 ms after creation) may have come before the row above existed
    // (three creations on a busy machine take longer): review it now, so a review webhook surely
    // arrives after the catalog has the template.
    sandbox.reviewTemplate(ids[0], 'APPROVED');
    const status = await eventually(async () => {
      const [row] = await t.dataSource.query('SELECT status FROM message_templates WHERE upstream_id = $1', [ids[0]]);
      return row.status === 'APPROVED' ? row.status : undefined;
    });
    expect(status).toBe('APPROVED');
    const first = await templates.listTemplates(tenant.wabaId, token, { limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.paging?.next).toBeDefined();
    const all = await templates.listAllTemplates(tenant.wabaId, token, 2);
    expect(all.map((x) => x.id).sort()).toEqual([...ids].sort());
  });

  it('uploads media, and a header handle through a resumable session', async () => {
    const media = await mediaClient.uploadMedia(tenant.phoneNumberId, token, {
      bytes: Buffer.from('PNG-image-bytes'),
      fileName: 'a.png',
      mimeType: 'image/png',
    });
    expect(media.id).toMatch(/^\d+$/);
    const fetched = await mediaClient.getMedia(media.id, token);
    expect(fetched).toMatchObject({ id: media.id, mime_type: 'image/png' });
    const handle = await mediaClient.uploadForHandle(token, {
      fileName: 'header.png',
      fileType: 'image/png',
      bytes: Buffer.alloc(2048, 7),
    });
    expect(handle.length).toBeGreaterThan(10);
    const paths = sandbox.requests().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual([
      `POST /v23.0/${tenant.phoneNumberId}/media`,
      `GET /v23.0/${media.id}`,
      expect.stringMatching(/^POST \/v23\.0\/1000000000000001\/uploads$/),
      expect.stringMatching(/^POST \/v23\.0\/upload:/),
    ]);
  });

  it('turns a simulated inbound message into an inbound record and an open window', async () => {
    const { message_id } = await sandbox.simulateInbound({
      phone_number_id: tenant.phoneNumberId,
      from: '15550009999',
      type: 'button',
      payload: 'YES_PLEASE',
      button_text: 'Yes',
    });
    const row = await eventually(async () => {
      const [found] = await t.dataSource.query(
        'SELECT button_payload, type FROM inbound_messages WHERE message_id = $1',
        [message_id],
      );
      return found;
    });
    expect(row).toEqual({ button_payload: 'YES_PLEASE', type: 'button' });
    const [window] = await t.dataSource.query(
      'SELECT 1 AS open FROM conversations WHERE last_inbound_at IS NOT NULL AND phone_number_id = $1 AND wa_id = $2',
      [tenant.phoneNumberId, '15550009999'],
    );
    expect(window).toEqual({ open: 1 });
  });
});
