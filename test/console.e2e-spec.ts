import { AppSubscriptionsService } from '../src/tenancy/app-subscriptions.service';
import { Secret, TOTP } from 'otpauth';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildConsole, chromiumAvailable, launchChromium, seriousViolations } from './support/chromium';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { PeopleService } from '../src/people/people.service';
import {
  bearer,
  createAdminKey,
  createCatalogTemplate,
  createOrgKey,
  createPlatformKey,
  createTenant,
  registerAtUpstream,
  type TestTenant,
} from './support/factories';
import { eventually } from './support/eventually';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { valueOf, WebhookReceiver } from './support/webhook-receiver';

/**
 * The tenants' console in a real browser: Debian's Chromium driven by playwright-core, against the
 * gateway serving the console it builds here (vite, as npm run build does). `.ci/run` installs
 * Chromium; where it cannot be, this suite is skipped and says why.
 */
const available = chromiumAvailable('console');
const ROOT = join(__dirname, '..');
/**
 * The README's screenshots are taken here; they replace the committed ones only when asked
 * (UPDATE_SCREENSHOTS=1 npm test), so an ordinary run leaves the working tree as it was.
 */
const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs/images') : mkdtempSync(join(tmpdir(), 'console-shots-'));
const RECIPIENT = '15557654321';

