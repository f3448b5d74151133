import { ApiKeysService } from '../src/auth/api-keys.service';
import type { RedisStore } from '../src/redis/redis-store';
import {
  bearer,
  createAdminKey,
  createOrgKey,
  createPlatformKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const MANY = { rateLimitPerSecond: 10_000 };

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A browser's view of the console: the cookie it was given, sent back on every request. */
class Browser {
  cookie: string | undefined;
  csrf: string | undefined;

  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.cookie && { cookie: this.cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }

  async signIn(key: string, organizationId?: string): Promise<Answer> {
    const answer = await this.call('POST', '/console/session', {
      key,
      ...(organizationId && { organization_id: organizationId }),
    });
    this.csrf = answer.body?.csrf_token;
    return answer;
  }

  /** A write as the console makes it: with the session's CSRF token. */
  write(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.call(method, path, body, { 'x-csrf-token': this.csrf ?? '' });
  }
}

describe('console sessions: a key exchanged once for a cookie that acts as the key', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: { key: string; id: string };

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t);
    b = await createTenant(t);
    const issued = await createOrgKey(t, a, MANY);
    keyA = { key: issued.key, id: issued.record.id };
  });
  afterAll(() => t.close());

  const blacklistRows = (tenant: TestTenant) =>
    t.dataSource.query<Array<{ phone_number: string }>>(
      'SELECT phone_number FROM blacklist_entries WHERE tenant_id = $1',
      [tenant.id],
    );

  it('signs in: an HttpOnly, SameSite=Strict cookie, the session (key, organization, CSRF token), no key text kept', async () => {
    const browser = new Browser(t.url);
    const answer = await browser.signIn(keyA.key);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      key: {
        id: keyA.id,
        prefix: expect.stringMatching(/^svc_live_/),
        kind: 'org',
        scopes: expect.arrayContaining(['audit:read']),
        tenant_ids: [a.id],
      },
      organization_id: a.id,
      mode: 'live',
      person: null,
      csrf_token: expect.stringMatching(/^\w{20,}/),
    });
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^gw_console=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain(keyA.key);
    // The session in Redis holds the key's hash, never its text.
    const redis = (t.store as RedisStore).client;
    const keys = await redis.keys('gwtest:console:session:*');
    expect(keys.length).toBeGreaterThan(0);
    for (const name of keys) expect(await redis.get(name.slice('gwtest:'.length))).not.toContain(keyA.key);
  });

  it('marks the cookie Secure when the request came over HTTPS through the trusted proxy', async () => {
    const res = await fetch(`${t.url}/console/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ key: keyA.key }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure; SameSite=Strict$/);
  });

  it('acts as the key on /v1: reads without a token; a write only with the CSRF token, entered in the audit log under the key', async () => {
    const browser = new Browser(t.url);
    await browser.signIn(keyA.key);
    expect((await browser.call('GET', '/v1/blacklist')).status).toBe(200);
    const refused = await browser.call('POST', '/v1/blacklist', { phone_numbers: ['15550003333'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 200,
      type: 'OAuthException',
      message: expect.stringMatching(/CSRF/),
    });
    const wrong = await browser.call(
      'POST',
      '/v1/blacklist',
      { phone_numbers: ['15550003333'] },
      { 'x-csrf-token': 'guess' },
    );
    expect(wrong.status).toBe(403);
    expect(await blacklistRows(a)).toEqual([]);
    const added = await browser.write('POST', '/v1/blacklist', { phone_numbers: ['15550003333'] });
    expect(added.status).toBe(200);
    expect(await blacklistRows(a)).toEqual([{ phone_number: '15550003333' }]);
    const [entry] = await t.dataSource.query(
      `SELECT key_id FROM audit_log WHERE action = 'blacklist.add' AND tenant_id = $1`,
      [a.id],
    );
    expect(entry.key_id).toBe(keyA.id);
  });

  it("a request with its own key is that key's, whatever cookie comes with it", async () => {
    const browser = new Browser(t.url);
    await browser.signIn(keyA.key);
    const keyB = (await createOrgKey(t, b, MANY)).key;
    const answer = await browser.call('POST', '/v1/blacklist', { phone_numbers: ['15550004444'] }, bearer(keyB));
    expect(answer.status).toBe(200);
    expect(await blacklistRows(b)).toEqual([{ phone_number: '15550004444' }]);
  });

  it('refuses a bad key (401 code 190) and a sign-in that is not JSON (400 code 100), and sets no cookie', async () => {
    const browser = new Browser(t.url);
    const bad = await browser.signIn('svc_live_nottherealkeynottherealkeynotthereal');
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe(190);
    expect(bad.headers.get('set-cookie')).toBeNull();
    const form = await fetch(`${t.url}/console/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${encodeURIComponent(keyA.key)}`,
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { error: { code: number } }).error.code).toBe(100);
    expect(form.headers.get('set-cookie')).toBeNull();
  });

  it('signs out (with the CSRF token): the cookie is of no use after, even replayed', async () => {
    const browser = new Browser(t.url);
    await browser.signIn(keyA.key);
    const stolen = browser.cookie;
    expect((await browser.call('DELETE', '/console/session')).status).toBe(403);
    const out = await browser.write('DELETE', '/console/session');
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^gw_console=; Path=\/; Expires=Thu, 01 Jan 1970/);
    const thief = new Browser(t.url);
    thief.cookie = stolen;
    const read = await thief.call('GET', '/v1/blacklist');
    expect(read.status).toBe(401);
    expect(read.body.error.code).toBe(190);
    expect((await thief.call('GET', '/console/session')).status).toBe(401);
  });

  it('ends within 5 seconds of its key being revoked', async () => {
    const issued = await createOrgKey(t, a, MANY);
    const browser = new Browser(t.url);
    await browser.signIn(issued.key);
    expect((await browser.call('GET', '/console/session')).status).toBe(200);
    await t.get(ApiKeysService).revoke(issued.record.id);
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 6000) {
      status = (await browser.call('GET', '/v1/blacklist')).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(5000);
    expect((await browser.call('GET', '/console/session')).status).toBe(401);
  });

  it("ends at the next session check when its key is revoked on another instance (this one's cache still holds it)", async () => {
    const issued = await createOrgKey(t, a, MANY);
    const browser = new Browser(t.url);
    await browser.signIn(issued.key);
    expect((await browser.call('GET', '/v1/blacklist')).status).toBe(200);
    // Revoked by another instance: the row changes, this instance's short cache is not told.
    await t.dataSource.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [issued.record.id]);
    const checked = Date.now();
    expect((await browser.call('GET', '/console/session')).status).toBe(401);
    expect(Date.now() - checked).toBeLessThan(1000);
    // The session is gone, and the cache was refreshed on the way: the API refuses the cookie too.
    expect((await browser.call('GET', '/v1/blacklist')).status).toBe(401);
  });

  it("is rate limited as its key is: past the key's rate, 429 code 4 with Retry-After", async () => {
    const slow = await createOrgKey(t, a, { rateLimitPerSecond: 2 });
    const browser = new Browser(t.url);
    await browser.signIn(slow.key);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await browser.call('GET', '/v1/blacklist'));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expect(limited[0].body.error).toMatchObject({ code: 4 });
    expect(limited[0].headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it("an admin key picks one of its organizations, switches, and never reads another's data", async () => {
    const admin = (await createAdminKey(t, [a, b], MANY)).key;
    const browser = new Browser(t.url);
    const signedIn = await browser.signIn(admin);
    expect(signedIn.body).toMatchObject({ key: { kind: 'admin' }, organization_id: null });
    // No organization chosen: the tenant routes say so, as they do for the key itself.
    const unchosen = await browser.call('GET', '/v1/blacklist');
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.error.code).toBe(100);
    const outside = await createTenant(t);
    const refused = await browser.write('PATCH', '/console/session', { organization_id: outside.id });
    expect(refused.status).toBe(403);
    expect((await browser.write('PATCH', '/console/session', { organization_id: b.id })).body.organization_id).toBe(
      b.id,
    );
    const ofB = await browser.call('GET', '/v1/blacklist');
    expect(ofB.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual(['15550004444']);
    expect(JSON.stringify(ofB.body)).not.toContain('15550003333');
    await browser.write('PATCH', '/console/session', { organization_id: a.id });
    const ofA = await browser.call('GET', '/v1/blacklist');
    expect(ofA.body.data.map((e: { phone_number: string }) => e.phone_number)).toEqual(['15550003333']);
  });

  it('a platform key signs in to the operator routes, and no organization', async () => {
    const platform = (await createPlatformKey(t, MANY)).key;
    const browser = new Browser(t.url);
    expect((await browser.signIn(platform, a.id)).status).toBe(400);
    const signedIn = await browser.signIn(platform);
    expect(signedIn.body).toMatchObject({ key: { kind: 'platform' }, organization_id: null });
    const orgs = await browser.call('GET', '/v1/organizations');
    expect(orgs.status).toBe(200);
    expect(orgs.body.data.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await browser.call('GET', `/v1/${a.phoneNumberId}/messages`)).status).toBe(401);
  });
});
