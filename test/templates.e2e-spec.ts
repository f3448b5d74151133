import request from 'supertest';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { TemplateSyncJob } from '../src/templates/template-sync.job';
import { TemplatesService } from '../src/templates/templates.service';
import { TenancyService } from '../src/tenancy/tenancy.service';
import { bearer, createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { eventually } from './support/eventually';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 1)]);

describe('templates', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let tenant: TestTenant;
  let key: string;
  let n = 0;

  const templatesPath = (x: TestTenant = tenant) => `/v1/${x.wabaId}/message_templates`;
  const upstreamCreates = () =>
    sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/message_templates'));
  const upstreamSends = () => sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/messages'));
  const unique = (prefix: string) => `${prefix}_${Date.now() % 100000}_${++n}`;
  const utility = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: 'Your order {{1}} ships on {{2}}.', example: { body_text: [['A-1', 'Monday']] } },
    ],
    ...extra,
  });
  const create = (body: unknown, x: TestTenant = tenant, k = key) =>
    request(t.url)
      .post(templatesPath(x))
      .set(bearer(k))
      .send(body as object);
  const catalogRow = async (name: string, x: TestTenant = tenant) =>
    (await t.dataSource.query('SELECT * FROM message_templates WHERE name = $1 AND waba_id = $2', [name, x.wabaId]))[0];

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    sandbox = t.sandbox;
    tenant = await createTenant(t);
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sandbox.clearRequests();
    sandbox.clearFaults();
  });

  describe('create', () => {
    it('forwards a valid template, stores it PENDING with its effective TTL, and answers {id, status, category}', async () => {
      const name = unique('order_update');
      const res = await create(utility(name)).expect(200);
      expect(res.body).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'UTILITY' });
      expect(upstreamCreates()).toHaveLength(1);
      expect(upstreamCreates()[0].body).toMatchObject({
        name,
        language: 'en_US',
        category: 'UTILITY',
        parameter_format: 'POSITIONAL',
      });
      const row = await catalogRow(name);
      expect(row).toMatchObject({
        upstream_id: res.body.id,
        status: 'PENDING',
        parameter_format: 'POSITIONAL',
        message_send_ttl_seconds: 2592000,
        tenant_id: tenant.id,
      });
    });

    it.each([
      ['name', utility('Bad Name')],
      ['language', utility('x_lang', { language: 'xx_YY' })],
      ['category', utility('x_cat', { category: 'PROMOTION' })],
      [
        'example',
        {
          name: 'x_example',
          language: 'en_US',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Order {{1}} ok' }],
        },
      ],
      [
        'url',
        utility('x_url', {
          components: [
            { type: 'BODY', text: 'Track it here.' },
            {
              type: 'BUTTONS',
              buttons: [
                {
                  type: 'URL',
                  text: 'Track',
                  url: 'https://example.com/{{1}}/track',
                  example: ['https://example.com/A1/track'],
                },
              ],
            },
          ],
        }),
      ],
      [
        'components[0].text',
        {
          name: 'x_mixed',
          language: 'en_US',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Hi {{1}} and {{name}}', example: { body_text: [['a']] } }],
        },
      ],
      ['message_send_ttl_seconds', utility('x_ttl', { message_send_ttl_seconds: 50000 })],
      [
        'message_send_ttl_seconds',
        { ...utility('x_ttl_auth'), category: 'AUTHENTICATION', message_send_ttl_seconds: 901 },
      ],
    ])('rejects a bad %s with code 100 and the rule, sending nothing upstream', async (field, body) => {
      const res = await create(body).expect(400);
      expect(res.body.error).toMatchObject({ code: 100, type: 'GraphMethodException' });
      expect(res.body.error.error_data.details).toContain(field);
      expect(upstreamCreates()).toHaveLength(0);
    });

    it('detects NAMED parameters and stores named examples as given', async () => {
      const name = unique('welcome_named');
      await create({
        name,
        language: 'en_US',
        category: 'MARKETING',
        components: [
          {
            type: 'BODY',
            text: 'Hello {{first_name}}, your code is {{promo_code}} today.',
            example: {
              body_text_named_params: [
                { param_name: 'first_name', example: 'Ana' },
                { param_name: 'promo_code', example: 'SAVE10' },
              ],
            },
          },
        ],
      }).expect(200);
      expect(upstreamCreates()[0].body).toMatchObject({ parameter_format: 'NAMED' });
      expect(await catalogRow(name)).toMatchObject({
        parameter_format: 'NAMED',
        message_send_ttl_seconds: 2592000,
        category: 'MARKETING',
      });
    });

    it('stores the authentication TTL default and forwards the OTP shape', async () => {
      const name = unique('login_code');
      await create({
        name,
        language: 'en_US',
        category: 'AUTHENTICATION',
        components: [
          { type: 'BODY', add_security_recommendation: true },
          { type: 'FOOTER', code_expiration_minutes: 10 },
          { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
        ],
      }).expect(200);
      expect(upstreamCreates()[0].body).toMatchObject({ category: 'AUTHENTICATION', message_send_ttl_seconds: 600 });
      expect(await catalogRow(name)).toMatchObject({ message_send_ttl_seconds: 600 });
    });

    it("refuses a duplicate name in the same language with Meta's answer (400 code 100, subcode 2388023) and no upstream call, and allows it in another language", async () => {
      const name = unique('dup');
      await create(utility(name)).expect(200);
      const dup = await create(utility(name)).expect(400);
      expect(dup.body.error).toMatchObject({ code: 100, error_subcode: 2388023, type: 'GraphMethodException' });
      await create(utility(name, { language: 'pt_BR' })).expect(200);
      expect(upstreamCreates()).toHaveLength(2);
    });

    it("ten concurrent creates of one name make one upstream call: one 200, nine of Meta's duplicate answers, one catalog row", async () => {
      const name = unique('race');
      const answers = await Promise.all(Array.from({ length: 10 }, () => create(utility(name))));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(
        refused.map((answer) => ({
          status: answer.status,
          code: answer.body.error?.code,
          subcode: answer.body.error?.error_subcode,
        })),
      ).toEqual(Array.from({ length: 9 }, () => ({ status: 400, code: 100, subcode: 2388023 })));
      expect(upstreamCreates().filter((call) => (call.body as { name?: string }).name === name)).toHaveLength(1);
      const rows = await t.dataSource.query('SELECT upstream_id FROM message_templates WHERE name = $1', [name]);
      expect(rows).toEqual([{ upstream_id: answers.find((answer) => answer.status === 200)!.body.id }]);
    });

    it('a create upstream refuses leaves no reservation behind: the name can be created again', async () => {
      const name = unique('refused');
      sandbox.injectFault({
        kind: 'graph_error',
        path: 'message_templates',
        method: 'POST',
        code: 131000,
        status: 500,
        count: 1,
      });
      const failed = await create(utility(name));
      expect({ status: failed.status, code: failed.body.error?.code }).toEqual({ status: 500, code: 131000 });
      expect(await t.dataSource.query('SELECT 1 FROM message_templates WHERE name = $1', [name])).toEqual([]);
      await create(utility(name)).expect(200);
    });

    it('refuses the 251st template of a business account with 409 code 131000', async () => {
      const full = await createTenant(t);
      const fullKey = (await createOrgKey(t, full)).key;
      await t.dataSource.query(
        `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category, status)
         SELECT $1, b.id, b.waba_id, '8' || lpad(g::text, 14, '0') || $2, 'filler_' || g, 'en_US', 'UTILITY', 'APPROVED'
         FROM business_accounts b, generate_series(1, 250) g WHERE b.waba_id = $3`,
        [full.id, full.wabaId.slice(-4), full.wabaId],
      );
      const res = await create(utility('one_too_many'), full, fullKey).expect(409);
      expect(res.body.error).toMatchObject({ code: 131000, error_data: { reason: 'template_limit' } });
      expect(res.body.error.message).toMatch(/at most 250/);
      expect(upstreamCreates()).toHaveLength(0);
    });

    it("needs templates:write, and refuses another organization's business account with 401 190", async () => {
      const readOnly = (await createOrgKey(t, tenant, { scopes: ['templates:read'] })).key;
      expect((await create(utility('x_scope'), tenant, readOnly).expect(403)).body.error.code).toBe(200);
      const other = await createTenant(t);
      expect((await create(utility('x_foreign'), other).expect(401)).body.error.code).toBe(190);
      expect(upstreamCreates()).toHaveLength(0);
    });
  });

  describe('catalog', () => {
    it('moves to APPROVED after the sandbox review webhook; a rejection keeps its reason; ?name= filters exactly', async () => {
      const approved = unique('shipping_update');
      const rejected = unique('promo_blast');
      await create(utility(approved)).expect(200);
      const second = await create(utility(rejected)).expect(200);
      sandbox.reviewTemplate(second.body.id, 'REJECTED', 'INCORRECT_CATEGORY');
      await eventually(async () => ((await catalogRow(approved))?.status === 'APPROVED' ? true : undefined));
      await eventually(async () => ((await catalogRow(rejected))?.status === 'REJECTED' ? true : undefined));
      const list = await request(t.url).get(templatesPath()).set(bearer(key)).expect(200);
      const names = list.body.data.map((x: { name: string }) => x.name);
      expect(names).toEqual(expect.arrayContaining([approved, rejected]));
      const one = await request(t.url).get(`${templatesPath()}?name=${approved}`).set(bearer(key)).expect(200);
      expect(one.body.data).toEqual([
        expect.objectContaining({
          name: approved,
          language: 'en_US',
          status: 'APPROVED',
          category: 'UTILITY',
          components: expect.any(Array),
          id: expect.any(String),
        }),
      ]);
      const bad = await request(t.url).get(`${templatesPath()}?name=${rejected}`).set(bearer(key)).expect(200);
      expect(bad.body.data[0]).toMatchObject({ status: 'REJECTED', rejected_reason: 'INCORRECT_CATEGORY' });
      const prefix = await request(t.url)
        .get(`${templatesPath()}?name=${approved.slice(0, 8)}`)
        .set(bearer(key))
        .expect(200);
      expect(prefix.body.data).toEqual([]);
      const upper = await request(t.url)
        .get(`${templatesPath()}?name=${approved.toUpperCase()}`)
        .set(bearer(key))
        .expect(200);
      expect(upper.body.data).toEqual([]);
    });

    it('reconciles with upstream: adds templates created elsewhere and removes deleted ones', async () => {
      const owner = await createTenant(t);
      const ownerKey = (await createOrgKey(t, owner)).key;
      const made = await create(utility('made_here'), owner, ownerKey).expect(200);
      // Created straight upstream (another tool), and one deleted upstream.
      const direct = await fetch(`${sandbox.url}/v23.0/${owner.wabaId}/message_templates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken(owner)}` },
        body: JSON.stringify(utility('made_elsewhere')),
      });
      expect(direct.status).toBe(200);
      await fetch(`${sandbox.url}/v23.0/${owner.wabaId}/message_templates?name=made_here`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await accessToken(owner)}` },
      });
      const result = await request(t.url)
        .post(`${templatesPath(owner)}/sync`)
        .set(bearer(ownerKey))
        .expect(200);
      expect(result.body).toMatchObject({ added: 1, removed: 1, total: 1 });
      const list = await request(t.url).get(templatesPath(owner)).set(bearer(ownerKey)).expect(200);
      expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['made_elsewhere']);
      expect(list.body.data[0].id).not.toBe(made.body.id);
    });
  });

  it('the periodic job reconciles every business account, one instance per account per period', async () => {
    const owner = await createTenant(t);
    const direct = await createOnlyUpstream(owner, 'made_by_another_tool');
    expect(direct.status).toBe(200);
    const job = t.get(TemplateSyncJob);
    await job.runOnce();
    expect(await catalogRow('made_by_another_tool', owner)).toMatchObject({ status: 'PENDING', tenant_id: owner.id });
    // Within the lease, another pass (another instance) leaves the account alone.
    await t.dataSource.query('DELETE FROM message_templates WHERE waba_id = $1', [owner.wabaId]);
    await job.runOnce();
    expect(await catalogRow('made_by_another_tool', owner)).toBeUndefined();
  });

  it("a sync gives a create awaiting Meta's answer its id when upstream lists it, and leaves other reservations alone", async () => {
    const owner = await createTenant(t);
    // Meta made it, and the gateway still waits for the answer of the create (its reservation).
    const direct = await createOnlyUpstream(owner, 'answer_in_flight');
    const made = (await direct.json()) as { id: string };
    const reserve = (name: string) =>
      t.dataSource.query(
        `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category, status)
         SELECT $1, id, waba_id, NULL, $2, 'en_US', 'UTILITY', 'PENDING' FROM business_accounts WHERE waba_id = $3`,
        [owner.id, name, owner.wabaId],
      );
    await reserve('answer_in_flight');
    await reserve('not_yet_upstream');
    await t.get(TemplatesService).sync({
      tenantId: owner.id,
      businessAccountId: (
        await t.dataSource.query('SELECT id FROM business_accounts WHERE waba_id = $1', [owner.wabaId])
      )[0].id,
      wabaId: owner.wabaId,
    });
    const rows = await t.dataSource.query(
      'SELECT name, upstream_id FROM message_templates WHERE waba_id = $1 ORDER BY name',
      [owner.wabaId],
    );
    expect(rows).toEqual([
      { name: 'answer_in_flight', upstream_id: made.id },
      { name: 'not_yet_upstream', upstream_id: null },
    ]);
    // A reservation is not a template: the list does not show it.
    const ownerKey = (await createOrgKey(t, owner)).key;
    const listed = await request(t.url).get(templatesPath(owner)).set(bearer(ownerKey)).expect(200);
    expect(listed.body.data.map((x: { name: string }) => x.name)).toEqual(['answer_in_flight']);
  });

  /** A template created at Meta (the sandbox) directly, as another tool would, without the gateway. */
  async function createOnlyUpstream(owner: TestTenant, name: string): Promise<Response> {
    return fetch(`${sandbox.url}/v23.0/${owner.wabaId}/message_templates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken(owner)}` },
      body: JSON.stringify(utility(name)),
    });
  }

  async function accessToken(x: TestTenant): Promise<string> {
    const [row] = await t.dataSource.query('SELECT id FROM business_accounts WHERE waba_id = $1', [x.wabaId]);
    return t.get(TenancyService).accessToken(row.id);
  }

  describe('header media', () => {
    it('uploads a library asset for header_media_file_id and puts the handle in the first media HEADER', async () => {
      const asset = await request(t.url)
        .post('/v1/media_library')
        .set(bearer(key))
        .attach('file', PNG, { filename: 'banner.png', contentType: 'image/png' })
        .expect(201);
      const name = unique('banner_offer');
      await create({
        name,
        language: 'en_US',
        category: 'MARKETING',
        header_media_file_id: asset.body.id,
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Our new collection is here, {{1}}!', example: { body_text: [['Ana']] } },
        ],
      }).expect(200);
      const paths = sandbox.requests().map((r) => `${r.method} ${r.path}`);
      expect(paths[0]).toMatch(/^POST \/v23\.0\/\d+\/uploads$/);
      expect(paths[1]).toMatch(/^POST \/v23\.0\/upload:/);
      const [createCall] = upstreamCreates();
      const body = createCall.body as {
        components: Array<{ type: string; example?: { header_handle?: string[] } }>;
        header_media_file_id?: string;
      };
      expect(body.header_media_file_id).toBeUndefined();
      expect(body.components[0].example?.header_handle).toEqual([expect.any(String)]);
      expect(body.components[0].example!.header_handle![0].length).toBeGreaterThan(10);
      const row = await catalogRow(name);
      expect(row.components[0].example.header_handle).toEqual(body.components[0].example!.header_handle);
    });

    it('takes a handle from /template_media once, and refuses a /media id as a handle', async () => {
      const uploaded = await request(t.url)
        .post(`/v1/${tenant.wabaId}/template_media`)
        .set(bearer(key))
        .attach('file', PNG, { filename: 'h.png', contentType: 'image/png' })
        .expect(200);
      const handle = uploaded.body.header_handle;
      const withHandle = (name: string, h: string) => ({
        name,
        language: 'en_US',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'IMAGE', example: { header_handle: [h] } },
          { type: 'BODY', text: 'Your receipt is attached.' },
        ],
      });
      await create(withHandle(unique('receipt_a'), handle)).expect(200);
      sandbox.clearRequests();
      const reused = await create(withHandle(unique('receipt_b'), handle)).expect(400);
      expect(reused.body.error.error_data.details).toMatch(/one template/);
      const media = await request(t.url)
        .post(`/v1/${tenant.phoneNumberId}/media`)
        .set(bearer(key))
        .field('messaging_product', 'whatsapp')
        .field('type', 'image/png')
        .attach('file', PNG, { filename: 'm.png', contentType: 'image/png' })
        .expect(200);
      sandbox.clearRequests();
      const mediaId = await create(withHandle(unique('receipt_c'), media.body.id)).expect(400);
      expect(mediaId.body.error.error_data.details).toMatch(/media id/);
      expect(upstreamCreates()).toHaveLength(0);
    });
  });

  describe('send-time rules', () => {
    const RECIPIENT = '15551234567';
    const send = (template: Record<string, unknown>) =>
      request(t.url)
        .post(`/v1/${tenant.phoneNumberId}/messages`)
        .set(bearer(key))
        .send({ messaging_product: 'whatsapp', to: RECIPIENT, type: 'template', template });
    const body = (...params: unknown[]) => ({ type: 'body', parameters: params });
    const txt = (value: string, name?: string) => ({
      type: 'text',
      text: value,
      ...(name && { parameter_name: name }),
    });

    beforeAll(async () => {
      await createCatalogTemplate(t, tenant, {
        name: 'order_positional',
        language: 'en_US',
        components: [
          { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aGVhZGVy'] } },
          { type: 'BODY', text: 'Hi {{1}}, order {{2}} is ready.', example: { body_text: [['Ana', 'A-1']] } },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'URL', text: 'Help', url: 'https://example.com/help' },
              { type: 'QUICK_REPLY', text: 'Stop' },
              {
                type: 'URL',
                text: 'Track',
                url: 'https://example.com/track/{{1}}',
                example: ['https://example.com/track/A-1'],
              },
            ],
          },
        ],
      });
      await createCatalogTemplate(t, tenant, {
        name: 'welcome_named',
        language: 'en_US',
        parameterFormat: 'NAMED',
        components: [
          {
            type: 'BODY',
            text: 'Hello {{first_name}}, use {{code}}.',
            example: {
              body_text_named_params: [
                { param_name: 'first_name', example: 'A' },
                { param_name: 'code', example: 'B' },
              ],
            },
          },
        ],
      });
      await createCatalogTemplate(t, tenant, {
        name: 'login_code',
        language: 'en_US',
        category: 'AUTHENTICATION',
        components: [
          { type: 'BODY', text: '{{1}} is your verification code.', example: { body_text: [['123456']] } },
          { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
        ],
      });
      await createCatalogTemplate(
        t,
        tenant,
        { name: 'still_pending', language: 'en_US', components: [{ type: 'BODY', text: 'Soon.' }] },
        'PENDING',
      );
      await createCatalogTemplate(t, tenant, {
        name: 'promo_en',
        language: 'en_US',
        groupName: 'spring_promo',
        components: [{ type: 'BODY', text: 'Spring sale!' }],
      });
      await createCatalogTemplate(t, tenant, {
        name: 'promo_es',
        language: 'es',
        groupName: 'spring_promo',
        components: [{ type: 'BODY', text: '¡Rebajas!' }],
      });
    });

    const positional = (overrides: { components?: unknown[] } = {}) => ({
      name: 'order_positional',
      language: { code: 'en_US' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://example.com/p.png' } }] },
        body(txt('Ana'), txt('A-1')),
        { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'STOP_A1' }] },
        { type: 'button', sub_type: 'url', index: '2', parameters: [txt('A-1')] },
      ],
      ...overrides,
    });

    it('sends positional, media-header, quick-reply and dynamic-URL templates', async () => {
      const res = await send(positional()).expect(200);
      expect(res.body.messages[0].id).toMatch(/^wamid\./);
      expect(upstreamSends()).toHaveLength(1);
      expect(upstreamSends()[0].body).toMatchObject({ template: positional() });
    });

    it('sends named and authentication templates', async () => {
      await send({
        name: 'welcome_named',
        language: { code: 'en_US' },
        components: [body(txt('B', 'code'), txt('Ana', 'first_name'))],
      }).expect(200);
      await send({
        name: 'login_code',
        language: { code: 'en_US' },
        components: [body(txt('482913')), { type: 'button', sub_type: 'url', index: '0', parameters: [txt('482913')] }],
      }).expect(200);
      expect(upstreamSends()).toHaveLength(2);
    });

    it.each([
      ['a PENDING template', 132001, 404, { name: 'still_pending', language: { code: 'en_US' } }],
      ['an unknown template', 132001, 404, { name: 'nope', language: { code: 'en_US' } }],
      ['a known name in another language', 132001, 404, { ...positional(), language: { code: 'fr' } }],
      [
        'too few body parameters',
        132000,
        400,
        positional({
          components: [
            positional().components[0],
            body(txt('Ana')),
            positional().components[2],
            positional().components[3],
          ],
        }),
      ],
      [
        'parameter_name on a positional template',
        132012,
        400,
        positional({
          components: [
            positional().components[0],
            body(txt('Ana', 'name'), txt('A-1', 'order')),
            positional().components[2],
            positional().components[3],
          ],
        }),
      ],
      [
        'a named template sent positionally',
        132012,
        400,
        { name: 'welcome_named', language: { code: 'en_US' }, components: [body(txt('Ana'), txt('B'))] },
      ],
      [
        'a missing quick reply',
        132000,
        400,
        positional({
          components: [positional().components[0], positional().components[1], positional().components[3]],
        }),
      ],
      [
        'the static URL button included',
        100,
        400,
        positional({
          components: [
            ...positional().components,
            { type: 'button', sub_type: 'url', index: '0', parameters: [txt('x')] },
          ],
        }),
      ],
      [
        'a different code on the OTP button',
        100,
        400,
        {
          name: 'login_code',
          language: { code: 'en_US' },
          components: [
            body(txt('111111')),
            { type: 'button', sub_type: 'url', index: '0', parameters: [txt('222222')] },
          ],
        },
      ],
    ])('refuses %s with code %s and calls nothing', async (_label, code, status, template) => {
      const res = await send(template).expect(status);
      expect(res.body.error.code).toBe(code);
      expect(upstreamSends()).toHaveLength(0);
    });

    it('sends a smart template group as the APPROVED member of the requested language', async () => {
      await send({ group_name: 'spring_promo', language: { code: 'es' } }).expect(200);
      expect(upstreamSends()[0].body).toMatchObject({ template: { name: 'promo_es', language: { code: 'es' } } });
      expect((upstreamSends()[0].body as { template: Record<string, unknown> }).template.group_name).toBeUndefined();
      const none = await send({ group_name: 'spring_promo', language: { code: 'de' } }).expect(404);
      expect(none.body.error.code).toBe(132001);
      expect(upstreamSends()).toHaveLength(1);
    });
  });
});
