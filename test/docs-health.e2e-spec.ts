import request from 'supertest';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/** The public, key-less surface: the API explorer, its OpenAPI document, and the health checks. */
describe('docs and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
  });
  afterAll(() => t.close());

  describe('GET /docs', () => {
    it('serves the API explorer as HTML without a key', async () => {
      const res = await request(t.url).get('/docs').redirects(2).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toMatch(/<html/i);
      expect(res.text).toMatch(/swagger-ui/i);
    });
  });

  describe('GET /docs-json', () => {
    let doc: {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<
        string,
        Record<
          string,
          {
            security?: Array<Record<string, string[]>>;
            summary?: string;
            description?: string;
            responses: Record<string, unknown>;
            parameters?: Array<{ name: string; in: string; required?: boolean }>;
          }
        >
      >;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };

    beforeAll(async () => {
      const res = await request(t.url).get('/docs-json').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      doc = res.body;
    });

    it('is an OpenAPI 3.x document', () => {
      expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
      expect(doc.info).toMatchObject({ title: expect.any(String), version: '1' });
    });

    it('declares the bearer API-key security scheme "api-key"', () => {
      expect(doc.components.securitySchemes['api-key']).toMatchObject({ type: 'http', scheme: 'bearer' });
    });

    it('lists GET /v1/tenants, secured by the API key, with its 200, 401, 403 and 429 responses', () => {
      const operation = doc.paths['/v1/tenants']?.get;
      expect(operation).toBeDefined();
      expect(operation.security).toEqual(expect.arrayContaining([{ 'api-key': [] }]));
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
      expect(operation.responses['401']).toMatchObject({ description: expect.stringMatching(/code 190/) });
      expect(operation.responses['403']).toMatchObject({ description: expect.stringMatching(/code 200/) });
      expect(operation.responses['429']).toMatchObject({ description: expect.stringMatching(/code 4/) });
      expect(operation.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'X-Svc-Tenant-Id', in: 'header', required: false })]),
      );
    });

    it.each([
      ['post', '/v1/{phoneNumberId}/messages', 'messages:send'],
      ['get', '/v1/{phoneNumberId}/messages', 'messages:read'],
      ['get', '/v1/{phoneNumberId}/messages/{messageId}', 'messages:read'],
      ['post', '/v1/{wabaId}/message_templates', 'templates:write'],
      ['get', '/v1/{wabaId}/message_templates', 'templates:read'],
      ['post', '/v1/{wabaId}/message_templates/sync', 'templates:write'],
      ['post', '/v1/{phoneNumberId}/media', 'media:write'],
      ['post', '/v1/{wabaId}/template_media', 'templates:write'],
      ['post', '/v1/media_library', 'media:write'],
      ['get', '/v1/media_library/{assetId}/content', 'media:read'],
      ['get', '/v1/blacklist', 'blacklist:read'],
      ['delete', '/v1/blacklist/{phoneNumber}', 'blacklist:write'],
      ['post', '/v1/contacts', 'contacts:write'],
      ['get', '/v1/contacts/{phoneNumber}', 'contacts:read'],
      ['post', '/v1/webhooks', 'webhooks:write'],
      ['get', '/v1/webhooks/{id}/deliveries', 'webhooks:read'],
      ['post', '/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver', 'webhooks:write'],
      ['post', '/v1/{wabaId}/subscribed_apps', 'webhooks:write'],
      ['get', '/v1/{wabaId}/phone_numbers', 'business:read'],
      ['post', '/v1/{phoneNumberId}/whatsapp_business_profile', 'business:write'],
      ['delete', '/v1/{wabaId}/message_templates', 'templates:write'],
      ['get', '/v1/media/{mediaId}/download', 'media:read'],
      ['post', '/v1/organizations', 'tenants:write'],
      ['get', '/v1/organizations/{organizationId}/phone_numbers', 'tenants:read'],
      ['delete', '/v1/organizations/{organizationId}/business_accounts/{accountId}', 'tenants:write'],
      ['post', '/v1/keys', 'keys:write'],
      ['get', '/v1/keys/{id}', 'keys:read'],
      ['post', '/v1/keys/{id}/rotate', 'keys:write'],
    ])('documents %s %s with its scope %s, the bearer scheme and the auth errors', (method, path, scope) => {
      const operation = doc.paths[path]?.[method];
      expect(operation).toEqual(
        expect.objectContaining({
          security: expect.arrayContaining([{ 'api-key': [] }]),
          'x-required-scopes': [scope],
        }),
      );
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    });

    it("names a request example for every message type on the send route: Meta's 50 official examples, text first", () => {
      const body = (
        doc.paths['/v1/{phoneNumberId}/messages'].post as unknown as {
          requestBody: {
            content: Record<string, { examples: Record<string, { summary: string; value: Record<string, unknown> }> }>;
          };
        }
      ).requestBody.content['application/json'];
      const examples = body.examples;
      expect(Object.keys(examples)).toHaveLength(50);
      expect(Object.keys(examples)[0]).toBe('text-message');
      expect(examples['text-message'].value).toMatchObject({
        messaging_product: 'whatsapp',
        type: 'text',
        text: { body: expect.any(String) },
      });
      const types = new Set(Object.values(examples).map((e) => e.summary.split(':')[0]));
      for (const type of [
        'text',
        'image',
        'audio',
        'video',
        'document',
        'sticker',
        'location',
        'contacts',
        'interactive',
        'template',
        'reaction',
        'mark as read',
      ]) {
        expect(types).toContain(type);
      }
    });

    it('documents error responses with real Graph bodies', () => {
      type Responses = Record<
        string,
        { content?: Record<string, { examples?: Record<string, { value: { error: Record<string, unknown> } }> }> }
      >;
      const send = doc.paths['/v1/{phoneNumberId}/messages'].post.responses as unknown as Responses;
      const examplesOf = (status: string) => send[status].content!['application/json'].examples!;
      expect(examplesOf('401').invalid_token.value).toEqual({
        error: {
          message: 'Invalid OAuth access token.',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: expect.any(String),
        },
      });
      expect(examplesOf('422').recipient_blacklisted.value.error).toMatchObject({
        code: 131000,
        error_data: { reason: 'recipient_blacklisted' },
      });
      expect(examplesOf('400').window_closed.value.error).toMatchObject({ code: 131026, type: 'GraphMethodException' });
      expect(examplesOf('429').rate_limited.value.error).toMatchObject({ code: 4, type: 'OAuthException' });
      // Every documented error status of every Graph route carries an example body, whatever the
      // route's success content type (files too). The health checks answer Terminus's own body.
      const without: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths)) {
        if (path.startsWith('/health')) continue;
        for (const [method, operation] of Object.entries(operations)) {
          for (const [status, response] of Object.entries(operation.responses as unknown as Responses)) {
            const contents = Object.values(response.content ?? {}) as Array<{ examples?: object; example?: object }>;
            const documented = contents.length > 0 && contents.every((content) => content.examples || content.example);
            if (Number(status) >= 400 && !documented) without.push(`${method} ${path} ${status}`);
          }
        }
      }
      expect(without).toEqual([]);
    });

    it('declares every path parameter of every route, so Execute fills each one', () => {
      const missing: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
          for (const [method, operation] of Object.entries(operations)) {
            const declared = (operation.parameters ?? []).some(
              (parameter) => parameter.in === 'path' && parameter.name === name && parameter.required === true,
            );
            if (!declared) missing.push(`${method} ${path} {${name}}`);
          }
        }
      }
      expect(missing).toEqual([]);
      const list = doc.paths['/v1/{wabaId}/message_templates'].get.parameters!.find(
        (parameter) => parameter.name === 'wabaId',
      );
      expect(list).toMatchObject({ in: 'path', required: true });
    });

    it('says on every authenticated route which scopes it needs and which key kinds may call it, and its 403 example names its scope', () => {
      type Described = {
        description?: string;
        'x-required-scopes'?: string[];
        responses: Record<
          string,
          { content?: Record<string, { examples?: Record<string, { value: { error: { message: string } } }> }> }
        >;
      };
      const wrong: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, raw] of Object.entries(operations)) {
          const operation = raw as unknown as Described;
          const scopes = operation['x-required-scopes'];
          if (!scopes) continue;
          const shown = scopes.length
            ? scopes.map((scope) => `\`${scope}\``).join(' and ')
            : 'no scope (any valid key)';
          if (!operation.description?.includes(`**Scopes:** ${shown}. **Keys:** `))
            wrong.push(`${method} ${path}: description`);
          for (const [type, content] of Object.entries(operation.responses['403']?.content ?? {})) {
            const example = content.examples?.scope_missing;
            if (scopes.length && example?.value.error.message !== `(#200) The API key lacks the scope ${scopes[0]}`)
              wrong.push(`${method} ${path} ${type}: 403 example`);
            if (!scopes.length && example)
              wrong.push(`${method} ${path} ${type}: a scope example on a route without scopes`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(doc.paths['/v1/{wabaId}/message_templates'].get.description).toContain(
        '**Scopes:** `templates:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).',
      );
      expect(doc.paths['/v1/organizations'].post.description).toContain('**Keys:** platform (`svc_platform_…`).');
    });

    it('documents the upstream webhook endpoints as public', () => {
      expect(doc.paths['/webhooks/whatsapp']?.get?.security ?? []).toEqual([]);
      expect(doc.paths['/webhooks/whatsapp']?.post?.security ?? []).toEqual([]);
      expect(doc.paths['/webhooks/whatsapp'].post.summary).toMatch(/X-Hub-Signature-256/);
    });

    it('documents the health checks as public (no security requirement)', () => {
      expect(doc.paths['/health']?.get).toBeDefined();
      expect(doc.paths['/health/live']?.get).toBeDefined();
      expect(doc.paths['/health'].get.security ?? []).toEqual([]);
    });
  });

  describe('health', () => {
    it('GET /health → 200 with the database and Redis up, without a key', async () => {
      const res = await request(t.url).get('/health').expect(200);
      expect(res.body).toMatchObject({
        status: 'ok',
        info: { database: { status: 'up' }, redis: { status: 'up', store: 'redis' } },
        error: {},
      });
    });

    it('GET /health/live → 200 without a key', async () => {
      const res = await request(t.url).get('/health/live').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('a key is not required, and a bad one does not turn health into a 401', async () => {
      await request(t.url).get('/health').set('Authorization', 'Bearer svc_live_nope').expect(200);
      await request(t.url).get('/health/live').set('Authorization', 'Basic Zm9vOmJhcg==').expect(200);
    });
  });
});
