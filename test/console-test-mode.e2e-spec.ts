import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { OnboardingService } from '../src/tenancy/onboarding.service';
import { buildConsole, chromiumAvailable, launchChromium, seriousViolations } from './support/chromium';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * Test mode in the console, in Chromium (issue 47): the Test data switch, a test number made on its
 * page, a template sent to a simulated customer, the customer's reply played from the thread and
 * seen there; back on live data none of it shows. No serious accessibility violation (axe-core).
 */
(chromiumAvailable('console-test-mode') ? describe : describe.skip)('the console: test data', () => {
  let t: TestApp;
  let live: TestTenant;
  let key: string;
  let browser: Browser;
  const LIVE_CUSTOMER = '15557770111';
  const TEST_CUSTOMER = '15557770222';

  beforeAll(async () => {
    buildConsole();
    t = await createTestApp({ simulator: true });
    await resetState(t);
    live = await createTenant(t, 'Console test mode');
    key = (await createOrgKey(t, live, { rateLimitPerSecond: 10_000 })).key;
    // Live data the test side must not show: a live customer's conversation.
    await t.sandbox.simulateInbound({
      phone_number_id: live.phoneNumberId,
      from: LIVE_CUSTOMER,
      type: 'text',
      text: 'live hello',
    });
    await eventually(async () =>
      (await t.dataSource.query('SELECT 1 FROM conversations WHERE wa_id = $1', [LIVE_CUSTOMER])).length
        ? true
        : undefined,
    );
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${t.url}/console/`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    return page;
  }
  const go = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name, exact: true }).click();

  it('makes a test number, sends a template, replies as the customer and sees the thread; live data shows none of it', async () => {
    const liveCalls = t.sandbox.requests().length;
    const page = await signIn();
    await expectNoLink(page, 'Test numbers');
    await page.getByRole('switch', { name: 'Test data' }).check();
    await page.getByText(/^Test data: every page shows/).waitFor();

    // A test number, made on its page.
    await go(page, 'Test numbers');
    await page.getByRole('heading', { name: 'Test numbers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create a test number' }).click();
    await page.getByText(/^Test number \+1 555-\d{3}-\d{4} created\.$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const twin = await t.get(OnboardingService).testTwinOf(live.id);
    const [number] = await t.dataSource.query<Array<{ phone_number_id: string; waba_id: string }>>(
      `SELECT p.phone_number_id, b.waba_id FROM phone_numbers p JOIN business_accounts b ON b.id = p.business_account_id
       WHERE p.tenant_id = $1`,
      [twin.id],
    );
    // An approved template on the test account (made and reviewed on demand with a test key).
    const testKey = (await t.get(ApiKeysService).create({ kind: 'org', mode: 'test', tenantIds: [twin.id] })).key;
    const created = await request(t.url)
      .post(`/v1/${number.waba_id}/message_templates`)
      .set(bearer(testKey))
      .send({
        name: 'console_hello',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Hello from the test number' }],
      })
      .expect(200);
    await request(t.url)
      .post(`/v1/test/${number.waba_id}/message_templates/${created.body.id}/review`)
      .set(bearer(testKey))
      .send({ status: 'APPROVED' })
      .expect(200);
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT status FROM message_templates WHERE upstream_id = $1`, [
        created.body.id,
      ]);
      return row?.status === 'APPROVED' ? row : undefined;
    });

    // The template to a simulated customer, as a broadcast of one.
    await go(page, 'Broadcasts');
    const form = page.getByRole('form', { name: 'New broadcast' });
    await form.getByLabel('Name').fill('Console test');
    await form.getByRole('option', { name: 'console_hello (en_US)' }).waitFor({ state: 'attached' });
    await form.getByLabel('Recipients (CSV)').fill(`to\n${TEST_CUSTOMER}`);
    await form.getByRole('button', { name: 'Check' }).click();
    await form.getByRole('button', { name: 'Create broadcast' }).click();
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT status FROM messages WHERE tenant_id = $1 AND recipient = $2`, [
        twin.id,
        TEST_CUSTOMER,
      ]);
      return row && row.status !== 'pending' ? row : undefined;
    }, 15_000);

    // The thread: the template, then the customer's reply played from the thread.
    await go(page, 'Inbox');
    await page.getByRole('link', { name: new RegExp(TEST_CUSTOMER) }).click();
    // Named after the customer: their number, then their profile name once they have written.
    const thread = page.getByRole('list', { name: /^Messages with / });
    await thread.getByText('Template: console_hello').waitFor();
    const reply = page.getByRole('form', { name: 'Reply as the customer' });
    await reply.getByLabel('Reply as the customer').fill('Thanks, got it!');
    await reply.getByRole('button', { name: 'Send as the customer' }).click();
    await thread.getByText('Thanks, got it!').waitFor();
    expect(await page.getByRole('link', { name: /live hello/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Back on live data: the live conversation, none of the test one, no test numbers.
    await page.getByRole('switch', { name: 'Test data' }).uncheck();
    await page.getByText(/^Test data: every page shows/).waitFor({ state: 'detached' });
    await expectNoLink(page, 'Test numbers');
    await go(page, 'Inbox');
    await page.getByRole('link', { name: /live hello/ }).waitFor();
    expect(await page.getByRole('link', { name: /Thanks, got it!|console_hello/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The live upstream saw none of the test side.
    const leaked = t.sandbox
      .requests()
      .slice(liveCalls)
      .filter((r) => r.path.includes(number.phone_number_id) || r.path.includes(number.waba_id));
    expect(leaked).toEqual([]);
    await page.context().close();
  }, 90_000);
});

async function expectNoLink(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Inbox' }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name, exact: true }).count()).toBe(
    0,
  );
}
