import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import {
  buildConsole,
  chromiumAvailable,
  launchChromium,
  seriousViolations,
  signedInWithKey,
} from './support/chromium';
import { eventually } from './support/eventually';
import { bearer, createApprovedTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The console's Insights page in Chromium (issue 59): the same funnel figures as the API for the same
 * range, reached from the Templates page's link too, a CSV export, and no serious or critical
 * accessibility violation (axe-core) at 1280 and 390 pixels.
 */
(chromiumAvailable('console-insights') ? describe : describe.skip)('the console: insights', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let key: string;
  let browser: Browser;

  beforeAll(async () => {
    buildConsole();
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t, 'Insights in the console');
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    await createApprovedTemplate(t, tenant, key, {
      name: 'console_launch',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Our launch is today' }],
    });
    for (const to of ['15550501001', '15550501002', '15550501003'])
      await request(t.url)
        .post(`/v1/${tenant.phoneNumberId}/messages`)
        .set(bearer(key))
        .send({
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: { name: 'console_launch', language: { code: 'en_US' } },
        })
        .expect(200);
    // The sandbox's statuses (sent, delivered, read) come in; a customer answers one.
    await eventually(async () => {
      const res = await request(t.url).get('/v1/insights/funnels').set(bearer(key));
      return res.body.data?.[0]?.read === 3 ? true : undefined;
    }, 20_000);
    await t.sandbox.simulateInbound({
      phone_number_id: tenant.phoneNumberId,
      from: '15550501001',
      type: 'text',
      text: 'Hi',
    });
    await eventually(async () => {
      const res = await request(t.url).get('/v1/insights/funnels').set(bearer(key));
      return res.body.data?.[0]?.replied === 1 ? true : undefined;
    }, 20_000);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signIn = (width: number) => signedInWithKey(browser, t.url, key, width);

  it('shows the same funnel as the API for the same range, and exports it as CSV', async () => {
    const api = await request(t.url)
      .get('/v1/insights/funnels')
      .query({ since: daysAgo(29), until: today(), by: 'template' })
      .set(bearer(key))
      .expect(200);
    const [funnel] = api.body.data;
    expect(funnel).toMatchObject({ template_name: 'console_launch', sent: 3, delivered: 3, read: 3, replied: 1 });
    const page = await signIn(1280);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    const table = page.getByRole('region', { name: 'Funnels' });
    const row = table.getByRole('row', { name: /console_launch/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'console_launch (en_US)',
      String(funnel.sent),
      `${funnel.delivered} (100 %)`,
      `${funnel.read} (100 %)`,
      `${funnel.replied} (33.3 %)`,
      `${funnel.pressed} (0 %)`,
      String(funnel.failed),
      '',
      '',
    ]);
    await page
      .getByRole('img', { name: 'Funnel of console_launch (en_US): 3 sent, 3 delivered, 3 read, 1 replied, 0 pressed' })
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`insights-template-${daysAgo(29)}-${today()}.csv`);
    const csv = readFileSync(await download.path(), 'utf8').split(/\r?\n/);
    expect(csv[1]).toMatch(/^console_launch,en_US,\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2},3,3,3,1,0,0,1,1,0.3333,0,,$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("opens a template's funnel from the Templates page, at 390 pixels too, with no serious violation", async () => {
    for (const width of [1280, 390]) {
      const page = await signIn(width);
      // Through the navigation once the session is in (a hash set before it would be the sign-in's).
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Templates' }).click();
      await page.getByRole('link', { name: 'Funnel of console_launch (en_US)' }).click();
      await page.getByText('Showing template').waitFor();
      await page
        .getByRole('region', { name: 'Funnels' })
        .getByRole('row', { name: /console_launch/ })
        .waitFor();
      expect(page.url()).toContain('#/insights/template/console_launch/en_US');
      expect({ width, serious: await seriousViolations(page) }).toEqual({ width, serious: [] });
      await page.context().close();
    }
  }, 60_000);
});
