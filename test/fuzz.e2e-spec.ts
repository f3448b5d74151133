import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { opensStream } from './support/event-stream';
import {
  bearer,
  createAdminKey,
  createCatalogTemplate,
  createOrgKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/** A small seeded PRNG (mulberry32): the same seed makes the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

const FIELD_NAMES = [
  'messaging_product',
  'to',
  'type',
  'text',
  'body',
  'preview_url',
  'image',
  'link',
  'id',
  'caption',
  'template',
  'name',
  'language',
  'code',
  'components',
  'parameters',
  'sub_type',
  'index',
  'payload',
  'category',
  'parameter_format',
  'example',
  'body_text',
  'buttons',
  'url',
  'events',
  'phone_number_ids',
  'secret',
  'description',
  'status',
  'phone_numbers',
  'reason',
  'tags',
  'attributes',
  'context',
  'message_id',
  'interactive',
  'action',
  'recipient_type',
  'webhook_configuration',
  'override_callback_uri',
  'verify_token',
  'field',
  'access_token',
  '__proto__',
  'constructor',
  'toString',
];
const STRINGS = [
  '',
  ' ',
  'whatsapp',
  'text',
  'template',
  '15551234567',
  '+1 (555) 123-4567',
  'en_US',
  'APPROVED',
  'null',
  '0',
  '-1',
  '1e308',
  '{{1}}',
  'Olá 👋 こんにちは',
  '\u0000',
  '\ud800',
  '<script>alert(1)</script>',
  "'; DROP TABLE messages; --",
  '../../etc/passwd',
  '%00',
  'http://127.0.0.1:9/x',
  'https://localhost/x',
  'not a url',
  'svc_live_' + 'x'.repeat(40),
  'a'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
];
/** Text of any generated value (objects may carry a `toString` key that is not a function). */
const textOf = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));
const NUMBERS = [0, -1, 1, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 0.5, 123456789012345];

