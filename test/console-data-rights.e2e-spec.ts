import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PeopleService } from '../src/people/people.service';
import { buildConsole, chromiumAvailable, launchChromium, seriousViolations, signedIn } from './support/chromium';
import { eventually } from './support/eventually';
import { createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const PASSWORD = 'console data rights password 2026!';
const CUSTOMER = '15550583001';
const ERASED = '15550583002';
const describeWithChromium = chromiumAvailable('console data rights') ? describe : describe.skip;

/**
 * The Data rights page in Chromium: the organization's retention saved from its form (a value above
 * the platform's refused with the API's words), a customer's export downloaded as a JSON file, a
 * customer erased once the consequence is acknowledged (the receipt shown), the organization's archive
 * made and downloaded through its link, a developer sees the
 * retention and can change nothing; axe-core finds no serious or critical violation.
 */
describeWithChromium('console: data rights', () => {
  let t: TestApp;
  let a: TestTenant;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    buildConsole();
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Console data rights');
    const people = t.get(PeopleService);
    await people.addOwner(a.id, 'owner@console-data-rights.example', PASSWORD);
    await people.addMember(a.id, 'dev@console-data-rights.example', PASSWORD, 'developer');
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await t?.close();
  });

  const signIn = (email: string, width = 1280): Promise<Page> =>
    signedIn(browser, contexts, { url: t.url, email, password: PASSWORD, pageLink: 'Data rights', width });

  it('saves a shorter retention, and refuses one longer than the platform’s with the API’s words', async () => {
    const page = await signIn('owner@console-data-rights.example');
    const form = page.getByRole('form', { name: 'Retention' });
    await form.getByLabel(/^Message bodies/).fill('91');
    await form.getByRole('button', { name: 'Save retention' }).click();
    await page
      .getByRole('alert')
      .getByText(/message_bodies_days: at most 90/)
      .waitFor();
    await form.getByLabel(/^Message bodies/).fill('30');
    await form.getByLabel(/^Webhook delivery logs/).fill('7');
    await form.getByRole('button', { name: 'Save retention' }).click();
    await page.getByRole('status').getByText('Retention saved.').waitFor();
    expect(
      await t.dataSource.query(
        `SELECT message_bodies_days, inbound_messages_days, media_days, webhook_deliveries_days
         FROM retention_settings WHERE tenant_id = $1`,
        [a.id],
      ),
    ).toEqual([{ message_bodies_days: 30, inbound_messages_days: null, media_days: null, webhook_deliveries_days: 7 }]);
    await page.reload();
    await expect(
      page
        .getByRole('form', { name: 'Retention' })
        .getByLabel(/^Message bodies/)
        .inputValue(),
    ).resolves.toBe('30');
  });

  it('exports a customer as a JSON file the browser downloads; an unknown one is refused in the API’s words', async () => {
    await postFromUpstream(t.url, inboundTextWebhook(a, CUSTOMER, 'hello from the export')).expect(200);
    await eventually(async () => {
      const rows = await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE "from" = $1`, [CUSTOMER]);
      return rows.length === 1 ? true : undefined;
    });
    const page = await signIn('owner@console-data-rights.example');
    const form = page.getByRole('form', { name: 'Export a customer' });
    await form.getByLabel("Customer's WhatsApp id").fill('15550589998');
    await form.getByRole('button', { name: 'Export' }).click();
    await page
      .getByRole('alert')
      .getByText(/Customer 15550589998 does not exist/)
      .waitFor();
    await form.getByLabel("Customer's WhatsApp id").fill(CUSTOMER);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`customer-${CUSTOMER}.json`);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      wa_id: string;
      data: { inbound_messages: Array<{ payload: { text?: { body?: string } } }> };
    };
    expect(file.wa_id).toBe(CUSTOMER);
    expect(file.data.inbound_messages.map((m) => m.payload.text?.body)).toEqual(['hello from the export']);
    await page
      .getByRole('status')
      .getByText(new RegExp(`Exported \\d+ records of ${CUSTOMER}\\.`))
      .waitFor();
  });

  it('erases a customer once the consequence is acknowledged, and shows the receipt', async () => {
    await postFromUpstream(t.url, inboundTextWebhook(a, ERASED, 'please forget me')).expect(200);
    await eventually(async () => {
      const rows = await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE "from" = $1`, [ERASED]);
      return rows.length === 1 ? true : undefined;
    });
    const page = await signIn('owner@console-data-rights.example');
    const form = page.getByRole('form', { name: 'Erase a customer' });
    await form.getByLabel("Customer's WhatsApp id to erase").fill(ERASED);
    expect(await form.getByRole('button', { name: 'Erase' }).isDisabled()).toBe(true);
    await form.getByLabel(/I understand/).check();
    await form.getByRole('button', { name: 'Erase' }).click();
    await form.getByRole('status').getByText('Erasure started: its receipt is below.').waitFor();
    const receipts = page.getByRole('region', { name: 'Erasures' });
    await receipts.getByText(/inbound messages 1/).waitFor();
    await receipts.getByText(/^done /).waitFor();
    expect(await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE "from" = $1`, [ERASED])).toEqual([]);
  });

  it('makes the organization’s archive and downloads it through its link', async () => {
    const page = await signIn('owner@console-data-rights.example');
    await page.getByRole('button', { name: 'Export the organization' }).click();
    await page.getByRole('status').getByText('Archive started: it is listed below.').waitFor();
    const link = page.getByRole('region', { name: 'Archives' }).getByRole('link', { name: /^Download/ });
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^organization-export-[0-9a-f-]{36}\.tar\.gz$/);
    const bytes = readFileSync(await download.path());
    // A gzip stream: its magic number.
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });

  it('shows a developer the retention without a way to change it', async () => {
    const page = await signIn('dev@console-data-rights.example');
    await page
      .getByRole('form', { name: 'Retention' })
      .getByLabel(/^Message bodies/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save retention' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Erase a customer' }).count()).toBe(0);
  });

  it('has no serious or critical accessibility violation at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await signIn('owner@console-data-rights.example', width);
      await page.getByRole('form', { name: 'Retention' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
