import { Client } from 'pg';
import { sampleCpu, cpuBetween, type CpuSources, type CpuUse } from './cpu';
import { sleep } from './processes';
import { FIXTURE, type Stack } from './stack';
import { SEEDED_FIRST_CUSTOMER } from '../../test/support/seed-conversations';
import { formatInboxStreams, type InboxStreamsResult } from './inbox-streams';
import { type AutomationRulesResult, formatAutomationRules } from './automation-rules';

/**
 * The conversations phase (issue 43):
 * - `inbound`: customers' messages through the sandbox's inbound webhooks at a fixed rate, and the
 *   gateway's CPU per message while it stores each with its conversation (compared across trees in
 *   alternate runs: this part reads nothing the earlier schema lacks);
 * - `reads`: a busy number's history (inbound and outbound records over many customers, seeded in
 *   SQL), then the Inbox's two reads at a fixed rate through the API: the conversation list's first
 *   page and a random customer's thread page, each request timed end to end.
 */
export const CONVERSATION_PARTS = ['inbound', 'reads', 'streams', 'rules'] as const;
export type ConversationPart = (typeof CONVERSATION_PARTS)[number];

export interface Latency {
  requests: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ConversationsResult {
  inbound?: {
    messages: number;
    perSecond: number;
    seconds: number;
    cpu: CpuUse;
  };
  reads?: {
    seeded: { inbound: number; outbound: number; customers: number; seconds: number };
    perSecond: number;
    seconds: number;
    list: Latency;
    thread: Latency;
  };
  streams?: InboxStreamsResult;
  rules?: AutomationRulesResult;
}

/** Customers of the seeded history (test/support/seed-conversations.ts): from here on, one apart. */
const FIRST_CUSTOMER = SEEDED_FIRST_CUSTOMER;
/** Customers of the inbound part (new ones, so each message makes or moves a conversation). */
const FIRST_WRITER = 17_000_000_000;

export async function runConversationsInbound(
  stack: Stack,
  sources: CpuSources,
  options: { messages: number; perSecond: number },
): Promise<NonNullable<ConversationsResult['inbound']>> {
  const db = new Client({ connectionString: stack.gatewayEnv.DATABASE_URL });
  await db.connect();
  try {
    const count = async () =>
      Number(
        (await db.query<{ n: string }>(`SELECT count(*) AS n FROM inbound_messages WHERE "from" LIKE '17%'`)).rows[0].n,
      );
    const already = await count();
    const before = sampleCpu(sources);
    const started = Date.now();
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < options.messages; i++) {
      const due = started + (i * 1000) / options.perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      sends.push(
        fetch(`${stack.sandboxUrl}/_sandbox/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            phone_number_id: FIXTURE.phoneNumberId,
            from: String(FIRST_WRITER + (i % 2000)),
            name: `Writer ${i % 2000}`,
            type: 'text',
            text: `message ${i}`,
          }),
        }).then(async (res) => {
          if (!res.ok) throw new Error(`sandbox inbound: HTTP ${res.status} ${await res.text()}`);
        }),
      );
    }
    await Promise.all(sends);
    for (let tries = 0; (await count()) < already + options.messages; tries++) {
      if (tries > 600) throw new Error('the inbound messages were not all stored within 60 s');
      await sleep(100);
    }
    const after = sampleCpu(sources);
    return {
      messages: options.messages,
      perSecond: options.perSecond,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      cpu: cpuBetween(before, after, options.messages),
    };
  } finally {
    await db.end();
  }
}

/** The Inbox's two reads at `perSecond` (alternately) for `seconds`, each timed end to end. */
export async function runConversationReads(
  stack: Stack,
  apiKey: string,
  options: { perSecond: number; seconds: number; customers: number },
): Promise<{ list: Latency; thread: Latency }> {
  const base = `${stack.gatewayUrl}/v1/${FIXTURE.phoneNumberId}/conversations`;
  const times = { list: [] as number[], thread: [] as number[] };
  const failures = { list: 0, thread: 0 };
  const started = Date.now();
  const total = options.perSecond * options.seconds;
  const reads: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.perSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    const kind = i % 2 === 0 ? 'list' : 'thread';
    const customer = FIRST_CUSTOMER + ((i * 7_919) % options.customers);
    const url = kind === 'list' ? `${base}?limit=25` : `${base}/${customer}/messages?limit=25`;
    reads.push(
      (async () => {
        const at = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
        await res.arrayBuffer();
        times[kind].push(performance.now() - at);
        if (!res.ok) failures[kind]++;
      })(),
    );
  }
  await Promise.all(reads);
  return { list: latency(times.list, failures.list), thread: latency(times.thread, failures.thread) };
}

function latency(ms: number[], non2xx: number): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { requests: sorted.length, non2xx, p50: at(0.5), p99: at(0.99), max: at(1) };
}

export function formatConversations(result: ConversationsResult): string {
  const lines: string[] = [];
  if (result.inbound)
    lines.push(
      `inbound webhooks: ${result.inbound.messages} at ${result.inbound.perSecond}/s, gateway ${result.inbound.cpu.usPerRequest.gateway} µs CPU per message (PostgreSQL ${result.inbound.cpu.usPerRequest.postgres ?? '?'} µs)`,
    );
  if (result.reads) {
    const { seeded, list, thread } = result.reads;
    lines.push(
      `seeded ${seeded.inbound.toLocaleString('en')} inbound + ${seeded.outbound.toLocaleString('en')} outbound over ${seeded.customers.toLocaleString('en')} customers in ${seeded.seconds} s`,
      `at ${result.reads.perSecond} reads/s: list p50 ${list.p50} ms, p99 ${list.p99} ms (max ${list.max}, non-2xx ${list.non2xx}); thread p50 ${thread.p50} ms, p99 ${thread.p99} ms (max ${thread.max}, non-2xx ${thread.non2xx})`,
    );
  }
  if (result.streams) lines.push(formatInboxStreams(result.streams));
  if (result.rules) lines.push(formatAutomationRules(result.rules));
  return lines.join('\n');
}
