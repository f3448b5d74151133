import request from 'supertest';
import type { IssuedApiKey } from '../src/auth/api-keys.service';
import { MAX_DISTINCT_TAGS_PER_ORGANIZATION, MAX_TAGS_PER_CONTACT } from '../src/contacts/contact-limits';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectInvalidParameter, expectScopeMissing } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * Contact sync (spec 4.4 names it; the shapes are the gateway's): POST/GET /v1/contacts,
 * GET/DELETE /v1/contacts/{phoneNumber}, and the tag caps (409 code 131000, spec 7.2).
 */

/** Keys in this file make many calls: a high limit keeps the rate limiter (spec 8) out of the way. */
const MANY = { rateLimitPerSecond: 10_000 };

interface ContactRow {
  id: string;
  tenant_id: string;
  phone_number: string;
  name: string | null;
  tags: string[];
  attributes: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** `count` distinct tags named `prefix0`, `prefix1`, ... */
const tagList = (prefix: string, count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `${prefix}${from + i}`);
const phone = (n: number) => `1555${String(n).padStart(7, '0')}`;

function expectTagLimit(
  res: request.Response,
  reason: 'contact_tag_limit' | 'organization_tag_limit',
  message: RegExp,
  details: RegExp,
): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 409,
    body: {
      error: {
        message: expect.stringMatching(message),
        type: 'GraphMethodException',
        code: 131000,
        error_data: { reason, details: expect.stringMatching(details) },
        fbtrace_id: res.headers['x-request-id'],
      },
    },
  });
}

