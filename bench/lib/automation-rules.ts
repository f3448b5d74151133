import { Client } from 'pg';
import { cpuAcross, type CpuSources, type CpuUse } from './cpu';
import { writeAtRate } from './inbox-streams';
import { FIXTURE, type Stack } from './stack';

export interface AutomationRulesResult {
  rules: number;
  messages: number;
  perSecond: number;
  /** The same inbound load with no rule, then with `rules` enabled rules (none of which acts on these messages). */
  cpuWithout: CpuUse;
  cpuWith: CpuUse;
  /** Microseconds an acting message's job spent judging the rules (from the jobs' `judged_us`). */
  judged: { jobs: number; p50: number; p99: number; max: number };
}

/**
 * Automations' rules under load (issue 57): customers write at `perSecond` through the sandbox with no
 * rule, and with `rules` enabled rules on the organization (keywords and regular expressions over the
 * text, a few on the contact's tags, as a shop would keep them), in four passes: none, rules, rules,
 * none. With the rules, one message in 20 asks for a price and the 49th rule acts on it (a tag on the
 * contact); the others match none (judged in memory by the ingest: no job). The gateway's CPU per
 * inbound message both ways, and the time the acting messages' jobs took to judge the rules.
 */
export async function runAutomationRules(
  stack: Stack,
  sources: CpuSources,
  apiKey: string,
  options: { rules: number; messages: number; perSecond: number },
): Promise<AutomationRulesResult> {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const half = { messages: Math.round(options.messages / 2), perSecond: options.perSecond };
  const first = await writeAtRate(stack, sources, half, 10);
  const ids: string[] = [];
  for (let i = 0; i < options.rules; i++) {
    const condition =
      i % 10 === 9
        ? [
            { field: 'text', operator: 'contains_any', values: [`vip${i}`] },
            { field: 'contact_tag', operator: 'has', value: `tier-${i}` },
          ]
        : i % 2 === 0
          ? [
              {
                field: 'text',
                operator: 'contains_any',
                values: [`price${i}`, `cost ${i}`, `how much ${i}`, `quote${i}`],
              },
            ]
          : [{ field: 'text', operator: 'matches', value: `\\b(order|pedido)\\s*#?\\s*${i}\\d{4}\\b` }];
    const created = await api('POST', '/v1/automations/rules', {
      name: `Bench rule ${i}`,
      trigger: 'message_received',
      conditions: [{ field: 'phone_number_id', operator: 'in', values: [FIXTURE.phoneNumberId] }, ...condition],
      actions: [{ type: 'add_tag', tag: `bench-${i}` }, { type: 'stop' }],
    });
    ids.push(String(created.id));
  }
  // Every instance learns of the rules (a change is told at once; this covers a slow subscriber).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const since = new Date();
  // One message in 20 asks for a price: the 49th rule acts on it (a tag on the contact; every rule before it
  // judged again in its job), and its job's judging time is what the table shows.
  const asking = { ...half, text: (i: number) => (i % 20 === 0 ? `price48 for item ${i}?` : `message ${i}`) };
  const withRules = [await writeAtRate(stack, sources, asking, 11), await writeAtRate(stack, sources, asking, 12)];
  for (const id of ids) await api('DELETE', `/v1/automations/rules/${id}`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const last = await writeAtRate(stack, sources, half, 13);
  const db = new Client({ connectionString: stack.gatewayEnv.DATABASE_URL });
  await db.connect();
  try {
    // Every job of the rules' passes finished before their times are read.
    for (let tries = 0; tries < 300; tries++) {
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM automation_jobs WHERE created_at >= $1 AND finished_at IS NULL`,
        [since],
      );
      if (Number(rows[0].n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await db.query<{ jobs: string; p50: number; p99: number; max: number }>(
      `SELECT count(*) AS jobs, percentile_cont(0.5) WITHIN GROUP (ORDER BY judged_us) AS p50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY judged_us) AS p99, max(judged_us) AS max
       FROM automation_jobs WHERE created_at >= $1 AND judged_us IS NOT NULL`,
      [since],
    );
    return {
      rules: options.rules,
      messages: half.messages * 2,
      perSecond: options.perSecond,
      cpuWithout: cpuAcross([first.samples, last.samples], half.messages * 2),
      cpuWith: cpuAcross([withRules[0].samples, withRules[1].samples], half.messages * 2),
      judged: {
        jobs: Number(rows[0].jobs),
        p50: Math.round(rows[0].p50 ?? 0),
        p99: Math.round(rows[0].p99 ?? 0),
        max: rows[0].max ?? 0,
      },
    };
  } finally {
    await db.end();
  }
}

export function formatAutomationRules(result: AutomationRulesResult): string {
  const g0 = result.cpuWithout.usPerRequest.gateway;
  const g1 = result.cpuWith.usPerRequest.gateway;
  const p0 = result.cpuWithout.usPerRequest.postgres;
  const p1 = result.cpuWith.usPerRequest.postgres;
  const change = (a: number, b: number) => `${b >= a ? '+' : ''}${Math.round(((b - a) / a) * 100)} %`;
  return [
    `inbound at ${result.perSecond}/s (${result.messages} messages each way, passes none, rules, rules, none): ` +
      `gateway ${g0} µs CPU per message with no rule, ${g1} µs with ${result.rules} enabled rules (${change(g0, g1)}); ` +
      `PostgreSQL ${p0} → ${p1} µs (${change(p0, p1)})`,
    `judging ${result.rules} rules in a job (${result.judged.jobs} messages a rule acted on): p50 ${result.judged.p50} µs, ` +
      `p99 ${result.judged.p99} µs, max ${result.judged.max} µs`,
  ].join('\n');
}
