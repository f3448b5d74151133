import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { PeopleService } from '../src/people/people.service';
import { buildConsole, chromiumAvailable, launchChromium, seriousViolations, signedIn } from './support/chromium';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const PASSWORD = 'console automations password 2026!';
const CUSTOMER = '15557550001';
const LEAVER = '15557550002';
const describeWithChromium = chromiumAvailable('console automations') ? describe : describe.skip;

/**
 * The Automations page in Chromium: a keyword rule made in the form, tried in the dry run (nothing
 * sent), then a customer writes and the rule's reply shows in the Inbox's thread; the signing secret
 * made and shown once, a rule that calls a URL when a customer opts out (the call signed with it);
 * axe-core finds no serious or critical violation at 1280 and 390 px.
 */
describeWithChromium('console: automations', () => {
  let t: TestApp;
  let a: TestTenant;
  let browser: Browser;
  let key: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    buildConsole();
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Console automations');
    await t.get(PeopleService).addOwner(a.id, 'owner@console-automations.example', PASSWORD);
    key = (await createOrgKey(t, a)).key;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await t?.close();
  });

  const owner = (width = 1280): Promise<Page> =>
    signedIn(browser, contexts, {
      url: t.url,
      email: 'owner@console-automations.example',
      password: PASSWORD,
      pageLink: 'Automations',
      width,
    });

  it('makes a keyword rule, dry-runs it, and its reply reaches the customer and the Inbox', async () => {
    const page = await owner();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByLabel('Name').fill('Prices');
    await form.getByLabel('If the message has any of these words').fill('price, prices');
    await form.getByLabel('Then reply').fill('Our prices are in the catalogue.');
    await form.getByRole('button', { name: 'Make the rule' }).click();
    await page.getByRole('status').getByText('Rule Prices made.').waitFor();
    await page.getByRole('region', { name: 'Rules' }).getByRole('cell', { name: 'Prices', exact: true }).waitFor();

    const tryIt = page.getByRole('form', { name: 'Try the rules' });
    await tryIt.getByLabel('A customer writes').fill('PRICE?!');
    await tryIt.getByRole('button', { name: 'Try' }).click();
    await page
      .getByRole('list', { name: 'Dry run' })
      .getByText('Prices: matched; would reply "Our prices are in the catalogue.", stop')
      .waitFor();
    expect(t.sandbox.requests().filter((r) => r.path.endsWith('/messages'))).toEqual([]);

    await postFromUpstream(t.url, inboundTextWebhook(a, CUSTOMER, 'what is the price?', { name: 'Lucia' })).expect(200);
    await page.goto(`${t.url}/console/#/inbox/${a.phoneNumberId}/${CUSTOMER}`);
    await page
      .getByRole('list', { name: 'Messages with Lucia' })
      .getByText('Our prices are in the catalogue.')
      .waitFor({ timeout: 10_000 });
    const sent = t.sandbox.requests().filter((r) => (r.body as { to?: string })?.to === CUSTOMER);
    expect(sent.map((r) => (r.body as { text?: { body: string } }).text?.body)).toEqual([
      'Our prices are in the catalogue.',
    ]);
    // The run log on the page says what ran.
    await page.goto(`${t.url}/console/#/automations`);
    await page
      .getByRole('region', { name: 'Run log' })
      .getByText(/Prices: matched/)
      .waitFor();
  });

  it('saves the number’s business hours and its welcome message from their forms', async () => {
    const page = await owner();
    const hours = page.getByRole('form', { name: 'Business hours' });
    await hours.getByLabel('Time zone').fill('Europe/Madrid');
    await hours.getByLabel(/^Monday/).fill('09:00-13:00, 15:00-19:00');
    await hours.getByLabel(/^Holidays/).fill('2026-12-25');
    await hours.getByRole('button', { name: 'Save business hours' }).click();
    await page.getByRole('status').getByText('Business hours saved.').waitFor();
    const replies = page.getByRole('form', { name: 'Automatic replies' });
    await replies.getByLabel('Send the welcome message').check();
    await replies.getByLabel('Welcome message', { exact: true }).fill('Welcome to the shop!');
    await replies.getByRole('button', { name: 'Save automatic replies' }).click();
    await page.getByRole('status').getByText('Automatic replies saved.').waitFor();
    const [row] = await t.dataSource.query(
      `SELECT time_zone, weekly, to_json(holidays) AS holidays, welcome FROM number_automations WHERE phone_number_id = $1`,
      [a.phoneNumberId],
    );
    expect(row).toEqual({
      time_zone: 'Europe/Madrid',
      weekly: {
        monday: [
          { open: '09:00', close: '13:00' },
          { open: '15:00', close: '19:00' },
        ],
      },
      holidays: ['2026-12-25'],
      welcome: { enabled: true, text: 'Welcome to the shop!' },
    });
  });

  it('makes the signing secret (shown once), then a rule that calls a URL when a customer opts out', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const page = await owner();
      const signing = page.getByRole('region', { name: 'Signing secret' });
      await signing.getByText('No secret yet').waitFor();
      await signing.getByRole('button', { name: 'Make a new signing secret' }).click();
      const secret = (await signing.getByTestId('secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await signing.getByText(`Current: …${secret.slice(-4)}.`).waitFor();

      await request(t.url)
        .put('/v1/opt_out_settings')
        .set(bearer(key))
        .send({ opt_out_keywords: ['STOP'], opt_in_keywords: ['START'] })
        .expect(200);
      const form = page.getByRole('form', { name: 'New rule' });
      await form.getByLabel('Name').fill('Tell the CRM');
      await form.getByLabel('When').selectOption('opted_out');
      await form.getByLabel('And call this URL').fill(receiver.url);
      await form.getByRole('button', { name: 'Make the rule' }).click();
      await page.getByRole('status').getByText('Rule Tell the CRM made.').waitFor();
      await page.getByRole('region', { name: 'Rules' }).getByRole('cell', { name: 'opted out' }).waitFor();

      await postFromUpstream(t.url, inboundTextWebhook(a, LEAVER, 'STOP')).expect(200);
      const [call] = await receiver.waitFor((events) => events.length === 1);
      expect(call.headers['x-hub-signature-256']).toBe(
        'sha256=' + createHmac('sha256', secret).update(call.body).digest('hex'),
      );
      expect(call.json).toMatchObject({ event: 'opted_out', wa_id: LEAVER });
      await page.reload();
      await page
        .getByRole('region', { name: 'Run log' })
        .getByText(/Tell the CRM: matched .* call_url done/)
        .waitFor();
      // The rule's own run log: the event it ran on and what it did.
      await page.getByRole('button', { name: 'Runs of Tell the CRM' }).click();
      const runs = page.getByRole('region', { name: 'Runs of Tell the CRM' });
      await runs.getByRole('cell', { name: LEAVER }).waitFor();
      await runs.getByText('Tell the CRM: matched (no conditions) → call_url done').waitFor();
    } finally {
      await receiver.stop();
    }
  });

  it('has no serious or critical accessibility violation at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await owner(width);
      await page.getByRole('region', { name: 'Rules' }).getByRole('cell', { name: 'Prices', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Runs of Prices' }).click();
      await page.getByRole('region', { name: 'Runs of Prices' }).getByRole('cell', { name: CUSTOMER }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