describe('fuzzing every GET and POST route', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let orgKey: string;
  let adminKey: string;
  let templateId: string;
  let mediaId: string;
  let routes: Array<{ method: 'get' | 'post'; path: string }>;
  let paths: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Fuzz A');
    b = await createTenant(t, 'Fuzz B');
    orgKey = (await createOrgKey(t, a, { rateLimitPerSecond: 100_000 })).key;
    adminKey = (await createAdminKey(t, [a, b], { rateLimitPerSecond: 100_000 })).key;
    templateId = await createCatalogTemplate(t, a, {
      name: 'fuzz_order',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Order {{1}}', example: { body_text: [['1']] } }],
    });
    const sandbox = t.sandbox;
    mediaId = (
      await sandbox.simulateInbound({ phone_number_id: a.phoneNumberId, from: '15550009876', type: 'image' } as never)
    ).media_id!;
    const doc = (await request(t.url).get('/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    paths = doc.paths;
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      (['get', 'post'] as const)
        .filter((method) => operations[method] && !path.startsWith('/health') && !opensStream(operations[method]))
        .map((method) => ({ method, path })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(35);
  });
  afterAll(() => t.close());

  function fill(path: string, rnd: ReturnType<typeof prng>): string {
    return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const junk = rnd.pick([
        'abc',
        '0',
        '-1',
        '99999999999999999999999999999999999',
        '%2e%2e',
        'x'.repeat(300),
        '%F0%9F%91%8B',
        randomUUID(),
        '123456789012',
      ]);
      if (rnd.chance(0.2)) return junk;
      switch (name) {
        case 'phoneNumberId':
          return rnd.pick([a.phoneNumberId, a.phoneNumberId, a.otherPhoneNumberId, b.phoneNumberId]);
        case 'wabaId':
          return rnd.pick([a.wabaId, a.wabaId, b.wabaId]);
        case 'nodeId':
          return rnd.pick([a.phoneNumberId, templateId, mediaId, b.phoneNumberId]);
        case 'mediaId':
          return mediaId;
        case 'phoneNumber':
          return rnd.pick(['15551234567', '+15551234567', 'abc']);
        default:
          return randomUUID();
      }
    });
  }

  function value(rnd: ReturnType<typeof prng>, depth: number): unknown {
    const roll = rnd.int(depth > 3 ? 6 : 9);
    switch (roll) {
      case 0:
      case 1:
        return rnd.pick(STRINGS);
      case 2:
        return rnd.pick(NUMBERS);
      case 3:
        return rnd.chance(0.5);
      case 4:
        return null;
      case 5:
        return rnd.pick(STRINGS) + rnd.int(1000);
      case 6:
      case 7:
        return Object.fromEntries(
          Array.from({ length: rnd.int(5) }, () => [rnd.pick(FIELD_NAMES), value(rnd, depth + 1)]),
        );
      default:
        return Array.from({ length: rnd.int(5) }, () => value(rnd, depth + 1));
    }
  }

  /** A plausible body for the route, then mutated: the fuzzer reaches validation, not only the parser. */
  function body(path: string, rnd: ReturnType<typeof prng>): unknown {
    const bases: Array<[RegExp, Record<string, unknown>]> = [
      [/\/messages$/, { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: 'hi' } }],
      [
        /message_templates$/,
        {
          name: 'fuzz_new',
          language: 'en_US',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Hi {{1}}', example: { body_text: [['x']] } }],
        },
      ],
      [/\/webhooks$/, { url: 'http://127.0.0.1:9/hook', events: ['messages'] }],
      [/subscribed_apps$/, { override_callback_uri: 'http://127.0.0.1:9/hook', verify_token: 'x' }],
      [/blacklist$/, { phone_numbers: ['15551234567'], reason: 'fuzz' }],
      [/contacts$/, { contacts: [{ phone_number: '15551234567', tags: ['a'] }] }],
    ];
    const base = bases.find(([pattern]) => pattern.test(path))?.[1] ?? (value(rnd, 0) as Record<string, unknown>);
    if (!base || typeof base !== 'object' || rnd.chance(0.25)) return value(rnd, 0);
    const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    for (let i = rnd.int(4); i > 0; i--) {
      const keys = Object.keys(copy);
      const mutation = rnd.int(3);
      if (mutation === 0 && keys.length) delete copy[rnd.pick(keys)];
      else if (mutation === 1 && keys.length) copy[rnd.pick(keys)] = value(rnd, 1);
      else copy[rnd.pick(FIELD_NAMES)] = value(rnd, 1);
    }
    return copy;
  }

  function query(rnd: ReturnType<typeof prng>): string {
    const names = [
      'limit',
      'after',
      'since',
      'until',
      'status',
      'fields',
      'name',
      'filter_blacklist',
      'recipient',
      'language',
      'category',
      'hsm_id',
      'a[b][c][d][e][f]',
      'x',
    ];
    const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
    const parts = Array.from(
      { length: rnd.int(4) },
      () => `${encode(rnd.pick(names))}=${encode(textOf(value(rnd, 3)))}`,
    );
    // Malformed percent-escapes and bytes that are not UTF-8, as raw query text.
    if (rnd.chance(0.05)) parts.push(rnd.pick(['limit=%ZZ', 'name=%E0%A4%A', 'after=%C3%28', 'fields=%', 'x=%00']));
    if (rnd.chance(0.05)) parts.push(...Array.from({ length: 200 }, (_, i) => `limit=${i}`));
    return parts.length ? `?${parts.join('&')}` : '';
  }

  /** Graph's error body (or the spec's in-flight conflict body). */
  function isGraphError(payload: unknown): boolean {
    const body = payload as { error?: unknown };
    if (body?.error === 'idempotency_in_flight') return true;
    const error = body?.error as Record<string, unknown> | undefined;
    return (
      !!error &&
      typeof error.message === 'string' &&
      (error.type === 'OAuthException' || error.type === 'GraphMethodException') &&
      typeof error.code === 'number' &&
      typeof error.fbtrace_id === 'string'
    );
  }

  it("answers what Node's HTTP parser refuses (headers past its limit) with a Graph error too", async () => {
    const res = await request(t.url)
      .get(`/v1/tenants?x=${'a'.repeat(20_000)}`)
      .set(bearer(orgKey));
    expect({ status: res.status, code: res.body?.error?.code, type: res.body?.error?.type }).toEqual({
      status: 431,
      code: 100,
      type: 'GraphMethodException',
    });
    expect(res.body.error.fbtrace_id).toEqual(expect.any(String));
  });

  it('answers a 5,000-level nested body with 400 code 100 on every POST route', async () => {
    const deep = ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)];
    const posts = routes.filter((route) => route.method === 'post');
    for (const route of posts) {
      for (const raw of deep) {
        const path = fill(route.path, prng(1)).replace(/\{\w+\}/g, 'x');
        const res = await request(t.url)
          .post(path)
          .set(bearer(orgKey))
          .set('Content-Type', 'application/json')
          .send(raw);
        expect({ route: route.path, status: res.status, code: res.body?.error?.code }).toEqual({
          route: route.path,
          status: 400,
          code: 100,
        });
        expect(res.body.error.error_data.details).toMatch(/nested deeper than 64 levels/);
      }
    }
  });

  it('answers a path id holding NUL or an unpaired surrogate as it answers an id that does not exist, on every route', async () => {
    // Each path parameter in turn holds the probe; the others hold the tenant's own ids.
    const own: Record<string, string> = {
      phoneNumberId: a.phoneNumberId,
      wabaId: a.wabaId,
      nodeId: a.phoneNumberId,
      mediaId,
      phoneNumber: '15551234567',
    };
    const probes = ['%00', 'wamid.%00', 'x%00y', '%ED%A0%80', 'a%ED%B0%80b'];
    const mismatches: string[] = [];
    let tried = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const method of (['get', 'post', 'delete', 'put', 'patch'] as const).filter((m) => operations[m])) {
        for (const [, param] of path.matchAll(/\{(\w+)\}/g)) {
          const at = (value: string) =>
            path.replace(/\{(\w+)\}/g, (_match, name: string) =>
              name === param ? value : (own[name] ?? randomUUID()),
            );
          const answer = async (value: string) => {
            const res = await request(t.url)[method](at(value)).set(bearer(orgKey)).send({});
            return { status: res.status, code: (res.body as { error?: { code?: number } })?.error?.code };
          };
          const missing = await answer('missing');
          for (const probe of probes) {
            tried++;
            const got = await answer(probe);
            if (got.status >= 500 || got.status !== missing.status || got.code !== missing.code)
              mismatches.push(
                `${method.toUpperCase()} ${at(probe)}: ${JSON.stringify(got)}, missing id ${JSON.stringify(missing)}`,
              );
          }
        }
      }
    }
    console.log(
      `path ids holding NUL or an unpaired surrogate: ${tried} probes, ${mismatches.length} unlike a missing id`,
    );
    expect(tried).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('never answers 5xx, and every error is Graph-shaped, over 3,000 seeded requests', async () => {
    const rnd = prng(20261122);
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    const total = 3000;
    let sent = 0;
    const worker = async () => {
      while (sent < total) {
        sent++;
        const route = rnd.pick(routes);
        const path = fill(route.path, rnd) + query(rnd);
        let req = route.method === 'get' ? request(t.url).get(path) : request(t.url).post(path);
        const auth = rnd.int(10);
        if (auth < 6) req = req.set(bearer(orgKey));
        else if (auth < 8) {
          req = req.set(bearer(adminKey));
          if (rnd.chance(0.7)) req = req.set('X-Svc-Tenant-Id', rnd.pick([a.id, b.id, randomUUID(), 'junk', '']));
        } else if (auth === 8)
          req = req.set(
            'Authorization',
            rnd.pick([
              'Bearer',
              'Basic abc',
              'Bearer svc_live_short',
              `Bearer ${orgKey}x`,
              'Bearer ' + 'x'.repeat(10_000),
            ]),
          );
        if (rnd.chance(0.15))
          req = req.set('Idempotency-Key', rnd.pick(['k', 'x'.repeat(300), 'ÿé latin-1', String(rnd.int(5))]));
        if (rnd.chance(0.05))
          req = req
            .set('X-Svc-Timestamp', textOf(value(rnd, 3)).replace(/[^\x20-\x7e]/g, '?'))
            .set('X-Svc-Signature', 'v1=00');
        let res: request.Response;
        if (route.method === 'post') {
          const kind = rnd.int(10);
          if (kind < 7)
            res = await req.set('Content-Type', 'application/json').send(JSON.stringify(body(route.path, rnd)));
          else if (kind === 7)
            res = await req
              .set('Content-Type', 'application/json')
              .send(rnd.pick(['{', '{"a":', 'null', '[]', '"x"', '\u0000', '{"a":1}}']));
          else if (kind === 8)
            res = await req.type('form').send(`a[b][c][d][e][f][g]=1&${'x[]=1&'.repeat(50)}messaging_product=whatsapp`);
          else
            res = await req
              .set('Content-Type', 'multipart/form-data; boundary=zzz')
              .send('--zzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--zz');
        } else {
          res = await req;
        }
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 500)
          failures.push(`${res.status} ${route.method.toUpperCase()} ${path}: ${res.text.slice(0, 200)}`);
        else if (res.status >= 400 && !isGraphError(res.body))
          failures.push(
            `not Graph-shaped ${res.status} ${route.method.toUpperCase()} ${path}: ${res.text.slice(0, 200)}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const errors = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 400)
      .reduce((sum, [, n]) => sum + n, 0);
    // The figures, for the record: requests, answers by status, errors, 5xx.
    console.log(
      `fuzz: ${total} requests over ${routes.length} routes; statuses ${JSON.stringify(statuses)}; ${errors} errors, all Graph-shaped: ${failures.length === 0}`,
    );
    expect(failures).toEqual([]);
    expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
  }, 120_000);
});
