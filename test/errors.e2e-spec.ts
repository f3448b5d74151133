import { Controller, Get, Logger, Module, ServiceUnavailableException } from '@nestjs/common';
import request from 'supertest';
import { Authenticated, Public } from '../src/core/access.decorators';
import type { IssuedApiKey } from '../src/auth/api-keys.service';
import { TenancyService } from '../src/tenancy/tenancy.service';
import { bearer, createAdminKey, createOrgKey, createTenant, TestTenant } from './support/factories';
import { ProbeLog, ProbeModule } from './support/probe.module';
import { createTestApp, resetState, TestApp } from './support/test-app';

/** Spec section 7.1: every error, whatever raised it, is the Graph error body with a request id. */

/** Internal text that must never reach a client. */
const SECRET = 'password=hunter2 host=10.9.8.7 at /srv/gateway/src/secret-thing.ts:42';

/** Test-only routes that fail the way a bug or a broken dependency would. */
@Controller('test/errors')
class FailingController {
  @Get('throw')
  @Authenticated()
  throwError(): never {
    throw new Error(SECRET);
  }

  @Get('throw-http-503')
  @Authenticated()
  throwHttp(): never {
    throw new ServiceUnavailableException(SECRET);
  }

  @Get('throw-public')
  @Public()
  throwPublic(): never {
    throw new TypeError(SECRET);
  }

  @Get('throw-string')
  @Public()
  throwString(): never {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless library does: throw a bare string
    throw SECRET;
  }
}

@Module({ controllers: [FailingController] })
class FailingModule {}

