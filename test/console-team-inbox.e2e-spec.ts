import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PeopleService } from '../src/people/people.service';
import { buildConsole, chromiumAvailable, launchChromium, seriousViolations } from './support/chromium';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const PASSWORD = 'console team password 2026!';
const CUSTOMER = '15557440001';
const describeWithChromium = chromiumAvailable('console team inbox') ? describe : describe.skip;

/**
 * The team inbox in two browsers (Chromium), nothing polled: agent 1 takes a conversation and agent 2
 * sees it taken within a second without a reload; a private note with a mention shows in the other
 * agent's thread apart from the messages and among their mentions, and never reaches Meta; a saved
 * reply fills the composer; axe-core finds no serious or critical violation at 1280 and 390 px.
 */
describeWithChromium('console: a team works the inbox', () => {
  let t: TestApp;
  let a: TestTenant;
  let keyA: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    buildConsole();
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t, 'Console team');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    const people = t.get(PeopleService);
    await people.addOwner(a.id, 'owner@console-team.example', PASSWORD);
    for (const name of ['ada', 'ben']) await people.addMember(a.id, `${name}@console-team.example`, PASSWORD, 'agent');
    await postFromUpstream(t.url, inboundTextWebhook(a, CUSTOMER, 'Can someone help me?', { name: 'Maria' })).expect(
      200,
    );
    await eventually(async () => {
      const [row] = await t.dataSource.query('SELECT 1 FROM conversations WHERE wa_id = $1', [CUSTOMER]);
      return row;
    });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await t?.close();
  });

  async function agent(name: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${t.url}/console/`);
    await page.getByLabel('Email').fill(`${name}@console-team.example`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.goto(`${t.url}/console/#/inbox/${a.phoneNumberId}/${CUSTOMER}`);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.getByRole('list', { name: 'Messages with Maria' }).getByText('Can someone help me?').waitFor();
    return page;
  }

  it('shows agent 2 the conversation agent 1 took within a second, and the note agent 1 wrote, without a reload', async () => {
    const ada = await agent('ada');
    const ben = await agent('ben');
    let reloads = 0;
    ben.on('load', () => reloads++);
    const item = (page: Page) =>
      page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'Maria' });
    await item(ben).getByText('Unassigned').waitFor();

    await ada.getByRole('button', { name: 'Assign to me' }).click();
    const clickedAt = Date.now();
    await item(ben).getByText('Assigned to ada@console-team.example').waitFor({ timeout: 1_000 });
    expect(Date.now() - clickedAt).toBeLessThan(1_000);
    await ben.getByRole('status', { name: 'Owner' }).getByText('Assigned to ada@console-team.example').waitFor();

    // A private note with a mention: in Ben's thread apart from the messages, and among his mentions.
    t.sandbox.clearRequests();
    const note = ada.getByRole('form', { name: 'Private note' });
    await note.getByLabel('Private note (only your team sees it)').fill('Maria ordered twice: check the second one');
    await note.getByRole('group', { name: 'Mention' }).getByLabel('ben@console-team.example').check();
    await note.getByRole('button', { name: 'Add note' }).click();
    const shown = ben.getByRole('listitem', { name: 'Private note' });
    await shown.getByText('Maria ordered twice: check the second one').waitFor({ timeout: 1_000 });
    await shown.getByText('Private note by ada@console-team.example').waitFor();
    await expect(
      ben.getByRole('list', { name: 'Messages with Maria' }).locator('li.msg.inbound, li.msg.outbound').count(),
    ).resolves.toBe(1);
    await ben.getByText('1 unread mention').waitFor();
    expect(t.sandbox.requests()).toEqual([]);
    expect(reloads).toBe(0);

    // A status change on Ben's side reaches Ada's.
    await ben.getByRole('button', { name: 'Mark pending' }).click();
    await ada.getByRole('status', { name: 'Owner' }).getByText('pending').waitFor({ timeout: 1_000 });

    // Ada resolves it: the team's figures count it for her, as the API does.
    await ada.getByRole('button', { name: 'Resolve' }).click();
    await ben.getByRole('status', { name: 'Owner' }).getByText('resolved').waitFor({ timeout: 1_000 });
    await ada.getByText('Team figures (last 7 days)').click();
    const row = ada
      .getByRole('table', { name: 'Team figures' })
      .getByRole('row', { name: /ada@console-team\.example/ });
    await expect(row.getByRole('cell').first().textContent()).resolves.toBe('1');
    const figures = (await (await fetch(`${t.url}/v1/inbox/figures`, { headers: bearer(keyA) })).json()) as {
      data: Array<{ handled: number }>;
    };
    expect(figures.data.map((f) => f.handled)).toEqual([1]);
  });

  it('fills a saved reply typed as /name and sends it through the one send path', async () => {
    await fetch(`${t.url}/v1/contacts`, {
      method: 'POST',
      headers: { ...bearer(keyA), 'content-type': 'application/json' },
      body: JSON.stringify({ contacts: [{ phone_number: CUSTOMER, name: 'Maria Silva' }] }),
    });
    const owner = await agent('owner');
    await owner.evaluate(async () => {
      const session = (await (await fetch('/console/session')).json()) as { csrf_token: string };
      await fetch('/v1/inbox/saved_replies', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ name: 'thanks', body: 'Thank you {{contact.name}}, {{agent.name}} here.' }),
      });
    });
    const ada = await agent('ada');
    const message = ada.getByLabel('Message', { exact: true });
    await message.fill('/tha');
    await ada.getByRole('list', { name: 'Saved replies' }).getByRole('button', { name: '/thanks' }).click();
    await eventually(async () =>
      (await message.inputValue()) === 'Thank you Maria Silva, ada here.' ? true : undefined,
    );
    await ada.getByRole('button', { name: 'Send', exact: true }).click();
    await ada
      .getByRole('list', { name: 'Messages with Maria' })
      .getByText('Thank you Maria Silva, ada here.')
      .waitFor();
    const sent = t.sandbox.requests().filter((r) => (r.body as { to?: string })?.to === CUSTOMER);
    expect(sent.map((r) => (r.body as { text?: { body: string } }).text?.body)).toContain(
      'Thank you Maria Silva, ada here.',
    );
  });

  it('has no serious or critical accessibility violation at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await agent('ben', width);
      await page.getByRole('listitem', { name: 'Private note' }).first().waitFor();
      await page.getByText('Team figures (last 7 days)').click();
      await page.getByRole('table', { name: 'Team figures' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
