import request from 'supertest';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * The forwarded families with state, end to end through the gateway and the sandbox: what a write
 * changes, a read shows; ids Meta creates for A are A's alone; Meta's answers come back as Meta
 * wrote them; the pass-through keeps the pipeline's guarantees (idempotency, the gateway key never
 * forwarded, the client's Graph version, upstream failures as 500 code 131000).
 */
describe('forwarded operations with state', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Families A');
    b = await createTenant(t, 'Families B');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t, b, { rateLimitPerSecond: 10_000 })).key;
  });
  afterAll(() => t.close());

  const asA = () => request(t.url);
  const numberState = async (id: string) =>
    (await (await fetch(`${t.sandbox.url}/_sandbox/phone_numbers/${id}`)).json()) as Record<string, unknown>;
  const upstreamCalls = (method: string, path: string) =>
    t.sandbox.requests().filter((entry) => entry.method === method && entry.path === path);

  it('registers, then deregisters a number', async () => {
    await asA()
      .post(`/v23.0/${a.phoneNumberId}/register`)
      .set(bearer(keyA))
      .send({ messaging_product: 'whatsapp', pin: '246810' })
      .expect(200, { success: true });
    expect(await numberState(a.phoneNumberId)).toMatchObject({ registered: true, two_step_pin_set: true });
    await asA().post(`/v23.0/${a.phoneNumberId}/deregister`).set(bearer(keyA)).expect(200, { success: true });
    expect(await numberState(a.phoneNumberId)).toMatchObject({ registered: false });
    expect(upstreamCalls('POST', `/v23.0/${a.phoneNumberId}/deregister`)).toHaveLength(1);
  });

  it('requests a code and verifies it; a wrong code gets Meta’s own error, as Meta wrote it', async () => {
    await asA()
      .post(`/v23.0/${a.phoneNumberId}/request_code`)
      .set(bearer(keyA))
      .send({ code_method: 'SMS', language: 'en_US' })
      .expect(200, { success: true });
    const { verification_code: code } = await numberState(a.phoneNumberId);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await asA()
      .post(`/v23.0/${a.phoneNumberId}/verify_code`)
      .set(bearer(keyA))
      .set('X-Request-Id', 'verify-wrong')
      .send({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 136025, type: 'OAuthException' });
    // Meta's bytes: its own fbtrace_id, not the gateway's request id.
    expect(wrong.body.error.fbtrace_id).not.toBe('verify-wrong');
    expect(wrong.headers['x-request-id']).toBe('verify-wrong');
    await asA()
      .post(`/v23.0/${a.phoneNumberId}/verify_code`)
      .set(bearer(keyA))
      .send({ code })
      .expect(200, { success: true, id: a.phoneNumberId });
    expect(await numberState(a.phoneNumberId)).toMatchObject({ verified: true });
  });

  it('sets two-step verification through POST /{phone-number-id}; a bad pin is Meta’s 400', async () => {
    const other = a.otherPhoneNumberId;
    expect(await numberState(other)).toMatchObject({ two_step_pin_set: false });
    const bad = await asA().post(`/v23.0/${other}`).set(bearer(keyA)).send({ pin: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 100, message: '(#100) Param pin must be a 6-digit number' });
    await asA().post(`/v23.0/${other}`).set(bearer(keyA)).send({ pin: '135790' }).expect(200, { success: true });
    expect(await numberState(other)).toMatchObject({ two_step_pin_set: true });
  });

  it('blocks and unblocks users; the list follows', async () => {
    const path = `/v23.0/${a.phoneNumberId}/block_users`;
    const users = {
      messaging_product: 'whatsapp',
      block_users: [{ user: '+1 650 555 1234' }, { user: '16505550000' }],
    };
    const added = await asA().post(path).set(bearer(keyA)).send(users).expect(200);
    expect(added.body.block_users.added_users.map((u: { wa_id: string }) => u.wa_id)).toEqual([
      '16505551234',
      '16505550000',
    ]);
    const listed = await asA().get(path).set(bearer(keyA)).expect(200);
    expect(listed.body.data.map((u: { wa_id: string }) => u.wa_id).sort()).toEqual(['16505550000', '16505551234']);
    await asA()
      .delete(path)
      .set(bearer(keyA))
      .send({ messaging_product: 'whatsapp', block_users: [{ user: '16505551234' }] })
      .expect(200);
    expect((await asA().get(path).set(bearer(keyA)).expect(200)).body.data).toEqual([
      { messaging_product: 'whatsapp', wa_id: '16505550000' },
    ]);
    // B cannot read A's list: A's number is no number of B's.
    t.sandbox.clearRequests();
    expectGraphError(await asA().get(path).set(bearer(keyB)), 401, 190);
    expect(t.sandbox.requests()).toEqual([]);
  });

  it('creates (multipart, as Meta documents), reads, updates, publishes and deletes flows, A’s alone', async () => {
    const created = await asA()
      .post(`/v23.0/${a.wabaId}/flows`)
      .set(bearer(keyA))
      .field('name', 'Sign up')
      .field('categories', '["SIGN_UP"]')
      .expect(200);
    const flowId = created.body.id as string;
    expect(flowId).toMatch(/^\d+$/);
    // The multipart body reached Meta as it was sent.
    const [upstream] = upstreamCalls('POST', `/v23.0/${a.wabaId}/flows`);
    expect(upstream.body).toMatchObject({ name: 'Sign up', categories: '["SIGN_UP"]' });
    expect((await asA().get(`/v23.0/${flowId}`).set(bearer(keyA)).expect(200)).body).toMatchObject({
      id: flowId,
      name: 'Sign up',
      categories: ['SIGN_UP'],
      status: 'DRAFT',
    });
    await asA().post(`/v23.0/${flowId}`).set(bearer(keyA)).send({ name: 'Sign up v2' }).expect(200, { success: true });
    await asA()
      .post(`/v23.0/${flowId}/assets`)
      .set(bearer(keyA))
      .field('name', 'flow.json')
      .field('asset_type', 'FLOW_JSON')
      .attach('file', Buffer.from('{"version":"7.0","screens":[]}'), {
        filename: 'flow.json',
        contentType: 'application/json',
      })
      .expect(200, { success: true, validation_errors: [] });
    const assets = await asA().get(`/v23.0/${flowId}/assets`).set(bearer(keyA)).expect(200);
    expect(assets.body.data).toEqual([expect.objectContaining({ name: 'flow.json', asset_type: 'FLOW_JSON' })]);
    await asA().post(`/v23.0/${flowId}/publish`).set(bearer(keyA)).expect(200, { success: true });
    expect((await asA().get(`/v23.0/${flowId}`).set(bearer(keyA))).body).toMatchObject({
      name: 'Sign up v2',
      status: 'PUBLISHED',
    });
    // Meta refuses deleting a published flow; its answer comes back unchanged.
    const refused = await asA().delete(`/v23.0/${flowId}`).set(bearer(keyA));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/cannot be deleted/);
    // B: every call on A's flow is a missing id, and nothing goes upstream.
    t.sandbox.clearRequests();
    for (const [method, path] of [
      ['get', `/v23.0/${flowId}`],
      ['post', `/v23.0/${flowId}/publish`],
      ['delete', `/v23.0/${flowId}`],
      ['get', `/v23.0/${flowId}/assets`],
    ] as const)
      expectGraphError(await asA()[method](path).set(bearer(keyB)), 401, 190);
    expect(t.sandbox.requests()).toEqual([]);
    // A draft is deleted, and forgotten: the next call on it is a missing id with no upstream call.
    const draft = (await asA().post(`/v23.0/${a.wabaId}/flows`).set(bearer(keyA)).send({ name: 'Draft' }).expect(200))
      .body.id;
    await asA().delete(`/v23.0/${draft}`).set(bearer(keyA)).expect(200, { success: true });
    t.sandbox.clearRequests();
    expectGraphError(await asA().get(`/v23.0/${draft}`).set(bearer(keyA)), 401, 190);
    expect(t.sandbox.requests()).toEqual([]);
  });

  it('learns flows it lists: a flow created at Meta directly is reachable once A lists them', async () => {
    const direct = await fetch(`${t.sandbox.url}/v23.0/${b.wabaId}/flows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Made elsewhere' }),
    });
    const flowId = ((await direct.json()) as { id: string }).id;
    expectGraphError(await asA().get(`/v23.0/${flowId}`).set(bearer(keyB)), 401, 190);
    const listed = await asA().get(`/v23.0/${b.wabaId}/flows`).set(bearer(keyB)).expect(200);
    expect(listed.body.data.map((flow: { id: string }) => flow.id)).toContain(flowId);
    await asA().get(`/v23.0/${flowId}`).set(bearer(keyB)).expect(200);
    expectGraphError(await asA().get(`/v23.0/${flowId}`).set(bearer(keyA)), 401, 190);
  });

  it('creates a group, finds it in the list and reads its invite link', async () => {
    const created = await asA()
      .post(`/v23.0/${a.phoneNumberId}/groups`)
      .set(bearer(keyA))
      .send({ messaging_product: 'whatsapp', subject: 'Car buyers', join_approval_mode: 'approval_required' })
      .expect(200);
    expect(created.body).toEqual({ messaging_product: 'whatsapp', request_id: expect.stringMatching(/^\d+$/) });
    const groups = (await asA().get(`/v23.0/${a.phoneNumberId}/groups`).set(bearer(keyA)).expect(200)).body.data.groups;
    const group = groups.find((g: { subject: string }) => g.subject === 'Car buyers');
    expect(group).toBeDefined();
    const link = await asA()
      .post(`/v23.0/${group.id}/invite_link`)
      .set(bearer(keyA))
      .send({ messaging_product: 'whatsapp' })
      .expect(200);
    expect(link.body.invite_link).toMatch(/^https:\/\/chat\.whatsapp\.com\/[\w-]{22}$/);
    const read = await asA()
      .get(`/v23.0/${group.id}`)
      .query({ fields: 'subject,invite_link' })
      .set(bearer(keyA))
      .expect(200);
    expect(read.body).toMatchObject({ subject: 'Car buyers', invite_link: link.body.invite_link });
    t.sandbox.clearRequests();
    expectGraphError(await asA().get(`/v23.0/${group.id}`).set(bearer(keyB)), 401, 190);
    expectGraphError(
      await asA().post(`/v23.0/${group.id}/invite_link`).set(bearer(keyB)).send({ messaging_product: 'whatsapp' }),
      401,
      190,
    );
    expect(t.sandbox.requests()).toEqual([]);
  });

  it('creates and deletes a QR code, under its own number only', async () => {
    const qr = await asA()
      .post(`/v23.0/${a.phoneNumberId}/message_qrdls`)
      .set(bearer(keyA))
      .send({ prefilled_message: 'Show me the deals', generate_qr_image: 'PNG' })
      .expect(200);
    const code = qr.body.code as string;
    expect(qr.body).toMatchObject({ deep_link_url: `https://wa.me/message/${code}`, qr_image_url: expect.any(String) });
    await asA().get(`/v23.0/${a.phoneNumberId}/message_qrdls/${code}`).set(bearer(keyA)).expect(200);
    // Another number of A's does not hold it; B's number even less.
    t.sandbox.clearRequests();
    expectGraphError(
      await asA().get(`/v23.0/${a.otherPhoneNumberId}/message_qrdls/${code}`).set(bearer(keyA)),
      401,
      190,
    );
    expectGraphError(await asA().delete(`/v23.0/${b.phoneNumberId}/message_qrdls/${code}`).set(bearer(keyB)), 401, 190);
    expect(t.sandbox.requests()).toEqual([]);
    await asA()
      .delete(`/v23.0/${a.phoneNumberId}/message_qrdls/${code}`)
      .set(bearer(keyA))
      .expect(200, { success: true });
    const list = await asA().get(`/v23.0/${a.phoneNumberId}/message_qrdls`).set(bearer(keyA)).expect(200);
    expect(list.body.data.map((entry: { code: string }) => entry.code)).not.toContain(code);
  });

  it('reads and changes the calling settings', async () => {
    const path = `/v23.0/${a.phoneNumberId}/settings`;
    await asA()
      .post(path)
      .set(bearer(keyA))
      .send({ calling: { status: 'disabled', call_icon_visibility: 'disable_all' } })
      .expect(200, { success: true });
    const settings = await asA().get(path).set(bearer(keyA)).expect(200);
    expect(settings.body.calling).toMatchObject({ status: 'disabled', call_icon_visibility: 'disable_all' });
    await asA()
      .post(path)
      .set(bearer(keyA))
      .send({ calling: { status: 'enabled' } })
      .expect(200);
    expect((await asA().get(path).set(bearer(keyA))).body.calling).toMatchObject({
      status: 'enabled',
      call_icon_visibility: 'disable_all',
    });
  });

  it('keeps the pipeline’s promises: idempotency, the client’s version, no key upstream, 131000', async () => {
    const path = `/v23.0/${a.phoneNumberId}/message_qrdls`;
    t.sandbox.clearRequests();
    const first = await asA()
      .post(path)
      .set(bearer(keyA))
      .set('Idempotency-Key', 'qr-once')
      .send({ prefilled_message: 'Once' });
    const again = await asA()
      .post(path)
      .set(bearer(keyA))
      .set('Idempotency-Key', 'qr-once')
      .send({ prefilled_message: 'Once' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(upstreamCalls('POST', `/v23.0/${a.phoneNumberId}/message_qrdls`)).toHaveLength(1);

    // The version the client names goes upstream; /v1 and no version use the gateway's.
    t.sandbox.clearRequests();
    await request(t.url).get(`/v19.0/${a.phoneNumberId}/block_users`).set(bearer(keyA)).expect(200);
    await request(t.url).get(`/v1/${a.phoneNumberId}/block_users`).set(bearer(keyA)).expect(200);
    await request(t.url).get(`/${a.phoneNumberId}/block_users`).set(bearer(keyA)).expect(200);
    expect(t.sandbox.requests().map((entry) => entry.path)).toEqual([
      `/v19.0/${a.phoneNumberId}/block_users`,
      `/v23.0/${a.phoneNumberId}/block_users`,
      `/v23.0/${a.phoneNumberId}/block_users`,
    ]);

    // The key as a query parameter or a form field never goes upstream; other parameters do.
    t.sandbox.clearRequests();
    await request(t.url)
      .get(`/v23.0/${a.phoneNumberId}/call_permissions`)
      .query({ access_token: keyA, user_wa_id: '15551234567' })
      .expect(200);
    await request(t.url)
      .post(`/v23.0/${a.wabaId}/assigned_users`)
      .type('form')
      .send({ access_token: keyA, user: '123', tasks: '["MANAGE"]' })
      .expect(200);
    const [permissions, assigned] = t.sandbox.requests();
    expect(permissions.query).toEqual({ user_wa_id: '15551234567' });
    expect(assigned.body).toEqual({ user: '123', tasks: '["MANAGE"]' });
    expect(JSON.stringify(t.sandbox.requests())).not.toContain(keyA);

    // Upstream failing: 500 code 131000, like every upstream call.
    t.sandbox.injectFault({ kind: 'http_500', count: 1, path: `/v23.0/${a.phoneNumberId}/settings` });
    expectGraphError(await asA().get(`/v23.0/${a.phoneNumberId}/settings`).set(bearer(keyA)), 500, 131000);
  });
});
