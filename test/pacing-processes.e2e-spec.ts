import { tenantForProcesses } from './support/factories';
import {
  killAll,
  startDataApp,
  startGateway,
  startSandbox,
  type UpstreamSend,
  busiestSecond,
} from './support/gateway-process';
import type { TestApp } from './support/test-app';

interface Outcome {
  status: number;
  retryAfter: string | null;
  body: any;
}

/**
 * The pace across instances, measured as Meta would see it: two gateway processes (the built app, its
 * default margin) in front of the sandbox as a process of its own, the clients in this one.
 */
describe("an 80/s number's pace over two gateway processes", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startDataApp();
  }, 120_000);

  afterAll(async () => {
    await killAll();
    await t.close();
  });

  it('200 API sends in one second: at most 80 reach Meta in any second, the rest wait or get 130429 with Retry-After, none lost or doubled', async () => {
    const phoneNumberId = '200000000000901';
    const { key, sandboxArgs } = await tenantForProcesses(t, {
      wabaId: '100000000000901',
      phoneNumberId,
      token: 'pace-token-901',
      template: 'pace_notice',
    });
    const sandbox = await startSandbox(sandboxArgs);
    const env = { UPSTREAM_BASE_URL: sandbox.url, PACE_MAX_WAIT_MS: '1000', PACE_REFRESH_INTERVAL_SECONDS: '0' };
    const gateways = [await startGateway(env), await startGateway(env)];

    const send = async (i: number): Promise<Outcome> => {
      const res = await fetch(`${gateways[i % 2].url}/v1/${phoneNumberId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: `1555700${String(i).padStart(4, '0')}`,
          type: 'template',
          template: { name: 'pace_notice', language: { code: 'en_US' } },
        }),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    };
    // Warm both instances' connections and caches on another user, then clear the sandbox's log.
    for (const i of [9000, 9001]) expect((await send(i)).status).toBe(200);
    await fetch(`${sandbox.url}/_sandbox/requests`, { method: 'DELETE' });

    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, started + i * 5 - Date.now()));
        return send(i);
      }),
    );
    const accepted = outcomes.filter((o) => o.status === 200);
    for (const o of outcomes.filter((x) => x.status !== 200)) {
      expect(o.status).toBe(429);
      expect(o.body.error).toMatchObject({ code: 130429, type: 'OAuthException' });
      expect(Number(o.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // A turn is at most PACE_MAX_WAIT_MS away: up to two seconds' worth go (157 at 78.4/s), the rest
    // are refused. Well over one second's worth shows that sends waited for their turn; how close it
    // comes to two depends on how fast the two processes take the burst in (137 to 139 on a slower VM,
    // where the turns of the burst's first moments pass before enough sends have reached them).
    expect(accepted.length).toBeGreaterThanOrEqual(120);
    expect(accepted.length).toBeLessThan(200);

    const log = (await (await fetch(`${sandbox.url}/_sandbox/requests?method=POST&path=/messages`)).json()) as {
      data: UpstreamSend[];
    };
    // Every call reached Meta once and was taken: none refused by Meta, none sent twice.
    expect(log.data.every((entry) => entry.status === 200)).toBe(true);
    expect(log.data).toHaveLength(accepted.length);
    expect(new Set(log.data.map((entry) => entry.body.to)).size).toBe(accepted.length);
    expect(busiestSecond(log.data)).toBeLessThanOrEqual(80);
    const wamids = accepted.map((o) => o.body.messages[0].id as string);
    expect(new Set(wamids).size).toBe(accepted.length);
    // One record per accepted send; the refused ones left none.
    const [{ total, sent }] = await t.dataSource.query<Array<{ total: string; sent: string }>>(
      `SELECT count(*) AS total, count(upstream_message_id) AS sent FROM messages WHERE phone_number_id = $1 AND recipient LIKE '1555700%' AND recipient NOT LIKE '15557009%'`,
      [phoneNumberId],
    );
    expect(Number(total)).toBe(accepted.length);
    expect(Number(sent)).toBe(accepted.length);
  }, 60_000);
});
