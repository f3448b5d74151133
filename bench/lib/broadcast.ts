import { Client } from 'pg';
import { cpuBetween, type CpuSources, type CpuUse, sampleCpu } from './cpu';
import { Receiver } from './lifecycle';
import { runLoad, type LoadResult, type Scenario } from './load';
import { sleep } from './processes';
import { FIXTURE, type Stack } from './stack';

/**
 * A broadcast of a template to N recipients (10,000) on a number at Meta's default pace (STANDARD,
 * 80/s; 78.4/s with the gateway's margin), its statuses delivered to a tenant endpoint, with:
 * - when it finished (first to last send at the sandbox, and until the resource says completed),
 *   against what the pace allows (N / (pace − inbound messages a second));
 * - the sandbox's own view: its busiest one-second window of sends from the number, and its
 *   refusals (130429, 131056, anything not 200);
 * - optionally 15 inbound messages a second beside it (they take turns of the pace), and forwarded
 *   reads on the same number at 20/s (their p95 before and during the broadcast);
 * - CPU per broadcast message (the send and its three statuses delivered to the tenant) per process.
 */

/** Meta's default throughput and the gateway's default margin: the pace a broadcast should keep. */
export const BROADCAST_PACE = 80 * 0.98;
const INBOUND_PER_SECOND = 15;
const READS_PER_SECOND = 20;
/** How often the bench reads the broadcast (its completion time is known to this much). */
const POLL_MS = 5_000;

export interface BroadcastResult {
  title: string;
  instances: number;
  inboundPerSecond: number;
  recipients: number;
  /** What the pace allows: recipients / (pace − inbound a second). */
  expectedSeconds: number;
  /** First to last send the sandbox received from the number. */
  sendSeconds: number;
  /** From the create request to the resource's `completed`. */
  completedSeconds: number;
  /** sendSeconds / expectedSeconds. */
  ofExpected: number;
  sandbox: { sends: number; distinctRecipients: number; busiestSecond: number; refusals: Record<string, number> };
  statusesExpected: number;
  statusesDelivered: number;
  duplicates: number;
  /** Forwarded reads on the same number (GET /{phone}/settings), before and during. */
  reads?: { beforeP95Ms: number; duringP95Ms: number; duringErrors: number };
  cpu: CpuUse;
  stackUsPerMessage: number;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/**
 * An approved template for the broadcast: created through the gateway, its review finished at the
 * sandbox (the bench's sandbox reviews in an hour), its webhook moving the catalog; and the number's
 * messaging limit lifted at the sandbox (its UPGRADE webhook tells the gateway).
 */
export async function prepareBroadcasts(stack: Stack, apiKey: string, name: string): Promise<void> {
  const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const created = await json<{ id: string }>(
    await fetch(`${stack.gatewayUrl}/v1/${FIXTURE.wabaId}/message_templates`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name,
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Your order has shipped' }],
      }),
    }),
  );
  await json(
    await fetch(`${stack.sandboxUrl}/_sandbox/templates/${created.id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'APPROVED' }),
    }),
  );
  await json(
    await fetch(`${stack.sandboxUrl}/_sandbox/phone_numbers/${FIXTURE.broadcastPhoneNumberId}/limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_limit_tier: 'TIER_UNLIMITED' }),
    }),
  );
  const db = new Client({ connectionString: stack.gatewayEnv.DATABASE_URL });
  await db.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const template = await db.query(`SELECT 1 FROM message_templates WHERE name = $1 AND status = 'APPROVED'`, [
        name,
      ]);
      const tier = await db.query<{ messaging_limit_tier: string | null }>(
        `SELECT messaging_limit_tier FROM phone_numbers WHERE phone_number_id = $1`,
        [FIXTURE.broadcastPhoneNumberId],
      );
      if (template.rows.length && tier.rows[0]?.messaging_limit_tier === 'TIER_UNLIMITED') return;
      await sleep(100);
    }
  } finally {
    await db.end();
  }
  throw new Error('the template review or the messaging limit upgrade did not reach the gateway within 10 s');
}

