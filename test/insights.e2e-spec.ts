import './support/pace-test-env';
import { NumberLimitsService } from '../src/pacing/number-limits.service';
import { ROLE_KEYS } from '../src/people/roles';
import { eventually } from './support/eventually';
import { bearer, createApprovedTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { postFromUpstream, statusWebhook } from './support/from-upstream';
import { createTestApp, resetState, type TestApp } from './support/test-app';

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

const TEMPLATE = {
  name: 'spring_sale',
  language: 'en_US',
  category: 'MARKETING',
  components: [
    { type: 'BODY', text: 'Our spring sale starts today' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Tell me more' },
        { type: 'QUICK_REPLY', text: 'Stop promotions' },
      ],
    },
  ],
};
/** The payload each quick reply carries back (Meta: one payload parameter per QUICK_REPLY button). */
const BUTTONS = [
  { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'MORE' }] },
  { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'STOP' }] },
];
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Insights (issue 59): funnels per template, broadcast and number from the rollups the statuses and
 * replies write, each message counted once per step; Meta's template_analytics read and compared;
 * organizations and roles kept apart; bad input named.
 */
describe('insights: how messages perform', () => {
  let t: TestApp;
  let second: TestApp;
  let tenant: TestTenant;
  let key: string;
  let broadcastId: string;
  const singles: string[] = [];

  async function call(method: string, path: string, apiKey: string, body?: unknown, accept?: string): Promise<Answer> {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...bearer(apiKey),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(accept && { accept }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: accept === 'text/csv' ? text : JSON.parse(text) };
  }

  /** A status of a message whose number's statuses come on demand (the sandbox's control API). */
  async function advance(wamid: string, status: string, extra: Record<string, unknown> = {}): Promise<void> {
    const res = await fetch(`${t.sandbox.url}/_sandbox/messages/${wamid}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status, ...extra }),
    });
    if (res.status !== 200) throw new Error(`status ${status} of ${wamid}: ${res.status} ${await res.text()}`);
  }

  const funnel = async (query: string, apiKey = key) => call('GET', `/v1/insights/funnels?${query}`, apiKey);
  /** The funnel once its counts are `expected` (the statuses and replies come in as webhooks). */
  const settled = (query: string, expected: Record<string, unknown>) =>
    eventually(async () => {
      const answer = await funnel(query);
      const entry = answer.body.data?.[0];
      return entry && Object.entries(expected).every(([k, v]) => entry[k] === v) ? answer : undefined;
    }, 20_000).catch(async () => {
      throw new Error(
        `funnel ${query} never became ${JSON.stringify(expected)}: ${JSON.stringify((await funnel(query)).body)}`,
      );
    });

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    second = await createTestApp({ sandbox: t.sandbox });
    tenant = await createTenant(t);
    t.sandbox.setLimits(tenant.phoneNumberId, { throughput_level: 'HIGH' });
    await t.get(NumberLimitsService).learn(tenant.phoneNumberId);
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    await createApprovedTemplate(t, tenant, key, TEMPLATE);
    // Statuses only when the test says (Meta's side on demand).
    const manual = await fetch(`${t.sandbox.url}/_sandbox/phone_numbers/${tenant.phoneNumberId}/status_delays`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ manual: true }),
    });
    expect(manual.status).toBe(200);

    // A broadcast of 100: all sent, 90 delivered (10 fail with 131026), 60 of those read; 20 of the
    // readers reply, 10 of them by pressing the template's first button.
    const recipients = Array.from({ length: 100 }, (_, i) => ({
      to: `+1555731${String(i).padStart(4, '0')}`,
      components: BUTTONS,
    }));
    const created = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts`, key, {
      name: 'Spring',
      template: { name: TEMPLATE.name, language: { code: TEMPLATE.language } },
      recipients,
    });
    if (created.status !== 201) throw new Error(`broadcast refused: ${JSON.stringify(created.body)}`);
    broadcastId = created.body.id;
    const sends = await eventually(async () => {
      const rows = await t.dataSource.query<Array<{ wamid: string; recipient: string }>>(
        `SELECT upstream_message_id AS wamid, recipient FROM messages
         WHERE broadcast_id = $1 AND upstream_message_id IS NOT NULL ORDER BY recipient`,
        [broadcastId],
      );
      return rows.length === 100 ? rows : undefined;
    }, 20_000);
    for (const send of sends) await advance(send.wamid, 'sent');
    for (const [i, send] of sends.entries()) {
      if (i < 90) await advance(send.wamid, i < 60 ? 'read' : 'delivered');
      else await advance(send.wamid, 'failed', { error_code: 131026 });
    }
    await settled(`by=broadcast&broadcast_id=${broadcastId}`, { read: 60, failed: 10 });
    for (const [i, send] of sends.slice(0, 20).entries()) {
      const from = send.recipient;
      if (i < 10)
        await t.sandbox.simulateInbound({ phone_number_id: tenant.phoneNumberId, from, type: 'text', text: 'Nice!' });
      else
        await t.sandbox.simulateInbound({
          phone_number_id: tenant.phoneNumberId,
          from,
          type: 'button',
          payload: 'MORE',
          button_text: 'Tell me more',
          context_message_id: send.wamid,
        });
    }

    // Five single sends of the same template: four delivered by the sandbox, the fifth's delivery
    // reported three times to each of two instances at once (Meta resending), then by the sandbox too.
    for (let i = 0; i < 5; i++) {
      const sent = await call('POST', `/v1/${tenant.phoneNumberId}/messages`, key, {
        messaging_product: 'whatsapp',
        to: `+1555732000${i}`,
        type: 'template',
        template: { name: TEMPLATE.name, language: { code: TEMPLATE.language }, components: BUTTONS },
      });
      expect(sent.status).toBe(200);
      singles.push(sent.body.messages[0].id);
      await advance(singles[i], i < 4 ? 'delivered' : 'sent');
    }
    await settled(`by=template&template_name=${TEMPLATE.name}`, { sent: 105, delivered: 94 });
    const resent = statusWebhook(tenant, { id: singles[4], status: 'delivered', recipient_id: '15557320004' });
    const answers = await Promise.all(
      [t, second, t, second, t, second].map((app) => postFromUpstream(app.url, resent)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await advance(singles[4], 'delivered');
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('counts a broadcast of 100 exactly: 100 sent, 90 delivered, 60 read, 20 replied, 10 pressed, 10 failed by code', async () => {
    const answer = await settled(`by=broadcast&broadcast_id=${broadcastId}`, { replied: 20, pressed: 10 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ by: 'broadcast', granularity: 'total', until: today() });
    expect(answer.body.data).toEqual([
      {
        broadcast_id: broadcastId,
        period: null,
        sent: 100,
        delivered: 90,
        read: 60,
        replied: 20,
        pressed: 10,
        failed: 10,
        rates: { delivered: 0.9, read: 0.6667, replied: 0.2222, pressed: 0.1111 },
        failures: [{ code: 131026, messages: 10 }],
        buttons: [{ payload: 'MORE', text: 'Tell me more', presses: 10 }],
      },
    ]);
    // Each message's record was marked replied once, the day's rollup row the only one.
    const [{ replied }] = await t.dataSource.query(
      `SELECT count(*)::int AS replied FROM messages WHERE broadcast_id = $1 AND replied_at IS NOT NULL`,
      [broadcastId],
    );
    expect(replied).toBe(20);
  });

  it("counts a status Meta resends three times to two instances once; a template's figures are its broadcasts' and single sends' sum", async () => {
    const template = await settled(`by=template&template_name=${TEMPLATE.name}&template_language=en_US`, {
      delivered: 95,
      replied: 20,
    });
    expect(template.body.data).toEqual([
      expect.objectContaining({
        template_name: 'spring_sale',
        template_language: 'en_US',
        sent: 105,
        delivered: 95,
        read: 60,
        replied: 20,
        pressed: 10,
        failed: 10,
      }),
    ]);
    // The sum of its broadcasts and its single sends (no broadcast: null), read by broadcast.
    const byBroadcast = await funnel(`by=broadcast&template_name=${TEMPLATE.name}`);
    const rows = byBroadcast.body.data as Array<Record<string, number | null>>;
    expect(rows.map((r) => r.broadcast_id).sort()).toEqual([broadcastId, null].sort());
    for (const step of ['sent', 'delivered', 'read', 'replied', 'pressed', 'failed'])
      expect(rows.reduce((sum, r) => sum + (r[step] as number), 0)).toBe(template.body.data[0][step]);
    expect(rows.find((r) => r.broadcast_id === null)).toMatchObject({ sent: 5, delivered: 5, read: 0 });
    // By number and by day: the same messages.
    const byNumber = await funnel(`by=phone_number&granularity=day&phone_number_id=${tenant.phoneNumberId}`);
    expect(byNumber.body.data).toEqual([
      expect.objectContaining({ phone_number_id: tenant.phoneNumberId, period: today(), sent: 105, delivered: 95 }),
    ]);
    // The rollups hold one day's row per broadcast: nothing scanned the records to answer.
    const [{ rows: rollups }] = await t.dataSource.query(
      `SELECT count(*)::int AS rows FROM funnel_days WHERE tenant_id = $1`,
      [tenant.id],
    );
    expect(rollups).toBe(2);
  });

  it('gives the same funnel as CSV', async () => {
    const csv = await call(
      'GET',
      `/v1/insights/funnels?by=broadcast&broadcast_id=${broadcastId}`,
      key,
      undefined,
      'text/csv',
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, row] = (csv.body as string).trim().split(/\r?\n/);
    expect(header).toBe(
      'broadcast_id,period,sent,delivered,read,replied,pressed,failed,delivered_rate,read_rate,replied_rate,pressed_rate,failures,buttons',
    );
    const since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(row).toBe(
      `${broadcastId},${since}..${today()},100,90,60,20,10,10,0.9,0.6667,0.2222,0.1111,131026:10,MORE:10`,
    );
  });

  it("reads Meta's template_analytics, compares them, and flags a seeded difference", async () => {
    const compared = await call('POST', '/v1/insights/template_analytics', key, { day: today() });
    expect(compared.status).toBe(200);
    const asked = t.sandbox
      .requests()
      .filter(
        (r) =>
          r.method === 'GET' &&
          r.path.endsWith(`/${tenant.wabaId}`) &&
          typeof r.query?.fields === 'string' &&
          r.query.fields.startsWith('template_analytics'),
      );
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0].query.fields).toMatch(
      /^template_analytics\.start\(\d+\)\.end\(\d+\)\.granularity\(DAILY\)\.metric_types\(\["SENT","DELIVERED","READ","CLICKED"\]\)\.template_ids\(\["\d+"\]\)$/,
    );
    expect(compared.body.data).toEqual([
      expect.objectContaining({
        template_name: 'spring_sale',
        day: today(),
        gateway: { sent: 105, delivered: 95, read: 60, clicked: 10 },
        meta: {
          sent: 105,
          delivered: 95,
          read: 60,
          clicked: 10,
          buttons: [{ type: 'quick_reply_button', button_content: 'Tell me more', count: 10 }],
        },
        difference_percent: 0,
        flagged: false,
      }),
    ]);
    // Another app sends three of the template from the same number, past the gateway: Meta counts them.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${t.sandbox.url}/v21.0/${tenant.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: `1555733000${i}`,
          type: 'template',
          template: { name: TEMPLATE.name, language: { code: TEMPLATE.language }, components: BUTTONS },
        }),
      });
      expect(res.status).toBe(200);
      await advance(((await res.json()) as any).messages[0].id, 'delivered');
    }
    const again = await eventually(async () => {
      const answer = await call('POST', '/v1/insights/template_analytics', key, { day: today() });
      return answer.body.data?.[0]?.meta.sent === 108 ? answer : undefined;
    });
    expect(again.body.data[0]).toMatchObject({
      gateway: { sent: 105, delivered: 95 },
      meta: { sent: 108, delivered: 98 },
      difference_percent: 3.061,
      flagged: true,
    });
    const flagged = await call('GET', '/v1/insights/template_analytics?flagged=true', key);
    expect(flagged.status).toBe(200);
    expect(flagged.body.data).toEqual([expect.objectContaining({ template_name: 'spring_sale', flagged: true })]);
  });

  it("keeps organizations apart: B sees nothing of A's, and A's broadcast is no broadcast of B's", async () => {
    const b = await createTenant(t);
    const keyB = (await createOrgKey(t, b)).key;
    const mine = await funnel('by=template', keyB);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    const theirs = await funnel(`by=broadcast&broadcast_id=${broadcastId}`, keyB);
    expect(theirs.status).toBe(400);
    expect(theirs.body.error).toMatchObject({
      code: 100,
      error_data: { details: expect.stringContaining('broadcast_id') },
    });
    const number = await funnel(`by=phone_number&phone_number_id=${tenant.phoneNumberId}`, keyB);
    expect(number.status).toBe(400);
    expect(number.body.error.error_data.details).toContain('phone_number_id');
    const analytics = await call('GET', '/v1/insights/template_analytics', keyB);
    expect(analytics.body.data).toEqual([]);
  });

  it('lets a role read only what it allows: an agent is refused, a viewer reads; a key limited to a number reads that number', async () => {
    const agent = (await createOrgKey(t, tenant, { scopes: [...ROLE_KEYS.agent.scopes] as never })).key;
    const refused = await funnel('by=template', agent);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(200);
    expect((await call('GET', '/v1/insights/team', agent)).status).toBe(403);
    const viewer = (await createOrgKey(t, tenant, { scopes: [...ROLE_KEYS.viewer.scopes] as never })).key;
    expect((await funnel('by=template', viewer)).body.data).toHaveLength(1);
    const team = await call('GET', '/v1/insights/team?by=number', viewer);
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ by: 'number', data: expect.any(Array) });
    const other = (await createOrgKey(t, tenant, { allowedPhoneNumberIds: [tenant.otherPhoneNumberId] })).key;
    expect((await funnel('by=template', other)).body.data).toEqual([]);
  });

  it('names the field of bad input with a Graph error, never a 500', async () => {
    const cases: Array<[string, string]> = [
      ['by=country', 'by:'],
      ['granularity=hour', 'granularity:'],
      ['since=2020-01-01', 'since: insights are kept 400 days'],
      ['since=2026-02-30', 'since:'],
      [`until=2999-01-01`, 'until:'],
      [`since=${today()}&until=2026-01-01`, 'since: must not be after until'],
      ['broadcast_id=not-a-broadcast', 'broadcast_id:'],
      [`template_name=${'x'.repeat(600)}`, 'template_name:'],
    ];
    for (const [query, details] of cases) {
      const answer = await funnel(query);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(answer.body.error).toMatchObject({ code: 100 });
      expect(answer.body.error.error_data.details).toContain(details);
    }
    const badDay = await call('POST', '/v1/insights/template_analytics', key, { day: 'yesterday' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.error.error_data.details).toContain('day:');
  });
});
