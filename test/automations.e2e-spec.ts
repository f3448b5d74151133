import type { Type } from '@nestjs/common';
import request from 'supertest';
import { PeriodicJobs } from '../src/jobs/periodic-jobs';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { inboundTextWebhook, postFromUpstream } from './support/from-upstream';
import { expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const customer = (n: number) => `1555770${String(n).padStart(4, '0')}`;
/** Hours the number is never open in (no weekday has a span): every message is outside them. */
const NEVER_OPEN = { time_zone: 'Europe/Madrid', weekly: {}, holidays: [] };
const ALWAYS_OPEN = {
  time_zone: 'America/Sao_Paulo',
  weekly: Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      [{ open: '00:00', close: '24:00' }],
    ]),
  ),
  holidays: [],
};

interface Run {
  id: string;
  wa_id: string;
  state: string;
  attempts: number;
  steps: Array<{
    automation: string;
    matched: boolean;
    reason: string;
    actions: Array<{ outcome: string; message_id?: string; recovered?: boolean; error?: { code: number } }>;
  }>;
}

/**
 * Automations, first part (issue 57): business hours, the away message and the welcome message, run
 * exactly once per customer message across two instances (real PostgreSQL, Redis, the sandbox over
 * HTTP), through the one send path, each with its run log; a job its instance left unfinished is run
 * by the sweep, and one run again after its reply left finds that reply instead of sending it twice.
 */
