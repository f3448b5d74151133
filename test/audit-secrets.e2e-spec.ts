import { randomBytes, randomInt } from 'node:crypto';
import request from 'supertest';
import {
  bearer,
  createOrgKey,
  createPlatformKey,
  createTenant,
  registerAtUpstream,
  type TestTenant,
} from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const MANY = { rateLimitPerSecond: 10_000 };

/**
 * What the audit log keeps is what each audited route names (`x-gateway-audit` in /docs-json), never
 * a raw body. The secrets the API takes, as /docs-json tells them: every field it marks write-only
 * (sent, never answered: Meta's one-time code, a two-step PIN, tokens, secrets, passwords) or a
 * password, and any name that says it holds one, in a schema or in an example body.
 */
const SECRET_NAME = /token|secret|password|passphrase|credential|private_?key|api_?key/i;

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  writeOnly?: boolean;
  format?: string;
  example?: unknown;
};
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  parameters?: Array<{ name: string; in: string }>;
  'x-gateway-audit'?: { action: string; body: string[]; query: string[] };
}
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** Every dotted path under a schema (its properties, and the names in its example) that names a secret. */
function secretPaths(document: Document, schema: Schema | undefined, prefix = '', depth = 0): string[] {
  if (!schema || depth > 8) return [];
  if (schema.$ref)
    return secretPaths(document, document.components.schemas[schema.$ref.split('/').pop()!], prefix, depth + 1);
  const found: string[] = [];
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
    found.push(...secretPaths(document, part, prefix, depth + 1));
  if (schema.items) found.push(...secretPaths(document, schema.items, prefix, depth + 1));
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = prefix + name;
    if (SECRET_NAME.test(name) || property.writeOnly || property.format === 'password') found.push(path);
    else found.push(...secretPaths(document, property, `${path}.`, depth + 1));
  }
  found.push(...exampleSecretPaths(schema.example, prefix));
  return found;
}

function exampleSecretPaths(example: unknown, prefix: string): string[] {
  if (Array.isArray(example)) return example.flatMap((item) => exampleSecretPaths(item, prefix));
  if (!example || typeof example !== 'object') return [];
  return Object.entries(example).flatMap(([name, value]) =>
    SECRET_NAME.test(name) ? [prefix + name] : exampleSecretPaths(value, `${prefix}${name}.`),
  );
}

/** A value the test can find again: random, and long enough to appear nowhere by chance. */
const sentinel = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

