import autocannon from 'autocannon';
import { Pool } from 'undici';
import type { ScenarioId } from './options';
import { benchRecipient, FIXTURE, type Provisioned, type Stack } from './stack';

/** One kind of request the bench measures. */
export interface Scenario {
  id: ScenarioId;
  title: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body of the i-th request, when they differ (sends go to each of the bench's users in turn). */
  bodyOf?: (i: number) => string;
  /** Requests/s across all connections; unset: as fast as the connections go (saturation). */
  rate?: number;
  /** Run once before the load: the request must work, or the bench would measure an error path. */
  check: (response: Response, body: string) => string | null;
}

/** A text to `to`. */
const textTo = (to: string): string =>
  JSON.stringify({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { preview_url: false, body: 'Hello from the bench' },
  });

/** A text to the i-th of the bench's users (one user alone would meet the pair rule after 45 sends). */
export const textBody = (i: number): string => textTo(benchRecipient(i));

export const TEXT_BODY = textBody(0);

/** Each scenario that sends walks the users from a point of its own. */
let nextUser = 0;
const rotating = () => {
  let i = (nextUser += 997);
  return () => textBody(i++);
};

/**
 * The sandbox measured alone sends to a user of its own per request, past the bench's users: at its
 * rate (near 20,000/s) the bench's users would each get more than the pair rule's burst of 45, and
 * Meta's stand-in would then refuse the gateway's sends to them (131056) in the scenarios after.
 */
const ownUsers = () => {
  let i = 0;
  return () => textTo(String(Number(FIXTURE.recipient) + FIXTURE.recipients + i++));
};

const REPLAY_KEY = 'bench-replay-0001';

const json = { 'content-type': 'application/json' };

const sent = (response: Response, body: string): string | null =>
  response.status === 200 && /"messages":\[\{"id":"wamid\./.test(body)
    ? null
    : `expected 200 with a wamid, got ${response.status} ${body.slice(0, 200)}`;

/** A number's settings, as Meta answers them (the calling block among them). */
const settings = (response: Response, body: string): string | null =>
  response.status === 200 && body.includes('"calling"')
    ? null
    : `expected 200 with the settings, got ${response.status}`;

/** `records`: how many records the messages page scenarios read over (seeded by run.ts). */
export function buildScenarios(
  stack: Stack,
  provisioned: Provisioned,
  rate: number,
  records: number,
  usageEntries: number,
): Scenario[] {
  const auth = { authorization: `Bearer ${provisioned.apiKey}` };
  const sendUrl = `${stack.gatewayUrl}/v1/${FIXTURE.phoneNumberId}/messages`;
  return [
    {
      id: 'noop',
      title: 'no-op route (GET /health/live)',
      method: 'GET',
      url: `${stack.gatewayUrl}/health/live`,
      headers: {},
      check: (response, body) =>
        response.status === 200 && body.includes('ok') ? null : `expected 200, got ${response.status}`,
    },
    {
      id: 'direct',
      title: 'sandbox direct (POST /v23.0/{phone}/messages)',
      method: 'POST',
      url: `${stack.sandboxUrl}/v23.0/${FIXTURE.phoneNumberId}/messages`,
      headers: { ...json, authorization: `Bearer ${stack.secrets.upstreamToken}` },
      body: TEXT_BODY,
      bodyOf: ownUsers(),
      check: sent,
    },
    {
      id: 'direct_forward',
      title: 'sandbox direct (GET /v23.0/{phone}/settings)',
      method: 'GET',
      url: `${stack.sandboxUrl}/v23.0/${FIXTURE.phoneNumberId}/settings`,
      headers: { authorization: `Bearer ${stack.secrets.upstreamToken}` },
      check: settings,
    },
    {
      // A forwarded call: checked (the number is the key's organization's, the scope account:read)
      // and passed to the sandbox with the account's token; its answer comes back as it was.
      id: 'forward',
      title: 'forwarded read (GET /v23.0/{phone}/settings)',
      method: 'GET',
      url: `${stack.gatewayUrl}/v23.0/${FIXTURE.phoneNumberId}/settings`,
      headers: auth,
      check: settings,
    },
    {
      id: 'send',
      title: 'text send (POST /v1/{phone}/messages)',
      method: 'POST',
      url: sendUrl,
      headers: { ...json, ...auth },
      body: TEXT_BODY,
      bodyOf: rotating(),
      check: sent,
    },
    {
      // The closed loop above measures saturation, where latency is mostly queueing; the bar
      // "1,000 sends/s with p99 under 50 ms" is about latency at that rate.
      id: 'send_at_rate',
      title: `text send at a fixed ${rate}/s`,
      method: 'POST',
      url: sendUrl,
      headers: { ...json, ...auth },
      body: TEXT_BODY,
      bodyOf: rotating(),
      rate,
      check: sent,
    },
    {
      id: 'send_blacklist',
      title: 'text send ?filter_blacklist=true',
      method: 'POST',
      url: `${sendUrl}?filter_blacklist=true`,
      headers: { ...json, ...auth },
      body: TEXT_BODY,
      bodyOf: rotating(),
      check: sent,
    },
    {
      // The console's Messages page (issue 32): the newest 25 of a number's records, read at a
      // steady 20/s (latency is then the server's time, not queueing) over the seeded records.
      id: 'messages_page',
      title: `messages page (GET /v1/{phone}/messages?limit=25) over ${records.toLocaleString('en')} records`,
      method: 'GET',
      url: `${sendUrl}?limit=25`,
      headers: auth,
      rate: MESSAGES_PAGE_RATE,
      check: page,
    },
    {
      // Its worst filter: a status few records have, which the index can only filter.
      id: 'messages_filtered',
      title: 'messages page filtered by status=failed (3 % of the records)',
      method: 'GET',
      url: `${sendUrl}?limit=25&status=failed`,
      headers: auth,
      rate: MESSAGES_PAGE_RATE,
      check: page,
    },
    {
      // The usage report (issue 46) over a year of seeded entries, read at a steady 20/s: a month by day
      // and category (the console's chart and its table), priced by the card in force each day.
      id: 'usage_month',
      title: `usage report, 30 days by day and category, over ${usageEntries.toLocaleString('en')} entries`,
      method: 'GET',
      url: `${stack.gatewayUrl}/v1/usage?from=${daysBack(29)}&to=${daysBack(0)}&group_by=category`,
      headers: auth,
      rate: MESSAGES_PAGE_RATE,
      check: report,
    },
    {
      // ...and the whole year by month, category and country: every rollup row of the organization.
      id: 'usage_year',
      title: `usage report, 365 days by month, category and country, over ${usageEntries.toLocaleString('en')} entries`,
      method: 'GET',
      url: `${stack.gatewayUrl}/v1/usage?from=${daysBack(364)}&to=${daysBack(0)}&granularity=month&group_by=category,country`,
      headers: auth,
      rate: MESSAGES_PAGE_RATE,
      check: report,
    },
    {
      id: 'replay',
      title: 'idempotent replay (same Idempotency-Key)',
      method: 'POST',
      url: sendUrl,
      headers: { ...json, ...auth, 'idempotency-key': REPLAY_KEY },
      body: TEXT_BODY,
      // The first call (the priming request) sends; this check runs a second one, which must replay.
      check: (response, body) =>
        response.headers.get('idempotency-replayed') === 'true'
          ? sent(response, body)
          : `expected Idempotency-Replayed: true, got ${response.status}`,
    },
  ];
}

/** Requests/s of the messages page scenarios: a console's pace, far below saturation. */
const MESSAGES_PAGE_RATE = 20;

/** A UTC day `n` days before today. */
function daysBack(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

function report(response: Response, body: string): string | null {
  return response.status === 200 && body.startsWith('{"from":')
    ? null
    : `expected a usage report, got ${response.status}`;
}

function page(response: Response, body: string): string | null {
  return response.status === 200 && body.startsWith('{"data":[') ? null : `expected a page, got ${response.status}`;
}

/** Sends one request of the scenario and applies its check (the replay scenario's is primed first). */
export async function verifyScenario(scenario: Scenario): Promise<void> {
  const once = async () => {
    const response = await fetch(scenario.url, {
      method: scenario.method,
      headers: scenario.headers,
      body: scenario.body,
    });
    return { response, body: await response.text() };
  };
  if (scenario.id === 'replay') {
    const priming = await once();
    const problem = sent(priming.response, priming.body);
    if (problem) throw new Error(`${scenario.title}: the priming request failed: ${problem}`);
  }
  const { response, body } = await once();
  const problem = scenario.check(response, body);
  if (problem) throw new Error(`${scenario.title}: ${problem}`);
}

export interface LoadSettings {
  connections: number;
  pipelining: number;
  /** Requests/s across all connections, paced evenly (open loop); unset: closed loop, as fast as it goes. */
  rate?: number;
  /** Seconds; or `amount` requests in total (closed loop only). */
  duration?: number;
  amount?: number;
}

/** What a run measured, whichever generator ran it. Latencies in milliseconds. */
export interface LoadResult {
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  ok: number;
  latencyMs: { mean: number; p50: number; p90: number; p95?: number; p97_5: number; p99: number; max: number };
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
let stopCurrent: (() => void) | undefined;

/** Stops the load that is running, if any (Ctrl-C). */
export function stopLoad(): void {
  stopCurrent?.();
}

/** Runs one scenario: paced when `settings.rate` is set, otherwise autocannon's closed loop. */
export function runLoad(scenario: Scenario, settings: LoadSettings): Promise<LoadResult> {
  return settings.rate !== undefined ? runPaced(scenario, settings.rate, settings) : runClosedLoop(scenario, settings);
}

/** autocannon: every connection sends its next request when the previous one is answered. */
function runClosedLoop(scenario: Scenario, settings: LoadSettings): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: scenario.url,
        method: scenario.method,
        headers: scenario.headers,
        body: scenario.body,
        ...(scenario.bodyOf && { requests: [{ setupRequest: withBody(scenario.bodyOf) }] }),
        connections: settings.connections,
        pipelining: settings.pipelining,
        timeout: REQUEST_TIMEOUT_MS / 1000,
        ...(settings.amount !== undefined ? { amount: settings.amount } : { duration: settings.duration ?? 10 }),
      },
      (error, result) => {
        stopCurrent = undefined;
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(fromAutocannon(result));
      },
    );
    stopCurrent = () => instance.stop();
  });
}

