import request from 'supertest';
import { bearer, createOrgKey, createPlatformKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

type Json = any;

/** Numbers no query parameter may turn into a 500: past 64 bits, negative, past a double, a fraction. */
const BAD_NUMBERS = ['18446744073709551616', '-1', '1e400', '0.5'];

interface NumericQuery {
  method: string;
  path: string;
  parameter: string;
}

/**
 * Every numeric query parameter of every route the explorer documents (the gateway's own and the
 * forwarded ones), given numbers a careless parser lets through to SQL or to arithmetic: each answer
 * is an ordinary one or a 400 that names the parameter, never a 500.
 */
describe('numeric query parameters are bounded where they are parsed', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let orgKey: string;
  let platformKey: string;
  let numeric: NumericQuery[];

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t);
    orgKey = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    platformKey = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
    const document: Json = (await request(t.url).get('/docs-json').expect(200)).body;
    numeric = [];
    for (const [path, operations] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(operations)) {
        for (const parameter of operation.parameters ?? []) {
          const type = parameter.schema?.type;
          if (parameter.in === 'query' && (type === 'integer' || type === 'number'))
            numeric.push({ method, path, parameter: parameter.name });
        }
      }
    }
  });
  afterAll(() => t.close());

  /** The path with the tenant's own ids (and an unknown uuid for anything else: the query is checked first). */
  function concrete(path: string): string {
    return path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
      if (/phone/i.test(name)) return tenant.phoneNumberId;
      if (/waba|account/i.test(name)) return tenant.wabaId;
      if (/organization/i.test(name)) return tenant.id;
      return '00000000-0000-4000-8000-000000000000';
    });
  }

  const keyFor = (path: string) => (/^\/v1\/(organizations|keys|audit_log)\b/.test(path) ? platformKey : orgKey);

  async function call(query: NumericQuery, value: string): Promise<request.Response> {
    const url = `${concrete(query.path)}?${encodeURIComponent(query.parameter)}=${encodeURIComponent(value)}`;
    const method = query.method as 'get' | 'post' | 'delete' | 'patch';
    const req = request(t.url)
      [method](url)
      .set(bearer(keyFor(query.path)));
    return ['post', 'patch', 'put'].includes(method) ? req.send({}) : req;
  }

  it('finds the numeric query parameters in the explorer (the message list’s error_code among them)', () => {
    expect(numeric.length).toBeGreaterThan(5);
    expect(numeric).toContainEqual({ method: 'get', path: '/v1/{phoneNumberId}/messages', parameter: 'error_code' });
    expect(numeric).toContainEqual({ method: 'get', path: '/v1/message_statistics', parameter: 'hours' });
  });

  it('reaches the parameter: with an ordinary value each route of the gateway answers past its key and access checks', async () => {
    // Otherwise a 401 or 403 would answer before the query is read, and the next test would prove nothing.
    const refused: string[] = [];
    for (const query of numeric) {
      const res = await call(query, '1');
      if (res.status === 401 || res.status === 403) refused.push(`${query.method} ${query.path}: ${res.status}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers each of 2^64, -1, 1e400 and a fraction with an ordinary answer or a 400 naming the parameter', async () => {
    const failures: string[] = [];
    for (const query of numeric) {
      for (const value of BAD_NUMBERS) {
        const res = await call(query, value);
        const where = `${query.method.toUpperCase()} ${query.path} ?${query.parameter}=${value}: ${res.status}`;
        if (res.status >= 500) failures.push(`${where} ${JSON.stringify(res.body)}`);
        else if (res.status === 400 && res.body.error?.code === 100) {
          const said = `${res.body.error.message} ${JSON.stringify(res.body.error.error_data ?? {})}`;
          if (!said.includes(query.parameter)) failures.push(`${where} does not name it: ${said}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the message list refuses an error code past the range of a code (400 code 100 naming it), and takes a real one', async () => {
    const res = await request(t.url)
      .get(`/v1/${tenant.phoneNumberId}/messages?error_code=99999999999999999999`)
      .set(bearer(orgKey));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 100, error_data: { details: expect.stringContaining('error_code') } });
    await request(t.url).get(`/v1/${tenant.phoneNumberId}/messages?error_code=131026`).set(bearer(orgKey)).expect(200);
  });
});