const FIELDS = ['message', 'type', 'code', 'error_subcode', 'error_data', 'fbtrace_id'];
/** Stack frames, file paths, driver and parser text, and the planted secret. */
const LEAKS =
  /\bat \S+ \(|\.[jt]s:\d+|node_modules|\bError\b|SyntaxError|TypeError|QueryFailed|Unexpected token|JSON at position|stack|hunter2|10\.9\.8\.7|\/srv\//;

/** The 7.1 shape, exactly: no other field, the right types, fbtrace_id = the X-Request-Id sent back. */
function expectGraphError(
  res: request.Response,
  status: number,
  code: number,
  type: 'OAuthException' | 'GraphMethodException',
) {
  expect({ status: res.status, type: res.body?.error?.type, code: res.body?.error?.code }).toEqual({
    status,
    type,
    code,
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  const error = res.body.error;
  expect(Object.keys(error).filter((field) => !FIELDS.includes(field))).toEqual([]);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(Number.isInteger(error.code)).toBe(true);
  if ('error_subcode' in error) expect(Number.isInteger(error.error_subcode)).toBe(true);
  if ('error_data' in error) expect(error.error_data).toEqual(expect.any(Object));
  expect(typeof error.fbtrace_id).toBe('string');
  expect(error.fbtrace_id).toBe(res.headers['x-request-id']);
  expect(res.text).not.toMatch(LEAKS);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BODY_LIMIT = 1024 * 1024; // BODY_LIMIT=1mb

describe('errors (spec 7.1)', () => {
  let t: TestApp;
  let log: ProbeLog;
  let tenant: TestTenant;
  let key: IssuedApiKey;
  let readOnly: IssuedApiKey;
  let admin: IssuedApiKey;
  let logged: jest.SpyInstance;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule, FailingModule] });
    await resetState(t);
    log = t.get(ProbeLog);
    tenant = await createTenant(t);
    key = await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 });
    readOnly = await createOrgKey(t, tenant, { scopes: ['templates:read'] });
    admin = await createAdminKey(t, [tenant]);
  });
  beforeEach(() => {
    // Unexpected errors are logged for operators (with the request id); keep the test output quiet.
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());
  afterAll(() => t.close());

  const send = () => request(t.url).post(`/test/v1/${tenant.phoneNumberId}/messages`);
  const sendRaw = (body: string) => send().set(bearer(key)).set('Content-Type', 'application/json').send(body);

  /** One request for each way a request can fail, with what it must answer. */
  const failures: Array<[string, () => request.Test, number, number, 'OAuthException' | 'GraphMethodException']> = [
    ['no key', () => send().send({ to: '1' }), 401, 190, 'OAuthException'],
    ['missing scope', () => send().set(bearer(readOnly)).send({ to: '1' }), 403, 200, 'OAuthException'],
    [
      'admin key, no organization',
      () => request(t.url).post('/test/v1/org-resource').set(bearer(admin)).send({ to: '1' }),
      400,
      100,
      'GraphMethodException',
    ],
    ['unknown route', () => request(t.url).get('/no-such-route'), 404, 100, 'GraphMethodException'],
    ['malformed JSON', () => sendRaw('{"to": '), 400, 100, 'GraphMethodException'],
    ['oversized body', () => sendRaw(JSON.stringify({ to: 'x'.repeat(BODY_LIMIT) })), 413, 100, 'GraphMethodException'],
    ['validation failure', () => send().set(bearer(key)).send({ to: 5 }), 400, 100, 'GraphMethodException'],
    [
      'malformed path encoding',
      () => request(t.url).post('/test/v1/%E0%A4%A/messages').set(bearer(key)).send({ to: '1' }),
      400,
      100,
      'GraphMethodException',
    ],
    [
      'internal error',
      () => request(t.url).get('/test/errors/throw').set(bearer(key)),
      500,
      131000,
      'GraphMethodException',
    ],
  ];

  describe('request id and fbtrace_id', () => {
    it.each(failures)(
      '%s: fbtrace_id and the X-Request-Id response header echo the X-Request-Id sent',
      async (_name, call, status, code, type) => {
        const id = `trace-${Math.random().toString(36).slice(2)}.a:b_c`;
        const res = await call().set('X-Request-Id', id);
        expectGraphError(res, status, code, type);
        expect(res.headers['x-request-id']).toBe(id);
        expect(res.body.error.fbtrace_id).toBe(id);
      },
    );

    it.each(failures)(
      '%s: without X-Request-Id, one is generated, sent back and used as fbtrace_id',
      async (_name, call, status, code, type) => {
        const first = await call();
        const second = await call();
        expectGraphError(first, status, code, type);
        expect(first.headers['x-request-id']).toMatch(UUID);
        expect(first.body.error.fbtrace_id).toBe(first.headers['x-request-id']);
        expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      },
    );

    it('a successful response echoes X-Request-Id too', async () => {
      const res = await send().set(bearer(key)).set('X-Request-Id', 'ok-request-1').send({ to: '1' }).expect(201);
      expect(res.headers['x-request-id']).toBe('ok-request-1');
    });

    it('an X-Request-Id that is not a plain token (spaces, markup, over 128 characters) is replaced by a generated one', async () => {
      for (const given of ['has spaces in it', '<script>alert(1)</script>', 'x'.repeat(129), 'a"b']) {
        const res = await send().set('X-Request-Id', given).send({ to: '1' });
        expectGraphError(res, 401, 190, 'OAuthException');
        expect(res.headers['x-request-id']).toMatch(UUID);
      }
      const longest = 'y'.repeat(128);
      expect((await send().set('X-Request-Id', longest).send({ to: '1' })).body.error.fbtrace_id).toBe(longest);
    });
  });

  describe('unknown routes', () => {
    it.each([
      ['GET', '/no-such-route'],
      ['POST', '/v1/no/such/route'],
      ['DELETE', '/test/v1/org-resource'],
      ['GET', '/test/v1/org-resource'],
    ])('%s %s → 404 code 100 GraphMethodException, with or without a key', async (method, path) => {
      for (const auth of [{}, bearer(key), bearer('svc_live_' + 'z'.repeat(40))]) {
        const res = await request(t.url)
          [method.toLowerCase() as 'get' | 'post' | 'delete'](path)
          .set(auth)
          .set('X-Request-Id', 'nf-1');
        expectGraphError(res, 404, 100, 'GraphMethodException');
        expect(res.body.error).toEqual({
          message: `(#100) Cannot ${method} ${path}`,
          type: 'GraphMethodException',
          code: 100,
          fbtrace_id: 'nf-1',
        });
      }
    });
  });

  describe('request bodies', () => {
    it.each([['{"to": '], ['{to: "1"}'], ['"just a string"'], ['null'], ['{"to":"1"} trailing']])(
      'malformed JSON %j → 400 code 100, handler not run',
      async (body) => {
        const before = log.count();
        const res = await sendRaw(body).set('X-Request-Id', 'bad-json-1');
        expectGraphError(res, 400, 100, 'GraphMethodException');
        expect(res.body.error).toEqual({
          message: '(#100) Malformed JSON body',
          type: 'GraphMethodException',
          code: 100,
          error_data: { details: 'The request body could not be parsed as JSON' },
          fbtrace_id: 'bad-json-1',
        });
        expect(log.count()).toBe(before);
      },
    );

    it(`a body over BODY_LIMIT (${BODY_LIMIT} bytes) → 413 code 100; exactly the limit is accepted`, async () => {
      const exactly = JSON.stringify({ to: 'x'.repeat(BODY_LIMIT - '{"to":""}'.length) });
      expect(Buffer.byteLength(exactly)).toBe(BODY_LIMIT);
      const before = log.count('send');
      await sendRaw(exactly).expect(201);
      expect(log.count('send')).toBe(before + 1);

      const over = JSON.stringify({ to: 'x'.repeat(BODY_LIMIT + 1 - '{"to":""}'.length) });
      expect(Buffer.byteLength(over)).toBe(BODY_LIMIT + 1);
      const res = await sendRaw(over).set('X-Request-Id', 'too-big-1');
      expectGraphError(res, 413, 100, 'GraphMethodException');
      expect(res.body.error).toEqual({
        message: '(#100) Request body too large',
        type: 'GraphMethodException',
        code: 100,
        error_data: { details: 'The request body exceeds the size limit' },
        fbtrace_id: 'too-big-1',
      });
      expect(log.count('send')).toBe(before + 1);
    });

    it.each([
      ['missing to', {}, 'to: to should not be empty; to: to must be a string'],
      ['empty to', { to: '' }, 'to: to should not be empty'],
      ['to of the wrong type', { to: 15550001 }, 'to: to must be a string'],
      ['to an object', { to: { number: '1' } }, 'to: to must be a string'],
      ['note of the wrong type', { to: '1', note: 5 }, 'note: note must be a string'],
    ])(
      'validation: %s → 400 code 100 naming the field in error_data.details, handler not run',
      async (_name, body, details) => {
        const before = log.count();
        const res = await send().set(bearer(key)).set('X-Request-Id', 'invalid-1').send(body);
        expectGraphError(res, 400, 100, 'GraphMethodException');
        expect(res.body.error).toEqual({
          message: `(#100) Invalid parameter: ${details.split('; ')[0]}`,
          type: 'GraphMethodException',
          code: 100,
          error_data: { details },
          fbtrace_id: 'invalid-1',
        });
        expect(log.count()).toBe(before);
      },
    );

    it('fields the body does not declare are dropped, not passed to the handler', async () => {
      await sendRaw('{"to":"1","note":"n","isAdmin":true,"__proto__":{"polluted":true}}').expect(201);
      const body = log.calls.at(-1)!.body as Record<string, unknown>;
      expect(body).toEqual({ to: '1', note: 'n' });
      expect(body.isAdmin).toBeUndefined();
      expect(body.polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('unexpected errors → 500 code 131000, generic message, logged with the request id', () => {
    it.each([
      ['an Error thrown by a handler', '/test/errors/throw', true],
      ['an HTTP 503 exception carrying internal text', '/test/errors/throw-http-503', true],
      ['a TypeError on a public route', '/test/errors/throw-public', false],
      ['a thrown string', '/test/errors/throw-string', false],
    ])('%s', async (_name, path, needsKey) => {
      const res = await request(t.url)
        .get(path)
        .set(needsKey ? bearer(key) : {})
        .set('X-Request-Id', 'boom-1');
      expectGraphError(res, 500, 131000, 'GraphMethodException');
      expect(res.body).toEqual({
        error: {
          message: 'An unknown error occurred',
          type: 'GraphMethodException',
          code: 131000,
          fbtrace_id: 'boom-1',
        },
      });
    });

    it('the operator log line names the request id and the real cause', async () => {
      await request(t.url).get('/test/errors/throw').set(bearer(key)).set('X-Request-Id', 'boom-logged').expect(500);
      const lines = logged.mock.calls.map((args) => String(args[0]));
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/request_id=boom-logged.*hunter2/s)]));
    });

    it('a database failure while resolving the organization → the same generic 500, handler not run', async () => {
      const tenancy = t.get(TenancyService);
      const spy = jest
        .spyOn(tenancy, 'findPhoneNumber')
        .mockRejectedValueOnce(new Error(`QueryFailedError: connection refused ${SECRET}`));
      try {
        const before = log.count();
        // A phone number not in the lookup cache, so the lookup runs.
        const fresh = await createTenant(t);
        const res = await request(t.url)
          .post(`/test/v1/${fresh.phoneNumberId}/messages`)
          .set(bearer(key))
          .set('X-Request-Id', 'db-down-1')
          .send({ to: '1' });
        expect(spy).toHaveBeenCalled();
        expectGraphError(res, 500, 131000, 'GraphMethodException');
        expect(res.body.error.message).toBe('An unknown error occurred');
        expect(log.count()).toBe(before);
      } finally {
        spy.mockRestore();
      }
    });
  });
});
