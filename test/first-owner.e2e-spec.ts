import request from 'supertest';
import { consoleBrowser } from './support/console-browser';
import { eventually } from './support/eventually';
import { buildOnce, deploymentCli, killAll, startGateway, startSandbox } from './support/gateway-process';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { ScratchDatabase } from './support/postgres-helpers';

/** What a real deployment sets (its database a scratch one, Redis the test's, on loopback). */
function productionSettings(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL as string,
    REDIS_KEY_PREFIX: 'gwowner:',
    ENCRYPTION_KEY: 'c'.repeat(64),
    META_APP_SECRET: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    META_APP_ID: '734512987650077',
    WEBHOOK_VERIFY_TOKEN: 'a-verify-token-of-this-deployment',
    // Single sign-on is configured (an owner claims email domains for it); nobody signs in through it
    // here, so the provider is never asked (people-sso.e2e-spec runs a real one).
    OIDC_ISSUER: 'http://127.0.0.1:25879',
    OIDC_CLIENT_ID: 'gateway-console',
    OIDC_CLIENT_SECRET: 'a client secret of this deployment',
  };
}

const cli = deploymentCli;

const tokenOf = (link: string) => link.split('#/invitation/')[1];

/**
 * An organization's first owner in production (issue 54): nobody inside an organization can make
 * its first owner, so the operator does, as docs/deploy.md's checklist says: a platform key creates
 * the organization with `owner_email` (or invites later through `/v1/organizations/{id}/invitations`),
 * or the CLI's `member:invite`. The owner accepts, signs in and does what only owners do. An admin
 * key invites an owner only while the organization has none (docs/decisions.md).
 */
