import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpuBetween, type CpuSources, type CpuUse, sampleCpu } from './cpu';
import { runLoad, type Scenario } from './load';
import { sleep } from './processes';
import type { Stack } from './stack';

/**
 * The whole life of a message: a send, the sent / delivered / read status webhooks the sandbox
 * sends the gateway at its normal delays, and the gateway's delivery of each of them to a tenant
 * endpoint, here a receiver in the bench process on 127.0.0.1.
 *
 * Sends run in a closed loop (the most the stack holds), or in an open loop at a fixed offered rate
 * (request i at i/rate, whatever the others do), for the measured seconds; then the bench waits until
 * every status has reached the receiver (or nothing has arrived for DRAIN_IDLE_MS, or the open
 * loop's drain limit is over: then the run did not keep up). Figures:
 * - messages/s fully delivered: messages whose three statuses all reached the receiver, over the
 *   time from the first send to the last receipt;
 * - lag: receipt at the tenant minus the moment the sandbox emitted the event (its webhook log's
 *   `created_at`), so it covers upstream delivery, ingestion, the outbox and the tenant delivery;
 * - CPU µs per message per process over the whole phase (sends and drain).
 */

/** The drain gives up when no event has arrived for this long. */
const DRAIN_IDLE_MS = 15_000;
/** The drain never lasts longer than this. */
const DRAIN_MAX_MS = 300_000;

export interface LifecycleResult {
  title: string;
  connections: number;
  /** Sends per second offered (open loop); null for the closed loop. */
  offeredPerSecond: number | null;
  sendSeconds: number;
  messages: number;
  sendsPerSecond: number;
  sendLatencyMs: { p50: number; p99: number };
  eventsExpected: number;
  eventsReceived: number;
  /** Attempts the receiver saw again with a webhook-id it already had (at-least-once retries). */
  duplicates: number;
  messagesFullyDelivered: number;
  fullyDeliveredPerSecond: number;
  /** Seconds from the first send to the last receipt. */
  totalSeconds: number;
  lagMs: { p50: number; p90: number; p99: number; max: number } | null;
  keptUp: boolean;
  cpu: CpuUse;
}

/** A tenant webhook handler: 200 at once; remembers when each (message, status) first arrived. */
export class Receiver {
  readonly firstSeen = new Map<string, number>();
  readonly ids = new Set<string>();
  duplicates = 0;
  last = 0;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const at = Date.now();
        res.writeHead(200).end();
        const id = String(req.headers['webhook-id']);
        if (this.ids.has(id)) {
          this.duplicates++;
          return;
        }
        this.ids.add(id);
        this.last = at;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            entry: Array<{ changes: Array<{ value: { statuses?: Array<{ id: string; status: string }> } }> }>;
          };
          for (const status of body.entry[0].changes[0].value.statuses ?? []) {
            const key = `${status.id}:${status.status}`;
            if (!this.firstSeen.has(key)) this.firstSeen.set(key, at);
          }
        } catch {
          // not a status event
        }
      });
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface LifecycleSettings {
  connections: number;
  seconds: number;
  /** Open loop at this many sends per second; closed loop when absent. */
  rate?: number;
  /** How long the drain may last after the sends (open loop: past it, the run did not keep up). */
  drainLimitMs?: number;
}

