import request from 'supertest';
import type { CloudApiOperation } from '../libs/meta/cloud-api-description';
import { CLOUD_API_OPERATIONS } from '../libs/meta/cloud-api-operations';
import { LEFT_OUT, scopeOf, treatmentOf } from '../src/passthrough/cloud-api-routes';
import { bearer, createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { eventually } from './support/eventually';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * Meta's Cloud API description walked operation by operation: every tenant-scoped operation, called
 * with organization A's key on A's ids, is served (2xx from the sandbox, or a validation error that
 * names the parameter); with organization B's key on A's ids it answers exactly like an id that does
 * not exist, and nothing reaches the upstream.
 */
describe("the Cloud API a tenant owns, walked from Meta's description", () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;
  let templateId: string;
  const tenantScoped = CLOUD_API_OPERATIONS.filter((operation) => operation.scope === 'tenant');

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Walk A');
    b = await createTenant(t, 'Walk B');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t, b, { rateLimitPerSecond: 10_000 })).key;
    templateId = await createCatalogTemplate(t, a, {
      name: 'walk_order',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Order {{1}}', example: { body_text: [['1']] } }],
    });
  });
  afterAll(() => t.close());

  const call = (key: string, method: string, path: string, query: Record<string, string>, body?: Body) => {
    let test = request(t.url)
      [method.toLowerCase() as 'get' | 'post' | 'delete'](`/v23.0${path}`)
      .set(bearer(key))
      .query(query);
    if (body?.kind === 'multipart')
      for (const [name, value] of Object.entries(body.fields)) test = test.field(name, value);
    else if (body?.kind === 'form') test = test.type('form').send(body.fields);
    else if (body?.kind === 'json') test = test.send(body.json as object);
    return test;
  };

  /** A fresh object of `kind` of organization A, made through the gateway (so the gateway learns it). */
  async function fresh(kind: string): Promise<string> {
    const post = (path: string, json: object) => call(keyA, 'POST', path, {}, { kind: 'json', json }).expect(200);
    switch (kind) {
      case 'phone_number':
      case 'account_number':
        return a.phoneNumberId;
      case 'business_account':
        return a.wabaId;
      case 'template':
        return templateId;
      case 'flow':
        return (await post(`/${a.wabaId}/flows`, { name: `walk-${Date.now()}`, categories: ['OTHER'] })).body.id;
      case 'group': {
        await post(`/${a.phoneNumberId}/groups`, { messaging_product: 'whatsapp', subject: 'Walk' });
        const groups = (await call(keyA, 'GET', `/${a.phoneNumberId}/groups`, {}).expect(200)).body.data.groups;
        return groups[groups.length - 1].id;
      }
      case 'qr_code':
        return (await post(`/${a.phoneNumberId}/message_qrdls`, { prefilled_message: 'Walk' })).body.code;
      case 'message_history':
        return (await call(keyA, 'GET', `/${a.phoneNumberId}/message_history`, {}).expect(200)).body.data[0].id;
      case 'migration_intent':
        return (
          await post(`/${a.wabaId}/set_solution_migration_intent`, {
            solution_id: '1',
            migration_intent: 'INITIATE_MIGRATION',
          })
        ).body.migration_intent_id;
      case 'obo_mobility_intent':
        return (await post(`/${a.wabaId}/obo_mobility_intent`, { solution_id: '1', intent_type: 'INITIATE_TRANSFER' }))
          .body.mobility_intent_id;
      case 'media': {
        const { media_id: mediaId } = await t.sandbox.simulateInbound({
          phone_number_id: a.phoneNumberId,
          from: '15550001111',
          type: 'image',
        } as never);
        // Known to the gateway once its inbound webhook is stored.
        await eventually(async () => ((await call(keyA, 'GET', `/${mediaId}`, {})).status === 200 ? true : undefined));
        return mediaId!;
      }
      default:
        return `no-${kind}`;
    }
  }

  type Body = { kind: 'json'; json: unknown } | { kind: 'form' | 'multipart'; fields: Record<string, string> };

  /** The operation's path with A's ids, its required query, and Meta's example body (a send gets a valid text). */
  async function prepare(operation: CloudApiOperation) {
    const ids: string[] = [];
    let path = '';
    for (const segment of operation.segments) {
      if ('edge' in segment) path += `/${segment.edge}`;
      else {
        const id = await fresh(segment.kind);
        ids.push(id);
        path += `/${encodeURIComponent(id)}`;
      }
    }
    const query = Object.fromEntries(
      operation.requiredQuery.map((name) => [name, name === 'user_wa_id' ? '15551234567' : '1']),
    );
    // Steps Meta wants first: a code sent before it is verified, a flow published before it is deprecated.
    if (operation.operationId === 'deprecateFlow') await call(keyA, 'POST', `/${ids[0]}/publish`, {}).expect(200);
    let json = operation.body?.example as Record<string, unknown> | undefined;
    if (operation.operationId === 'verifyPhoneNumberCode') {
      await call(
        keyA,
        'POST',
        `/${a.phoneNumberId}/request_code`,
        {},
        { kind: 'json', json: { code_method: 'SMS', language: 'en_US' } },
      ).expect(200);
      const state = await (await fetch(`${t.sandbox.url}/_sandbox/phone_numbers/${a.phoneNumberId}`)).json();
      json = { code: (state as { verification_code: string }).verification_code };
    }
    if (operation.operationId === 'sendMessage' || operation.operationId === 'sendMarketingMessage')
      json = { ...json, to: '15550001111' };
    let body: Body | undefined;
    if (operation.method !== 'GET' && operation.body) {
      const contentType = operation.body.contentType;
      const fields = Object.fromEntries(
        Object.entries(json ?? {}).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      );
      body =
        contentType === 'multipart/form-data'
          ? { kind: 'multipart', fields }
          : contentType === 'application/x-www-form-urlencoded'
            ? { kind: 'form', fields }
            : { kind: 'json', json: json ?? {} };
    }
    return { path, query, body };
  }

  /** A validation error that names what is wrong: 400 code 100 with a parameter in its message or details. */
  const namesAParameter = (answer: request.Response) =>
    answer.status === 400 &&
    answer.body.error?.code === 100 &&
    (/\bparam(eter)? \w+/i.test(answer.body.error.message as string) ||
      /^[\w.[\]]+: /.test(String(answer.body.error.error_data?.details ?? '')));

  it('serves every forwarded operation for A, on A’s ids', async () => {
    const forwarded = tenantScoped.filter((operation) => treatmentOf(operation) === 'forwarded');
    expect(forwarded.length).toBeGreaterThanOrEqual(60);
    const notServed: string[] = [];
    let served = 0;
    for (const operation of forwarded) {
      const { path, query, body } = await prepare(operation);
      t.sandbox.clearRequests();
      const answer = await call(keyA, operation.method, path, query, body);
      const reached = t.sandbox.requests().some((entry) => entry.method === operation.method);
      if ((answer.status >= 200 && answer.status < 300 && reached) || namesAParameter(answer)) served++;
      else
        notServed.push(
          `${operation.method} ${operation.path} (${operation.operationId}): ${answer.status} ` +
            JSON.stringify(answer.body).slice(0, 200),
        );
    }
    expect(notServed).toEqual([]);
    expect(served).toBe(forwarded.length);
  }, 120_000);

  it('serves every native operation for A, on A’s ids, through the gateway’s own routes', async () => {
    // The recipient of Meta's examples wrote first (the 24-hour window is open).
    await t.sandbox.simulateInbound({
      phone_number_id: a.phoneNumberId,
      from: '15550001111',
      type: 'text',
      text: 'hi',
    } as never);
    await eventually(async () =>
      (
        await t.dataSource.query(
          'SELECT 1 FROM conversations WHERE last_inbound_at IS NOT NULL AND phone_number_id = $1',
          [a.phoneNumberId],
        )
      ).length
        ? true
        : undefined,
    );
    const native = tenantScoped.filter(
      (operation) => treatmentOf(operation) === 'native' && operation.path !== '/{Version}/{Media-URL}',
    );
    const notServed: string[] = [];
    for (const operation of native) {
      const { path, query, body } = await prepare(operation);
      const answer = await call(keyA, operation.method, path, query, body);
      if (process.env.WALK_DEBUG)
        console.log(operation.operationId, answer.status, JSON.stringify(answer.body).slice(0, 200));
      if (!((answer.status >= 200 && answer.status < 300) || namesAParameter(answer)))
        notServed.push(
          `${operation.method} ${operation.path} (${operation.operationId}): ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
        );
    }
    expect(notServed).toEqual([]);
  }, 60_000);

  it('answers B on A’s ids exactly like an id that does not exist, and calls nothing upstream', async () => {
    const different: string[] = [];
    for (const operation of tenantScoped) {
      // A download URL, not a Graph path (media.e2e-spec covers it).
      if (operation.path === '/{Version}/{Media-URL}') continue;
      const { path, query, body } = await prepare(operation);
      const missing = await call(keyB, operation.method, path.replace(/\/[^/]+/, '/999000111222333'), query, body);
      t.sandbox.clearRequests();
      const answer = await call(keyB, operation.method, path, query, body);
      const upstream = t.sandbox.requests();
      if (
        answer.status !== 401 ||
        answer.body.error?.code !== 190 ||
        answer.body.error.message !== missing.body.error?.message ||
        upstream.length
      )
        different.push(
          `${operation.method} ${operation.path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}; ` +
            `upstream ${upstream.length}`,
        );
      expect(missing.status).toBe(401);
    }
    expect(different).toEqual([]);
  }, 120_000);

  it('answers the operations it cannot check like a missing id, and says why in its table', async () => {
    for (const operation of tenantScoped.filter((candidate) => treatmentOf(candidate) === 'left_out')) {
      expect(LEFT_OUT[operation.operationId]).toMatch(/owner cannot be checked/);
      t.sandbox.clearRequests();
      const answer = await call(keyA, operation.method, '/1234567890123456', {});
      expect(answer.status).toBe(401);
      expect(t.sandbox.requests()).toEqual([]);
    }
  });

  it('refuses what is not a tenant’s (app, business portfolio, user and token operations) and says so', async () => {
    for (const path of [
      '/1234567890/connected_client_businesses',
      '/1234567890/owned_whatsapp_business_accounts',
      '/1234567890/access_token',
      '/1234567890/assigned_whatsapp_business_accounts',
    ]) {
      t.sandbox.clearRequests();
      const answer = await call(keyA, 'GET', path, {});
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
      expect(answer.body.error.message).toMatch(/not a tenant's operation/);
      expect(t.sandbox.requests()).toEqual([]);
    }
  });

  it('needs the family’s scope: 403 code 200 naming it, and nothing upstream', async () => {
    const flowsReader = (await createOrgKey(t, a, { scopes: ['flows:read'] })).key;
    t.sandbox.clearRequests();
    const refused = await call(flowsReader, 'POST', `/${a.wabaId}/flows`, {}, { kind: 'json', json: { name: 'no' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 200, message: '(#200) The API key lacks the scope flows:write' });
    expect(t.sandbox.requests()).toEqual([]);
    await call(flowsReader, 'GET', `/${a.wabaId}/flows`, {}).expect(200);
    const scopes = new Set(tenantScoped.filter((o) => treatmentOf(o) === 'forwarded').map(scopeOf));
    // A read and a write scope per family (history is read only); forwarded sends need messages:send.
    const families = ['account', 'blocking', 'calling', 'commerce', 'flows', 'groups', 'qr_codes'];
    expect([...scopes].sort()).toEqual(
      [...families.flatMap((family) => [`${family}:read`, `${family}:write`]), 'history:read', 'messages:send'].sort(),
    );
  });
});
