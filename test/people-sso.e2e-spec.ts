import { OIDC_ISSUER } from './support/sso-settings';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { PeopleService } from '../src/people/people.service';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { type ConsoleBrowser, consoleBrowser } from './support/console-browser';
import { eventually } from './support/eventually';
import { createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { CookieJar, startOidcProvider, stopOidcProvider, walkSso } from './support/oidc-walk';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
const OWNER = 'owen@shop.example';
const OWNER_PASSWORD = 'the owner password 2026';

interface Session {
  csrf_token: string;
  organization_id: string | null;
  person: {
    email: string;
    role: string;
    method: string;
    operator: boolean;
    memberships: Array<{ organization_id: string; name: string; role: string }>;
  } | null;
  key: { id: string; kind: string; scopes: string[] };
}

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/**
 * Single sign-on through a real OpenID provider (oidc-provider, in a process of its own on loopback)
 * and platform operators as people: a person matched by their verified email joins the organization
 * that claims their domain, with its default role, or the one that invited them; an organization can
 * require single sign-on; the flow is bound to the browser that started it and a code is used once;
 * an operator's session acts as their platform key, and ends when they stop being one. Chromium signs
 * in through the provider's own pages and switches organizations in the console's picker.
 */
describe('people: single sign-on and platform operators', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let provider: ChildProcess | undefined;

  const browser = () => consoleBrowser(t.url);
  const signIn = async (who: ConsoleBrowser, body: Record<string, unknown>) => {
    const res = await who.agent.post('/console/session').send(body);
    if (res.status === 200) who.remember(res.body as Session);
    return res;
  };
  /** The session a walk's cookie jar holds, read as the console reads it. */
  const sessionOf = async (jar: CookieJar) =>
    (await jar.fetch(`${t.url}/console/session`)).json() as Promise<Session & { error?: { code: number } }>;
  const userRow = async (email: string) =>
    (
      await t.dataSource.query<Array<{ id: string; password_hash: string | null }>>(
        `SELECT id, password_hash FROM users WHERE email = $1`,
        [email],
      )
    )[0];
  const membershipsOf = async (email: string) =>
    t.dataSource.query<Array<{ tenant_id: string; role: string }>>(
      `SELECT m.tenant_id, m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1
       ORDER BY m.created_at`,
      [email],
    );
  const ownerSession = async () => {
    const who = browser();
    expect((await signIn(who, { email: OWNER, password: OWNER_PASSWORD, organization_id: a.id })).status).toBe(200);
    return who;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Shop A');
    b = await createTenant(t, 'Agency B');
    await t.get(PeopleService).addOwner(a.id, OWNER, OWNER_PASSWORD);
    await t.get(PeopleService).addOwner(b.id, OWNER, OWNER_PASSWORD);
    provider = await startOidcProvider(t.url);
  }, 60_000);
  afterAll(async () => {
    await stopOidcProvider(provider);
    await t.close();
  });

  it("offers single sign-on with the operator's label, and sends the browser to the provider with PKCE", async () => {
    expect((await request(t.url).get('/console/session/sso')).body).toEqual({ enabled: true, label: 'Test IdP' });
    const res = await request(t.url).get('/console/session/sso/start');
    expect(res.status).toBe(303);
    const to = new URL(res.headers.location);
    expect(to.origin).toBe(OIDC_ISSUER);
    expect(to.pathname).toBe('/auth');
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'gateway-console',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${t.url}/console/session/sso/callback`,
      scope: 'openid email profile',
    });
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('gw_sso='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/console\/session\/sso/);
    // Sealed: neither the verifier nor the state can be read from it.
    expect(decodeURIComponent(cookie)).not.toContain(to.searchParams.get('state')!);
    expectInvalidParameter(
      await request(t.url).get('/console/session/sso/start?organization_id=nope'),
      400,
      'organization_id: must be a UUID',
    );
  });

  it('lets an owner claim a domain with a default role; a person of that domain joins at their sign-in, without a password', async () => {
    const owner = await ownerSession();
    const bad = await owner.write('put', '/v1/members/sign_in_policy', { sso_domains: ['not a domain'] });
    expectGraphError(bad, 400, 100);
    expect(JSON.stringify(bad.body)).toContain('sso_domains');
    const asOwner = await owner.write('put', '/v1/members/sign_in_policy', { sso_default_role: 'owner' });
    expectGraphError(asOwner, 400, 100);
    const set = await owner.write('put', '/v1/members/sign_in_policy', {
      sso_domains: ['Shop.Example'],
      sso_default_role: 'agent',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      require_totp: false,
      require_sso: false,
      sso_domains: ['shop.example'],
      sso_default_role: 'agent',
      sso_available: true,
    });

    const walk = await walkSso(t.url, 'sam@shop.example');
    expect(walk.landing).toBe(`${t.url}/console/#/overview`);
    const session = await sessionOf(walk.jar);
    expect(session).toMatchObject({
      organization_id: a.id,
      person: { email: 'sam@shop.example', role: 'agent', method: 'sso', operator: false },
      key: { kind: 'org' },
    });
    expect(await userRow('sam@shop.example')).toMatchObject({ password_hash: null });
    expect(await membershipsOf('sam@shop.example')).toEqual([{ tenant_id: a.id, role: 'agent' }]);
    // The session is Strict like every console session; the flow's cookie is gone.
    expect(walk.jar.value(t.url, 'gw_sso')).toBeUndefined();
    // As an agent: the inbox, not the keys.
    expect((await walk.jar.fetch(`${t.url}/v1/keys`)).status).toBe(403);
    expect((await walk.jar.fetch(`${t.url}/v1/members`)).status).toBe(200);
    // A second sign-in finds the same person and membership.
    const again = await walkSso(t.url, 'sam@shop.example');
    expect(again.landing).toBe(`${t.url}/console/#/overview`);
    expect(await membershipsOf('sam@shop.example')).toHaveLength(1);
    // No password: a password sign-in answers as for an unknown email.
    expectGraphError(
      await request(t.url).post('/console/session').send({ email: 'sam@shop.example', password: 'any password 2026' }),
      401,
      190,
    );
  });

  it('refuses a person the provider has not verified, or one no organization claims or invited, and makes nothing', async () => {
    const unverified = await walkSso(t.url, 'unverified-uma@shop.example');
    expect(decodeURIComponent(unverified.landing)).toContain('#/sso-error/');
    expect(decodeURIComponent(unverified.landing)).toContain('has not verified unverified-uma@shop.example');
    const stranger = await walkSso(t.url, 'stan@elsewhere.example');
    expect(decodeURIComponent(stranger.landing)).toContain('stan@elsewhere.example belongs to no organization');
    expect(await userRow('unverified-uma@shop.example')).toBeUndefined();
    expect(await userRow('stan@elsewhere.example')).toBeUndefined();
    expect((await sessionOf(stranger.jar)).error?.code).toBe(190);
  });

  it("takes an invitation for the person's verified email at their single sign-on", async () => {
    const owner = await ownerSession();
    await owner.write('patch', '/console/session', { organization_id: b.id }).expect(200);
    const invited = await owner.write('post', '/v1/members/invitations', {
      email: 'ines@partner.example',
      role: 'developer',
    });
    expect(invited.status).toBe(201);
    const walk = await walkSso(t.url, 'ines@partner.example');
    expect(walk.landing).toBe(`${t.url}/console/#/overview`);
    expect(await sessionOf(walk.jar)).toMatchObject({
      organization_id: b.id,
      person: { email: 'ines@partner.example', role: 'developer' },
    });
    const [row] = await t.dataSource.query<Array<{ accepted_at: Date | null }>>(
      `SELECT accepted_at FROM invitations WHERE id = $1`,
      [invited.body.id],
    );
    expect(row.accepted_at).not.toBeNull();
  });

  it('binds the flow to the browser that started it, and uses a code once', async () => {
    const walk = await walkSso(t.url, 'sam@shop.example');
    expect(walk.callback).toBeDefined();
    // The same callback in a browser that did not start the flow (a login forced on someone): refused.
    const elsewhere = new CookieJar();
    const forced = await elsewhere.fetch(walk.callback!);
    expect(forced.status).toBe(303);
    expect(decodeURIComponent(forced.headers.get('location')!)).toContain('no sign-in was started in this browser');
    expect(elsewhere.value(t.url, 'gw_console')).toBeUndefined();
    // The callback again with the flow's own cookie: the provider refuses a code used already.
    const replay = new CookieJar();
    replay.set(t.url, 'gw_sso', walk.flowCookie!);
    const replayed = await replay.fetch(walk.callback!);
    expect(decodeURIComponent(replayed.headers.get('location')!)).toMatch(/#\/sso-error\//);
    expect(replay.value(t.url, 'gw_console')).toBeUndefined();
  });

  it('refuses a domain another organization claims (409, nothing changes)', async () => {
    const owner = await ownerSession();
    await owner.write('patch', '/console/session', { organization_id: b.id }).expect(200);
    await owner.write('put', '/v1/members/sign_in_policy', { sso_domains: ['agency.example'] }).expect(200);
    const taken = await owner.write('put', '/v1/members/sign_in_policy', {
      sso_domains: ['agency.example', 'shop.example'],
      require_totp: true,
    });
    expectGraphError(taken, 409, 100);
    const policy = await owner.agent.get('/v1/members/sign_in_policy');
    expect(policy.body).toMatchObject({ sso_domains: ['agency.example'], require_totp: false });
  });

  it('lets an owner require single sign-on: a password sign-in or acceptance there is refused, single sign-on is not', async () => {
    const owner = await ownerSession();
    const invited = await owner.write('post', '/v1/members/invitations', {
      email: 'pat@partner.example',
      role: 'viewer',
    });
    await owner.write('put', '/v1/members/sign_in_policy', { require_sso: true }).expect(200);
    // The owner's own password session runs on; a new one for this organization is refused.
    const refused = await signIn(browser(), { email: OWNER, password: OWNER_PASSWORD, organization_id: a.id });
    expectGraphError(refused, 403, 200);
    expect(refused.body.error.message).toContain('requires single sign-on');
    // Without an organization asked for: their first that takes a password (B).
    const elsewhere = await signIn(browser(), { email: OWNER, password: OWNER_PASSWORD });
    expect(elsewhere.body.organization_id).toBe(b.id);
    // Switching from a password session into A is refused too.
    const fromB = browser();
    await signIn(fromB, { email: OWNER, password: OWNER_PASSWORD });
    expectGraphError(await fromB.write('patch', '/console/session', { organization_id: a.id }), 403, 200);
    // Accepting an invitation to A with a password is refused, and the invitation stays open.
    const token = new URL(invited.body.link as string, t.url).hash.split('/').pop()!;
    const accept = await request(t.url)
      .post('/console/session/invitation')
      .send({ token, password: 'a password of pat 2026' });
    expectGraphError(accept, 403, 200);
    expect(await userRow('pat@partner.example')).toBeUndefined();
    // Through single sign-on, the invitation is taken and the person is in.
    const walk = await walkSso(t.url, 'pat@partner.example');
    expect(await sessionOf(walk.jar)).toMatchObject({ organization_id: a.id, person: { role: 'viewer' } });
    await owner.write('put', '/v1/members/sign_in_policy', { require_sso: false }).expect(200);
  });

  it('asks an account with a second factor for its code when it accepts an invitation, and takes each code once', async () => {
    const email = 'tess@partner.example';
    const password = 'the password of tess 2026';
    const owner = await ownerSession();
    const first = await owner.write('post', '/v1/members/invitations', { email, role: 'viewer' });
    const tokenOf = (link: string) => new URL(link, t.url).hash.split('/').pop()!;
    const tess = browser();
    const accepted = await tess.agent
      .post('/console/session/invitation')
      .send({ token: tokenOf(first.body.link), password });
    expect(accepted.status).toBe(200);
    tess.remember(accepted.body);
    const setup = await tess.write('post', '/console/session/totp');
    const secret = setup.body.secret as string;
    // A code confirms the factor; the same code cannot sign in after (taken once within its 30 s).
    const code = codeOf(secret);
    await tess.write('post', '/console/session/totp/confirm', { code }).expect(200);
    const replayed = await signIn(browser(), { email, password, code });
    expectGraphError(replayed, 401, 100);
    expect(JSON.stringify(replayed.body)).toContain('code:');

    await owner.write('patch', '/console/session', { organization_id: b.id }).expect(200);
    const second = await owner.write('post', '/v1/members/invitations', { email, role: 'agent' });
    const noCode = await request(t.url)
      .post('/console/session/invitation')
      .send({ token: tokenOf(second.body.link), password });
    expectGraphError(noCode, 401, 190);
    expect(noCode.body.error.error_data).toMatchObject({ reason: 'second_factor_required' });
    expect(await membershipsOf(email)).toHaveLength(1);
    const wrong = await request(t.url)
      .post('/console/session/invitation')
      .send({ token: tokenOf(second.body.link), password, code: code === '000000' ? '111111' : '000000' });
    expectGraphError(wrong, 401, 100);
    // The next step's code (the app a step ahead is accepted, for clocks a little apart).
    const next = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + 30_000,
    });
    const withCode = await request(t.url)
      .post('/console/session/invitation')
      .send({ token: tokenOf(second.body.link), password, code: next });
    expect(withCode.status).toBe(200);
    expect(await membershipsOf(email)).toHaveLength(2);
  });

  it('makes platform operators people: their session acts as a platform key of theirs, named in the audit log, and ends with the role', async () => {
    const people = t.get(PeopleService);
    const email = 'opal@operator.example';
    const password = 'the operator password 2026';
    expect(await people.makeOperator(email, password)).toMatchObject({ created: true });
    expect(await people.makeOperator(email, undefined)).toMatchObject({ created: false });
    const op = browser();
    const res = await signIn(op, { email, password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      organization_id: null,
      person: { email, role: 'operator', operator: true, memberships: [] },
      key: { kind: 'platform' },
    });
    const made = await op.write('post', '/v1/organizations', { name: 'Made by a person' });
    expect(made.status).toBe(201);
    const audit = await op.agent.get('/v1/audit_log').query({ action: 'organizations.create' });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body.data[0])).toContain(email);
    // Their key is not among the keys anyone manages.
    const keys = await op.agent.get('/v1/keys');
    expect(JSON.stringify(keys.body)).not.toContain(email);

    // An owner who is an operator too switches between the two.
    await people.makeOperator(OWNER, undefined);
    const both = browser();
    const signedIn = await signIn(both, { email: OWNER, password: OWNER_PASSWORD, organization_id: b.id });
    expect(signedIn.body.person).toMatchObject({ operator: true, role: 'owner' });
    const asOperator = await both.write('patch', '/console/session', { platform: true });
    expect(asOperator.body).toMatchObject({
      organization_id: null,
      key: { kind: 'platform' },
      person: { role: 'operator' },
    });
    expect((await both.agent.get('/v1/organizations')).status).toBe(200);
    const back = await both.write('patch', '/console/session', { organization_id: b.id });
    expect(back.body).toMatchObject({ organization_id: b.id, person: { role: 'owner' } });
    // A person who is no operator cannot switch to the platform.
    const sam = await walkSso(t.url, 'sam@shop.example');
    const samSession = await sessionOf(sam.jar);
    const samSwitch = await sam.jar.fetch(`${t.url}/console/session`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': samSession.csrf_token },
      body: JSON.stringify({ platform: true }),
    });
    expect(samSwitch.status).toBe(403);

    await people.removeOperator(email);
    const ended = await eventually(async () => {
      const status = (await op.agent.get('/console/session')).status;
      return status === 401 ? status : undefined;
    }, 5_000);
    expect(ended).toBe(401);
    expectGraphError(await signIn(browser(), { email, password }), 403, 200);
  });

  describe('in Chromium', () => {
    let chromium: Browser | undefined;
    beforeAll(async () => {
      if (chromiumAvailable('people-sso')) chromium = await launchChromium();
    }, 60_000);
    afterAll(() => chromium?.close());

    it("lets an owner claim a domain on the Members page; a person of it signs in through the provider's pages as its default role", async () => {
      if (!chromium) return;
      const owner = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
      const ownerPage = await owner.newPage();
      await ownerPage.goto(`${t.url}/console/`);
      await ownerPage.getByLabel('Email').fill(OWNER);
      await ownerPage.getByLabel('Password').fill(OWNER_PASSWORD);
      await ownerPage.getByRole('button', { name: 'Log in' }).click();
      await ownerPage.getByText(`${OWNER} (owner)`).waitFor();
      await ownerPage.locator('header').getByLabel('Organization').selectOption({ label: 'Shop A' });
      await ownerPage.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Members' }).click();
      const form = ownerPage.getByRole('form', { name: 'Single sign-on' });
      await expect(form.getByLabel(/Email domains/).inputValue()).resolves.toBe('shop.example');
      await form.getByLabel(/Email domains/).fill('shop.example, studio.example');
      await form.getByLabel('Their role').selectOption('agent');
      await form.getByRole('button', { name: 'Save single sign-on' }).click();
      await ownerPage.getByRole('status').filter({ hasText: 'studio.example' }).waitFor();
      const policy = await ownerPage.evaluate(async () => (await fetch('/v1/members/sign_in_policy')).json());
      expect(policy).toMatchObject({ sso_domains: ['shop.example', 'studio.example'], sso_default_role: 'agent' });
      await owner.close();

      const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${t.url}/console/`);
      await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      await page.locator('input[name="login"]').fill('cora@studio.example');
      await page.locator('input[name="password"]').fill('anything at the provider');
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click(); // the provider's consent
      await page.getByText('cora@studio.example (agent)').waitFor();
      const nav = page.getByRole('navigation', { name: 'Pages' });
      await nav.getByRole('link', { name: 'Inbox' }).waitFor();
      for (const name of ['Keys', 'Webhooks']) await expect(nav.getByRole('link', { name }).count()).resolves.toBe(0);
      await context.close();
    });

    it('switches a person between their organizations and the platform in the picker', async () => {
      if (!chromium) return;
      const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${t.url}/console/`);
      await page.getByLabel('Email').fill(OWNER);
      await page.getByLabel('Password').fill(OWNER_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText(`${OWNER} (owner)`).waitFor();
      const picker = page.locator('header').getByLabel('Organization');
      await expect(picker.locator('option').allTextContents()).resolves.toEqual(
        expect.arrayContaining(['Shop A', 'Agency B', 'Platform (operator)']),
      );
      await picker.selectOption({ label: 'Platform (operator)' });
      await page.getByText(`${OWNER} (operator)`).waitFor();
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Organizations' }).waitFor();
      await page.locator('header').getByLabel('Organization').selectOption({ label: 'Agency B' });
      await page.getByText(`${OWNER} (owner)`).waitFor();
      await context.close();
    });

    it('has no serious or critical accessibility violations on the sign-in with single sign-on, its error and the picker, at 1280 and 390 pixels', async () => {
      if (!chromium) return;
      const axe = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
      for (const width of [1280, 390]) {
        const context = await chromium.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
        const page = await context.newPage();
        const pages: Array<[string, () => Promise<unknown>]> = [
          [
            'sign-in',
            () =>
              page
                .goto(`${t.url}/console/`)
                .then(() => page.getByRole('link', { name: 'Sign in with Test IdP' }).waitFor()),
          ],
          [
            'sso-error',
            () =>
              page
                .goto(
                  `${t.url}/console/#/sso-error/${encodeURIComponent('stan@elsewhere.example belongs to no organization')}`,
                )
                .then(() => page.getByRole('alert').filter({ hasText: 'belongs to no organization' }).waitFor()),
          ],
          [
            'picker',
            async () => {
              await page.goto(`${t.url}/console/`);
              await page.getByLabel('Email').fill(OWNER);
              await page.getByLabel('Password').fill(OWNER_PASSWORD);
              await page.getByRole('button', { name: 'Log in' }).click();
              await page.locator('header').getByLabel('Organization').waitFor();
            },
          ],
          [
            'members with single sign-on',
            async () => {
              await page.locator('header').getByLabel('Organization').selectOption({ label: 'Shop A' });
              await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Members' }).click();
              await page.getByRole('form', { name: 'Single sign-on' }).waitFor();
            },
          ],
        ];
        for (const [name, reach] of pages) {
          await reach();
          await page.addScriptTag({ content: axe });
          const { violations } = await page.evaluate(() =>
            (
              globalThis as unknown as {
                axe: { run: () => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
              }
            ).axe.run(),
          );
          const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect({ page: name, width, serious: serious.map((v) => v.id) }).toEqual({ page: name, width, serious: [] });
        }
        await context.close();
      }
    }, 90_000);
  });
});
