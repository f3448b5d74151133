import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import {
  buildConsole,
  chromiumAvailable,
  launchChromium,
  seriousViolations,
  signedInWithKey,
} from './support/chromium';
import { eventually } from './support/eventually';
import {
  bearer,
  importSampleRateCard,
  createApprovedTemplate,
  createOrgKey,
  createPlatformKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The console's Usage page in Chromium (issue 46): the same totals as the API for the same range, the
 * spending limit and the budget left, a CSV export, and the operator's view of every organization,
 * the limits and the rate cards; no serious accessibility violation (axe-core).
 */
(chromiumAvailable('console-usage') ? describe : describe.skip)('the console: usage', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let key: string;
  let platform: string;
  let browser: Browser;

  beforeAll(async () => {
    buildConsole();
    t = await createTestApp();
    await resetState(t);
    await t.dataSource.query('DELETE FROM rate_cards');
    platform = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
    await importSampleRateCard(t, platform, daysAgo(40));
    tenant = await createTenant(t, 'Usage in the console');
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    await createApprovedTemplate(t, tenant, key, {
      name: 'console_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Our sale starts today' }],
    });
    const sent: string[] = [];
    for (const to of ['15550401001', '15550401002', '919876540001'])
      sent.push(
        (
          await request(t.url)
            .post(`/v1/${tenant.phoneNumberId}/messages`)
            .set(bearer(key))
            .send({
              messaging_product: 'whatsapp',
              to,
              type: 'template',
              template: { name: 'console_sale', language: { code: 'en_US' } },
            })
            .expect(200)
        ).body.messages[0].id as string,
      );
    await eventually(async () => {
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM usage_entries WHERE message_id = ANY ($1)`,
        [sent],
      );
      return n === 3 ? true : undefined;
    }, 15_000);
    await request(t.url)
      .put(`/v1/organizations/${tenant.id}/spending_limit`)
      .set(bearer(platform))
      .send({ kind: 'messages', limit: 10 })
      .expect(200);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function openUsage(signInKey: string, width = 1280): Promise<Page> {
    const page = await signedInWithKey(browser, t.url, signInKey, width);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    return page;
  }

  it('shows the same totals as the API for the same range, the limit and the budget left, and exports CSV', async () => {
    const api = await request(t.url)
      .get('/v1/usage')
      .query({ from: monthStart(), to: today(), group_by: 'category' })
      .set(bearer(key))
      .expect(200);
    expect(api.body.totals).toMatchObject({ messages: 3, billable_messages: 3, cost: 0.0607 });
    const page = await openUsage(key);
    const totals = page.getByRole('definition');
    await page.locator('[data-total="messages"]').getByText(String(api.body.totals.messages)).waitFor();
    expect(await totals.allTextContents()).toEqual([
      String(api.body.totals.messages),
      String(api.body.totals.billable_messages),
      `${api.body.totals.cost.toFixed(4)} USD`,
    ]);
    await page.getByRole('img', { name: /^Messages by day and category/ }).waitFor();
    const byDay = page.getByRole('region', { name: 'Usage by day and category' });
    await byDay.getByRole('cell', { name: 'marketing' }).waitFor();
    const byNumber = page.getByRole('region', { name: 'Usage by number and market' });
    await byNumber.getByRole('cell', { name: 'North America' }).waitFor();
    await byNumber.getByRole('cell', { name: 'India' }).waitFor();
    // The limit of 10 billable messages: 3 used, 7 left.
    await page.getByText('Left this month: 7 messages').waitFor();
    expect(await page.getByRole('meter').getAttribute('value')).toBe('30');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`usage-${monthStart()}-${today()}.csv`);
    const csv = readFileSync(await download.path(), 'utf8').split(/\r?\n/);
    expect(csv[0]).toBe('period,category,messages,billable_messages,cost,unpriced_billable_messages');
    expect(csv).toContain(`${today()},marketing,3,3,0.0607,0`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("gives an operator every organization's usage, the limits and the rate cards, at 390 pixels too", async () => {
    for (const width of [1280, 390]) {
      const page = await openUsage(platform, width);
      await page
        .getByRole('region', { name: 'Usage by organization' })
        .getByRole('cell', { name: tenant.id })
        .waitFor();
      await page.getByRole('region', { name: 'Spending limits' }).getByRole('cell', { name: '10 messages' }).waitFor();
      await page
        .getByRole('region', { name: 'Rate cards' })
        .getByRole('cell', { name: daysAgo(40) })
        .waitFor();
      expect({ width, serious: await seriousViolations(page) }).toEqual({ width, serious: [] });
      await page.context().close();
    }
  }, 60_000);
});