/** Runs the lifecycle phase against a sandbox that sends status webhooks at its normal delays. */
export async function runLifecycle(
  stack: Stack,
  apiKey: string,
  send: Scenario,
  settings: LifecycleSettings,
  cpuSources: CpuSources,
): Promise<LifecycleResult> {
  const { connections, seconds, rate } = settings;
  const drainLimitMs = settings.drainLimitMs ?? DRAIN_MAX_MS;
  // The gateway's pooled connections went to the sandbox that was just replaced: a few sends renew
  // them, and their status webhooks are over before the receiver is registered.
  for (let i = 0; i < 5; i++)
    await fetch(send.url, { method: send.method, headers: send.headers, body: send.body }).catch(() => undefined);
  await sleep(2_500);
  const receiver = new Receiver();
  const url = await receiver.start();
  let endpointId: string | undefined;
  try {
    const registered = await fetch(`${stack.gatewayUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['messages'], description: 'bench receiver' }),
    });
    if (registered.status !== 201)
      throw new Error(`registering the bench receiver failed: HTTP ${registered.status} ${await registered.text()}`);
    endpointId = ((await registered.json()) as { id: string }).id;

    const before = sampleCpu(cpuSources);
    const started = Date.now();
    const load = await runLoad(send, { connections, pipelining: 1, duration: seconds, rate });
    // Sends still in flight when the closed loop stopped are answered (and go on) after it: count
    // those too. The open loop waits for its last answers itself.
    const inFlight = rate === undefined ? connections : 0;
    let expected = (load.ok + inFlight) * 3;
    let lastCount = -1;
    let lastProgress = Date.now();
    const sendsEnded = Date.now();
    while (Date.now() - started < DRAIN_MAX_MS && Date.now() - sendsEnded < drainLimitMs) {
      const count = receiver.firstSeen.size;
      if (count >= expected || (count >= load.ok * 3 && Date.now() - lastProgress > 3_000)) break;
      if (count !== lastCount) {
        lastCount = count;
        lastProgress = Date.now();
      } else if (Date.now() - lastProgress > DRAIN_IDLE_MS) break;
      await sleep(200);
    }
    const after = sampleCpu(cpuSources);

    // When did the sandbox emit each event? Its webhook log says.
    const log = (await (await fetch(`${stack.sandboxUrl}/_sandbox/webhooks`)).json()) as {
      data: Array<{
        created_at: string;
        payload: { entry: Array<{ changes: Array<{ value: { statuses?: Array<{ id: string; status: string }> } }> }> };
      }>;
    };
    const emitted = new Map<string, number>();
    for (const delivery of log.data) {
      for (const status of delivery.payload.entry[0].changes[0].value.statuses ?? [])
        emitted.set(`${status.id}:${status.status}`, Date.parse(delivery.created_at));
    }
    const messages = Math.max(
      load.ok,
      new Set([...receiver.firstSeen.keys()].map((key) => key.slice(0, key.lastIndexOf(':')))).size,
    );
    expected = messages * 3;
    const lags: number[] = [];
    const statusesPerMessage = new Map<string, number>();
    for (const [key, at] of receiver.firstSeen) {
      const from = emitted.get(key);
      if (from !== undefined) lags.push(at - from);
      const wamid = key.slice(0, key.lastIndexOf(':'));
      statusesPerMessage.set(wamid, (statusesPerMessage.get(wamid) ?? 0) + 1);
    }
    lags.sort((a, b) => a - b);
    const fully = [...statusesPerMessage.values()].filter((n) => n === 3).length;
    const totalSeconds = Math.max((receiver.last - started) / 1000, seconds);
    return {
      title:
        rate === undefined
          ? `lifecycle: send + sent/delivered/read webhooks delivered to a tenant endpoint (closed loop, ${connections} connections)`
          : `lifecycle at ${rate} sends/s offered (open loop)`,
      connections,
      offeredPerSecond: rate ?? null,
      sendSeconds: load.durationSeconds,
      messages,
      sendsPerSecond: load.requestsPerSecond,
      sendLatencyMs: { p50: load.latencyMs.p50, p99: load.latencyMs.p99 },
      eventsExpected: expected,
      eventsReceived: receiver.firstSeen.size,
      duplicates: receiver.duplicates,
      messagesFullyDelivered: fully,
      fullyDeliveredPerSecond: Math.round(fully / totalSeconds),
      totalSeconds: Math.round(totalSeconds * 10) / 10,
      lagMs: lags.length
        ? {
            p50: percentile(lags, 50),
            p90: percentile(lags, 90),
            p99: percentile(lags, 99),
            max: lags[lags.length - 1],
          }
        : null,
      keptUp: receiver.firstSeen.size >= expected,
      cpu: cpuBetween(before, after, messages),
    };
  } finally {
    // The next run must not deliver to this receiver: its endpoint (and what is left queued for it) goes.
    if (endpointId) {
      await fetch(`${stack.gatewayUrl}/v1/webhooks/${endpointId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${apiKey}` },
      }).catch(() => undefined);
    }
    await receiver.stop();
  }
}

/** The gateway's, PostgreSQL's and Redis's CPU per message together: what the gateway's design decides. */
export function stackUsPerMessage(result: LifecycleResult): number {
  const us = result.cpu.usPerRequest as Record<string, number | undefined>;
  return (us.gateway ?? 0) + (us.gateway2 ?? 0) + (us.postgres ?? 0) + (us.redis ?? 0);
}

/**
 * The result as lines; with `noopUs` (the no-op route's gateway CPU per request in the same run),
 * the stack's CPU per message also as a multiple of it, a figure that travels between machines.
 */
export function formatLifecycle(result: LifecycleResult, noopUs?: number): string {
  const lag = result.lagMs
    ? `lag upstream event → tenant p50 ${result.lagMs.p50} ms, p90 ${result.lagMs.p90} ms, p99 ${result.lagMs.p99} ms, max ${result.lagMs.max} ms`
    : 'no lag measured';
  const cpu = Object.entries(result.cpu.usPerRequest)
    .map(([name, us]) => `${name} ${us}`)
    .join(', ');
  const sleeps = Object.entries(result.cpu.sleepsPerRequest)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return [
    result.title,
    `  ${result.messages} messages sent in ${result.sendSeconds} s (${result.sendsPerSecond}/s, send p50 ${result.sendLatencyMs.p50} ms, p99 ${result.sendLatencyMs.p99} ms)`,
    `  ${result.messagesFullyDelivered} fully delivered (${result.eventsReceived}/${result.eventsExpected} status events, ${result.duplicates} duplicate attempts) in ${result.totalSeconds} s: ${result.fullyDeliveredPerSecond} messages/s fully delivered${result.keptUp ? ', kept up' : ' (DID NOT keep up: events still queued at the end)'}`,
    `  ${lag}`,
    `  CPU µs per message: ${cpu}`,
    ...(sleeps ? [`  main-thread sleeps (event-loop wake-ups) per message: ${sleeps}`] : []),
    `  gateway + PostgreSQL + Redis: ${stackUsPerMessage(result)} µs per message` +
      (noopUs
        ? ` = ${Math.round((10 * stackUsPerMessage(result)) / noopUs) / 10}× the no-op route (${noopUs} µs)`
        : ''),
  ].join('\n');
}
