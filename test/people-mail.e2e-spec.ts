import { SMTP_PORT } from './support/mail-settings';
import request from 'supertest';
import { PeopleService } from '../src/people/people.service';
import { eventually } from './support/eventually';
import { createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { type Mail, startSmtpSink } from './support/smtp-sink';

const OWNER = 'mailed-owner@shop.example';
const PASSWORD = 'the first password 2026';
const NEW_PASSWORD = 'the second password 2026';

/**
 * Mail through a real SMTP server on loopback (smtp-server): an invitation is mailed (its link not
 * answered), and a password is reset by a mailed link, once, ending the person's sessions; an
 * unknown email gets the same answer and no mail. Links use PUBLIC_BASE_URL, never the request's Host.
 */
describe('people: invitations and password resets by mail', () => {
  let t: TestApp;
  let a: TestTenant;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mails: Mail[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink(SMTP_PORT);
    mails = smtp.mails;
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Mail');
    await t.get(PeopleService).addOwner(a.id, OWNER, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = (address: string) =>
    eventually(async () => mails.filter((m) => m.to.includes(address)).at(-1), 10_000);
  const tokenIn = (mail: Mail, path: string) =>
    new RegExp(`https://gateway\\.test\\.example/console/#/${path}/([\\w-]+)`).exec(mail.text)?.[1];
  const signIn = (password: string, agent = request.agent(t.url)) =>
    agent.post('/console/session').send({ email: OWNER, password });

  it('mails an invitation instead of answering its link', async () => {
    const owner = request.agent(t.url);
    const session = (await signIn(PASSWORD, owner).expect(200)).body as { csrf_token: string };
    const invited = await owner
      .post('/v1/members/invitations')
      .set('x-csrf-token', session.csrf_token)
      .set('Host', 'evil.example')
      .send({ email: 'mailed-agent@shop.example', role: 'agent' })
      .expect(201);
    expect(invited.body).toMatchObject({ mailed: true });
    expect(invited.body.link).toBeUndefined();
    const mail = await mailTo('mailed-agent@shop.example');
    const token = tokenIn(mail, 'invitation');
    expect(token).toBeDefined();
    expect(mail.text).not.toContain('evil.example');
    await request(t.url)
      .post('/console/session/invitation')
      .send({ token, password: 'agent password 2026' })
      .expect(200);
  });

  it('resets a password by a mailed link, once, and ends the sessions the person had', async () => {
    const before = request.agent(t.url);
    await signIn(PASSWORD, before).expect(200);
    const mailsBefore = mails.length;
    await request(t.url).post('/console/session/password_reset').send({ email: 'nobody@shop.example' }).expect(200);
    await request(t.url)
      .post('/console/session/password_reset')
      .set('Host', 'evil.example')
      .send({ email: OWNER })
      .expect(200);
    const mail = await mailTo(OWNER);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mail.text).not.toContain('evil.example');
    const token = tokenIn(mail, 'reset')!;
    expectInvalidParameter(
      await request(t.url).post('/console/session/password').send({ token, password: 'short' }),
      400,
      /password/,
    );
    await request(t.url).post('/console/session/password').send({ token, password: NEW_PASSWORD }).expect(200);
    expectInvalidParameter(
      await request(t.url).post('/console/session/password').send({ token, password: NEW_PASSWORD }),
      400,
      /token/,
    );
    await eventually(async () => ((await before.get('/console/session')).status === 401 ? true : undefined), 5_000);
    expectGraphError(await signIn(PASSWORD), 401, 190);
    await signIn(NEW_PASSWORD).expect(200);
  });

  it('refuses an expired reset link and bad input, naming the field, and changes nothing', async () => {
    await request(t.url).post('/console/session/password_reset').send({ email: OWNER }).expect(200);
    const token = tokenIn(await eventually(async () => mails.filter((m) => m.to.includes(OWNER))[1]), 'reset')!;
    await t.dataSource.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    expectInvalidParameter(
      await request(t.url).post('/console/session/password').send({ token, password: 'yet another password' }),
      400,
      /token/,
    );
    expectInvalidParameter(
      await request(t.url).post('/console/session/password_reset').send({ email: 'not-an-email' }),
      400,
      /email/,
    );
    await signIn(NEW_PASSWORD).expect(200);
  });
});