(available ? describe : describe.skip)('the console in Chromium', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let browser: Browser;

  beforeAll(async () => {
    buildConsole();
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t);
    b = await createTenant(t);
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    for (const tenant of [a, b])
      await t.dataSource.query(
        `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, now())`,
        [tenant.phoneNumberId, RECIPIENT, tenant.id],
      );
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A fresh browser profile (no cookies), `width` pixels wide. */
  async function open(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    // Well within Jest's 30 s, so a wait that fails names its locator.
    context.setDefaultTimeout(15_000);
    return { context, page: await context.newPage() };
  }

  async function signIn(page: Page, key: string, heading = 'Overview'): Promise<void> {
    await page.goto(`${t.url}/console/`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
  }

  async function signOutOf(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
  }

  const send = (tenant: TestTenant, key: string, text: string) =>
    fetch(`${t.url}/v1/${tenant.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: RECIPIENT, type: 'text', text: { body: text } }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { messages: Array<{ id: string }> } }));

  it('is served under a strict Content-Security-Policy, with no inline script, nosniff and no framing', async () => {
    const res = await fetch(`${t.url}/console/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("signs in from the demo's link in one click: the key leaves the address, and the browser keeps only an HttpOnly cookie", async () => {
    const { context, page } = await open();
    await page.goto(`${t.url}/console/#key=${encodeURIComponent(keyA)}`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(page.url()).not.toContain(keyA);
    await page.getByRole('cell', { name: a.phoneNumberId }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['gw_console', true, 'Strict']]);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(keyA);
    expect(stored).toBe('{}{}');
    await context.close();
  });

  it('shows a send made through the API in Messages, and its timeline reaches read without a reload', async () => {
    const { context, page } = await open();
    await signIn(page, keyA);
    let loads = 0;
    page.on('load', () => loads++);
    const sent = await send(a, keyA, 'Hello from the API');
    expect(sent.status).toBe(200);
    await page.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: RECIPIENT }).first();
    await row.waitFor();
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: `Message to ${RECIPIENT}` }).waitFor();
    await page.getByText(sent.body.messages[0].id).waitFor();
    const timeline = page.getByRole('list', { name: 'Status timeline' });
    await timeline.getByText('read', { exact: true }).waitFor({ timeout: 15_000 });
    for (const step of ['accepted', 'sent', 'delivered', 'read'])
      await expect(timeline.getByText(step, { exact: true }).count()).resolves.toBe(1);
    expect(loads).toBe(0);
    await expect(page.getByLabel('Payload as sent').textContent()).resolves.toContain('Hello from the API');
    await page.screenshot({ path: join(SCREENSHOTS, 'console-message-timeline.png') });
    await page.getByRole('link', { name: '← Messages' }).click();
    await page.getByRole('row').filter({ hasText: RECIPIENT }).first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'console-messages.png') });
    await context.close();
  });

  it("shows a message's tenant webhook deliveries on its page, as they happen", async () => {
    const receiver = await new WebhookReceiver().start();
    const endpoint = await fetch(`${t.url}/v1/webhooks`, {
      method: 'POST',
      headers: { ...bearer(keyA), 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['messages'] }),
    });
    expect(endpoint.status).toBe(201);
    const { context, page } = await open();
    await signIn(page, keyA);
    const sent = await send(a, keyA, 'Traced to the tenant');
    const wamid = sent.body.messages[0].id;
    const [record] = await t.dataSource.query(`SELECT id FROM messages WHERE upstream_message_id = $1`, [wamid]);
    await page.goto(`${t.url}/console/#/messages/${a.phoneNumberId}/${record.id}`);
    const deliveries = page.getByRole('region', { name: 'Webhook deliveries' });
    for (const status of ['sent', 'delivered', 'read'])
      await deliveries.getByRole('row').filter({ hasText: status }).first().waitFor({ timeout: 15_000 });
    // Each delivery shows its outcome once the tenant took it: the third one's, as it happens.
    await deliveries.getByRole('link', { name: 'delivered' }).nth(2).waitFor({ timeout: 15_000 });
    await expect(deliveries.getByRole('link', { name: 'delivered' }).count()).resolves.toBeGreaterThanOrEqual(3);
    await receiver.stop();
    await context.close();
  });

  it("shows on the overview the last day's messages by status, the top error codes, a failing endpoint and a business account Meta stopped sending webhooks for", async () => {
    const receiver = await new WebhookReceiver().start();
    receiver.status = 503;
    const created = await fetch(`${t.url}/v1/webhooks`, {
      method: 'POST',
      headers: { ...bearer(keyA), 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, description: 'down for maintenance' }),
    });
    const endpoint = (await created.json()) as { id: string };
    t.sandbox.injectFault({ kind: 'graph_error', code: 131026, status: 400, message: 'Message undeliverable' });
    expect((await send(a, keyA, 'never arrives')).status).toBe(400);
    await t.sandbox.simulateInbound({ phone_number_id: a.phoneNumberId, from: RECIPIENT, type: 'text', text: 'hi' });
    await receiver.waitFor((all) => all.length >= 1);
    await eventually(async () => {
      const [row] = await t.dataSource.query(`SELECT consecutive_failures FROM webhook_endpoints WHERE id = $1`, [
        endpoint.id,
      ]);
      return row.consecutive_failures > 0 ? true : undefined;
    });
    const stats = (await (await fetch(`${t.url}/v1/message_statistics`, { headers: bearer(keyA) })).json()) as {
      by_status: Record<string, number>;
    };
    const { context, page } = await open();
    await signIn(page, keyA);
    await expect(page.getByTestId('count-failed').textContent()).resolves.toBe(String(stats.by_status.failed));
    await page
      .getByRole('region', { name: 'Top error codes' })
      .getByRole('cell', { name: '131026', exact: true })
      .waitFor();
    await page
      .getByRole('region', { name: 'Failing webhook endpoints' })
      .getByRole('link', { name: receiver.url })
      .waitFor();
    // The business account's webhooks from Meta: subscribed at onboarding; once Meta loses the app's
    // subscription, the next check says so here.
    const subscription = page.getByTestId(`subscription-${a.wabaId}`);
    await expect(subscription.textContent()).resolves.toBe('subscribed');
    await fetch(`${t.sandbox.url}/_sandbox/business_accounts/${a.wabaId}/subscribed_apps`, { method: 'DELETE' });
    await t.get(AppSubscriptionsService).checkDue();
    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect(page.getByTestId(`subscription-${a.wabaId}`).textContent()).resolves.toMatch(
      /^not subscribed: no webhook from Meta arrives/,
    );
    await t.get(AppSubscriptionsService).resubscribe(a.wabaId);
    await fetch(`${t.url}/v1/webhooks/${endpoint.id}`, {
      method: 'DELETE',
      headers: bearer(keyA),
    });
    await receiver.stop();
    await context.close();
  });

  it("never receives another organization's data: every answer the page got is checked", async () => {
    const keyB = (await createOrgKey(t, b, { rateLimitPerSecond: 10_000 })).key;
    await send(b, keyB, 'For B only');
    // Something of B's on every page A opens.
    const asB = (path: string, body: unknown) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { ...bearer(keyB), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((res) => expect(res.status).toBeLessThan(300));
    await asB('/v1/blacklist', { phone_numbers: ['15559990001'] });
    await asB('/v1/contacts', { contacts: [{ phone_number: '15559990002', name: 'Only-B' }] });
    await asB('/v1/webhooks', { url: 'http://127.0.0.1:9/only-b-hook' });
    await createCatalogTemplate(t, b, {
      name: 'only_b_template',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'For B' }],
    });
    const { context, page } = await open();
    const bodies: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/v1/') || response.url().includes('/console/session'))
        void response.text().then(
          (text) => bodies.push(text),
          () => undefined,
        );
    });
    await signIn(page, keyA);
    for (const name of [
      'Messages',
      'Webhooks',
      'Templates',
      'Broadcasts',
      'Contacts',
      'Blacklist',
      'Audit log',
      'Overview',
    ]) {
      await page.getByRole('link', { name }).click();
      await page.getByRole('heading', { name }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(bodies.length).toBeGreaterThan(3);
    const all = bodies.join('\n');
    expect(all).toContain(a.phoneNumberId);
    for (const foreign of [
      b.id,
      b.phoneNumberId,
      b.otherPhoneNumberId,
      b.wabaId,
      '15559990001',
      'Only-B',
      'only-b-hook',
      'only_b_template',
      'For B only',
    ])
      expect(all).not.toContain(foreign);
    await context.close();
  });

  it('ends the session within 5 seconds of its key being revoked elsewhere', async () => {
    const issued = await createOrgKey(t, a);
    const { context, page } = await open();
    await signIn(page, issued.key);
    await t.get(ApiKeysService).revoke(issued.record.id);
    const revokedAt = Date.now();
    await page.getByText('Your session has ended').waitFor({ timeout: 5000 });
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(5000);
    await page.getByLabel('API key').waitFor();
    await context.close();
  });

  it('lets an admin key switch organizations, each showing only its own numbers', async () => {
    const admin = (await createAdminKey(t, [a, b])).key;
    const { context, page } = await open(390);
    await signIn(page, admin, 'Choose an organization');
    const picker = page.getByLabel('Organization');
    await picker.selectOption(b.id);
    await page.getByRole('cell', { name: b.phoneNumberId }).waitFor();
    await picker.selectOption(a.id);
    await page.getByRole('cell', { name: a.phoneNumberId }).waitFor();
    await expect(page.getByRole('cell', { name: b.phoneNumberId }).count()).resolves.toBe(0);
    await context.close();
  });

  it('shows an endpoint that fails with its failed attempts; once it is fixed, one click redelivers them', async () => {
    const receiver = await new WebhookReceiver().start();
    receiver.status = 500;
    const { context, page } = await open();
    await signIn(page, keyA);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Description').fill('CRM hook');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('secret').textContent()).resolves.toMatch(/^whsec_/);
    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { name: `Endpoint ${receiver.url}` }).waitFor();
    const [endpoint] = await t.dataSource.query(`SELECT id FROM webhook_endpoints WHERE url = $1`, [receiver.url]);

    const inbound = await t.sandbox.simulateInbound({
      phone_number_id: a.phoneNumberId,
      from: RECIPIENT,
      type: 'text',
      text: 'to a broken endpoint',
    });
    await receiver.waitFor((all) => all.length >= 2);
    // Its retry window spent (24 h by default), the next failure fails the delivery for good.
    await t.dataSource.query(
      `UPDATE webhook_deliveries SET retry_started_at = now() - interval '25 hours' WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    const deliveries = page.getByRole('list', { name: 'Deliveries' });
    await deliveries.getByText('failed', { exact: true }).waitFor({ timeout: 15_000 });
    await expect(deliveries.getByRole('cell', { name: '500', exact: true }).count()).resolves.toBeGreaterThanOrEqual(2);
    await expect(
      deliveries
        .getByRole('cell', { name: /HTTP 500/ })
        .first()
        .textContent(),
    ).resolves.toContain('HTTP 500');

    receiver.status = 200;
    receiver.clear();
    await page.getByRole('button', { name: 'Redeliver all failed' }).click();
    await page.getByText('1 failed deliveries sent again.').waitFor();
    const [back] = await receiver.waitFor((all) => all.length >= 1);
    expect(valueOf(back.json).messages[0].id).toBe(inbound.message_id);
    await deliveries.getByText('delivered', { exact: true }).waitFor({ timeout: 10_000 });
    await deliveries.getByRole('cell', { name: '200', exact: true }).waitFor();
    await receiver.stop();
    await context.close();
  });

  it("shows a broken create rule as the template is typed, in the API's own words, then creates it", async () => {
    const { context, page } = await open();
    await signIn(page, keyA);
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByLabel('Name', { exact: true }).fill('order_update');
    await form.getByLabel('Body').fill('Your order {{1}} has shipped.');
    const rule = page.getByTestId('rule');
    await rule.getByText(/^Not yet valid: /).waitFor();
    // The API refuses the same request with exactly the rule the page showed, before any submit.
    const refused = await fetch(`${t.url}/v1/${a.wabaId}/message_templates`, {
      method: 'POST',
      headers: { ...bearer(keyA), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'order_update',
        language: 'en_US',
        category: 'UTILITY',
        parameter_format: 'POSITIONAL',
        components: [{ type: 'BODY', text: 'Your order {{1}} has shipped.' }],
      }),
    });
    expect(refused.status).toBe(400);
    const details = ((await refused.json()) as { error: { error_data: { details: string } } }).error.error_data.details;
    await expect(rule.textContent()).resolves.toBe(`Not yet valid: ${details}`);
    await expect(page.getByRole('button', { name: 'Create template' }).isDisabled()).resolves.toBe(true);

    await form.getByLabel('Example for {{1}}').fill('A-1001');
    await rule.getByText('Meets the create rules.').waitFor();
    await expect(page.getByTestId('preview').textContent()).resolves.toContain('Your order A-1001 has shipped.');
    t.sandbox.clearRequests();
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByText(/Template order_update created/).waitFor();
    await page
      .getByRole('region', { name: 'Templates' })
      .getByRole('cell', { name: 'order_update', exact: true })
      .waitFor();
    expect(
      t.sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/message_templates')),
    ).toHaveLength(1);
    const [row] = await t.dataSource.query(`SELECT name, language, category FROM message_templates WHERE name = $1`, [
      'order_update',
    ]);
    expect(row).toEqual({ name: 'order_update', language: 'en_US', category: 'UTILITY' });
    await context.close();
  });

  it('lets a platform key onboard a number: an organization, its business account, its number; and no messages', async () => {
    const platform = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
    const wabaId = '1' + String(Date.now()).slice(-14).padStart(14, '7');
    const numberId = '2' + String(Date.now()).slice(-14).padStart(14, '8');
    registerAtUpstream(t, {
      wabaId,
      accessToken: 'upstream-token-onboarded',
      phoneNumbers: [{ id: numberId, display: '+1 555 010 0200' }],
    });
    const { context, page } = await open(390);
    await signIn(page, platform, 'Organizations');
    await expect(page.getByRole('link', { name: 'Messages' }).count()).resolves.toBe(0);
    await page.getByLabel('Name').fill('Onboarded by an operator');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('link', { name: 'Onboarded by an operator' }).click();
    await page.getByRole('heading', { name: 'Organization Onboarded by an operator' }).waitFor();
    const accountForm = page.getByRole('form', { name: 'Add a business account' });
    await accountForm.getByLabel('WABA id').fill(wabaId);
    await accountForm.getByLabel(/Access token/).fill('upstream-token-onboarded');
    await accountForm.getByRole('button', { name: 'Add business account' }).click();
    await page.getByRole('region', { name: 'Business accounts' }).getByRole('cell', { name: wabaId }).waitFor();
    const numberForm = page.getByRole('form', { name: 'Add a phone number' });
    await numberForm.getByLabel('Phone number id').fill(numberId);
    await numberForm.getByLabel('Display number').fill('+1 555 010 0200');
    await numberForm.getByRole('button', { name: 'Add phone number' }).click();
    await page.getByRole('region', { name: 'Phone numbers' }).getByRole('cell', { name: numberId }).waitFor();
    const [row] = await t.dataSource.query(
      `SELECT p.display_phone_number, o.name FROM phone_numbers p JOIN organizations o ON o.id = p.tenant_id
       WHERE p.phone_number_id = $1`,
      [numberId],
    );
    expect(row).toEqual({ display_phone_number: '+1 555 010 0200', name: 'Onboarded by an operator' });
    // An operator asking for a tenant's page gets the operator's first page instead.
    await page.goto(`${t.url}/console/#/messages`);
    await page.getByRole('heading', { name: 'Organizations' }).waitFor();
    await context.close();
  });

  it('lets an admin key issue a key (its text shown once), rotate it and revoke it', async () => {
    const admin = (await createAdminKey(t, [a], { rateLimitPerSecond: 10_000 })).key;
    const { context, page } = await open();
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Keys' }).click();
    const form = page.getByRole('form', { name: 'Issue a key' });
    await form.getByLabel('Name').fill('Support desk');
    await form.getByRole('button', { name: 'Issue key' }).click();
    const text = (await page.getByTestId('issued-key').textContent())!;
    const works = await fetch(`${t.url}/v1/${a.phoneNumberId}/messages?limit=1`, { headers: bearer(text) });
    expect(works.status).toBe(200);
    const row = page.getByRole('row').filter({ hasText: 'Support desk' });
    await row.first().waitFor();
    const prefix = (await row.first().getByRole('code').textContent())!.replace('…', '');
    expect(text.startsWith(prefix)).toBe(true);
    await page.getByRole('button', { name: `Rotate ${prefix}` }).click();
    await page.getByText(`Key ${prefix}… rotated`).waitFor();
    const rotated = (await page.getByTestId('issued-key').textContent())!;
    expect(rotated).not.toBe(text);
    expect((await fetch(`${t.url}/v1/${a.phoneNumberId}/messages?limit=1`, { headers: bearer(text) })).status).toBe(
      401,
    );
    const newPrefix = rotated.slice(0, prefix.length);
    await page.getByRole('button', { name: `Revoke ${newPrefix}` }).click();
    await page.getByText(`Key ${newPrefix}… revoked.`).waitFor();
    await eventually(async () =>
      (await fetch(`${t.url}/v1/${a.phoneNumberId}/messages?limit=1`, { headers: bearer(rotated) })).status === 401
        ? true
        : undefined,
    );
    await context.close();
  });

  it('adds to the blacklist and the contacts, lists and removes; a send to a blacklisted number is then refused', async () => {
    const { context, page } = await open(390);
    await signIn(page, keyA);
    await page.getByRole('link', { name: 'Blacklist' }).click();
    const add = page.getByRole('form', { name: 'Add to the blacklist' });
    await add.getByLabel(/^Numbers/).fill('+1 555 000 1111, 15550002222');
    await add.getByLabel('Reason (optional)').fill('asked to stop');
    await add.getByRole('button', { name: 'Add to the blacklist' }).click();
    await page.getByText('2 added, 0 already there.').waitFor();
    const listed = page.getByRole('region', { name: 'Blacklisted numbers' });
    await listed.getByRole('cell', { name: '15550001111', exact: true }).waitFor();
    // Inside its service window, so that the blacklist is what refuses the send.
    await t.dataSource.query(
      `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, now())`,
      [a.phoneNumberId, '15550001111', a.id],
    );
    const refused = await fetch(`${t.url}/v1/${a.phoneNumberId}/messages?filter_blacklist=true`, {
      method: 'POST',
      headers: { ...bearer(keyA), 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '15550001111',
        type: 'text',
        text: { body: 'x' },
      }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { code: 131000, error_data: { reason: 'recipient_blacklisted' } },
    });
    await page.getByRole('button', { name: 'Remove 15550002222' }).click();
    await page.getByText('15550002222 removed from the blacklist.').waitFor();
    await expect(listed.getByRole('cell', { name: '15550002222', exact: true }).count()).resolves.toBe(0);
    expect(
      await t.dataSource.query(`SELECT phone_number FROM blacklist_entries WHERE tenant_id = $1 ORDER BY 1`, [a.id]),
    ).toEqual([{ phone_number: '15550001111' }]);

    await page.getByRole('link', { name: 'Contacts' }).click();
    const contact = page.getByRole('form', { name: 'Add a contact' });
    await contact.getByLabel('Number').fill('15550003333');
    await contact.getByLabel('Name').fill('Ana');
    await contact.getByLabel(/^Tags/).fill('vip, es');
    await contact.getByRole('button', { name: 'Save contact' }).click();
    await page.getByText('Contact added.').waitFor();
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts.getByRole('cell', { name: 'vip, es', exact: true }).waitFor();
    await page.getByRole('form', { name: 'Contact filters' }).getByLabel('Tag').fill('nobody');
    await page.getByRole('form', { name: 'Contact filters' }).getByLabel('Tag').press('Enter');
    await page.getByText('No contacts.').waitFor();
    await page.getByRole('form', { name: 'Contact filters' }).getByLabel('Tag').fill('vip');
    await page.getByRole('form', { name: 'Contact filters' }).getByLabel('Tag').press('Tab');
    await contacts.getByRole('cell', { name: 'Ana', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove 15550003333' }).click();
    await page.getByText('Contact 15550003333 removed.').waitFor();
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM contacts WHERE tenant_id = $1`, [a.id])).toEqual([
      { n: 0 },
    ]);
    await context.close();
  });

  it('creates a broadcast from a template and a CSV after a preflight (refused rows, deferred, when done), then shows its progress to the end', async () => {
    await createCatalogTemplate(t, a, {
      name: 'shipping_notice',
      language: 'en_US',
      components: [
        { type: 'BODY', text: 'Hello {{1}}, order {{2}} is on its way', example: { body_text: [['Ada', 'A-1']] } },
      ],
    });
    await fetch(`${t.url}/v1/blacklist`, {
      method: 'POST',
      headers: { ...bearer(keyA), 'content-type': 'application/json' },
      body: JSON.stringify({ phone_numbers: ['15558700003'] }),
    });
    const { context, page } = await open();
    await signIn(page, keyA);
    await page.getByRole('link', { name: 'Broadcasts' }).click();
    const form = page.getByRole('form', { name: 'New broadcast' });
    await form.getByLabel('Name').fill('November shipping');
    await form.getByLabel('Template (approved)').selectOption({ label: 'shipping_notice (en_US)' });
    await page.getByText('to,1,2').waitFor();
    const rows = ['to,1,2', ...[1, 2, 3, 4].map((i) => `+1555870000${i},"Name, ${i}",A-${i}`)];
    await form.getByLabel('Recipients (CSV)').fill(rows.join('\n'));
    t.sandbox.clearRequests();
    await form.getByRole('button', { name: 'Check' }).click();
    const preflight = page.getByRole('status', { name: 'Preflight' });
    await preflight.getByText('3 of 4 recipients will be sent').waitFor();
    await expect(page.getByTestId('deferred').textContent()).resolves.toMatch(/^0 deferred by the messaging limit/);
    await page.getByRole('region', { name: 'Refused recipients' }).getByRole('cell', { name: '15558700003' }).waitFor();
    await expect(
      page.getByRole('region', { name: 'Refused recipients' }).getByRole('cell', { name: '4', exact: true }).count(),
    ).resolves.toBe(1);
    // The preflight wrote and sent nothing.
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM broadcasts WHERE tenant_id = $1`, [a.id])).toEqual([
      { n: 0 },
    ]);
    await form.getByRole('button', { name: 'Create broadcast' }).click();
    await page.getByRole('heading', { name: 'Broadcast November shipping' }).waitFor();
    await page.getByTestId('broadcast-status').getByText('completed').waitFor({ timeout: 20_000 });
    await page.getByTestId('count-read').getByText('3', { exact: true }).waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('count-skipped').textContent()).resolves.toBe('1');
    const sends = t.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith(`/${a.phoneNumberId}/messages`))
      .map((r) => r.body as { to: string; template: { components: Array<{ parameters: Array<{ text: string }> }> } });
    expect(sends.map((b) => b.to).sort()).toEqual(['15558700001', '15558700002', '15558700004']);
    expect(sends.find((b) => b.to === '15558700002')!.template.components[0].parameters.map((p) => p.text)).toEqual([
      'Name, 2',
      'A-2',
    ]);
    await context.close();
  });

  it('shows a customer’s message in the Inbox within 2 s, answers it from the composer to read, and offers only templates once the window has closed', async () => {
    const customer = '15557650001';
    await createCatalogTemplate(t, a, {
      name: 'inbox_followup',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hello {{1}}, your order is ready', example: { body_text: [['Ada']] } }],
    });
    const { context, page } = await open();
    await signIn(page, keyA);
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('listitem').first().waitFor();
    const started = Date.now();
    const inbound = await t.sandbox.simulateInbound({
      phone_number_id: a.phoneNumberId,
      from: customer,
      name: 'Margaret',
      text: 'Is my order ready?',
    });
    const item = list.getByRole('link').filter({ hasText: 'Margaret' });
    await item.waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(item.getByLabel('1 unread').count()).resolves.toBe(1);
    await item.click();
    const thread = page.getByRole('list', { name: 'Messages with Margaret' });
    await thread.getByText('Is my order ready?').waitFor();
    // Opening it read it, at Meta too; the badge goes.
    await eventually(async () =>
      t.sandbox
        .requests()
        .some((r) => (r.body as { status?: string; message_id?: string })?.message_id === inbound.message_id)
        ? true
        : undefined,
    );
    await item.getByLabel('1 unread').waitFor({ state: 'detached' });
    await expect(page.getByRole('status').filter({ hasText: 'window open' }).count()).resolves.toBe(1);
    await page.getByLabel('Message', { exact: true }).fill('Yes, it is ready');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const reply = thread.getByRole('listitem').filter({ hasText: 'Yes, it is ready' });
    await reply.getByText('read', { exact: true }).waitFor({ timeout: 15_000 });
    expect(loads).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'console-inbox.png') });

    // The window closes: the composer offers approved templates, with their parameters and a preview.
    await t.dataSource.query(
      `UPDATE conversations SET last_inbound_at = now() - interval '25 hours' WHERE phone_number_id = $1 AND wa_id = $2`,
      [a.phoneNumberId, customer],
    );
    // The window's end is time passing, which the page sees at `closes_at`; moved here in the database
    // (nothing is pushed for that), the page is read again as it would be 25 hours later.
    await page.reload();
    const composer = page.getByRole('form', { name: 'Send a template' });
    await composer.waitFor();
    await expect(page.getByLabel('Message', { exact: true }).count()).resolves.toBe(0);
    await composer.getByLabel('Template').selectOption({ label: 'inbox_followup (en_US, utility)' });
    await composer.getByLabel('Parameter {{1}}').fill('Margaret');
    await expect(composer.getByTestId('preview').textContent()).resolves.toContain(
      'Hello Margaret, your order is ready',
    );
    await composer.getByRole('button', { name: 'Send template' }).click();
    await thread.getByRole('listitem').filter({ hasText: 'Template: inbox_followup' }).waitFor();
    const sent = t.sandbox
      .requests()
      .filter((r) => (r.body as { to?: string; type?: string })?.to === customer && (r.body as { type?: string }).type)
      .map(
        (r) => r.body as { type: string; template?: { components: Array<{ parameters: Array<{ text: string }> }> } },
      );
    expect(sent.map((b) => b.type)).toEqual(['text', 'template']);
    expect(sent[1].template!.components[0].parameters[0].text).toBe('Margaret');

    // The opt-out settings live on the Blacklist page.
    await page.getByRole('link', { name: 'Blacklist' }).click();
    const settings = page.getByRole('form', { name: 'Opt-out settings' });
    await settings.getByLabel('Opt-out keywords (separated by commas)').fill('STOP, UNSUBSCRIBE, Arrêter');
    await settings.getByLabel('Refuse utility templates too').check();
    await settings.getByRole('button', { name: 'Save opt-out settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Opt-out settings saved.' }).waitFor();
    const saved = (await fetch(`${t.url}/v1/opt_out_settings`, { headers: bearer(keyA) }).then((r) => r.json())) as {
      opt_out_keywords: string[];
      refuse_utility: boolean;
    };
    expect(saved).toMatchObject({ opt_out_keywords: ['STOP', 'UNSUBSCRIBE', 'Arrêter'], refuse_utility: true });
    await context.close();
  }, 60_000);

  it('lets an owner invite a colleague as an agent, who accepts with a password and a second factor and sees the inbox but no keys or webhooks', async () => {
    const ownerEmail = 'owner@console.example';
    const ownerPassword = 'the owner password 2026';
    await t.get(PeopleService).addOwner(a.id, ownerEmail, ownerPassword);
    const { context, page } = await open();
    await page.goto(`${t.url}/console/`);
    await page.getByLabel('Email').fill(ownerEmail);
    await page.getByLabel('Password').fill(ownerPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(`${ownerEmail} (owner)`).waitFor();
    await page.getByRole('link', { name: 'Members' }).click();
    // The owner requires a second factor of everyone: the colleague sets theirs up before signing in.
    await page.getByLabel('Require a second factor of every member').check();
    await page.getByRole('status').filter({ hasText: 'second factor' }).waitFor();
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Email').fill('agent@console.example');
    await invite.getByLabel('Role').selectOption('agent');
    await invite.getByRole('button', { name: 'Invite' }).click();
    const link = await page.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(/\/console\/#\/invitation\//);
    await page.screenshot({ path: join(SCREENSHOTS, 'console-members.png') });

    const colleague = await open();
    await colleague.page.goto(link);
    const accept = colleague.page.getByRole('form', { name: 'Accept the invitation' });
    await accept.getByLabel('Password', { exact: true }).fill('the agent password 2026');
    await accept.getByLabel('Password again').fill('the agent password 2026');
    await accept.getByRole('button', { name: 'Accept and sign in' }).click();
    const confirm = colleague.page.getByRole('form', { name: 'Confirm the second factor' });
    const secret = await confirm.getByLabel('Secret (type it into the app)').inputValue();
    await confirm
      .getByLabel('Code from the app')
      .fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate());
    await confirm.getByRole('button', { name: 'Confirm and sign in' }).click();
    await colleague.page.getByText('agent@console.example (agent)').waitFor();
    const nav = colleague.page.getByRole('navigation', { name: 'Pages' });
    for (const name of ['Inbox', 'Messages']) await nav.getByRole('link', { name }).waitFor();
    for (const name of ['Keys', 'Webhooks']) await expect(nav.getByRole('link', { name }).count()).resolves.toBe(0);
    const refused = await colleague.page.evaluate(async () =>
      Promise.all(['/v1/keys', '/v1/webhooks'].map(async (path) => (await fetch(path)).status)),
    );
    expect(refused).toEqual([403, 403]);
    await colleague.context.close();
    await context.close();
  });

  it('has no serious or critical accessibility violations on any page (axe-core), at 1280 and at 390 pixels', async () => {
    const admin = (await createAdminKey(t, [a], { rateLimitPerSecond: 10_000 })).key;
    const platform = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
    for (const width of [1280, 390]) {
      // axe is injected as a script of the test's own: this context lets it past the page's CSP.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      const pages: Array<[string, () => Promise<void>]> = [
        ['sign-in', async () => page.goto(`${t.url}/console/`).then(() => page.getByLabel('API key').waitFor())],
        ['overview', () => signIn(page, keyA)],
        [
          'inbox',
          () =>
            page
              .getByRole('link', { name: 'Inbox' })
              .click()
              .then(() => page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click())
              .then(() => page.getByRole('list', { name: /^Messages with/ }).waitFor()),
        ],
        [
          'messages',
          () =>
            page
              .getByRole('link', { name: 'Messages' })
              .click()
              .then(() => page.getByRole('row').nth(1).waitFor()),
        ],
        [
          'message',
          () =>
            page
              .getByRole('row')
              .nth(1)
              .getByRole('link')
              .click()
              .then(() => page.getByRole('list', { name: 'Status timeline' }).waitFor()),
        ],
        [
          'webhooks',
          () =>
            page
              .getByRole('link', { name: 'Webhooks' })
              .click()
              .then(() => page.getByRole('heading', { name: 'Add an endpoint' }).waitFor()),
        ],
        [
          'endpoint',
          () =>
            page
              .getByRole('region', { name: 'Endpoints' })
              .getByRole('link')
              .first()
              .click()
              .then(() => page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first().waitFor()),
        ],
        [
          'blacklist',
          () =>
            page
              .getByRole('link', { name: 'Blacklist' })
              .click()
              .then(() => page.getByRole('heading', { name: 'Add numbers' }).waitFor()),
        ],
        [
          'contacts',
          () =>
            page
              .getByRole('link', { name: 'Contacts' })
              .click()
              .then(() => page.getByRole('heading', { name: 'Add or update a contact' }).waitFor()),
        ],
        [
          'broadcasts',
          () =>
            page
              .getByRole('link', { name: 'Broadcasts' })
              .click()
              .then(() => page.getByRole('heading', { name: 'New broadcast' }).waitFor()),
        ],
        [
          'broadcast',
          () =>
            page
              .getByRole('region', { name: 'Broadcasts' })
              .getByRole('link')
              .first()
              .click()
              .then(() => page.getByRole('heading', { name: 'Failed recipients' }).waitFor()),
        ],
        [
          'templates',
          () =>
            page
              .getByRole('link', { name: 'Templates' })
              .click()
              .then(() => page.getByRole('heading', { name: 'New template' }).waitFor()),
        ],
        [
          'audit log',
          () =>
            page
              .getByRole('link', { name: 'Audit log' })
              .click()
              .then(() => page.getByRole('heading', { name: 'Audit log' }).waitFor()),
        ],
        [
          'members',
          () =>
            page
              .getByRole('link', { name: 'Members' })
              .click()
              .then(() => page.getByRole('heading', { name: 'Invite someone' }).waitFor()),
        ],
        [
          'invitation',
          async () => {
            const invited = (await fetch(`${t.url}/v1/members/invitations`, {
              method: 'POST',
              headers: { ...bearer(keyA), 'content-type': 'application/json' },
              body: JSON.stringify({ email: `axe-${width}@console.example`, role: 'viewer' }),
            }).then((res) => res.json())) as { link: string };
            await page.goto(`${t.url}${invited.link}`);
            await page.getByRole('form', { name: 'Accept the invitation' }).waitFor();
          },
        ],
        [
          'overview, back from the invitation',
          async () => {
            await page.goto(`${t.url}/console/#/overview`);
            await page.getByRole('heading', { name: 'Overview' }).waitFor();
          },
        ],
        [
          'keys (an admin key)',
          async () => {
            await signOutOf(page);
            await signIn(page, admin);
            await page.getByRole('link', { name: 'Keys' }).click();
            await page.getByRole('heading', { name: 'Issue a key' }).waitFor();
          },
        ],
        [
          'organizations (a platform key)',
          async () => {
            await signOutOf(page);
            await signIn(page, platform, 'Organizations');
          },
        ],
        [
          'organization',
          async () => {
            await page.getByRole('region', { name: 'Organizations' }).getByRole('link').first().click();
            await page.getByRole('form', { name: 'Add a business account' }).waitFor();
          },
        ],
      ];
      for (const [name, reach] of pages) {
        await reach();
        const serious = await seriousViolations(page);
        expect({ page: name, width, serious }).toEqual({ page: name, width, serious: [] });
      }
      await context.close();
    }
  }, 60_000);
});
