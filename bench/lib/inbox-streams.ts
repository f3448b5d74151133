import { Client } from 'pg';
import { cpuAcross, cpuBetween, sampleCpu, type CpuSample, type CpuSources, type CpuUse } from './cpu';
import { sleep } from './processes';
import { FIXTURE, type Stack } from './stack';
import type { Latency } from './conversations';

/** Customers of the streams part (new ones: each message makes or moves a conversation). */
const FIRST_WRITER = 18_000_000_000;

export interface InboxStreamsResult {
  streams: number;
  messages: number;
  perSecond: number;
  /** The same inbound load with no console open, then with `streams` open. */
  cpuWithout: CpuUse;
  cpuWith: CpuUse;
  /** The same inbound load with no console open and the number's auto-assignment among three agents. */
  cpuAssigning: CpuUse;
  /** Conversations auto-assignment gave out in that pass. */
  assigned: number;
  /** From the inbound's post to the sandbox (which delivers it to the gateway) to the last stream told. */
  toEveryStream: Latency & { missing: number };
}

/**
 * The pushed updates under load (issue 56): customers write at `perSecond` through the sandbox with no
 * console open and with `streams` Server-Sent Events streams open (one organization's consoles, as
 * many browsers would hold them), in four passes of half the messages each: none, open, open, none,
 * so that the machine's drift over the run (warming up, tables growing) falls on both sides alike.
 * The gateway's CPU per inbound message both ways, and for each message the time until every stream
 * had it.
 */
export async function runInboxStreams(
  stack: Stack,
  sources: CpuSources,
  apiKey: string,
  options: { streams: number; messages: number; perSecond: number },
): Promise<InboxStreamsResult> {
  const half = { ...options, messages: Math.round(options.messages / 2) };
  const firstWithout = await writeAtRate(stack, sources, half, 0);
  const arrivals = new Map<string, { streams: number; last: number }>();
  const controllers: AbortController[] = [];
  let ready = 0;
  const readers = Array.from({ length: options.streams }, async () => {
    const controller = new AbortController();
    controllers.push(controller);
    const res = await fetch(`${stack.gatewayUrl}/v1/inbox/events`, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!res.ok || !res.body) throw new Error(`a stream was refused: HTTP ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        const end = buffer.lastIndexOf('\n\n');
        if (end < 0) continue;
        const complete = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (complete.includes('event: ready')) ready++;
        for (const [, id] of complete.matchAll(/"direction":"inbound","message_id":"([^"]+)"/g)) {
          const seen = arrivals.get(id) ?? { streams: 0, last: 0 };
          seen.streams++;
          seen.last = Math.max(seen.last, at);
          arrivals.set(id, seen);
        }
      }
    } catch {
      // closed by the bench
    }
  });
  for (let tries = 0; ready < options.streams; tries++) {
    if (tries > 300) throw new Error(`only ${ready} of ${options.streams} streams were ready within 30 s`);
    await sleep(100);
  }
  // Every instance learns that the organization is watched before the load starts.
  await sleep(1_000);
  const runs = [await writeAtRate(stack, sources, half, 1), await writeAtRate(stack, sources, half, 2)];
  const posted = new Map([...runs[0].posted, ...runs[1].posted]);
  for (let tries = 0; ; tries++) {
    const told = [...posted.keys()].filter((id) => (arrivals.get(id)?.streams ?? 0) >= options.streams).length;
    if (told === posted.size || tries > 300) break;
    await sleep(100);
  }
  for (const controller of controllers) controller.abort();
  await Promise.allSettled(readers);
  // The streams' closes are not the last pass's: it starts after them.
  await sleep(1_000);
  const lastWithout = await writeAtRate(stack, sources, half, 3);
  const cpuWithout = cpuAcross([firstWithout.samples, lastWithout.samples], half.messages * 2);
  const cpuWith = cpuAcross([runs[0].samples, runs[1].samples], half.messages * 2);
  const times: number[] = [];
  let missing = 0;
  for (const [id, postedAt] of posted) {
    const seen = arrivals.get(id);
    if (!seen || seen.streams < options.streams) missing++;
    else times.push(seen.last - postedAt);
  }
  const assigning = await withAutoAssignment(stack, apiKey, () => writeAtRate(stack, sources, options, 4));
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN) * 10) / 10;
  return {
    streams: options.streams,
    messages: options.messages,
    perSecond: options.perSecond,
    cpuWithout,
    cpuWith,
    cpuAssigning: assigning.result.cpu,
    assigned: assigning.assigned,
    toEveryStream: { requests: times.length, non2xx: 0, p50: at(0.5), p99: at(0.99), max: at(1), missing },
  };
}

/**
 * Runs `work` with the number's auto-assignment on: three members invited and accepted as agents
 * through the API (as people join), marked available, a cap of 1,000 each; then the policy goes.
 * Answers how many conversations it gave out meanwhile.
 */
async function withAutoAssignment<T>(
  stack: Stack,
  apiKey: string,
  work: () => Promise<T>,
): Promise<{ result: T; assigned: number }> {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  for (const name of ['ada', 'ben', 'cy']) {
    const invited = await api('POST', '/v1/members/invitations', { email: `${name}@bench.example`, role: 'agent' });
    const token = String(invited.link).split('/').pop();
    const accepted = await fetch(`${stack.gatewayUrl}/console/session/invitation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'bench agent password 2026' }),
    });
    if (!accepted.ok) throw new Error(`an invitation was not accepted: HTTP ${accepted.status}`);
  }
  const agents = (await api('GET', '/v1/inbox/agents')).data as Array<{ user_id: string; role: string }>;
  for (const agent of agents.filter((a) => a.role === 'agent'))
    await api('PUT', `/v1/inbox/agents/${agent.user_id}/availability`, { availability: 'available' });
  const policy = `/v1/${FIXTURE.phoneNumberId}/assignment_policy`;
  await api('PUT', policy, { cap: 1_000 });
  const db = new Client({ connectionString: stack.gatewayEnv.DATABASE_URL });
  await db.connect();
  try {
    const given = async () =>
      Number(
        (await db.query<{ n: string }>(`SELECT count(*) AS n FROM conversations WHERE assignee_id IS NOT NULL`)).rows[0]
          .n,
      );
    const before = await given();
    const result = await work();
    return { result, assigned: (await given()) - before };
  } finally {
    await db.end();
    await api('DELETE', policy);
  }
}