describe('production: an organization gets its first owner from the operator', () => {
  const database = new ScratchDatabase('first_owner');
  let env: Record<string, string>;
  let gateway: { url: string };
  let platform: string;

  beforeAll(async () => {
    buildOnce();
    await database.create();
    env = productionSettings(database.url);
    const sandbox = await startSandbox(['--app-secret', env.META_APP_SECRET, '--app-id', env.META_APP_ID]);
    gateway = await startGateway({ ...env, GATEWAY_MODE: 'production', UPSTREAM_BASE_URL: sandbox.url });
    await eventually(async () => ((await request(gateway.url).get('/health')).status === 200 ? true : undefined));
    const first = await cli(['bootstrap'], env);
    expect(first.code).toBe(0);
    platform = first.json.key as string;
  }, 180_000);
  afterAll(async () => {
    await killAll();
    await database.drop();
  });

  const asPlatform = () => ({ Authorization: `Bearer ${platform}` });
  const signIn = async (email: string, password: string) => {
    const who = consoleBrowser(gateway.url);
    const res = await who.agent.post('/console/session').send({ email, password });
    expect(res.status).toBe(200);
    who.remember(res.body as { csrf_token: string });
    return { who, session: res.body as { organization_id: string; person: { role: string } } };
  };

  let organizationId: string;

  it('a platform key creates an organization with its first owner, who accepts and does what only owners do', async () => {
    expectInvalidParameter(
      await request(gateway.url)
        .post('/v1/organizations')
        .set(asPlatform())
        .send({ name: 'Owned Ltd', owner_email: 'not-an-email' }),
      400,
      /owner_email/,
    );
    const created = await request(gateway.url)
      .post('/v1/organizations')
      .set(asPlatform())
      .send({ name: 'Owned Ltd', owner_email: ' Olga@Owned.Example ' })
      .expect(201);
    organizationId = created.body.id as string;
    // No SMTP_URL in this deployment: the link is answered to the operator, this once.
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Owned Ltd',
      test_of: null,
      created_at: expect.any(String),
      owner_invitation: {
        id: expect.any(String),
        email: 'olga@owned.example',
        role: 'owner',
        open: true,
        expires_at: expect.any(String),
        created_at: expect.any(String),
        mailed: false,
        link: expect.stringMatching(/^\/console\/#\/invitation\/[\w-]{40,}$/),
      },
    });
    const owner = consoleBrowser(gateway.url);
    await owner.agent
      .post('/console/session/invitation')
      .send({ token: tokenOf(created.body.owner_invitation.link as string), password: 'owner password of olga' })
      .expect(200);

    const { who, session } = await signIn('olga@owned.example', 'owner password of olga');
    expect(session).toMatchObject({ organization_id: organizationId, person: { role: 'owner' } });
    const policy = await who
      .write('put', '/v1/members/sign_in_policy', { require_totp: true, sso_domains: ['owned.example'] })
      .expect(200);
    expect(policy.body).toMatchObject({ require_totp: true, sso_domains: ['owned.example'] });
    // And makes another owner, as owners do.
    const second = await who
      .write('post', '/v1/members/invitations', { email: 'otto@owned.example', role: 'owner' })
      .expect(201);
    expect(second.body).toMatchObject({ role: 'owner', mailed: false });
    // The audit log names the operator's key for the organization and its invitation, never the link.
    const audit = await who.get('/v1/audit_log?action=organizations.create').expect(200);
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        action: 'organizations.create',
        actor: expect.objectContaining({ key_kind: 'platform', person: null }),
        changes: { body: { name: 'Owned Ltd', owner_email: ' Olga@Owned.Example ' } },
      }),
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(tokenOf(created.body.owner_invitation.link as string));
  });

  it('the operator invites with any role through the organization later: refused for an unknown organization or a test twin', async () => {
    const invited = await request(gateway.url)
      .post(`/v1/organizations/${organizationId}/invitations`)
      .set(asPlatform())
      .send({ email: 'ada@owned.example', role: 'admin' })
      .expect(201);
    expect(invited.body).toMatchObject({ email: 'ada@owned.example', role: 'admin', mailed: false });
    expectGraphError(
      await request(gateway.url)
        .post('/v1/organizations/00000000-0000-4000-8000-000000000000/invitations')
        .set(asPlatform())
        .send({ email: 'ada@owned.example', role: 'owner' }),
      404,
      100,
    );
    expectInvalidParameter(
      await request(gateway.url)
        .post(`/v1/organizations/${organizationId}/invitations`)
        .set(asPlatform())
        .send({ email: 'ada@owned.example', role: 'emperor' }),
      400,
      /role/,
    );
    // A test twin has no people of its own.
    await request(gateway.url)
      .post('/v1/keys')
      .set(asPlatform())
      .send({ kind: 'org', mode: 'test', tenant_ids: [organizationId] })
      .expect(201);
    const [twin] = await database.query(
      async (db) => (await db.query('SELECT id FROM organizations WHERE test_of = $1', [organizationId])).rows,
    );
    expectInvalidParameter(
      await request(gateway.url)
        .post(`/v1/organizations/${twin.id as string}/invitations`)
        .set(asPlatform())
        .send({ email: 'ada@owned.example', role: 'owner' }),
      400,
      /test twin/,
    );
    // An organization's own machine key with members:write may not (only owners, and the operator).
    const orgKey = await request(gateway.url)
      .post('/v1/keys')
      .set(asPlatform())
      .send({ kind: 'org', tenant_ids: [organizationId], scopes: ['members:write'] })
      .expect(201);
    expectGraphError(
      await request(gateway.url)
        .post('/v1/members/invitations')
        .set('Authorization', `Bearer ${orgKey.body.key as string}`)
        .send({ email: 'eve@owned.example', role: 'owner' }),
      403,
      200,
    );
  });

  it('the CLI creates an organization and invites its owner, the link printed once (no mail transport)', async () => {
    const organization = await cli(['org:create', '--name', 'Shell Ltd'], env);
    expect(organization.code).toBe(0);
    const refused = await cli(
      ['member:invite', '--org', organization.json.id, '--email', 'sam@shell.example', '--role', 'czar'],
      env,
    );
    expect(refused).toMatchObject({ code: 1, json: { error: { code: 100, message: expect.any(String) } } });
    const invited = await cli(
      ['member:invite', '--org', organization.json.id, '--email', 'Sam@Shell.Example', '--role', 'owner'],
      env,
    );
    expect(invited.code).toBe(0);
    expect(invited.json).toMatchObject({
      email: 'sam@shell.example',
      role: 'owner',
      mailed: false,
      link: expect.stringMatching(/^http:\/\/localhost:\d+\/console\/#\/invitation\/[\w-]{40,}$/),
    });
    // Only the hash is kept, and the CLI's invitation names no key.
    const [row] = await database.query(
      async (db) =>
        (await db.query('SELECT token_hash, invited_by_key_id FROM invitations WHERE id = $1', [invited.json.id])).rows,
    );
    expect(row).toEqual({ token_hash: expect.any(String), invited_by_key_id: null });
    expect(row.token_hash).not.toContain(tokenOf(invited.json.link as string));
    await consoleBrowser(gateway.url)
      .agent.post('/console/session/invitation')
      .send({ token: tokenOf(invited.json.link as string), password: 'owner password of sam' })
      .expect(200);
    const { who, session } = await signIn('sam@shell.example', 'owner password of sam');
    expect(session).toMatchObject({ organization_id: organization.json.id, person: { role: 'owner' } });
    await who.write('put', '/v1/members/sign_in_policy', { require_totp: true }).expect(200);
    const unknown = await cli(
      ['member:invite', '--org', '00000000-0000-4000-8000-000000000000', '--email', 'x@y.example', '--role', 'owner'],
      env,
    );
    expect(unknown).toMatchObject({ code: 1, json: { error: { code: 100 } } });
  });

  it("an admin key invites an organization's first owner only: once it has one, only owners do", async () => {
    const empty = await request(gateway.url)
      .post('/v1/organizations')
      .set(asPlatform())
      .send({ name: 'Agency client' })
      .expect(201);
    const admin = await request(gateway.url)
      .post('/v1/keys')
      .set(asPlatform())
      .send({ kind: 'admin', name: 'agency', tenant_ids: [empty.body.id, organizationId] })
      .expect(201);
    const asAdmin = (tenantId: string) => ({
      Authorization: `Bearer ${admin.body.key as string}`,
      'X-Svc-Tenant-Id': tenantId,
    });
    const first = await request(gateway.url)
      .post('/v1/members/invitations')
      .set(asAdmin(empty.body.id as string))
      .send({ email: 'client@agency-client.example', role: 'owner' })
      .expect(201);
    expect(first.body).toMatchObject({ role: 'owner', mailed: false });
    // The organization made earlier has an owner: the agency's key may not make another.
    const refused = await request(gateway.url)
      .post('/v1/members/invitations')
      .set(asAdmin(organizationId))
      .send({ email: 'agency@agency.example', role: 'owner' });
    expectGraphError(refused, 403, 200);
    expect(refused.body.error.message).toMatch(/Only an owner can invite an owner/);
    // Other roles it may still invite.
    await request(gateway.url)
      .post('/v1/members/invitations')
      .set(asAdmin(organizationId))
      .send({ email: 'agency@agency.example', role: 'admin' })
      .expect(201);
    // A person who is an admin there (not an owner) may not, even while it has no owner.
    const adminInvite = await request(gateway.url)
      .post(`/v1/organizations/${empty.body.id as string}/invitations`)
      .set(asPlatform())
      .send({ email: 'ada@agency.example', role: 'admin' })
      .expect(201);
    await consoleBrowser(gateway.url)
      .agent.post('/console/session/invitation')
      .send({ token: tokenOf(adminInvite.body.link as string), password: 'admin password of ada' })
      .expect(200);
    const ada = await signIn('ada@agency.example', 'admin password of ada');
    expect(ada.session).toMatchObject({ organization_id: empty.body.id, person: { role: 'admin' } });
    expectGraphError(
      await ada.who.write('post', '/v1/members/invitations', { email: 'mallory@agency.example', role: 'owner' }),
      403,
      200,
    );
  });
});
