import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { eventually } from './support/eventually';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { valueOf, WebhookReceiver } from './support/webhook-receiver';

const VERSION = 'v23.0';

/**
 * Embedded Signup finished by the gateway, against the sandbox's stand-in of Meta: the code
 * exchanged (once, on the server, with the app secret), the app subscribed to the business account,
 * the number registered with a PIN kept encrypted, the number added and sending; a second run adds
 * nothing; Meta's refusals come back naming the step; Meta's account_update PARTNER_REMOVED stops the
 * account's numbers and reaches the tenant's webhook.
 */
describe('embedded signup', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;

  const connect = (key: string, body: Record<string, unknown>) =>
    request(t.url).post('/v1/embedded_signup').set(bearer(key)).send(body);
  const calls = (method: string, pattern: RegExp) =>
    t.sandbox.requests().filter((entry) => entry.method === method && pattern.test(entry.path));
  /** A customer writes to the number; resolves once the gateway has the message (their window is open). */
  const customerWrites = async (phoneNumberId: string, from: string) => {
    await t.sandbox.simulateInbound({ phone_number_id: phoneNumberId, from, text: 'Hi' });
    await eventually(async () => {
      const found = await t.dataSource.query(
        'SELECT 1 FROM conversations WHERE phone_number_id = $1 AND wa_id = $2 AND last_inbound_at IS NOT NULL',
        [phoneNumberId, from],
      );
      return found.length > 0 ? true : undefined;
    });
  };
  const rows = (sql: string, values: unknown[]) => t.dataSource.query<Array<Record<string, any>>>(sql, values);

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Signup A');
    b = await createTenant(t, 'Signup B');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t, b, { rateLimitPerSecond: 10_000 })).key;
  });
  afterAll(() => t.close());

  it("tells the console how to open the flow: the app, the configuration, the sandbox's SDK and its origin", async () => {
    const res = await request(t.url).get('/v1/embedded_signup').set(bearer(keyA)).expect(200);
    expect(res.body).toEqual({
      available: true,
      app_id: '1000000000000001',
      config_id: '1000000000000002',
      sdk_url: `${t.sandbox.url}/sdk.js`,
      message_origins: [t.sandbox.url],
      graph_version: VERSION,
    });
  });

  let connected: { waba_id: string; phone_number_id: string };

  it('exchanges the code, subscribes the app, registers and adds the number, each once; the number sends', async () => {
    const flow = t.sandbox.finishEmbeddedSignup({ businessName: 'Corner Shop', displayPhoneNumber: '+1 555 010 2030' });
    t.sandbox.clearRequests();
    const res = await connect(keyA, { code: flow.code, waba_id: flow.waba_id, phone_number_id: flow.phone_number_id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      waba_id: flow.waba_id,
      phone_number_id: flow.phone_number_id,
      display_phone_number: '15550102030',
      status: 'connected',
      steps: [
        { step: 'exchange_code', outcome: 'done' },
        { step: 'subscribe_app', outcome: 'done' },
        { step: 'register_number', outcome: 'done' },
        { step: 'add_number', outcome: 'done' },
      ],
    });
    connected = flow;
    // Each of Meta's steps once; the code went with the app's secret, in the server's call only.
    const exchanges = calls('GET', /\/oauth\/access_token$/);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0].query).toMatchObject({
      client_id: '1000000000000001',
      client_secret: 'test-app-secret',
      code: flow.code,
    });
    expect(calls('POST', new RegExp(`/${flow.waba_id}/subscribed_apps$`))).toHaveLength(1);
    expect(calls('POST', new RegExp(`/${flow.phone_number_id}/register$`))).toHaveLength(1);
    const atMeta = await (await fetch(`${t.sandbox.url}/_sandbox/phone_numbers/${flow.phone_number_id}`)).json();
    expect(atMeta).toMatchObject({ registered: true, two_step_pin_set: true });
    const [account] = await rows(
      'SELECT tenant_id, access_token_encrypted, app_subscription FROM business_accounts WHERE waba_id = $1',
      [flow.waba_id],
    );
    expect(account).toMatchObject({ tenant_id: a.id, app_subscription: 'subscribed' });
    const [signup] = await rows(
      'SELECT tenant_id, status, registered_at, pin_encrypted FROM number_signups WHERE phone_number_id = $1',
      [flow.phone_number_id],
    );
    expect(signup).toMatchObject({ tenant_id: a.id, status: 'connected', registered_at: expect.any(Date) });
    expect(signup.pin_encrypted).not.toMatch(/^\d{6}$/);
    // The new number sends at once (to a customer who wrote first: the 24-hour window is open).
    await customerWrites(flow.phone_number_id, '15550001111');
    const sent = await request(t.url)
      .post(`/${VERSION}/${flow.phone_number_id}/messages`)
      .set(bearer(keyA))
      .send({
        messaging_product: 'whatsapp',
        to: '15550001111',
        type: 'text',
        text: { body: 'Hello from a new number' },
      });
    expect(sent.status).toBe(200);
    expect(sent.body.messages[0].id).toMatch(/^wamid\./);
  });

  it('adds nothing when the flow runs again for the same number (one account, one number, one registration)', async () => {
    const again = t.sandbox.finishEmbeddedSignup({ wabaId: connected.waba_id });
    t.sandbox.clearRequests();
    const res = await connect(keyA, {
      code: again.code,
      waba_id: again.waba_id,
      phone_number_id: again.phone_number_id,
    });
    expect(res.status).toBe(200);
    expect(res.body.steps).toEqual([
      { step: 'exchange_code', outcome: 'done' },
      { step: 'subscribe_app', outcome: 'done' },
      { step: 'register_number', outcome: 'skipped' },
      { step: 'add_number', outcome: 'skipped' },
    ]);
    expect(calls('POST', /\/register$/)).toHaveLength(0);
    const [{ count: accounts }] = await rows(
      'SELECT count(*)::int AS count FROM business_accounts WHERE waba_id = $1',
      [connected.waba_id],
    );
    const [{ count: numbers }] = await rows(
      'SELECT count(*)::int AS count FROM phone_numbers WHERE phone_number_id = $1',
      [connected.phone_number_id],
    );
    expect([accounts, numbers]).toEqual([1, 1]);
  });

  it("refuses a used or unknown code with the sandbox's Meta error, naming the step, and creates nothing", async () => {
    const fresh = t.sandbox.finishEmbeddedSignup();
    const exchanged = await fetch(
      `${t.sandbox.url}/${VERSION}/oauth/access_token?client_id=1000000000000001&client_secret=test-app-secret&code=${encodeURIComponent(fresh.code)}`,
    );
    expect(exchanged.status).toBe(200);
    const used = await connect(keyA, {
      code: fresh.code,
      waba_id: fresh.waba_id,
      phone_number_id: fresh.phone_number_id,
    });
    expect(used.status).toBe(400);
    expect(used.body.error).toMatchObject({
      code: 100,
      error_subcode: 36009,
      message: 'This authorization code has been used.',
      error_data: { step: 'exchange_code' },
    });
    const foreign = await connect(keyA, {
      code: 'AQ-not-a-code',
      waba_id: fresh.waba_id,
      phone_number_id: fresh.phone_number_id,
    });
    expect(foreign.body.error).toMatchObject({
      code: 100,
      error_subcode: 36008,
      error_data: { step: 'exchange_code' },
    });
    expect(await rows('SELECT 1 FROM business_accounts WHERE waba_id = $1', [fresh.waba_id])).toHaveLength(0);
    expect(await rows('SELECT 1 FROM number_signups WHERE phone_number_id = $1', [fresh.phone_number_id])).toHaveLength(
      0,
    );
    // The sandbox refuses a wrong app secret as Meta does.
    const wrongSecret = await fetch(
      `${t.sandbox.url}/${VERSION}/oauth/access_token?client_id=1000000000000001&client_secret=wrong&code=x`,
    );
    expect(await wrongSecret.json()).toMatchObject({ error: { code: 1, message: 'Error validating client secret.' } });
  });

  it('refuses bad input naming the field, before any call to Meta, and creates nothing', async () => {
    const fresh = t.sandbox.finishEmbeddedSignup();
    t.sandbox.clearRequests();
    const base = { code: fresh.code, waba_id: fresh.waba_id, phone_number_id: fresh.phone_number_id };
    expectInvalidParameter(await connect(keyA, { ...base, pin: '12345' }), 400, 'pin must be six digits');
    expectInvalidParameter(await connect(keyA, { ...base, pin: 'abcdef' }), 400, 'pin must be six digits');
    const { phone_number_id: _dropped, ...withoutPhone } = base;
    const missing = await connect(keyA, withoutPhone);
    expectGraphError(missing, 400, 100);
    expect(JSON.stringify(missing.body)).toContain('phone_number_id');
    // A business account another organization connected: 409 naming it, the code not spent.
    const taken = await connect(keyB, {
      ...base,
      waba_id: connected.waba_id,
      phone_number_id: connected.phone_number_id,
    });
    expectGraphError(taken, 409, 100);
    expect(taken.body.error.message).toContain('waba_id');
    expect(t.sandbox.requests()).toHaveLength(0);
    expect(await rows('SELECT 1 FROM number_signups WHERE phone_number_id = $1', [fresh.phone_number_id])).toHaveLength(
      0,
    );
  });

  it("names the registration step when Meta refuses the PIN, keeps the failure, and connects with the number's PIN", async () => {
    const flow = t.sandbox.finishEmbeddedSignup();
    // The business set a two-step PIN at Meta before (with the token only the code reveals).
    const token = (await (
      await fetch(
        `${t.sandbox.url}/${VERSION}/oauth/access_token?client_id=1000000000000001&client_secret=test-app-secret&code=${encodeURIComponent(flow.code)}`,
      )
    ).json()) as { access_token: string };
    await fetch(`${t.sandbox.url}/${VERSION}/${flow.phone_number_id}/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', pin: '111111' }),
    });
    const second = t.sandbox.finishEmbeddedSignup({ wabaId: flow.waba_id });
    const refused = await connect(keyA, {
      code: second.code,
      waba_id: flow.waba_id,
      phone_number_id: flow.phone_number_id,
      pin: '222222',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 133005, error_data: { step: 'register_number' } });
    const [failed] = await rows('SELECT status, failed_step FROM number_signups WHERE phone_number_id = $1', [
      flow.phone_number_id,
    ]);
    expect(failed).toEqual({ status: 'failed', failed_step: 'register_number' });
    expect(await rows('SELECT 1 FROM phone_numbers WHERE phone_number_id = $1', [flow.phone_number_id])).toHaveLength(
      0,
    );
    const third = t.sandbox.finishEmbeddedSignup({ wabaId: flow.waba_id });
    const ok = await connect(keyA, {
      code: third.code,
      waba_id: flow.waba_id,
      phone_number_id: flow.phone_number_id,
      pin: '111111',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('connected');
  });

  it("refuses a key without numbers:connect with the scope's 403", async () => {
    const reader = (await createOrgKey(t, a, { scopes: ['business:read'] })).key;
    expectGraphError(await connect(reader, { code: 'x', waba_id: '1', phone_number_id: '2' }), 403, 200);
  });

  it("stops the account's numbers when the business removes the partner, tells the tenant, and connects again", async () => {
    const receiver = await new WebhookReceiver().start();
    await request(t.url)
      .post('/v1/webhooks')
      .set(bearer(keyA))
      .send({ url: receiver.url, events: ['account_update'] })
      .expect(201);
    t.sandbox.removePartner(connected.waba_id);
    const events = await receiver.waitFor((all) =>
      all.some((e) => e.json.entry[0].changes[0].field === 'account_update'),
    );
    const update = events.find((e) => e.json.entry[0].changes[0].field === 'account_update')!;
    expect(valueOf(update.json)).toMatchObject({ event: 'PARTNER_REMOVED', waba_info: { waba_id: connected.waba_id } });
    await eventually(async () => {
      const [row] = await rows('SELECT partner_removed_at FROM business_accounts WHERE waba_id = $1', [
        connected.waba_id,
      ]);
      return row.partner_removed_at ?? undefined;
    });
    const send = () =>
      request(t.url)
        .post(`/${VERSION}/${connected.phone_number_id}/messages`)
        .set(bearer(keyA))
        .send({ messaging_product: 'whatsapp', to: '15550001111', type: 'text', text: { body: 'still there?' } });
    const stopped = await eventually(async () => {
      const res = await send();
      return res.status === 403 ? res : undefined;
    });
    expectGraphError(stopped, 403, 200);
    expect(stopped.body.error.message).toContain('PARTNER_REMOVED');
    // The business grants access again through the flow: the number sends again.
    const again = t.sandbox.finishEmbeddedSignup({ wabaId: connected.waba_id });
    await connect(keyA, { code: again.code, waba_id: again.waba_id, phone_number_id: again.phone_number_id }).expect(
      200,
    );
    const [row] = await rows('SELECT partner_removed_at FROM business_accounts WHERE waba_id = $1', [
      connected.waba_id,
    ]);
    expect(row.partner_removed_at).toBeNull();
    expect((await send()).status).toBe(200);
    await receiver.stop();
  });

  describe('in Chromium', () => {
    let chromium: Browser | undefined;
    let c: TestTenant;
    let keyC: string;
    beforeAll(async () => {
      if (chromiumAvailable('embedded-signup')) chromium = await launchChromium();
      c = await createTenant(t, 'Signup C');
      keyC = (await createOrgKey(t, c, { rateLimitPerSecond: 10_000 })).key;
    }, 60_000);
    afterAll(() => chromium?.close());

    /** The console signed in with C's key, on the connect page, its SDK loaded. */
    const openConnect = async (width = 1280, bypassCSP = false) => {
      // The page's own CSP stays on (it must let the SDK run); axe is injected past it.
      const context = await chromium!.newContext({ viewport: { width, height: 900 }, bypassCSP });
      const page = await context.newPage();
      await page.goto(`${t.url}/console/`);
      await page.getByLabel('API key').fill(keyC);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('link', { name: 'Connect a WhatsApp number' }).click();
      await page.getByRole('heading', { name: 'Connect a WhatsApp number' }).waitFor();
      // Enabled once Meta's SDK (the sandbox's stand-in) has loaded under the page's CSP.
      await page.locator('button:not([disabled])', { hasText: 'Continue with Meta' }).waitFor();
      return { context, page };
    };
    /** The business goes through the (stand-in) signup in Meta's popup. */
    const signUpInPopup = async (page: Page) => {
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Continue with Meta' }).click();
      const popup = await popupOpened;

      await popup.getByLabel('Business phone number').fill('+1 555 030 4050');
      await popup.getByRole('button', { name: 'Finish' }).click();
    };

    it("connects a number end to end through Meta's flow, and the number sends within 60 s of the click", async () => {
      if (!chromium) return;
      const { context, page } = await openConnect();
      const clicked = Date.now();
      await signUpInPopup(page);
      await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
      const steps = await page.getByRole('list', { name: 'Steps' }).getByRole('listitem').allTextContents();
      expect(steps).toHaveLength(4);
      const [row] = await rows(
        `SELECT phone_number_id FROM number_signups WHERE tenant_id = $1 AND status = 'connected' ORDER BY created_at DESC LIMIT 1`,
        [c.id],
      );
      await customerWrites(row.phone_number_id, '15550002222');
      const sent = await request(t.url)
        .post(`/${VERSION}/${row.phone_number_id}/messages`)
        .set(bearer(keyC))
        .send({
          messaging_product: 'whatsapp',
          to: '15550002222',
          type: 'text',
          text: { body: 'Connected and sending' },
        });
      expect(sent.status).toBe(200);
      expect(Date.now() - clicked).toBeLessThan(60_000);
      // The code was exchanged by the gateway's server, never by the browser.
      const exchanges = calls('GET', /\/oauth\/access_token$/);
      expect(exchanges.length).toBeGreaterThan(0);
      for (const exchange of exchanges) expect(exchange.headers['user-agent'] ?? '').not.toMatch(/Chrome|Mozilla/);
      // The console's Overview lists it.
      await page.goto(`${t.url}/console/#/overview`);
      await page.getByText('15550304050').first().waitFor();
      await context.close();
    }, 60_000);

    it("shows the person the step that failed, by name, for each of the server's steps", async () => {
      if (!chromium) return;
      const faults: Array<[string, Parameters<TestApp['sandbox']['injectFault']>[0]]> = [
        [
          'Exchange the code for the business token',
          { kind: 'graph_error', code: 100, subcode: 36008, path: '/oauth/access_token' },
        ],
        [
          "Subscribe the gateway to the account's webhooks",
          { kind: 'http_500', path: '/subscribed_apps', method: 'POST' },
        ],
        [
          'Register the number for the Cloud API',
          { kind: 'graph_error', code: 133005, path: '/register', method: 'POST' },
        ],
        [
          'Add the number to the organization',
          { kind: 'graph_error', code: 100, path: '/^\\/v23\\.0\\/\\d+$/', method: 'GET' },
        ],
      ];
      for (const [name, fault] of faults) {
        const { context, page } = await openConnect();
        t.sandbox.injectFault({ count: 1, ...fault });
        await signUpInPopup(page);
        const alert = page.getByRole('alert').filter({ hasText: 'failed' });
        await alert.waitFor();
        expect(await alert.textContent()).toContain(name);
        t.sandbox.clearFaults();
        await context.close();
      }
    }, 90_000);

    it("allows Meta's SDK by the CSP on the connect page only", async () => {
      const connectPage = await request(t.url).get('/console/connect.html').expect(200);
      const consolePage = await request(t.url).get('/console/').expect(200);
      expect(connectPage.headers['content-security-policy']).toContain(`script-src 'self' ${t.sandbox.url}`);
      expect(consolePage.headers['content-security-policy']).toContain("script-src 'self';");
      expect(consolePage.headers['content-security-policy']).not.toContain(t.sandbox.url);
    });

    it('has no serious or critical accessibility violations on the connect page, at 1280 and 390 pixels', async () => {
      if (!chromium) return;
      const axe = readFileSync(join(__dirname, '..', 'node_modules/axe-core/axe.min.js'), 'utf8');
      for (const width of [1280, 390]) {
        const { context, page } = await openConnect(width, true);
        await page.addScriptTag({ content: axe });
        const { violations } = await page.evaluate(() =>
          (
            globalThis as unknown as {
              axe: { run: () => Promise<{ violations: Array<{ id: string; impact: string }> }> };
            }
          ).axe.run(),
        );
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect({ width, serious: serious.map((v) => v.id) }).toEqual({ width, serious: [] });
        await context.close();
      }
    }, 60_000);
  });
});