describe('contacts', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: IssuedApiKey;
  let keyB: IssuedApiKey;
  let readOnlyA: IssuedApiKey;
  let adminAB: IssuedApiKey;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Contacts A');
    b = await createTenant(t, 'Contacts B');
    keyA = await createOrgKey(t, a, MANY);
    keyB = await createOrgKey(t, b, MANY);
    readOnlyA = await createOrgKey(t, a, { ...MANY, scopes: ['contacts:read'] });
    adminAB = await createAdminKey(t, [a, b], MANY);
  });
  afterAll(() => t.close());
  beforeEach(() => t.dataSource.query('DELETE FROM contacts'));

  const upsert = (key: IssuedApiKey, body: unknown) =>
    request(t.url)
      .post('/v1/contacts')
      .set(bearer(key))
      .send(body as object);
  const list = (key: IssuedApiKey, query = '') => request(t.url).get(`/v1/contacts${query}`).set(bearer(key));
  const getOne = (key: IssuedApiKey, phoneNumber: string) =>
    request(t.url)
      .get(`/v1/contacts/${encodeURIComponent(phoneNumber)}`)
      .set(bearer(key));
  const remove = (key: IssuedApiKey, phoneNumber: string) =>
    request(t.url)
      .delete(`/v1/contacts/${encodeURIComponent(phoneNumber)}`)
      .set(bearer(key));
  const rows = (tenantId?: string): Promise<ContactRow[]> =>
    tenantId
      ? t.dataSource.query('SELECT * FROM contacts WHERE tenant_id = $1 ORDER BY created_at, id', [tenantId])
      : t.dataSource.query('SELECT * FROM contacts ORDER BY created_at, id');
  const distinctTags = async (tenantId: string): Promise<number> =>
    (
      await t.dataSource.query(
        'SELECT count(DISTINCT tag)::int AS n FROM contacts, unnest(tags) AS tag WHERE tenant_id = $1',
        [tenantId],
      )
    )[0].n;
  const asJson = (row: ContactRow) => ({
    id: row.id,
    phone_number: row.phone_number,
    name: row.name,
    tags: row.tags,
    attributes: row.attributes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });

  describe('POST /v1/contacts', () => {
    it('creates contacts: numbers normalized, tags trimmed, lowercased and de-duplicated → 200 with the contacts and counts', async () => {
      const res = await upsert(keyA, {
        contacts: [
          {
            phone_number: '+1 (555) 123-4567',
            name: 'Ada Lovelace',
            tags: [' VIP ', 'newsletter', 'vip'],
            attributes: { plan: 'gold', visits: 3 },
          },
          { phone_number: '447700900123' },
        ],
      });
      expect(res.status).toBe(200);
      const stored = await rows();
      expect(stored.map((r) => r.tenant_id)).toEqual([a.id, a.id]);
      expect(res.body).toEqual({ data: stored.map(asJson), created: 2, updated: 0 });
      expect(res.body.data).toEqual([
        {
          id: expect.any(String),
          phone_number: '15551234567',
          name: 'Ada Lovelace',
          tags: ['vip', 'newsletter'],
          attributes: { plan: 'gold', visits: 3 },
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        {
          id: expect.any(String),
          phone_number: '447700900123',
          name: null,
          tags: [],
          attributes: {},
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ]);
      expect(res.body.data[0].created_at).toBe(res.body.data[0].updated_at);
    });

    it('updates existing contacts: fields given replace the stored ones, fields omitted are kept', async () => {
      const created = await upsert(keyA, {
        contacts: [
          {
            phone_number: '15551234567',
            name: 'Ada',
            tags: ['vip', 'beta'],
            attributes: { plan: 'gold', city: 'London' },
          },
          { phone_number: '15557654321', name: 'Bob', tags: ['vip'], attributes: { plan: 'free' } },
          { phone_number: '15550000001', name: 'Cy', tags: ['beta'], attributes: { plan: 'pro' } },
        ],
      });
      expect(created.status).toBe(200);

      const res = await upsert(keyA, {
        contacts: [
          { phone_number: '+1 555 123 4567', name: 'Ada Lovelace' },
          { phone_number: '15557654321', tags: [], attributes: { plan: 'pro' } },
          { phone_number: '15550000001', name: null, tags: ['Gamma'] },
          { phone_number: '15550000002', tags: ['new'] },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: 1, updated: 3 });
      expect(res.body.data).toEqual([
        { ...created.body.data[0], name: 'Ada Lovelace', updated_at: expect.any(String) },
        { ...created.body.data[1], tags: [], attributes: { plan: 'pro' }, updated_at: expect.any(String) },
        { ...created.body.data[2], name: null, tags: ['gamma'], updated_at: expect.any(String) },
        expect.objectContaining({ phone_number: '15550000002', name: null, tags: ['new'], attributes: {} }),
      ]);
      for (let i = 0; i < 3; i++) {
        expect(Date.parse(res.body.data[i].updated_at)).toBeGreaterThanOrEqual(
          Date.parse(created.body.data[i].updated_at),
        );
      }
      const stored = await rows(a.id);
      expect(stored).toHaveLength(4);
      expect(stored.map(asJson)).toEqual(expect.arrayContaining(res.body.data));
    });

    it('accepts 1000 contacts in one request and keeps their order', async () => {
      const contacts = Array.from({ length: 1000 }, (_, i) => ({ phone_number: phone(i), tags: ['bulk'] }));
      const res = await upsert(keyA, { contacts });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: 1000, updated: 0 });
      expect(res.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual(
        contacts.map((c) => c.phone_number),
      );
      expect((await rows(a.id)).map((r) => r.phone_number)).toEqual(contacts.map((c) => c.phone_number));
    });

    it('concurrent upserts of overlapping numbers in different orders all succeed, each contact stored once', async () => {
      const numbers = Array.from({ length: 200 }, (_, i) => phone(i));
      const orders = [
        numbers,
        [...numbers].reverse(),
        [...numbers.slice(100), ...numbers.slice(0, 100)],
        numbers.filter((_, i) => i % 2 === 0),
      ];
      const responses = await Promise.all(
        orders.map((list, r) =>
          upsert(keyA, { contacts: list.map((phone_number) => ({ phone_number, attributes: { request: r } })) }),
        ),
      );
      expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(responses.reduce((sum, res) => sum + res.body.created, 0)).toBe(200);
      responses.forEach((res, i) => expect(res.body.created + res.body.updated).toBe(orders[i].length));
      expect(await rows(a.id)).toHaveLength(200);
    });

    it.each([
      ['no body fields', {}, /^contacts: /],
      ['contacts empty', { contacts: [] }, /^contacts: .*at least 1/],
      [
        '1001 contacts',
        { contacts: Array.from({ length: 1001 }, (_, i) => ({ phone_number: phone(i) })) },
        /^contacts: .*no more than 1000/,
      ],
      ['a contact that is not an object', { contacts: ['15551234567'] }, /^contacts\.0: /],
      [
        'phone_number missing',
        { contacts: [{ phone_number: '15551234567' }, { name: 'x' }] },
        /^contacts\.1\.phone_number: /,
      ],
      [
        'phone_number invalid',
        { contacts: [{ phone_number: '15551234567' }, { phone_number: '0044 20' }] },
        /^contacts\.1\.phone_number: must be a phone number/,
      ],
      ['name too long', { contacts: [{ phone_number: '15551234567', name: 'x'.repeat(257) }] }, /^contacts\.0\.name: /],
      ['name empty', { contacts: [{ phone_number: '15551234567', name: '' }] }, /^contacts\.0\.name: /],
      ['tags null', { contacts: [{ phone_number: '15551234567', tags: null }] }, /^contacts\.0\.tags: .*array/],
      [
        'tags not an array',
        { contacts: [{ phone_number: '15551234567', tags: 'vip' }] },
        /^contacts\.0\.tags: .*array/,
      ],
      ['a tag not a string', { contacts: [{ phone_number: '15551234567', tags: ['vip', 7] }] }, /^contacts\.0\.tags: /],
      [
        'a blank tag',
        { contacts: [{ phone_number: '15551234567', tags: ['vip', '   '] }] },
        /^contacts\.0\.tags: each tag must be 1 or more/,
      ],
      [
        'a tag of 65 characters',
        { contacts: [{ phone_number: '15551234567', tags: ['x'.repeat(65)] }] },
        /^contacts\.0\.tags: each tag must be at most 64/,
      ],
      [
        'a tag with a control character',
        { contacts: [{ phone_number: '15551234567', tags: ['a\nb'] }] },
        /^contacts\.0\.tags: tags must not contain control/,
      ],
      [
        'attributes an array',
        { contacts: [{ phone_number: '15551234567', attributes: [1] }] },
        /^contacts\.0\.attributes: /,
      ],
      [
        'attributes null',
        { contacts: [{ phone_number: '15551234567', attributes: null }] },
        /^contacts\.0\.attributes: /,
      ],
      [
        'attributes too large',
        { contacts: [{ phone_number: '15551234567', attributes: { blob: 'x'.repeat(17_000) } }] },
        /^contacts\.0\.attributes: /,
      ],
      [
        'the same number twice (in two notations)',
        {
          contacts: [
            { phone_number: '15551234567' },
            { phone_number: '15557654321' },
            { phone_number: '+1 555-123-4567' },
          ],
        },
        /^contacts\.2\.phone_number: 15551234567 is already given at contacts\.0\.phone_number/,
      ],
    ])('%s → 400 code 100 naming the field, nothing written', async (_name, body, details) => {
      await upsert(keyA, { contacts: [{ phone_number: '15551234567', name: 'Before', tags: ['keep'] }] });
      const before = await rows();
      const res = await upsert(keyA, body);
      expectInvalidParameter(res, 400, details);
      expect(await rows()).toEqual(before);
    });

    it('a tag of exactly 64 characters and 50 tags per contact are accepted', async () => {
      const tags = [...tagList('t', MAX_TAGS_PER_CONTACT - 1), 'x'.repeat(64)];
      const res = await upsert(keyA, { contacts: [{ phone_number: '15551234567', tags }] });
      expect(res.status).toBe(200);
      expect(res.body.data[0].tags).toEqual(tags);
    });
  });

  describe('tag caps (409 code 131000, nothing of the request written)', () => {
    it(`more than ${MAX_TAGS_PER_CONTACT} tags on one contact → contact_tag_limit`, async () => {
      await upsert(keyA, { contacts: [{ phone_number: '15551234567', name: 'Before', tags: ['keep'] }] });
      const before = await rows();
      const res = await upsert(keyA, {
        contacts: [
          { phone_number: '15551234567', name: 'After', tags: ['changed'] },
          { phone_number: '15557654321', tags: tagList('t', MAX_TAGS_PER_CONTACT + 1) },
        ],
      });
      expectTagLimit(
        res,
        'contact_tag_limit',
        /^\(#131000\) Tag limit reached: a contact may carry at most 50 tags$/,
        /^contacts\.1\.tags: 51 distinct tags, over the limit of 50/,
      );
      expect(await rows()).toEqual(before);
    });

    it('tags that collapse to 50 after normalization are within the cap', async () => {
      const tags = [...tagList('t', MAX_TAGS_PER_CONTACT), 'T0', ' t1 '];
      const res = await upsert(keyA, { contacts: [{ phone_number: '15551234567', tags }] });
      expect(res.status).toBe(200);
      expect(res.body.data[0].tags).toHaveLength(MAX_TAGS_PER_CONTACT);
    });

    describe(`with the organization at ${MAX_DISTINCT_TAGS_PER_ORGANIZATION} distinct tags`, () => {
      const perContact = MAX_TAGS_PER_CONTACT;
      const seedCount = MAX_DISTINCT_TAGS_PER_ORGANIZATION / perContact;

      beforeEach(async () => {
        const contacts = Array.from({ length: seedCount }, (_, i) => ({
          phone_number: phone(i),
          tags: tagList('t', perContact, i * perContact),
        }));
        const res = await upsert(keyA, { contacts });
        expect(res.status).toBe(200);
        expect(await distinctTags(a.id)).toBe(MAX_DISTINCT_TAGS_PER_ORGANIZATION);
      });

      it('one new tag → organization_tag_limit; no contact of the request is written', async () => {
        const before = await rows();
        const res = await upsert(keyA, {
          contacts: [
            { phone_number: phone(0), name: 'Changed' },
            { phone_number: '15559999999', name: 'New', tags: ['t5'] },
            { phone_number: '15559999998', tags: ['brand-new'] },
          ],
        });
        expectTagLimit(
          res,
          'organization_tag_limit',
          /^\(#131000\) Tag limit reached: an organization may use at most 1000 distinct tags$/,
          /^tags: this request would bring the organization to 1001 distinct tags \(1 new\), over the limit of 1000/,
        );
        expect(await rows()).toEqual(before);
        expect(await distinctTags(a.id)).toBe(MAX_DISTINCT_TAGS_PER_ORGANIZATION);
      });

      it('tags the organization already uses are accepted; so are contacts without tags', async () => {
        const res = await upsert(keyA, {
          contacts: [
            { phone_number: '15559999999', tags: ['t0', 't999', 'T500'] },
            { phone_number: '15559999998', name: 'No tags' },
          ],
        });
        expect(res.status).toBe(200);
        expect(res.body.data[0].tags).toEqual(['t0', 't999', 't500']);
        expect(await distinctTags(a.id)).toBe(MAX_DISTINCT_TAGS_PER_ORGANIZATION);
      });

      it('new tags fit when the same request frees as many by replacing tags (the count is exact)', async () => {
        // phone(0) alone carries t0..t49: replacing its tags frees 50 and makes room for 50 new ones.
        const res = await upsert(keyA, {
          contacts: [
            { phone_number: phone(0), tags: [] },
            { phone_number: '15559999999', tags: tagList('fresh', perContact) },
          ],
        });
        expect(res.status).toBe(200);
        expect(await distinctTags(a.id)).toBe(MAX_DISTINCT_TAGS_PER_ORGANIZATION);

        const over = await upsert(keyA, { contacts: [{ phone_number: '15559999998', tags: ['t0'] }] });
        expectTagLimit(over, 'organization_tag_limit', /at most 1000 distinct tags/, /1001 distinct tags \(1 new\)/);
      });

      it('deleting contacts frees their tags', async () => {
        expect((await remove(keyA, phone(0))).status).toBe(200);
        const res = await upsert(keyA, {
          contacts: [{ phone_number: '15559999999', tags: tagList('fresh', perContact) }],
        });
        expect(res.status).toBe(200);
        expect(await distinctTags(a.id)).toBe(MAX_DISTINCT_TAGS_PER_ORGANIZATION);
      });

      it('the cap is per organization: another organization is not affected', async () => {
        const res = await upsert(keyB, { contacts: [{ phone_number: '15551234567', tags: ['brand-new'] }] });
        expect(res.status).toBe(200);
        expect(await distinctTags(b.id)).toBe(1);
      });
    });

    it('concurrent requests that together would exceed the organization cap: at most the cap is stored', async () => {
      // 5 requests, each bringing 300 new distinct tags (6 contacts x 50): only 3 fit under 1000.
      const requests = Array.from({ length: 5 }, (_, r) => ({
        contacts: Array.from({ length: 6 }, (_, c) => ({
          phone_number: phone(r * 100 + c),
          tags: tagList(`r${r}-`, MAX_TAGS_PER_CONTACT, c * MAX_TAGS_PER_CONTACT),
        })),
      }));
      const responses = await Promise.all(requests.map((body) => upsert(keyA, body)));
      const statuses = responses.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 200, 200, 409, 409]);
      for (const res of responses.filter((r) => r.status === 409)) {
        expectTagLimit(res, 'organization_tag_limit', /at most 1000 distinct tags/, /1200 distinct tags \(300 new\)/);
      }
      expect(await distinctTags(a.id)).toBe(900);
      expect(await distinctTags(a.id)).toBeLessThanOrEqual(MAX_DISTINCT_TAGS_PER_ORGANIZATION);
      // The refused requests wrote no contact at all.
      expect(await rows(a.id)).toHaveLength(3 * 6);
    });
  });

  describe('GET /v1/contacts', () => {
    beforeEach(async () => {
      const res = await upsert(keyA, {
        contacts: [
          { phone_number: phone(1), name: 'One', tags: ['vip', 'beta'] },
          { phone_number: phone(2), name: 'Two', tags: ['beta'] },
          { phone_number: phone(3), name: 'Three', tags: ['vip'] },
        ],
      });
      expect(res.status).toBe(200);
      await upsert(keyA, { contacts: [{ phone_number: phone(4), tags: ['vip'] }, { phone_number: phone(5) }] });
    });

    it('lists contacts in the order they were created', async () => {
      const res = await list(keyA);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: (await rows(a.id)).map(asJson),
        paging: { cursors: { before: expect.any(String), after: expect.any(String) } },
      });
      expect(res.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([1, 2, 3, 4, 5].map(phone));
    });

    it('pages with limit and after: 5 contacts, limit 2 → 2 + 2 + 1', async () => {
      const page1 = await list(keyA, '?limit=2');
      expect(page1.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([phone(1), phone(2)]);
      expect(page1.body.paging.next).toBe(`/v1/contacts?limit=2&after=${page1.body.paging.cursors.after}`);
      const page2 = await request(t.url).get(page1.body.paging.next).set(bearer(keyA));
      expect(page2.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([phone(3), phone(4)]);
      const page3 = await list(keyA, `?limit=2&after=${page2.body.paging.cursors.after}`);
      expect(page3.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([phone(5)]);
      expect(page3.body.paging.next).toBeUndefined();
    });

    it('filters by tag (normalized like stored tags), with paging', async () => {
      const vip = await list(keyA, '?tag=%20VIP%20');
      expect(vip.status).toBe(200);
      expect(vip.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([
        phone(1),
        phone(3),
        phone(4),
      ]);

      const page1 = await list(keyA, '?tag=vip&limit=2');
      expect(page1.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([phone(1), phone(3)]);
      const page2 = await request(t.url).get(page1.body.paging.next).set(bearer(keyA));
      expect(page2.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([phone(4)]);
      expect(page2.body.paging.next).toBeUndefined();

      expect((await list(keyA, '?tag=unknown')).body).toEqual({ data: [], paging: { cursors: {} } });
    });

    it('filters by phone_number (normalized), alone or with a tag', async () => {
      const res = await list(keyA, `?phone_number=${encodeURIComponent('+1 555 000 0002')}`);
      expect(res.body.data.map((c: { phone_number: string }) => c.phone_number)).toEqual([phone(2)]);
      expect((await list(keyA, `?phone_number=${phone(2)}&tag=vip`)).body.data).toEqual([]);
      expect((await list(keyA, `?phone_number=${phone(3)}&tag=vip`)).body.data).toHaveLength(1);
    });

    it.each([
      ['limit 0', '?limit=0', /^limit: /],
      ['limit 101', '?limit=101', /^limit: /],
      ['an invalid cursor', '?after=abc', /^after: /],
      ['a blank tag', '?tag=%20%20', /^tag: /],
      ['a tag of 65 characters', `?tag=${'x'.repeat(65)}`, /^tag: /],
      ['an invalid phone_number', '?phone_number=12', /^phone_number: must be a phone number/],
    ])('%s → 400 code 100 naming the parameter', async (_name, query, details) => {
      expectInvalidParameter(await list(keyA, query), 400, details);
    });
  });

  describe('GET and DELETE /v1/contacts/{phoneNumber}', () => {
    it('gets one contact by number in any notation', async () => {
      await upsert(keyA, {
        contacts: [{ phone_number: '15551234567', name: 'Ada', tags: ['vip'], attributes: { plan: 'gold' } }],
      });
      const res = await getOne(keyA, '+1 (555) 123-4567');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(asJson((await rows(a.id))[0]));
      expect(res.body).toMatchObject({
        phone_number: '15551234567',
        name: 'Ada',
        tags: ['vip'],
        attributes: { plan: 'gold' },
      });
    });

    it('an unknown number → 404 code 100; an invalid one → 400 code 100 naming phoneNumber', async () => {
      expectInvalidParameter(await getOne(keyA, '15551234567'), 404, /Contact 15551234567 does not exist/);
      expectInvalidParameter(await getOne(keyA, 'abc'), 400, /^phoneNumber: must be a phone number/);
    });

    it('deletes a contact → { success: true }; a second time → 404 code 100', async () => {
      await upsert(keyA, { contacts: [{ phone_number: '15551234567' }, { phone_number: '15557654321' }] });
      const res = await remove(keyA, '+1 555 123 4567');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await rows(a.id)).map((r) => r.phone_number)).toEqual(['15557654321']);
      expectInvalidParameter(await remove(keyA, '15551234567'), 404, /Contact 15551234567 does not exist/);
      expectInvalidParameter(await remove(keyA, 'abc'), 400, /^phoneNumber: /);
    });
  });

  describe('scopes', () => {
    it('a key with contacts:read only can list and get, but not upsert or delete (403 code 200)', async () => {
      await upsert(keyA, { contacts: [{ phone_number: '15551234567' }] });
      expect((await list(readOnlyA)).body.data).toHaveLength(1);
      expect((await getOne(readOnlyA, '15551234567')).status).toBe(200);
      expectScopeMissing(await upsert(readOnlyA, { contacts: [{ phone_number: '15557654321' }] }), 'contacts:write');
      expectScopeMissing(await remove(readOnlyA, '15551234567'), 'contacts:write');
      expect(await rows()).toHaveLength(1);
    });

    it('a key without contacts scopes cannot read either', async () => {
      const blacklistOnly = await createOrgKey(t, a, { ...MANY, scopes: ['blacklist:read', 'blacklist:write'] });
      expectScopeMissing(await list(blacklistOnly), 'contacts:read');
      expectScopeMissing(await getOne(blacklistOnly, '15551234567'), 'contacts:read');
    });
  });

  describe('organizations', () => {
    it('an admin key acts for the organization named by X-Svc-Tenant-Id, and must name one', async () => {
      const res = await upsert(adminAB, { contacts: [{ phone_number: '15551234567', name: 'In B' }] }).set(
        'X-Svc-Tenant-Id',
        b.id,
      );
      expect(res.status).toBe(200);
      expect((await rows(b.id)).map((r) => r.name)).toEqual(['In B']);
      expect(await rows(a.id)).toHaveLength(0);

      expect((await getOne(adminAB, '15551234567').set('X-Svc-Tenant-Id', b.id)).body.name).toBe('In B');
      expect((await getOne(adminAB, '15551234567').set('X-Svc-Tenant-Id', a.id)).status).toBe(404);
      expect((await list(adminAB).set('X-Svc-Tenant-Id', a.id)).body.data).toEqual([]);

      expectInvalidParameter(await list(adminAB), 400, /X-Svc-Tenant-Id/);
      expectInvalidParameter(
        await upsert(adminAB, { contacts: [{ phone_number: '15557654321' }] }),
        400,
        /X-Svc-Tenant-Id/,
      );
      expect(await rows()).toHaveLength(1);
    });

    it("another organization's contacts are invisible: not listed, not found, not deletable, not updated", async () => {
      await upsert(keyA, { contacts: [{ phone_number: '15551234567', name: 'A', tags: ['vip'] }] });

      expect((await list(keyB)).body).toEqual({ data: [], paging: { cursors: {} } });
      expect((await list(keyB, '?tag=vip')).body.data).toEqual([]);
      expect((await list(keyB, '?phone_number=15551234567')).body.data).toEqual([]);
      expectInvalidParameter(await getOne(keyB, '15551234567'), 404, /Contact 15551234567 does not exist/);
      expectInvalidParameter(await remove(keyB, '15551234567'), 404, /Contact 15551234567 does not exist/);

      // B upserting the same number creates B's own contact and leaves A's alone.
      const res = await upsert(keyB, { contacts: [{ phone_number: '15551234567', name: 'B' }] });
      expect(res.body).toMatchObject({ created: 1, updated: 0, data: [{ name: 'B', tags: [] }] });
      expect((await rows(a.id)).map((r) => [r.name, r.tags])).toEqual([['A', ['vip']]]);
      expect((await rows(b.id)).map((r) => r.name)).toEqual(['B']);
    });
  });

  describe('/docs-json', () => {
    it('documents the four routes with their scopes, tenant header and error responses', async () => {
      const doc = (await request(t.url).get('/docs-json').expect(200)).body;
      const operations = {
        'POST /v1/contacts': [
          doc.paths['/v1/contacts']?.post,
          'contacts:write',
          ['200', '400', '401', '403', '409', '429'],
        ],
        'GET /v1/contacts': [doc.paths['/v1/contacts']?.get, 'contacts:read', ['200', '400', '401', '403', '429']],
        'GET /v1/contacts/{phoneNumber}': [
          doc.paths['/v1/contacts/{phoneNumber}']?.get,
          'contacts:read',
          ['200', '400', '401', '403', '404', '429'],
        ],
        'DELETE /v1/contacts/{phoneNumber}': [
          doc.paths['/v1/contacts/{phoneNumber}']?.delete,
          'contacts:write',
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
      expect(Object.keys(doc.components.schemas.ContactInputDto.properties).sort()).toEqual([
        'attributes',
        'name',
        'phone_number',
        'tags',
      ]);
      expect(doc.paths['/v1/contacts'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['limit', 'after', 'tag', 'phone_number']),
      );
    });
  });
});