export async function runBroadcast(
  stack: Stack,
  options: {
    apiKey: string;
    template: string;
    recipients: number;
    /** Distinct users per run: recipients are `first`, `first + 1`, … */
    firstRecipient: number;
    instances: number;
    inbound: boolean;
    reads: boolean;
  },
  cpuSources: CpuSources,
): Promise<BroadcastResult> {
  const phone = FIXTURE.broadcastPhoneNumberId;
  const auth = { authorization: `Bearer ${options.apiKey}` };
  const receiver = new Receiver();
  const url = await receiver.start();
  const endpoint = await json<{ id: string }>(
    await fetch(`${stack.gatewayUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['messages'], phone_number_ids: [phone], description: 'bench broadcast' }),
    }),
  );
  const read: Scenario = {
    id: 'forward',
    title: 'forwarded read on the broadcast number',
    method: 'GET',
    url: `${stack.gatewayUrl}/v23.0/${phone}/settings`,
    headers: auth,
    check: () => null,
  };
  try {
    let beforeReads: LoadResult | undefined;
    if (options.reads)
      beforeReads = await runLoad(read, { connections: 10, pipelining: 1, rate: READS_PER_SECOND, duration: 10 });
    await fetch(`${stack.sandboxUrl}/_sandbox/requests`, { method: 'DELETE' });

    const before = sampleCpu(cpuSources);
    const started = Date.now();
    const recipients = Array.from({ length: options.recipients }, (_, i) => ({
      to: String(16660000000 + options.firstRecipient + i),
    }));
    const created = await json<{ id: string }>(
      await fetch(`${stack.gatewayUrl}/v1/${phone}/broadcasts`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `bench ${options.instances} instance(s)${options.inbound ? ' + inbound' : ''}`,
          template: { name: options.template, language: { code: 'en_US' } },
          recipients,
        }),
      }),
    );

    // Beside it: inbound messages (each takes a turn of the pace), forwarded reads.
    let stopBeside = false;
    const inbound = options.inbound
      ? (async () => {
          for (let i = 0; !stopBeside; i++) {
            const due = started + (i * 1000) / INBOUND_PER_SECOND;
            await sleep(Math.max(0, due - Date.now()));
            void fetch(`${stack.sandboxUrl}/_sandbox/inbound`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ phone_number_id: phone, from: String(17770000000 + i), type: 'text', text: 'hi' }),
            }).catch(() => undefined);
          }
        })()
      : Promise.resolve();
    const duringReads = options.reads
      ? runLoad(read, { connections: 10, pipelining: 1, rate: READS_PER_SECOND, duration: 60 })
      : Promise.resolve(undefined);

    let completedAt = 0;
    for (;;) {
      const state = await json<{ status: string }>(
        await fetch(`${stack.gatewayUrl}/v1/${phone}/broadcasts/${created.id}`, { headers: auth }),
      );
      if (state.status === 'completed') {
        completedAt = Date.now();
        break;
      }
      if (Date.now() - started > 900_000)
        throw new Error(`the broadcast did not complete in 15 minutes (${state.status})`);
      // As a dashboard would: every few seconds (a broadcast's counts read every recipient's record).
      await sleep(POLL_MS);
    }
    stopBeside = true;
    await inbound;
    const reads = await duringReads;
    // Every send's three statuses at the tenant (or nothing new for 15 s).
    const expected = options.recipients * 3;
    let last = -1;
    let lastChange = Date.now();
    while (receiver.firstSeen.size < expected && Date.now() - lastChange < 15_000) {
      if (receiver.firstSeen.size !== last) {
        last = receiver.firstSeen.size;
        lastChange = Date.now();
      }
      await sleep(200);
    }
    const after = sampleCpu(cpuSources);

    const log = await json<{ data: Array<{ at: string; status?: number; path: string; body: { to?: string } }> }>(
      await fetch(`${stack.sandboxUrl}/_sandbox/requests?method=POST&path=/${phone}/messages`),
    );
    const perSecond = new Map<number, number>();
    const refusals: Record<string, number> = {};
    for (const entry of log.data) {
      const second = Math.floor(Date.parse(entry.at) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      if (entry.status !== 200)
        refusals[String(entry.status ?? 'none')] = (refusals[String(entry.status ?? 'none')] ?? 0) + 1;
    }
    const times = log.data.map((entry) => Date.parse(entry.at)).sort((a, b) => a - b);
    const sendSeconds = times.length ? (times[times.length - 1] - times[0]) / 1000 : 0;
    const pace = BROADCAST_PACE - (options.inbound ? INBOUND_PER_SECOND : 0);
    const expectedSeconds = options.recipients / pace;
    const cpu = cpuBetween(before, after, options.recipients);
    const us = cpu.usPerRequest as Record<string, number | undefined>;
    return {
      title: `broadcast of ${options.recipients} on an 80/s number, ${options.instances} instance${options.instances > 1 ? 's' : ''}${options.inbound ? `, ${INBOUND_PER_SECOND} inbound/s` : ''}`,
      instances: options.instances,
      inboundPerSecond: options.inbound ? INBOUND_PER_SECOND : 0,
      recipients: options.recipients,
      expectedSeconds: Math.round(expectedSeconds * 10) / 10,
      sendSeconds: Math.round(sendSeconds * 10) / 10,
      completedSeconds: Math.round((completedAt - started) / 100) / 10,
      ofExpected: Math.round((sendSeconds / expectedSeconds) * 1000) / 1000,
      sandbox: {
        sends: log.data.length,
        distinctRecipients: new Set(log.data.map((entry) => entry.body.to)).size,
        busiestSecond: Math.max(0, ...perSecond.values()),
        refusals,
      },
      statusesExpected: expected,
      statusesDelivered: receiver.firstSeen.size,
      duplicates: receiver.duplicates,
      ...(reads &&
        beforeReads && {
          reads: {
            beforeP95Ms: beforeReads.latencyMs.p95 ?? 0,
            duringP95Ms: reads.latencyMs.p95 ?? 0,
            duringErrors: reads.errors + reads.non2xx,
          },
        }),
      cpu,
      stackUsPerMessage: (us.gateway ?? 0) + (us.gateway2 ?? 0) + (us.postgres ?? 0) + (us.redis ?? 0),
    };
  } finally {
    await fetch(`${stack.gatewayUrl}/v1/webhooks/${endpoint.id}`, { method: 'DELETE', headers: auth }).catch(
      () => undefined,
    );
    await receiver.stop();
  }
}

export function formatBroadcast(result: BroadcastResult): string {
  const refusals = Object.keys(result.sandbox.refusals).length
    ? Object.entries(result.sandbox.refusals)
        .map(([status, n]) => `${n}× HTTP ${status}`)
        .join(', ')
    : 'none';
  const cpu = Object.entries(result.cpu.usPerRequest)
    .map(([name, us]) => `${name} ${us}`)
    .join(', ');
  return [
    result.title,
    `  sends at the sandbox: ${result.sandbox.sends} (${result.sandbox.distinctRecipients} recipients), first to last ${result.sendSeconds} s against ${result.expectedSeconds} s at the pace (${result.ofExpected}×); completed after ${result.completedSeconds} s`,
    `  busiest one-second window at the sandbox: ${result.sandbox.busiestSecond} sends; refused by it: ${refusals}`,
    `  statuses at the tenant: ${result.statusesDelivered}/${result.statusesExpected} (${result.duplicates} duplicate attempts)`,
    ...(result.reads
      ? [
          `  forwarded reads on the number: p95 ${result.reads.beforeP95Ms} ms before, ${result.reads.duringP95Ms} ms during (${result.reads.duringErrors} errors)`,
        ]
      : []),
    `  CPU µs per broadcast message: ${cpu}; gateway + PostgreSQL + Redis ${result.stackUsPerMessage} µs`,
  ].join('\n');
}
