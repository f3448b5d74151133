import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * The API explorer in a real browser: Debian's Chromium driven by playwright-core loads /docs,
 * authorizes with a key, picks Meta's text-message example on the send route and executes it.
 * `.ci/run` installs Chromium; where it cannot be, this suite is skipped and says why.
 */
const available = chromiumAvailable('explorer');

const RECIPIENT = '15551234567'; // the `to` of Meta's text-message example

(available ? describe : describe.skip)('API explorer (/docs) in Chromium', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let key: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t);
    key = (await createOrgKey(t, tenant)).key;
    await t.dataSource.query(
      `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, now())`,
      [tenant.phoneNumberId, RECIPIENT, tenant.id],
    );
    browser = await launchChromium();
    page = await browser.newPage();
  }, 60_000);
  /**
   * An operation of the explorer, brought into view through its tag filter: with over 150 rows,
   * Swagger UI renders only those in view.
   */
  async function shown(tag: string, selector: string) {
    await page.locator('.operation-filter-input').fill(tag);
    const operation = page.locator(selector);
    await operation.waitFor();
    return operation;
  }

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('loads, authorizes with the key, and sends the text-message example: 200 with a wamid, and the sandbox got the send', async () => {
    const sandbox = t.sandbox;
    sandbox.clearRequests();
    await page.goto(`${t.url}/docs`);
    await page.locator('.swagger-ui .information-container .title').waitFor();

    await page.locator('button.authorize').first().click();
    await page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first().fill(key);
    await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click();
    await page.locator('.modal-ux .auth-btn-wrapper button.btn-done').click();

    const send = await shown('messages', '#operations-messages-MessagesController_send');
    await send.locator('.opblock-summary').click();
    await send.locator('button.try-out__btn').click();
    await send.locator('tr[data-param-name="phoneNumberId"] input').fill(tenant.phoneNumberId);
    // Meta's examples, by name, in the request body's example picker.
    const examples = send.locator('.opblock-section-request-body select.examples-select-element');
    expect(await examples.locator('option').count()).toBe(50);
    const editor = send.locator('textarea.body-param__text');
    await examples.selectOption('location-message');
    await expectValue(editor, (body) => body.type === 'location');
    await examples.selectOption('text-message');
    await expectValue(editor, (body) => body.type === 'text' && body.to === RECIPIENT);
    await send.locator('button.execute').click();

    const status = send.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor();
    expect((await status.innerText()).trim()).toBe('200');
    const responseBody = await send
      .locator('.live-responses-table .response-col_description pre.microlight')
      .first()
      .innerText();
    expect(JSON.parse(responseBody)).toMatchObject({
      messaging_product: 'whatsapp',
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });

    const upstream = sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith(`/${tenant.phoneNumberId}/messages`));
    expect(upstream).toHaveLength(1);
    expect(upstream[0].body).toMatchObject({
      type: 'text',
      to: RECIPIENT,
      text: { body: 'Hello! Your order #1042 has shipped.' },
    });
    const rows = await t.dataSource.query('SELECT upstream_message_id FROM messages WHERE phone_number_id = $1', [
      tenant.phoneNumberId,
    ]);
    expect(rows).toEqual([{ upstream_message_id: JSON.parse(responseBody).messages[0].id }]);
  }, 60_000);

  it("executes the template list, whose {wabaId} comes from the controller's path: 200 with the catalog", async () => {
    await createCatalogTemplate(t, tenant, {
      name: 'explorer_listed',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Hello' }],
    });
    const list = await shown('templates', '#operations-templates-TemplatesController_list');
    await list.locator('.opblock-summary').click();
    // The route's scopes and key kinds are in its description.
    await expectText(list.locator('.opblock-description-wrapper').first(), '', (text) =>
      text.includes('Scopes: templates:read'),
    );
    await list.locator('button.try-out__btn').click();
    await list.locator('tr[data-param-name="wabaId"] input').fill(tenant.wabaId);
    await list.locator('button.execute').click();
    const status = list.locator('.live-responses-table .response .response-col_status').first();
    await expectText(status, '200');
    const url = await list.locator('.request-url pre').first().innerText();
    expect(url).toContain(`/v1/${tenant.wabaId}/message_templates`);
    const body = JSON.parse(
      await list.locator('.live-responses-table .response-col_description pre.microlight').first().innerText(),
    );
    expect(body.data.map((template: { name: string }) => template.name)).toContain('explorer_listed');
  }, 60_000);

  it("executes a forwarded operation under Meta's own tag: the blocked users of a number, from the sandbox", async () => {
    await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/block_users`)
      .set('Authorization', `Bearer ${key}`)
      .send({ messaging_product: 'whatsapp', block_users: [{ user: '16505551234' }] })
      .expect(200);
    const blocked = await shown('Block Users', '[id$="-forwarded_getBlockedUsers"]');
    await expect(blocked.getAttribute('id')).resolves.toBe('operations-Block_Users-forwarded_getBlockedUsers');
    await blocked.locator('.opblock-summary').click();
    await expectText(blocked.locator('.opblock-description-wrapper').first(), '', (text) =>
      text.includes('Scopes: blocking:read'),
    );
    await blocked.locator('button.try-out__btn').click();
    await blocked.locator('tr[data-param-name="phoneNumberId"] input').fill(tenant.phoneNumberId);
    await blocked.locator('button.execute').click();
    await expectText(blocked.locator('.live-responses-table .response .response-col_status').first(), '200');
    const body = JSON.parse(
      await blocked.locator('.live-responses-table .response-col_description pre.microlight').first().innerText(),
    );
    expect(body.data).toEqual([{ messaging_product: 'whatsapp', wa_id: '16505551234' }]);
  }, 60_000);

  it('shows the real error body when the key is wrong (401 code 190)', async () => {
    await page.locator('button.authorize').first().click();
    await page.locator('.modal-ux .auth-btn-wrapper button').filter({ hasText: 'Logout' }).click();
    await page
      .locator('.modal-ux input[type=text], .modal-ux input[type=password]')
      .first()
      .fill('svc_live_' + 'z'.repeat(40));
    await page.locator('.modal-ux .auth-btn-wrapper button.authorize').click();
    await page.locator('.modal-ux .auth-btn-wrapper button.btn-done').click();
    const send = await shown('messages', '#operations-messages-MessagesController_send');
    await send.locator('button.execute').click();
    const status = send.locator('.live-responses-table .response .response-col_status').first();
    await expectText(status, '401');
    const responseBody = await send
      .locator('.live-responses-table .response-col_description pre.microlight')
      .first()
      .innerText();
    expect(JSON.parse(responseBody)).toEqual({
      error: {
        message: 'Invalid OAuth access token.',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: expect.any(String),
      },
    });
  }, 60_000);
});

async function expectValue(
  editor: import('playwright-core').Locator,
  holds: (body: Record<string, unknown>) => boolean,
): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (holds(JSON.parse(await editor.inputValue()))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the request body editor never showed the example: ${await editor.inputValue()}`);
}

async function expectText(
  locator: import('playwright-core').Locator,
  text: string,
  holds = (shown: string) => shown === text,
): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (holds((await locator.innerText()).trim())) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const shown = (await locator.innerText()).trim();
  expect({ shown, holds: holds(shown) }).toEqual({ shown, holds: true });
}