describe('the audit log keeps no secret: every audited route names what it records', () => {
  let t: TestApp;
  let a: TestTenant;
  let keyA: string;
  let platform: string;
  let document: Document;
  /** Audited operations (`METHOD /path`) and the secret fields each takes. */
  const secretsTaken = new Map<string, string[]>();

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t);
    keyA = (await createOrgKey(t, a, MANY)).key;
    platform = (await createPlatformKey(t, MANY)).key;
    document = (await request(t.url).get('/docs-json').expect(200)).body as Document;
  });
  afterAll(() => t.close());

  it('/docs says what each audited route keeps, and no route keeps a secret it takes', () => {
    let audited = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const audit = operation['x-gateway-audit'];
        if (!audit) continue;
        audited++;
        const secrets = [
          ...new Set(
            Object.values(operation.requestBody?.content ?? {}).flatMap((media) => [
              ...secretPaths(document, media.schema),
              ...exampleSecretPaths(media.example, ''),
            ]),
          ),
        ];
        const querySecrets = (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && SECRET_NAME.test(p.name))
          .map((p) => p.name);
        // No kept field is a secret, nor holds one (a kept object whose member is a secret).
        for (const kept of audit.body)
          for (const secret of secrets) expect(`${method} ${path}: ${secret}`).not.toBe(`${method} ${path}: ${kept}`);
        for (const kept of audit.body) expect(secrets.filter((secret) => secret.startsWith(`${kept}.`))).toEqual([]);
        for (const kept of audit.query) expect(querySecrets).not.toContain(kept);
        if (secrets.length) secretsTaken.set(`${method.toUpperCase()} ${path}`, secrets.sort());
      }
    }
    expect(audited).toBeGreaterThanOrEqual(55);
    // Each route that takes a secret is driven below; a new one must be added there.
    expect(Object.fromEntries(secretsTaken)).toEqual({
      'POST /v1/organizations/{organizationId}/business_accounts': ['access_token'],
      'PATCH /v1/organizations/{organizationId}/business_accounts/{accountId}': ['access_token'],
      'POST /v1/webhooks': ['secret'],
      'POST /v1/webhooks/{id}/rotate_secret': ['secret'],
      'POST /v1/{wabaId}/subscribed_apps': ['secret', 'verify_token'],
      'POST /v1/embedded_signup': ['code', 'pin'],
      'POST /v1/automations/signing_secret': ['secret'],
      'POST /v1/{nodeId}': ['webhook_configuration.verify_token'],
    });
  });

  it('after each of those routes succeeds with secrets it can recognise, no partition and no answer holds one', async () => {
    const secrets: string[] = [];
    const remember = (value: string) => (secrets.push(value), value);
    const receiver = await new WebhookReceiver().start();
    try {
      // A business account onboarded by a platform key, then its token replaced.
      const org = await request(t.url).post('/v1/organizations').set(bearer(platform)).send({ name: 'Secrets Ltd' });
      expect(org.status).toBe(201);
      const wabaId = '17' + String(randomInt(1e12, 1e13));
      const firstToken = remember(sentinel('EAAG-first'));
      registerAtUpstream(t, { wabaId, accessToken: firstToken, phoneNumbers: [] });
      await request(t.url)
        .post(`/v1/organizations/${org.body.id}/business_accounts`)
        .set(bearer(platform))
        .send({ waba_id: wabaId, access_token: firstToken })
        .expect(201);
      const secondToken = remember(sentinel('EAAG-second'));
      registerAtUpstream(t, { wabaId, accessToken: secondToken, phoneNumbers: [] });
      await request(t.url)
        .patch(`/v1/organizations/${org.body.id}/business_accounts/${wabaId}`)
        .set(bearer(platform))
        .send({ access_token: secondToken, name: 'Renamed' })
        .expect(200);

      // A webhook endpoint with its own secret, then another.
      const endpoint = await request(t.url)
        .post('/v1/webhooks')
        .set(bearer(keyA))
        .send({ url: 'http://127.0.0.1:9/hook', events: ['messages'], secret: remember(sentinel('whsec-created')) })
        .expect(201);
      await request(t.url)
        .post(`/v1/webhooks/${endpoint.body.id as string}/rotate_secret`)
        .set(bearer(keyA))
        .send({ secret: remember(sentinel('whsec-rotated')), overlap_seconds: 60 })
        .expect(200);

      // The organization's own secret for its automation rules' calls (the answer shows it, once: no other answer may).
      const signing = remember(sentinel('whsec-automations'));
      const made = await request(t.url)
        .post('/v1/automations/signing_secret')
        .set(bearer(keyA))
        .send({ secret: signing })
        .expect(200);
      expect(made.body).toEqual({ signing_secret: signing });

      // Meta's own registration of an override, with its verify token and app secret.
      receiver.verifyToken = remember(sentinel('verify-app'));
      await request(t.url)
        .post(`/v1/${a.wabaId}/subscribed_apps`)
        .set(bearer(keyA))
        .send({
          override_callback_uri: receiver.url,
          verify_token: receiver.verifyToken,
          secret: remember(sentinel('app-secret')),
        })
        .expect(200);

      // A number's webhook override through Graph's POST /{id}, with its verify token.
      receiver.verifyToken = remember(sentinel('verify-number'));
      await request(t.url)
        .post(`/v1/${a.phoneNumberId}`)
        .set(bearer(keyA))
        .send({ webhook_configuration: { override_callback_uri: receiver.url, verify_token: receiver.verifyToken } })
        .expect(200);

      // Embedded Signup: Meta's one-time code and the two-step PIN the person typed.
      const flow = t.sandbox.finishEmbeddedSignup({ businessName: 'Secret Shop' });
      remember(flow.code);
      const pin = String(randomInt(100_000, 1_000_000));
      const signup = await request(t.url)
        .post('/v1/embedded_signup')
        .set(bearer(keyA))
        .send({ code: flow.code, waba_id: flow.waba_id, phone_number_id: flow.phone_number_id, pin });
      expect(signup.status).toBe(200);
      expect(signup.body.status).toBe('connected');

      // The gateway key itself, given as Graph's ?access_token= on an audited write.
      await request(t.url)
        .post(`/v1/blacklist?access_token=${encodeURIComponent(keyA)}`)
        .send({ phone_numbers: ['15550007777'], reason: 'asked' })
        .expect(200);
      remember(keyA);

      // Every partition of the log, each row whole.
      const partitions = await t.dataSource.query<Array<{ name: string }>>(
        `SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'audit_log'::regclass`,
      );
      expect(partitions.length).toBeGreaterThan(0);
      let rows = 0;
      for (const { name } of partitions) {
        const texts = await t.dataSource.query<Array<{ text: string }>>(`SELECT p::text AS text FROM ${name} p`);
        rows += texts.length;
        for (const { text } of texts) {
          for (const secret of secrets) expect(text).not.toContain(secret);
          expect(text).not.toMatch(new RegExp(`\\b${pin}\\b`));
        }
      }
      expect(rows).toBeGreaterThanOrEqual(8);

      // The answers: the organization's own reader and the platform's, every page.
      for (const [key, query] of [
        [keyA, ''],
        [platform, ''],
        [platform, `?organization_id=${org.body.id as string}`],
      ] as const) {
        let next: string | undefined = `/v1/audit_log${query}`;
        while (next) {
          const body = (await request(t.url).get(next).set(bearer(key)).expect(200)).body as {
            paging?: { next?: string };
          };
          const text = JSON.stringify(body);
          for (const secret of secrets) expect(text).not.toContain(secret);
          expect(text).not.toMatch(new RegExp(`\\b${pin}\\b`));
          const following = body.paging?.next ? new URL(body.paging.next) : undefined;
          next = following && following.pathname + following.search;
        }
      }

      // The entries still say who did what to which resource.
      const entries = await t.dataSource.query<
        Array<{ action: string; key_kind: string; target_id: string; changes: unknown }>
      >(`SELECT action, key_kind, target_id, changes FROM audit_log ORDER BY created_at, id`);
      const byAction = (action: string) => entries.filter((e) => e.action === action);
      expect(byAction('business_accounts.create')[0]).toMatchObject({
        key_kind: 'platform',
        changes: { body: { waba_id: wabaId } },
      });
      expect(byAction('business_accounts.update')[0]).toMatchObject({
        key_kind: 'platform',
        changes: { body: { name: 'Renamed' } },
      });
      expect(byAction('webhooks.rotate_secret')[0]).toMatchObject({
        target_id: endpoint.body.id,
        changes: { body: { overlap_seconds: 60 } },
      });
      expect(byAction('subscribed_apps.create')[0]).toMatchObject({
        changes: { body: { override_callback_uri: receiver.url } },
      });
      expect(byAction('embedded_signup.complete')[0]).toMatchObject({
        key_kind: 'org',
        changes: { body: { waba_id: flow.waba_id, phone_number_id: flow.phone_number_id } },
      });
      expect(byAction('automations.signing_secret')[0]).toMatchObject({ key_kind: 'org' });
      expect(byAction('blacklist.add')[0]).toMatchObject({
        changes: { body: { phone_numbers: ['15550007777'], reason: 'asked' } },
      });
    } finally {
      await receiver.stop();
    }
  });
});