describe('automations: business hours, away and welcome messages', () => {
  let t1: TestApp;
  let t2: TestApp;
  const keys = new Map<string, string>();

  const api = (tenant: TestTenant, method: 'get' | 'put', path: string, body?: unknown) => {
    const req = request(t1.url)
      [method](`/v1/${tenant.phoneNumberId}${path}`)
      .set(bearer(keys.get(tenant.id)!));
    return body === undefined ? req : req.send(body as object);
  };
  /** A customer's message, through Meta's webhook, to instance 1 or 2. */
  const write = (tenant: TestTenant, from: string, text: string, on: TestApp = t2) =>
    postFromUpstream(on.url, inboundTextWebhook(tenant, from, text)).expect(200);
  /** The sends that reached the sandbox for a customer. */
  const sendsTo = (waId: string) =>
    t1.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith('/messages') && (r.body as { to?: string })?.to === waId);
  const runs = async (tenant: TestTenant): Promise<Run[]> =>
    (await api(tenant, 'get', '/automation_runs?limit=100').expect(200)).body.data as Run[];
  const finished = (tenant: TestTenant, count: number) =>
    eventually(async () => {
      const all = await runs(tenant);
      return all.length >= count && all.every((r) => r.state === 'done') ? all : undefined;
    }, 10_000);
  const sweepOn = (t: TestApp) => t.get(PeriodicJobs as unknown as Type<PeriodicJobs>).tick('automations-sweep');
  const tenantWith = async (name: string, settings: { hours?: unknown; replies?: unknown }) => {
    const tenant = await createTenant(t1, name);
    keys.set(tenant.id, (await createOrgKey(t1, tenant, { rateLimitPerSecond: 10_000 })).key);
    if (settings.hours) await api(tenant, 'put', '/business_hours', settings.hours).expect(200);
    if (settings.replies) await api(tenant, 'put', '/automatic_replies', settings.replies).expect(200);
    return tenant;
  };

  beforeAll(async () => {
    t1 = await createTestApp();
    await resetState(t1);
    t2 = await createTestApp({ sandbox: t1.sandbox });
  }, 60_000);
  afterAll(async () => {
    await t2.close();
    await t1.close();
  });

  it('refuses bad settings with a Graph error naming the field, and saves nothing', async () => {
    const tenant = await tenantWith('Automations input', { hours: NEVER_OPEN });
    const hours = (body: unknown) => api(tenant, 'put', '/business_hours', body);
    expectInvalidParameter(await hours({ ...NEVER_OPEN, time_zone: 'Mars/Olympus_Mons' }), 400, /^time_zone: /);
    expectInvalidParameter(
      await hours({ ...NEVER_OPEN, weekly: { monday: [{ open: '18:00', close: '09:00' }] } }),
      400,
      /^weekly\.monday\[0\]\.close: 09:00 is not after open 18:00/,
    );
    expectInvalidParameter(
      await hours({ ...NEVER_OPEN, weekly: { monday: [{ open: '9:00', close: '17:00' }] } }),
      400,
      /^weekly\.monday\[0\]\.open: /,
    );
    expectInvalidParameter(await hours({ ...NEVER_OPEN, weekly: { mondy: [] } }), 400, /^weekly\.mondy: not a weekday/);
    expectInvalidParameter(
      await hours({
        ...NEVER_OPEN,
        weekly: {
          friday: [
            { open: '09:00', close: '13:00' },
            { open: '12:00', close: '18:00' },
          ],
        },
      }),
      400,
      /^weekly\.friday: .* overlap/,
    );
    expectInvalidParameter(await hours({ ...NEVER_OPEN, holidays: ['2026-02-30'] }), 400, /^holidays\[0\]: /);
    expect((await api(tenant, 'get', '/business_hours').expect(200)).body).toEqual(NEVER_OPEN);

    const replies = (body: unknown) => api(tenant, 'put', '/automatic_replies', body);
    expectInvalidParameter(
      await replies({ away: { enabled: true, template: { name: 'never_made', language: { code: 'en_US' } } } }),
      400,
      /^away\.template: .*never_made/,
    );
    expectInvalidParameter(
      await replies({ away: { text: 'Closed', once_every_hours: 0.5 } }),
      400,
      /^away\.once_every_hours: /,
    );
    expectInvalidParameter(
      await replies({ welcome: { text: 'Hi', template: { name: 'x' } } }),
      400,
      /^welcome: give one/,
    );
    expectInvalidParameter(
      await replies({ welcome: { text: 'Hi', action: 'dance' } }),
      400,
      /^welcome\.action: not a field/,
    );
    expectInvalidParameter(await replies({ goodbye: { text: 'Bye' } }), 400, /^goodbye: not a field/);
    const noHours = await tenantWith('Automations no hours', {});
    expectInvalidParameter(
      await api(noHours, 'put', '/automatic_replies', { away: { text: 'Closed' } }),
      400,
      /^away: the number has no business hours/,
    );
    expect((await api(tenant, 'get', '/automatic_replies').expect(200)).body).toEqual({ away: null, welcome: null });
    expect(await t1.dataSource.query(`SELECT 1 FROM automation_jobs WHERE tenant_id = $1`, [tenant.id])).toEqual([]);
  });

  it('sends one away message for five messages arriving at once across both instances', async () => {
    const tenant = await tenantWith('Automations away', {
      hours: NEVER_OPEN,
      replies: { away: { text: 'We are closed; we answer from 9:00.', once_every_hours: 12 } },
    });
    const who = customer(1);
    // The first message makes the conversation (its window opens); then five at once, on both instances.
    await write(tenant, who, 'hello?', t1);
    await Promise.all([0, 1, 2, 3, 4].map((i) => write(tenant, who, `anyone? ${i}`, i % 2 ? t1 : t2)));
    const all = await finished(tenant, 6);
    expect(all).toHaveLength(6);
    const sent = all.filter((r) => r.steps.some((s) => s.matched));
    expect(sent).toHaveLength(1);
    expect(sent[0].steps).toEqual([
      {
        automation: 'away',
        matched: true,
        reason: expect.stringMatching(/^outside business hours \(\w+day \d{4}-\d\d-\d\d \d\d:\d\d Europe\/Madrid\)$/),
        actions: [{ type: 'reply', outcome: 'sent', message_id: expect.stringMatching(/^wamid\./) }],
      },
    ]);
    for (const run of all.filter((r) => r !== sent[0]))
      expect(run.steps).toEqual([
        {
          automation: 'away',
          matched: false,
          reason: expect.stringMatching(/but the customer had the away message within 12 h$/),
          actions: [],
        },
      ]);
    expect(sendsTo(who)).toHaveLength(1);
    expect(sendsTo(who)[0].body).toMatchObject({ type: 'text', text: { body: 'We are closed; we answer from 9:00.' } });
    // Its record: an ordinary message record, sent as the organization's automations key.
    const [record] = await t1.dataSource.query(
      `SELECT m.status, m.idempotency_key, k.name FROM messages m JOIN api_keys k ON k.id = m.api_key_id
       WHERE m.tenant_id = $1 AND m.recipient = $2`,
      [tenant.id, who],
    );
    expect(record).toMatchObject({
      idempotency_key: `automation:${sent[0].id}:away`,
      name: expect.stringMatching(/^Automations/),
    });
    // Sent, and as far along as Meta's statuses have come by now (the sandbox's read follows in ms).
    expect(['accepted', 'sent', 'delivered', 'read']).toContain(record.status);
  });

  it('welcomes a new customer once, and sends nothing inside business hours', async () => {
    const tenant = await tenantWith('Automations welcome', {
      hours: ALWAYS_OPEN,
      replies: { away: { text: 'Closed now' }, welcome: { text: 'Welcome to the shop!' } },
    });
    const who = customer(2);
    await write(tenant, who, 'first time here', t1);
    await write(tenant, who, 'and again', t2);
    const all = await finished(tenant, 1);
    // The second message is one nothing acts on (not a first message, inside business hours): no job.
    expect(all).toHaveLength(1);
    expect(all[0].steps).toEqual([
      {
        automation: 'welcome',
        matched: true,
        reason: "the customer's first message to the number",
        actions: [{ type: 'reply', outcome: 'sent', message_id: expect.any(String) }],
      },
      { automation: 'away', matched: false, reason: expect.stringMatching(/^inside business hours/), actions: [] },
    ]);
    expect(sendsTo(who).map((r) => (r.body as { text: { body: string } }).text.body)).toEqual(['Welcome to the shop!']);
  });

  it('logs a refused reply (a blacklisted customer) without retrying it', async () => {
    const tenant = await tenantWith('Automations refused', { replies: { welcome: { text: 'Hello!' } } });
    const who = customer(3);
    await request(t1.url)
      .post('/v1/blacklist')
      .set(bearer(keys.get(tenant.id)!))
      .send({ phone_numbers: [who] })
      .expect((res) => expect(res.status).toBeLessThan(300));
    await write(tenant, who, 'hi');
    const [run] = await finished(tenant, 1);
    expect(run.attempts).toBe(1);
    expect(run.steps[0].actions).toEqual([
      {
        type: 'reply',
        outcome: 'refused',
        error: { code: 131000, message: '(#131000) The recipient is on the blacklist of this organization' },
      },
    ]);
    expect(sendsTo(who)).toEqual([]);
  });

  it('runs a job its instance left unfinished once; run again after its reply left, finds it', async () => {
    const tenant = await tenantWith('Automations crash', { replies: { welcome: { text: 'Welcome back later' } } });
    const who = customer(4);
    await write(tenant, who, 'hello');
    const [first] = await finished(tenant, 1);
    expect(sendsTo(who)).toHaveLength(1);
    // What an instance killed after the reply left leaves behind: the reply sent (its record has
    // Meta's id), the job unfinished, its lease run out.
    await t1.dataSource.query(
      `UPDATE automation_jobs SET finished_at = NULL, log = '[]', lease_until = now() - interval '1 second'
       WHERE id = $1`,
      [first.id],
    );
    await sweepOn(t2);
    const [again] = await finished(tenant, 1);
    expect(again.attempts).toBe(2);
    expect(again.steps[0].actions).toEqual([
      { type: 'reply', outcome: 'sent', message_id: first.steps[0].actions[0].message_id, recovered: true },
    ]);
    expect(sendsTo(who)).toHaveLength(1);
    // And a job whose instance died right after the commit, before running it: written as the ingest
    // writes it (its lease run out), for a customer who wrote while the welcome was off.
    const other = customer(5);
    await api(tenant, 'put', '/automatic_replies', { welcome: { enabled: false, text: 'Welcome back later' } }).expect(
      200,
    );
    await write(tenant, other, 'hi');
    await api(tenant, 'put', '/automatic_replies', { welcome: { enabled: true, text: 'Welcome back later' } }).expect(
      200,
    );
    const [orphan] = await t1.dataSource.query(
      `INSERT INTO automation_jobs (tenant_id, phone_number_id, wa_id, event, event_id, facts, lease_until)
       VALUES ($1, $2, $3, 'message', 'message:wamid.orphan', $4::jsonb, now() - interval '1 second') RETURNING id`,
      [
        tenant.id,
        tenant.phoneNumberId,
        other,
        JSON.stringify({ type: 'text', sent_at: new Date().toISOString(), first: true }),
      ],
    );
    await Promise.all([sweepOn(t1), sweepOn(t2)]);
    const runsNow = await finished(tenant, 2);
    expect(runsNow.find((r) => r.id === orphan.id)).toMatchObject({
      attempts: 2,
      steps: [{ automation: 'welcome', matched: true, actions: [{ outcome: 'sent' }] }],
    });
    expect(sendsTo(other)).toHaveLength(1);
  });
});