/**
 * `messages` customers' messages at `perSecond` through the sandbox (`text`: the i-th message's text),
 * until all are stored; their post times.
 */
export async function writeAtRate(
  stack: Stack,
  sources: CpuSources,
  options: { messages: number; perSecond: number; text?: (i: number) => string },
  round: number,
): Promise<{ cpu: CpuUse; samples: [CpuSample, CpuSample]; posted: Map<string, number> }> {
  const db = new Client({ connectionString: stack.gatewayEnv.DATABASE_URL });
  await db.connect();
  try {
    const count = async () =>
      Number(
        (await db.query<{ n: string }>(`SELECT count(*) AS n FROM inbound_messages WHERE "from" LIKE '18%'`)).rows[0].n,
      );
    const already = await count();
    const posted = new Map<string, number>();
    const before = sampleCpu(sources);
    const started = Date.now();
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < options.messages; i++) {
      const due = started + (i * 1000) / options.perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      const at = performance.now();
      sends.push(
        fetch(`${stack.sandboxUrl}/_sandbox/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            phone_number_id: FIXTURE.phoneNumberId,
            from: String(FIRST_WRITER + round * 100_000 + (i % 2000)),
            name: `Writer ${i % 2000}`,
            type: 'text',
            text: options.text?.(i) ?? `message ${i}`,
          }),
        }).then(async (res) => {
          if (!res.ok) throw new Error(`sandbox inbound: HTTP ${res.status} ${await res.text()}`);
          posted.set(((await res.json()) as { message_id: string }).message_id, at);
        }),
      );
    }
    await Promise.all(sends);
    for (let tries = 0; (await count()) < already + options.messages; tries++) {
      if (tries > 600) throw new Error('the inbound messages were not all stored within 60 s');
      await sleep(100);
    }
    const after = sampleCpu(sources);
    return { cpu: cpuBetween(before, after, options.messages), samples: [before, after], posted };
  } finally {
    await db.end();
  }
}

export function formatInboxStreams(result: InboxStreamsResult): string {
  const { cpuWithout, cpuWith, toEveryStream: lag } = result;
  const g0 = cpuWithout.usPerRequest.gateway;
  const g1 = cpuWith.usPerRequest.gateway;
  const g2 = result.cpuAssigning.usPerRequest.gateway;
  const p0 = cpuWithout.usPerRequest.postgres;
  const p2 = result.cpuAssigning.usPerRequest.postgres;
  return [
    `inbound at ${result.perSecond}/s (${result.messages} messages each way, passes none, open, open, none): gateway ${g0} µs CPU per message with no console open, ` +
      `${g1} µs with ${result.streams} streams open (${g1 >= g0 ? '+' : ''}${Math.round(((g1 - g0) / g0) * 100)} %)`,
    `from the inbound's post to every one of ${result.streams} streams: p50 ${lag.p50} ms, p99 ${lag.p99} ms, max ${lag.max} ms` +
      (lag.missing ? `; ${lag.missing} messages did not reach every stream` : ''),
    `with the number's auto-assignment (3 agents, ${result.assigned} conversations given): gateway ${g2} µs ` +
      `(${g2 >= g0 ? '+' : ''}${Math.round(((g2 - g0) / g0) * 100)} %), PostgreSQL ${p2} µs against ${p0} µs per message`,
  ].join('\n');
}