/** autocannon's per-request hook: each request of the loop gets the next body. */
function withBody(bodyOf: (i: number) => string): (request: autocannon.Request) => autocannon.Request {
  let i = 0;
  return (request) => ({ ...request, body: bodyOf(i++) });
}

function fromAutocannon(result: autocannon.Result): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(stat.count ?? 0);
  const { average, p50, p90, p97_5, p99, max } = result.latency;
  return {
    durationSeconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    ok: result['2xx'],
    latencyMs: { mean: average, p50, p90, p97_5, p99, max },
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Open loop at a fixed rate: request i is due at start + i/rate and is sent then, whatever the
 * earlier ones are doing; its latency counts from when it was due, so a slow server cannot hide
 * queueing (no coordinated omission). autocannon's own rate option sends each second's quota as a
 * burst, which measures queueing at saturation instead.
 */
async function runPaced(scenario: Scenario, rate: number, settings: LoadSettings): Promise<LoadResult> {
  const url = new URL(scenario.url);
  const pool = new Pool(url.origin, { connections: settings.connections, pipelining: settings.pipelining });
  const total = Math.round(rate * (settings.duration ?? 10));
  const intervalMs = 1000 / rate;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  const pending = new Set<Promise<void>>();

  const fire = (dueAt: number, i: number) => {
    const request = pool
      .request({
        path: url.pathname + url.search,
        method: scenario.method,
        headers: scenario.headers,
        body: scenario.bodyOf ? scenario.bodyOf(i) : scenario.body,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      })
      .then(async (response) => {
        await response.body.dump();
        statusCodes[response.statusCode] = (statusCodes[response.statusCode] ?? 0) + 1;
        latencies.push(performance.now() - dueAt);
      })
      .catch((error: Error) => {
        errors++;
        if (/timeout/i.test(error.name + error.message)) timeouts++;
      })
      .finally(() => pending.delete(request));
    pending.add(request);
  };

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearInterval(timer);
      resolve();
    };
    // Timers fire about every millisecond: each tick sends whatever has come due since the last.
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
      for (; sent < due; sent++) fire(start + sent * intervalMs, sent);
      if (sent >= total) finish();
    }, 1);
    stopCurrent = finish;
  });
  await Promise.all([...pending]);
  stopCurrent = undefined;
  const elapsedS = (performance.now() - start) / 1000;
  await pool.close();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => round1(latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? 0);
  const ok = Object.entries(statusCodes).reduce((n, [code, count]) => (code.startsWith('2') ? n + count : n), 0);
  return {
    durationSeconds: round1(elapsedS),
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsedS),
    ok,
    latencyMs: {
      mean: round1(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
      p50: at(0.5),
      p90: at(0.9),
      p95: at(0.95),
      p97_5: at(0.975),
      p99: at(0.99),
      max: at(1),
    },
    non2xx: latencies.length - ok,
    statusCodes,
    errors,
    timeouts,
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
