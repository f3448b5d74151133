import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { PeopleService } from '../src/people/people.service';
import { OnboardingService } from '../src/tenancy/onboarding.service';
import { type ConsoleBrowser, consoleBrowser } from './support/console-browser';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createPlatformKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const OWNER = 'olivia@shop.example';
const OWNER_PASSWORD = 'correct horse battery staple';
const AGENT = 'adam@shop.example';
const AGENT_PASSWORD = 'agent password 2026!';
const VIEWER = 'vera@shop.example';
const VIEWER_PASSWORD = 'viewer password 2026!';

/** What the person's authenticator app shows now for `secret`. */
const codeOf = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

interface Session {
  csrf_token: string;
  organization_id: string | null;
  person: { email: string; role: string; memberships: Array<{ organization_id: string; role: string }> } | null;
  key: { id: string; scopes: string[] };
}

/**
 * People, not keys (issue 44, first step): an owner made by an operator signs in with email and
 * password; they invite a colleague as an agent by link; the colleague accepts with a password and
 * signs in; the agent's session reaches the inbox but not keys or webhooks; the audit log names the
 * person; removing the member ends their session within 5 s; invitations are used once and expire.
 */
describe('people: members with roles, invitations, password sign-in', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;

  const browser = () => consoleBrowser(t.url);
  const signIn = async (who: ConsoleBrowser, email: string, password: string, organizationId?: string) => {
    const res = await who.agent
      .post('/console/session')
      .send({ email, password, ...(organizationId && { organization_id: organizationId }) });
    if (res.status === 200) who.remember(res.body as Session);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'People A');
    b = await createTenant(t, 'People B');
    await t.get(PeopleService).addOwner(a.id, OWNER, OWNER_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  let agentLink: string;
  let ownerSecret: string;
  let agentUserId: string;
  const owner = () => browser();

  it('signs an owner in with email and password; a wrong one answers like an unknown one', async () => {
    const who = owner();
    const res = await signIn(who, 'Olivia@Shop.Example ', OWNER_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      organization_id: a.id,
      person: { email: OWNER, role: 'owner', memberships: [{ organization_id: a.id, role: 'owner' }] },
      key: { kind: 'admin', tenant_ids: [a.id] },
    });
    expect(res.headers['set-cookie']?.[0]).toMatch(/HttpOnly/);
    const wrong = await signIn(owner(), OWNER, 'not the password at all');
    const unknown = await signIn(owner(), 'nobody@shop.example', 'not the password at all');
    for (const answer of [wrong, unknown]) expectGraphError(answer, 401, 190);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
    expectInvalidParameter(await signIn(owner(), 'not-an-email', 'whatever'), 400, /email/);
    // No SMTP_URL here: no way to mail a reset link, said as such (for any email alike).
    expectInvalidParameter(
      await request(t.url).post('/console/session/password_reset').send({ email: OWNER }),
      400,
      /SMTP_URL/,
    );
  });

  it('lets the owner invite a colleague as an agent by a link, which they accept with a password', async () => {
    const who = owner();
    await signIn(who, OWNER, OWNER_PASSWORD);
    expectInvalidParameter(
      await who.write('post', '/v1/members/invitations', { email: 'adam', role: 'agent' }),
      400,
      /email/,
    );
    expectInvalidParameter(
      await who.write('post', '/v1/members/invitations', { email: AGENT, role: 'superuser' }),
      400,
      /role/,
    );
    const invited = await who.write('post', '/v1/members/invitations', { email: AGENT, role: 'agent' }).expect(201);
    expect(invited.body).toMatchObject({
      mailed: false,
      email: AGENT,
      role: 'agent',
      open: true,
      link: expect.stringMatching(/^\/console\/#\/invitation\/[\w-]{40,}$/),
    });
    agentLink = invited.body.link as string;
    const token = agentLink.split('/').pop()!;
    // Only the token's hash is kept.
    const [stored] = await t.dataSource.query('SELECT token_hash FROM invitations WHERE id = $1', [invited.body.id]);
    expect(stored.token_hash).not.toContain(token);
    const offered = await request(t.url).get(`/console/session/invitation/${token}`).expect(200);
    expect(offered.body).toEqual({
      email: AGENT,
      role: 'agent',
      organization_id: a.id,
      expires_at: expect.any(String),
    });

    const colleague = browser();
    const short = await colleague.agent.post('/console/session/invitation').send({ token, password: 'short' });
    expectInvalidParameter(short, 400, /password/);
    expect(await t.dataSource.query('SELECT 1 FROM users WHERE email = $1', [AGENT])).toEqual([]);
    const accepted = await colleague.agent
      .post('/console/session/invitation')
      .send({ token, password: AGENT_PASSWORD })
      .expect(200);
    expect(accepted.body.person).toEqual({
      email: AGENT,
      role: 'agent',
      method: 'password',
      memberships: [{ organization_id: a.id, name: 'People A', role: 'agent' }],
      operator: false,
    });
    // Used once.
    const again = await browser().agent.post('/console/session/invitation').send({ token, password: AGENT_PASSWORD });
    expectInvalidParameter(again, 400, /token/);
    const [user] = await t.dataSource.query('SELECT id, password_hash FROM users WHERE email = $1', [AGENT]);
    agentUserId = user.id as string;
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(accepted.body)).not.toContain('argon2');
  });

  it('gives the agent the inbox and sends, and the same 403 as a key without the scope on keys and webhooks', async () => {
    const agent = browser();
    await signIn(agent, AGENT, AGENT_PASSWORD);
    await agent.get(`/v1/${a.phoneNumberId}/conversations`).expect(200);
    await agent.get(`/v1/${a.phoneNumberId}/messages`).expect(200);
    expectGraphError(await agent.get('/v1/keys'), 403, 200);
    expectGraphError(await agent.get('/v1/webhooks'), 403, 200);
    expectGraphError(
      await agent.write('post', '/v1/members/invitations', { email: 'x@shop.example', role: 'agent' }),
      403,
      200,
    );
    // Another organization's number, by any route.
    expectGraphError(await agent.get(`/v1/${b.phoneNumberId}/conversations`), 401, 190);
    expectGraphError(await signIn(browser(), AGENT, AGENT_PASSWORD, b.id), 403, 200);
    // The membership's key is nobody's to see or revoke as a key.
    const machine = (await createOrgKey(t, a)).key;
    const members = await request(t.url).get('/v1/members').set(bearer(machine)).expect(200);
    expect(members.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [OWNER, 'owner'],
      [AGENT, 'agent'],
    ]);
    const owners = owner();
    await signIn(owners, OWNER, OWNER_PASSWORD);
    const keys = (await owners.get('/v1/keys').expect(200)).body.data as Array<{ name: string }>;
    expect(keys.map((k) => k.name)).not.toContain(AGENT);
  });

  it('names the person in the audit log', async () => {
    const owners = owner();
    await signIn(owners, OWNER, OWNER_PASSWORD);
    const log = await owners.get('/v1/audit_log?action=members.invite').expect(200);
    expect(log.body.data[0].actor).toMatchObject({ person: OWNER, key_kind: 'admin' });
    expect(JSON.stringify(log.body)).not.toContain(AGENT_PASSWORD);
  });

  it('keeps the last owner, and lets only an owner touch an owner', async () => {
    const owners = owner();
    const session = (await signIn(owners, OWNER, OWNER_PASSWORD)).body as Session;
    const ownerId = (
      (await owners.get('/v1/members').expect(200)).body.data as Array<{ user_id: string; email: string }>
    ).find((m) => m.email === OWNER)!.user_id;
    expectGraphError(await owners.write('delete', `/v1/members/${ownerId}`), 409, 100);
    expectGraphError(await owners.write('patch', `/v1/members/${ownerId}`, { role: 'viewer' }), 409, 100);
    const machine = (await createOrgKey(t, a)).key;
    expectGraphError(await request(t.url).delete(`/v1/members/${ownerId}`).set(bearer(machine)), 403, 200);
    expect(session.person?.role).toBe('owner');
  });

  it("ends a removed member's session within 5 seconds", async () => {
    const agent = browser();
    await signIn(agent, AGENT, AGENT_PASSWORD);
    await agent.get('/console/session').expect(200);
    const owners = owner();
    await signIn(owners, OWNER, OWNER_PASSWORD);
    const removedAt = Date.now();
    await owners.write('delete', `/v1/members/${agentUserId}`).expect(200);
    await eventually(async () => ((await agent.get('/console/session')).status === 401 ? true : undefined), 5_000);
    expect(Date.now() - removedAt).toBeLessThan(5_000);
    expectGraphError(await agent.get(`/v1/${a.phoneNumberId}/conversations`), 401, 190);
    expectGraphError(await signIn(browser(), AGENT, AGENT_PASSWORD), 403, 200);
  });

  it('refuses an expired invitation, and a cancelled one, naming the token', async () => {
    const owners = owner();
    await signIn(owners, OWNER, OWNER_PASSWORD);
    const late = await owners
      .write('post', '/v1/members/invitations', { email: 'late@shop.example', role: 'viewer' })
      .expect(201);
    await t.dataSource.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      late.body.id,
    ]);
    const lateToken = (late.body.link as string).split('/').pop()!;
    expectInvalidParameter(
      await request(t.url).post('/console/session/invitation').send({ token: lateToken, password: AGENT_PASSWORD }),
      400,
      /expired/,
    );
    const gone = await owners
      .write('post', '/v1/members/invitations', { email: 'gone@shop.example', role: 'viewer' })
      .expect(201);
    await owners.write('delete', `/v1/members/invitations/${gone.body.id}`).expect(200);
    expectInvalidParameter(
      await request(t.url)
        .post('/console/session/invitation')
        .send({ token: (gone.body.link as string).split('/').pop(), password: AGENT_PASSWORD }),
      400,
      /token/,
    );
    // Two browsers accepting one link at once: one gets in.
    const twice = await owners
      .write('post', '/v1/members/invitations', { email: 'twice@shop.example', role: 'viewer' })
      .expect(201);
    const twiceToken = (twice.body.link as string).split('/').pop()!;
    const racing = await Promise.all(
      [1, 2].map(() =>
        request(t.url).post('/console/session/invitation').send({ token: twiceToken, password: AGENT_PASSWORD }),
      ),
    );
    expect(racing.map((res) => res.status).sort()).toEqual([200, 400]);
    expect(
      await t.dataSource.query(
        'SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1',
        ['twice@shop.example'],
      ),
    ).toEqual([{ n: 1 }]);
    expect(
      await t.dataSource.query('SELECT 1 FROM users WHERE email = ANY ($1)', [
        ['late@shop.example', 'gone@shop.example'],
      ]),
    ).toEqual([]);
  });

  it('sets up a second factor, then asks for its code at every sign-in', async () => {
    const owners = owner();
    await signIn(owners, OWNER, OWNER_PASSWORD);
    const setup = await owners.write('post', '/console/session/totp').expect(200);
    expect(setup.body).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/.*secret=/),
    });
    const secret = setup.body.secret as string;
    const [stored] = await t.dataSource.query('SELECT totp_secret_encrypted FROM users WHERE email = $1', [OWNER]);
    expect(stored.totp_secret_encrypted).not.toContain(secret);
    expectInvalidParameter(await owners.write('post', '/console/session/totp/confirm', { code: '12345' }), 400, /code/);
    expectInvalidParameter(
      await owners.write('post', '/console/session/totp/confirm', { code: codeOf(secret, 600) }),
      401,
      /code/,
    );
    // The app a step behind (clocks a little apart) confirms it.
    await owners.write('post', '/console/session/totp/confirm', { code: codeOf(secret, -30) }).expect(200);

    const without = await signIn(browser(), OWNER, OWNER_PASSWORD);
    expectGraphError(without, 401, 190);
    expect(without.body.error.error_data.reason).toBe('second_factor_required');
    const wrong = await browser()
      .agent.post('/console/session')
      .send({ email: OWNER, password: OWNER_PASSWORD, code: codeOf(secret, 600) });
    expectInvalidParameter(wrong, 401, /code/);
    const right = await browser()
      .agent.post('/console/session')
      .send({ email: OWNER, password: OWNER_PASSWORD, code: codeOf(secret) });
    expect(right.status).toBe(200);
    expect(right.body.person.role).toBe('owner');
    // A code is taken once: the same code again (seen over a shoulder, say) is refused.
    const replayed = await browser()
      .agent.post('/console/session')
      .send({ email: OWNER, password: OWNER_PASSWORD, code: codeOf(secret, -30) });
    expectInvalidParameter(replayed, 401, /code/);
    // Never read back.
    expect(JSON.stringify((await owners.get('/console/session').expect(200)).body)).not.toContain(secret);
    ownerSecret = secret;
  });

  it('lets an owner require a second factor: a member without one sets it up before their session starts', async () => {
    const owners = browser();
    const signedIn = await owners.agent
      .post('/console/session')
      .send({ email: OWNER, password: OWNER_PASSWORD, code: codeOf(ownerSecret, 30) })
      .expect(200);
    owners.remember(signedIn.body as Session);
    const machine = (await createOrgKey(t, a)).key;
    expectGraphError(
      await request(t.url).put('/v1/members/sign_in_policy').set(bearer(machine)).send({ require_totp: true }),
      403,
      200,
    );
    expectInvalidParameter(
      await owners.write('put', '/v1/members/sign_in_policy', { require_totp: 'yes' }),
      400,
      /require_totp/,
    );
    await owners.write('put', '/v1/members/sign_in_policy', { require_totp: true }).expect(200);
    const invited = await owners
      .write('post', '/v1/members/invitations', { email: VIEWER, role: 'viewer' })
      .expect(201);
    const token = (invited.body.link as string).split('/').pop()!;

    const viewer = browser();
    const accepted = await viewer.agent
      .post('/console/session/invitation')
      .send({ token, password: VIEWER_PASSWORD })
      .expect(200);
    expect(accepted.body).toEqual({
      second_factor_setup_required: true,
      email: VIEWER,
      organization_id: a.id,
      csrf_token: expect.any(String),
    });
    viewer.remember(accepted.body as Session);
    // No session yet: nothing of the organization, and no key.
    expectGraphError(await viewer.get(`/v1/${a.phoneNumberId}/conversations`), 401, 190);
    expectGraphError(await viewer.get('/console/session'), 401, 190);
    const setup = await viewer.write('post', '/console/session/totp').expect(200);
    const started = await viewer
      .write('post', '/console/session/totp/confirm', { code: codeOf(setup.body.secret as string) })
      .expect(200);
    expect(started.body.person).toMatchObject({ email: VIEWER, role: 'viewer' });
    viewer.remember(started.body as Session);
    await viewer.get(`/v1/${a.phoneNumberId}/conversations`).expect(200);
    expectGraphError(
      await viewer.write('delete', '/console/session/totp', { code: codeOf(setup.body.secret as string, 30) }),
      409,
      100,
    );
  });

  it("deletes an organization with its members: their keys are revoked and their sessions end; a machine's key still blocks it", async () => {
    const org = await t.get(OnboardingService).createOrganization('Short-lived');
    await t.get(PeopleService).addOwner(org.id, 'leaving@shop.example', 'the leaving owner password');
    const owner = browser();
    await signIn(owner, 'leaving@shop.example', 'the leaving owner password').then((res) =>
      expect(res.status).toBe(200),
    );
    const platform = (await createPlatformKey(t)).key;
    const machine = await t.get(ApiKeysService).create({ kind: 'org', tenantIds: [org.id], name: 'machine' });
    const blocked = await request(t.url).delete(`/v1/organizations/${org.id}`).set(bearer(platform));
    expectGraphError(blocked, 409, 100);
    expect(JSON.stringify(blocked.body)).toContain('API keys that are not revoked');
    await t.get(ApiKeysService).revoke(machine.record.id);
    await request(t.url).delete(`/v1/organizations/${org.id}`).set(bearer(platform)).expect(200);
    const keys = await t.dataSource.query<Array<{ revoked_at: Date | null }>>(
      'SELECT revoked_at FROM api_keys WHERE $1 = ANY(tenant_ids) AND member_user_id IS NOT NULL',
      [org.id],
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.revoked_at !== null)).toBe(true);
    expect(await t.dataSource.query('SELECT 1 FROM memberships WHERE tenant_id = $1', [org.id])).toHaveLength(0);
    await eventually(async () => ((await owner.get('/console/session')).status === 401 ? true : undefined), 5_000);
  });
});
