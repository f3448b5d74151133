import './support/short-sign-in-lock';
import request from 'supertest';
import { PeopleService } from '../src/people/people.service';
import { createTenant } from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const EMAIL = 'locked@shop.example';
const PASSWORD = 'the right password 2026';

/**
 * Ten wrong passwords for one account, across two instances, lock it on both for the documented
 * time (SIGN_IN_LOCK_SECONDS, here 3 s): even the right password is refused (429 code 4, Retry-After)
 * until it ends. An unknown email is counted and locked alike, so a lock tells nothing of an account.
 */
describe('sign-in lockout across instances', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({ sandbox: one.sandbox });
    await resetState(one);
    const tenant = await createTenant(one, 'Lockout');
    await one.get(PeopleService).addOwner(tenant.id, EMAIL, PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const signIn = (app: TestApp, email: string, password: string) =>
    request(app.url).post('/console/session').send({ email, password });

  it('locks the account after ten wrong passwords on either instance, then lets the right one in', async () => {
    for (let i = 1; i <= 9; i++)
      expectGraphError(await signIn(i % 2 ? one : two, EMAIL, `wrong ${i} password`), 401, 190);
    const tenth = await signIn(two, EMAIL, 'wrong 10 password');
    expectGraphError(tenth, 429, 4);
    expect(Number(tenth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    for (const app of [one, two]) expectGraphError(await signIn(app, EMAIL, PASSWORD), 429, 4);
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const back = await signIn(one, EMAIL, PASSWORD).expect(200);
    expect(back.body.person).toMatchObject({ email: EMAIL, role: 'owner' });
  });

  it('counts an unknown email the same way', async () => {
    for (let i = 1; i <= 9; i++)
      expectGraphError(await signIn(one, 'nobody@shop.example', `guess ${i} password`), 401, 190);
    expectGraphError(await signIn(two, 'nobody@shop.example', 'guess 10 password'), 429, 4);
  });
});
