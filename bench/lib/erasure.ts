import { setTimeout as sleep } from 'node:timers/promises';
import type { Scenario } from './load';
import { runLoad } from './load';
import { seedCustomerHistory } from '../../test/support/seed-customer-history';
import { FIXTURE, type Stack } from './stack';

/** The erased customer: outside the users the sends go to. */
const CUSTOMER = '19995550001';

export interface ErasureResult {
  title: string;
  seeded: { messages: number; statuses: number; events: number; seconds: number };
  /** From the request to the receipt done. */
  erasureMs: number;
  removed: Record<string, number>;
  rate: number;
  before: { sends: number; p50: number; p99: number; non2xx: number };
  during: { sends: number; p50: number; p99: number; non2xx: number };
}

/**
 * A customer's erasure while sends go on: sends at `rate`/s for `seconds` before (their latency alone),
 * then the erasure asked for and the same sends while it runs (at least `seconds`, until it is done).
 */
export async function runErasure(
  stack: Stack,
  apiKey: string,
  send: Scenario,
  settings: { databaseUrl: string; messages: number; rate: number; seconds: number },
  say: (line: string) => void,
): Promise<ErasureResult> {
  const seedingStarted = Date.now();
  const seeded = await seedCustomerHistory(settings.databaseUrl, FIXTURE, CUSTOMER, settings.messages);
  const seedSeconds = Math.round((Date.now() - seedingStarted) / 1000);
  say(`  seeded ${settings.messages.toLocaleString('en')} records, ${seeded.statuses.toLocaleString('en')} statuses,`);
  say(`  ${seeded.events.toLocaleString('en')} webhook events in ${seedSeconds} s; sends alone...`);
  const connections = Math.max(50, Math.ceil(settings.rate / 4));
  // A few seconds of the same sends first, unmeasured: connections made, caches warm.
  await runLoad(send, { connections, pipelining: 1, duration: 3, rate: settings.rate });
  const before = await runLoad(send, { connections, pipelining: 1, duration: settings.seconds, rate: settings.rate });
  say('  the erasure, the same sends meanwhile...');
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const asked = Date.now();
  const started = await fetch(`${stack.gatewayUrl}/v1/customers/erasures`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ wa_id: CUSTOMER }),
  });
  if (started.status !== 202)
    throw new Error(`the erasure was refused: HTTP ${started.status} ${await started.text()}`);
  const { id } = (await started.json()) as { id: string };
  let done: { status: string; removed: Record<string, number> } | undefined;
  let erasureMs = 0;
  const watching = (async () => {
    while (!done) {
      const answer = (await (await fetch(`${stack.gatewayUrl}/v1/customers/erasures/${id}`, { headers })).json()) as {
        status: string;
        removed: Record<string, number>;
      };
      if (answer.status === 'done') {
        done = answer;
        erasureMs = Date.now() - asked;
      } else await sleep(100);
    }
  })();
  // Windows of the same length until the erasure is done: the during figures are the worst window's.
  const windows = [];
  do windows.push(await runLoad(send, { connections, pipelining: 1, duration: settings.seconds, rate: settings.rate }));
  while (!done && windows.length < 20);
  await watching;
  const summary = (loads: Array<typeof before>) => ({
    sends: loads.reduce((sum, load) => sum + load.ok, 0),
    p50: Math.max(...loads.map((load) => load.latencyMs.p50)),
    p99: Math.max(...loads.map((load) => load.latencyMs.p99)),
    non2xx: loads.reduce((sum, load) => sum + load.non2xx, 0),
  });
  return {
    title: `a customer's erasure (${settings.messages.toLocaleString('en')} messages) while sends go on at ${settings.rate}/s`,
    seeded: { messages: settings.messages, ...seeded, seconds: seedSeconds },
    erasureMs,
    removed: done!.removed,
    rate: settings.rate,
    before: summary([before]),
    during: summary(windows),
  };
}

export function formatErasure(result: ErasureResult): string {
  const removed = Object.entries(result.removed)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n.toLocaleString('en')}`)
    .join(', ');
  const change = result.before.p99
    ? Math.round(((result.during.p99 - result.before.p99) / result.before.p99) * 100)
    : 0;
  return [
    result.title,
    `erased in ${(result.erasureMs / 1000).toFixed(1)} s: ${removed}`,
    `sends before: ${result.before.sends} ok, p50 ${result.before.p50} ms, p99 ${result.before.p99} ms, non-2xx ${result.before.non2xx}`,
    `sends during: ${result.during.sends} ok, p50 ${result.during.p50} ms, p99 ${result.during.p99} ms, non-2xx ${result.during.non2xx} (p99 ${change >= 0 ? '+' : ''}${change} %)`,
  ].join('\n');
}
