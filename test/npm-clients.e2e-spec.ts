import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { eventually } from './support/eventually';
import { OnboardingService } from '../src/tenancy/onboarding.service';
import { bearer, createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const run = promisify(execFile);

/**
 * Three popular npm Cloud API clients, run as their users run them (each its own Node process, ESM
 * or CommonJS), pointed at the gateway with nothing but its base URL, a gateway key and the client's
 * own default Graph version: @great-detail/whatsapp (v23.0, given a base URL it drops the version),
 * whatsapp-business (v17.0) and whatsapp-api-js (its default). Then Chatwoot's calls as it makes them.
 */
describe.each(['live', 'test'] as const)('real Cloud API clients against the gateway, with %s keys', (mode) => {
  let t: TestApp;
  /** Who answers the clients' Graph calls: the upstream for live keys, test mode's simulator for test keys. */
  let sandbox: Sandbox;
  let tenant: Pick<TestTenant, 'id' | 'phoneNumberId' | 'wabaId'>;
  const TO = '15557654321';
  let inbound: string;
  const createKey = (x: { id: string }) => createOrgKey(t, x, { mode });

  beforeAll(async () => {
    t = await createTestApp({ simulator: mode === 'test' });
    await resetState(t);
    const live = await createTenant(t, 'Client user');
    if (mode === 'live') {
      sandbox = t.sandbox;
      tenant = live;
    } else {
      // The organization's test twin and a test number of its own, made as a tenant makes them.
      sandbox = t.simulator!;
      const twin = await t.get(OnboardingService).testTwinOf(live.id);
      const made = await request(t.url)
        .post('/v1/test/phone_numbers')
        .set(bearer(await createKey(twin)))
        .send({})
        .expect(201);
      tenant = { id: twin.id, phoneNumberId: made.body.phone_number_id, wabaId: made.body.waba_id };
    }
    await createCatalogTemplate(t, tenant, {
      name: 'client_order',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Your order {{1}} shipped', example: { body_text: [['A-1']] } }],
    });
    inbound = (
      await sandbox.simulateInbound({
        phone_number_id: tenant.phoneNumberId,
        from: TO,
        type: 'text',
        text: 'hello?',
      } as never)
    ).message_id;
    await eventually(async () =>
      (await t.dataSource.query('SELECT 1 FROM conversations WHERE last_inbound_at IS NOT NULL AND wa_id = $1', [TO]))
        .length
        ? true
        : undefined,
    );
  });
  afterAll(async () => {
    // Test keys' calls reached the simulator only: the live upstream saw none of the test number's.
    if (mode === 'test')
      expect(
        t.sandbox.requests().filter((r) => r.path.includes(tenant.phoneNumberId) || r.path.includes(tenant.wabaId)),
      ).toEqual([]);
    await t.close();
  });

  async function runClient(
    script: string,
    keyText: string,
  ): Promise<Record<string, { ok: boolean; result?: any; error?: string; detail?: string }>> {
    const { stdout } = await run(process.execPath, [join(__dirname, 'clients', script)], {
      env: {
        PATH: process.env.PATH,
        GATEWAY: t.url,
        KEY: keyText,
        PHONE: tenant.phoneNumberId,
        WABA: tenant.wabaId,
        TO,
        INBOUND: inbound,
        TEMPLATE: 'client_order',
      },
      timeout: 60_000,
    });
    return JSON.parse(stdout.trim().split('\n').pop()!);
  }

  const sendsOf = async (keyId: string) =>
    (
      await t.dataSource.query(`SELECT type, status FROM messages WHERE api_key_id = $1 ORDER BY created_at`, [keyId])
    ).map((r: { type: string }) => r.type);

  it('@great-detail/whatsapp: sends a text, an image by link and a template, marks as read, creates, lists and deletes templates, uploads and downloads media', async () => {
    const key = await createKey(tenant);
    sandbox.clearRequests();
    const results = await runClient('great-detail-whatsapp.mjs', key.key);
    for (const [step, outcome] of Object.entries(results))
      expect({ step, ...outcome, result: undefined }).toEqual({ step, ok: true, result: undefined });
    expect(results.text.result.messages[0].id).toMatch(/^wamid\./);
    expect(results.createTemplate.result).toEqual({ id: expect.any(String), status: 'PENDING', category: 'UTILITY' });
    expect(results.listTemplates.result.data.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['client_great_detail', 'client_order']),
    );
    expect(results.deleteTemplate.result).toEqual({ success: true });
    expect(results.phoneNumber.result).toMatchObject({
      id: tenant.phoneNumberId,
      display_phone_number: expect.any(String),
      verified_name: expect.any(String),
    });
    expect(results.media.result).toEqual({
      id: expect.any(String),
      url: `${t.url}/v1/media/${results.media.result.id}/download`,
      sameBytes: true,
    });
    expect(await sendsOf(key.record.id)).toEqual(['text', 'image', 'template']);
    const upstream = sandbox.requests().map((q) => `${q.method} ${q.path}`);
    expect(upstream.filter((line) => line === `POST /v23.0/${tenant.phoneNumberId}/messages`)).toHaveLength(4);
    expect(upstream).toEqual(
      expect.arrayContaining([
        `POST /v23.0/${tenant.wabaId}/message_templates`,
        `DELETE /v23.0/${tenant.wabaId}/message_templates`,
      ]),
    );
    expect(await t.dataSource.query(`SELECT 1 FROM message_templates WHERE name = 'client_great_detail'`)).toEqual([]);
  });

  it('whatsapp-business: sends a text, an image by link and a template, marks as read, reads numbers and the profile', async () => {
    const key = await createKey(tenant);
    const results = await runClient('whatsapp-business.cjs', key.key);
    for (const [step, outcome] of Object.entries(results))
      expect({ step, ...outcome, result: undefined }).toEqual({ step, ok: true, result: undefined });
    expect(results.read.result).toEqual({ success: true });
    expect(results.phoneNumbers.result.data.map((p: { id: string }) => p.id)).toContain(tenant.phoneNumberId);
    expect(results.profile.result.data[0]).toHaveProperty('about');
    expect(await sendsOf(key.record.id)).toEqual(['text', 'image', 'template']);
  });

  it('whatsapp-api-js: sends a text, an image by link and a template, marks as read, uploads, retrieves and fetches media', async () => {
    const key = await createKey(tenant);
    const results = await runClient('whatsapp-api-js.mjs', key.key);
    for (const [step, outcome] of Object.entries(results))
      expect({ step, ...outcome, result: undefined }).toEqual({ step, ok: true, result: undefined });
    expect(results.template.result.messages[0]).toMatchObject({
      id: expect.stringMatching(/^wamid\./),
      message_status: 'accepted',
    });
    expect(results.media.result).toEqual({ id: expect.any(String), status: 200, sameBytes: true });
    expect(await sendsOf(key.record.id)).toEqual(['text', 'image', 'template']);
  });

  it("Chatwoot's calls, as it makes them: /v13.0 sends with Bearer, /v14.0 template lists with ?access_token=", async () => {
    const key = await createKey(tenant);
    const sent = await request(t.url)
      .post(`/v13.0/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', to: TO, type: 'text', text: { body: 'Hi from Chatwoot' } })
      .expect(200);
    expect(sent.body.messages[0].id).toMatch(/^wamid\./);
    const listed = await request(t.url)
      .get(`/v14.0/${tenant.wabaId}/message_templates?access_token=${key.key}`)
      .expect(200);
    expect(listed.body.data.map((x: { name: string }) => x.name)).toContain('client_order');
  });
});
