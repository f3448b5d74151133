import request from 'supertest';
import type { IssuedApiKey } from '../src/auth/api-keys.service';
import { BlacklistService } from '../src/blacklist/blacklist.service';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectInvalidParameter, expectScopeMissing } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * The per-organization blacklist (spec 1, 4.1 `filter_blacklist`): GET/POST /v1/blacklist,
 * DELETE /v1/blacklist/{phoneNumber}, and BlacklistService.isBlacklisted for the send path.
 */

/** Keys in this file make many calls: a high limit keeps the rate limiter (spec 8) out of the way. */
const MANY = { rateLimitPerSecond: 10_000 };

interface EntryRow {
  id: string;
  tenant_id: string;
  phone_number: string;
  reason: string | null;
  created_at: Date;
}

describe('blacklist', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: IssuedApiKey;
  let keyB: IssuedApiKey;
  let readOnlyA: IssuedApiKey;
  let writeOnlyA: IssuedApiKey;
  let adminAB: IssuedApiKey;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Blacklist A');
    b = await createTenant(t, 'Blacklist B');
    keyA = await createOrgKey(t, a, MANY);
    keyB = await createOrgKey(t, b, MANY);
    readOnlyA = await createOrgKey(t, a, { ...MANY, scopes: ['blacklist:read'] });
    writeOnlyA = await createOrgKey(t, a, { ...MANY, scopes: ['blacklist:write'] });
    adminAB = await createAdminKey(t, [a, b], MANY);
  });
  afterAll(() => t.close());
  beforeEach(() => t.dataSource.query('DELETE FROM blacklist_entries'));

  const list = (key: IssuedApiKey, query = '') => request(t.url).get(`/v1/blacklist${query}`).set(bearer(key));
  const add = (key: IssuedApiKey, body: unknown) =>
    request(t.url)
      .post('/v1/blacklist')
      .set(bearer(key))
      .send(body as object);
  const remove = (key: IssuedApiKey, phoneNumber: string) =>
    request(t.url)
      .delete(`/v1/blacklist/${encodeURIComponent(phoneNumber)}`)
      .set(bearer(key));
  const rows = (tenantId?: string): Promise<EntryRow[]> =>
    tenantId
      ? t.dataSource.query('SELECT * FROM blacklist_entries WHERE tenant_id = $1 ORDER BY created_at, id', [tenantId])
      : t.dataSource.query('SELECT * FROM blacklist_entries ORDER BY created_at, id');

  describe('POST /v1/blacklist', () => {
    it('adds numbers, normalized, in request order → 200 with the entries and counts', async () => {
      const res = await add(keyA, {
        phone_numbers: ['+1 (555) 123-4567', '44 7700 900123'],
        reason: 'Asked not to be contacted',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [
          {
            id: expect.any(String),
            phone_number: '15551234567',
            reason: 'Asked not to be contacted',
            source: 'api',
            opted_out_at: null,
            opt_out_message_id: null,
            created_at: expect.any(String),
          },
          {
            id: expect.any(String),
            phone_number: '447700900123',
            reason: 'Asked not to be contacted',
            source: 'api',
            opted_out_at: null,
            opt_out_message_id: null,
            created_at: expect.any(String),
          },
        ],
        added: 2,
        existing: 0,
      });
      const stored = await rows();
      expect(
        stored.map((r) => ({ id: r.id, tenant_id: r.tenant_id, phone_number: r.phone_number, reason: r.reason })),
      ).toEqual([
        { id: res.body.data[0].id, tenant_id: a.id, phone_number: '15551234567', reason: 'Asked not to be contacted' },
        { id: res.body.data[1].id, tenant_id: a.id, phone_number: '447700900123', reason: 'Asked not to be contacted' },
      ]);
      expect(res.body.data[0].created_at).toBe(stored[0].created_at.toISOString());
    });

    it('is idempotent: an existing number keeps its entry; a given reason replaces the stored one, an omitted one keeps it', async () => {
      const first = await add(keyA, { phone_numbers: ['15551234567', '15557654321'], reason: 'first' });
      expect(first.status).toBe(200);

      const again = await add(keyA, { phone_numbers: ['+1 555 123 4567', '15550000001'] });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({
        data: [
          { ...first.body.data[0], reason: 'first' },
          {
            id: expect.any(String),
            phone_number: '15550000001',
            reason: null,
            source: 'api',
            opted_out_at: null,
            opt_out_message_id: null,
            created_at: expect.any(String),
          },
        ],
        added: 1,
        existing: 1,
      });

      const renamed = await add(keyA, { phone_numbers: ['15557654321'], reason: 'second' });
      expect(renamed.body).toEqual({ data: [{ ...first.body.data[1], reason: 'second' }], added: 0, existing: 1 });

      expect((await rows(a.id)).map((r) => [r.phone_number, r.reason])).toEqual([
        ['15551234567', 'first'],
        ['15557654321', 'second'],
        ['15550000001', null],
      ]);
    });

    it('a number given twice in one request (in any notation) counts once', async () => {
      const res = await add(keyA, { phone_numbers: ['15551234567', '+1-555-123-4567', '1 555 123 4567'] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ data: [{ phone_number: '15551234567' }], added: 1, existing: 0 });
      expect(res.body.data).toHaveLength(1);
      expect(await rows()).toHaveLength(1);
    });

    it('accepts 1000 numbers in one request', async () => {
      const numbers = Array.from({ length: 1000 }, (_, i) => `1555${String(i).padStart(7, '0')}`);
      const res = await add(keyA, { phone_numbers: numbers });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ added: 1000, existing: 0 });
      expect(res.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual(numbers);
      expect(await rows(a.id)).toHaveLength(1000);
    });

    it('concurrent requests adding overlapping numbers in different orders all succeed, each number stored once', async () => {
      const numbers = Array.from({ length: 200 }, (_, i) => `1555${String(i).padStart(7, '0')}`);
      const orders = [
        numbers,
        [...numbers].reverse(),
        [...numbers.slice(100), ...numbers.slice(0, 100)],
        numbers.filter((_, i) => i % 2 === 0),
      ];
      const responses = await Promise.all(orders.map((phone_numbers) => add(keyA, { phone_numbers })));
      expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(responses.reduce((sum, res) => sum + res.body.added, 0)).toBe(200);
      responses.forEach((res, i) => expect(res.body.added + res.body.existing).toBe(orders[i].length));
      expect(await rows(a.id)).toHaveLength(200);
    });

    it.each([
      ['no body fields', {}, /^phone_numbers: /],
      ['phone_numbers not an array', { phone_numbers: '15551234567' }, /^phone_numbers: /],
      ['phone_numbers empty', { phone_numbers: [] }, /^phone_numbers: .*at least 1/],
      [
        '1001 numbers',
        { phone_numbers: Array.from({ length: 1001 }, (_, i) => `1555${String(i).padStart(7, '0')}`) },
        /^phone_numbers: .*no more than 1000/,
      ],
      ['a number that is not a string', { phone_numbers: ['15551234567', 15557654321] }, /^phone_numbers: .*string/],
      [
        'an invalid number',
        { phone_numbers: ['15551234567', '555-CALL-NOW'] },
        /^phone_numbers\.1: must be a phone number in E\.164 form/,
      ],
      ['a number too short', { phone_numbers: ['12345'] }, /^phone_numbers\.0: /],
      ['reason too long', { phone_numbers: ['15551234567'], reason: 'x'.repeat(501) }, /^reason: .*500/],
      ['reason empty', { phone_numbers: ['15551234567'], reason: '' }, /^reason: /],
      ['reason null', { phone_numbers: ['15551234567'], reason: null }, /^reason: /],
      ['reason not a string', { phone_numbers: ['15551234567'], reason: 42 }, /^reason: /],
    ])('%s → 400 code 100 naming the field, nothing written', async (_name, body, details) => {
      const res = await add(keyA, body);
      expectInvalidParameter(res, 400, details);
      expect(await rows()).toHaveLength(0);
    });
  });

  describe('GET /v1/blacklist', () => {
    it('lists the entries in the order they were added, with Graph-style paging', async () => {
      await add(keyA, { phone_numbers: ['15551234567'], reason: 'r1' });
      await add(keyA, { phone_numbers: ['15557654321'] });
      const res = await list(keyA);
      expect(res.status).toBe(200);
      const stored = await rows(a.id);
      expect(res.body).toEqual({
        data: stored.map((r) => ({
          id: r.id,
          phone_number: r.phone_number,
          reason: r.reason,
          source: 'api',
          opted_out_at: null,
          opt_out_message_id: null,
          created_at: r.created_at.toISOString(),
        })),
        paging: { cursors: { before: expect.any(String), after: expect.any(String) } },
      });
      expect(res.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual([
        '15551234567',
        '15557654321',
      ]);
    });

    it('an empty blacklist is an empty page', async () => {
      const res = await list(keyA);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], paging: { cursors: {} } });
    });

    it('pages with limit and after: 5 entries, limit 2 → 2 + 2 + 1, `next` on all but the last page', async () => {
      const numbers = ['15550000001', '15550000002', '15550000003', '15550000004', '15550000005'];
      await add(keyA, { phone_numbers: numbers.slice(0, 3) });
      await add(keyA, { phone_numbers: numbers.slice(3) });

      const page1 = await list(keyA, '?limit=2');
      expect(page1.status).toBe(200);
      expect(page1.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual(numbers.slice(0, 2));
      expect(page1.body.paging.next).toBe(`/v1/blacklist?limit=2&after=${page1.body.paging.cursors.after}`);

      const page2 = await list(keyA, `?limit=2&after=${page1.body.paging.cursors.after}`);
      expect(page2.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual(numbers.slice(2, 4));
      expect(page2.body.paging.next).toEqual(expect.any(String));

      // `next` is a ready-made path.
      const page3 = await request(t.url).get(page2.body.paging.next).set(bearer(keyA));
      expect(page3.status).toBe(200);
      expect(page3.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual(numbers.slice(4));
      expect(page3.body.paging.next).toBeUndefined();
      expect(page3.body.paging.cursors.after).toEqual(expect.any(String));

      const after = await list(keyA, `?limit=2&after=${page3.body.paging.cursors.after}`);
      expect(after.body).toEqual({ data: [], paging: { cursors: {} } });
    });

    it('filters by phone_number, normalized; an unknown number is an empty page', async () => {
      await add(keyA, { phone_numbers: ['15551234567', '15557654321'] });
      const res = await list(keyA, `?phone_number=${encodeURIComponent('+1 (555) 765-4321')}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([expect.objectContaining({ phone_number: '15557654321' })]);
      const none = await list(keyA, '?phone_number=15550000000');
      expect(none.body).toEqual({ data: [], paging: { cursors: {} } });
    });

    it.each([
      ['limit 0', '?limit=0', /^limit: /],
      ['limit 101', '?limit=101', /^limit: /],
      ['limit not a number', '?limit=ten', /^limit: /],
      ['an invalid cursor', '?after=not-a-cursor', /^after: /],
      [
        'a forged cursor',
        `?after=${Buffer.from(JSON.stringify({ at: '2025-01-01', id: "x' OR 1=1" })).toString('base64url')}`,
        /^after: /,
      ],
      ['an invalid phone_number', '?phone_number=abc', /^phone_number: must be a phone number/],
    ])('%s → 400 code 100 naming the parameter', async (_name, query, details) => {
      expectInvalidParameter(await list(keyA, query), 400, details);
    });
  });

  describe('DELETE /v1/blacklist/{phoneNumber}', () => {
    it('removes the entry → { success: true }; a second time → 404 code 100', async () => {
      await add(keyA, { phone_numbers: ['15551234567', '15557654321'] });
      const res = await remove(keyA, '+1 555 123 4567');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await rows(a.id)).map((r) => r.phone_number)).toEqual(['15557654321']);

      expectInvalidParameter(await remove(keyA, '15551234567'), 404, /15551234567 is not on the blacklist/);
      expect(await rows(a.id)).toHaveLength(1);
    });

    it('an invalid number → 400 code 100 naming phoneNumber', async () => {
      expectInvalidParameter(await remove(keyA, 'not-a-number'), 400, /^phoneNumber: must be a phone number/);
    });
  });

  describe('scopes', () => {
    it('a key with blacklist:read only can list but not add or remove (403 code 200)', async () => {
      await add(keyA, { phone_numbers: ['15551234567'] });
      const res = await list(readOnlyA);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expectScopeMissing(await add(readOnlyA, { phone_numbers: ['15557654321'] }), 'blacklist:write');
      expectScopeMissing(await remove(readOnlyA, '15551234567'), 'blacklist:write');
      expect((await rows(a.id)).map((r) => r.phone_number)).toEqual(['15551234567']);
    });

    it('a key with blacklist:write only can add and remove but not list', async () => {
      expect((await add(writeOnlyA, { phone_numbers: ['15551234567'] })).status).toBe(200);
      expectScopeMissing(await list(writeOnlyA), 'blacklist:read');
      expect((await remove(writeOnlyA, '15551234567')).status).toBe(200);
      expect(await rows()).toHaveLength(0);
    });
  });

  describe('organizations', () => {
    it('an admin key acts for the organization named by X-Svc-Tenant-Id, and must name one', async () => {
      const res = await add(adminAB, { phone_numbers: ['15551234567'] }).set('X-Svc-Tenant-Id', b.id);
      expect(res.status).toBe(200);
      expect((await rows(b.id)).map((r) => r.phone_number)).toEqual(['15551234567']);
      expect(await rows(a.id)).toHaveLength(0);

      const listedB = await list(adminAB).set('X-Svc-Tenant-Id', b.id);
      expect(listedB.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual(['15551234567']);
      const listedA = await list(adminAB).set('X-Svc-Tenant-Id', a.id);
      expect(listedA.body.data).toEqual([]);

      const noHeader = await add(adminAB, { phone_numbers: ['15557654321'] });
      expectInvalidParameter(noHeader, 400, /X-Svc-Tenant-Id/);
      expect(await rows()).toHaveLength(1);

      expect((await remove(adminAB, '15551234567').set('X-Svc-Tenant-Id', b.id)).status).toBe(200);
      expect(await rows()).toHaveLength(0);
    });

    it("another organization's entries are invisible: not listed, not found by filter, not removable (404 like unknown ones)", async () => {
      await add(keyA, { phone_numbers: ['15551234567'], reason: 'A only' });

      expect((await list(keyB)).body).toEqual({ data: [], paging: { cursors: {} } });
      expect((await list(keyB, '?phone_number=15551234567')).body.data).toEqual([]);
      expectInvalidParameter(await remove(keyB, '15551234567'), 404, /15551234567 is not on the blacklist/);
      expect(await rows(a.id)).toHaveLength(1);

      // B blacklisting the same number makes B's own entry and leaves A's alone.
      const res = await add(keyB, { phone_numbers: ['15551234567'] });
      expect(res.body).toMatchObject({ added: 1, existing: 0, data: [{ reason: null }] });
      expect((await rows(a.id))[0].reason).toBe('A only');
      expect(await rows(b.id)).toHaveLength(1);

      // A cursor taken from A's listing only positions B's own listing: it shows B's entries, never A's.
      await add(keyA, { phone_numbers: ['15557654321'] });
      const pageA = await list(keyA, '?limit=1');
      const withCursor = await list(keyB, `?after=${pageA.body.paging.cursors.after}`);
      expect(withCursor.status).toBe(200);
      expect(withCursor.body.data.map((e: { id: string }) => e.id)).toEqual((await rows(b.id)).map((r) => r.id));
    });
  });

  describe('BlacklistService.isBlacklisted (the send path)', () => {
    it('answers per organization, for normalized and raw numbers', async () => {
      const service = t.get(BlacklistService);
      await add(keyA, { phone_numbers: ['15551234567'] });
      await expect(service.isBlacklisted(a.id, '15551234567')).resolves.toBe(true);
      await expect(service.isBlacklisted(a.id, '+1 555 123 4567')).resolves.toBe(true);
      await expect(service.isBlacklisted(a.id, '15557654321')).resolves.toBe(false);
      await expect(service.isBlacklisted(b.id, '15551234567')).resolves.toBe(false);
      await remove(keyA, '15551234567');
      await expect(service.isBlacklisted(a.id, '15551234567')).resolves.toBe(false);
      await expect(service.isBlacklisted(a.id, 'junk')).rejects.toMatchObject({ code: 100, status: 400 });
    });
  });

  describe('/docs-json', () => {
    it('documents the three routes with their scopes, tenant header and error responses', async () => {
      const doc = (await request(t.url).get('/docs-json').expect(200)).body;
      const operations = {
        'GET /v1/blacklist': [doc.paths['/v1/blacklist']?.get, 'blacklist:read', ['200', '400', '401', '403', '429']],
        'POST /v1/blacklist': [
          doc.paths['/v1/blacklist']?.post,
          'blacklist:write',
          ['200', '400', '401', '403', '429'],
        ],
        'DELETE /v1/blacklist/{phoneNumber}': [
          doc.paths['/v1/blacklist/{phoneNumber}']?.delete,
          'blacklist:write',
          ['200', '400', '401', '403', '404', '429'],
        ],
      } as const;
      for (const [name, [operation, scope, statuses]] of Object.entries(operations)) {
        expect({ name, present: operation !== undefined }).toEqual({ name, present: true });
        expect(operation['x-required-scopes']).toEqual([scope]);
        expect(operation.security).toEqual([{ 'api-key': [] }]);
        expect(Object.keys(operation.responses).sort()).toEqual([...statuses]);
        expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('X-Svc-Tenant-Id');
      }
      expect(doc.paths['/v1/blacklist'].post.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/AddBlacklistEntriesDto',
      });
      expect(doc.components.schemas.AddBlacklistEntriesDto.required).toEqual(['phone_numbers']);
      expect(doc.paths['/v1/blacklist'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['limit', 'after', 'phone_number']),
      );
    });
  });
});
