import { setTimeout as sleep } from 'node:timers/promises';
import { seedFunnels, SEEDED_DAYS as DAYS, SEEDED_TEMPLATES as TEMPLATES } from '../../test/support/seed-funnels';
import { FIXTURE, type Stack } from './stack';

export interface InsightsResult {
  title: string;
  seeded: { messages: number; replies: number; rows: number; seconds: number };
  rate: number;
  reads: Array<{ what: string; reads: number; p50: number; p99: number; max: number; errors: number }>;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Insights' reads over `messages` messages' rollups at `rate` reads a second for `seconds`, the two
 * reads the issue names taking turns: a template's funnel of 90 days by day, and a number's 30 days by day.
 */
export async function runInsights(
  stack: Stack,
  apiKey: string,
  settings: { databaseUrl: string; messages: number; rate: number; seconds: number },
  say: (line: string) => void,
): Promise<InsightsResult> {
  const started = Date.now();
  const seeded = await seedFunnels(settings.databaseUrl, FIXTURE, settings.messages);
  const seedSeconds = Math.round((Date.now() - started) / 1000);
  say(
    `  seeded the rollups of ${settings.messages.toLocaleString('en')} messages (${seeded.rows} rows) in ${seedSeconds} s`,
  );
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const reads: Array<[string, (i: number) => string]> = [
    [
      "a template's funnel, 90 days by day",
      (i) =>
        `/v1/insights/funnels?by=template&granularity=day&template_name=bench_template_${i % TEMPLATES}` +
        `&template_language=${i % 2 ? 'es' : 'en_US'}&since=${day(DAYS - 1)}&until=${day(0)}`,
    ],
    [
      "a number's 30 days by day",
      () =>
        `/v1/insights/funnels?by=phone_number&granularity=day&phone_number_id=${FIXTURE.phoneNumberId}` +
        `&since=${day(29)}&until=${day(0)}`,
    ],
  ];
  const latencies = reads.map(() => [] as number[]);
  const errors = reads.map(() => 0);
  const pending: Array<Promise<void>> = [];
  const headers = { authorization: `Bearer ${apiKey}` };
  const total = settings.rate * settings.seconds;
  const begin = Date.now();
  for (let i = 0; i < total; i++) {
    const wait = begin + (i * 1000) / settings.rate - Date.now();
    if (wait > 0) await sleep(wait);
    const which = i % reads.length;
    const path = reads[which][1](i);
    const at = performance.now();
    pending.push(
      fetch(`${stack.gatewayUrl}${path}`, { headers })
        .then(async (res) => {
          const body = (await res.json()) as { data?: unknown[] };
          if (res.status !== 200 || !body.data?.length) errors[which]++;
          else latencies[which].push(performance.now() - at);
        })
        .catch(() => {
          errors[which]++;
        }),
    );
  }
  await Promise.all(pending);
  return {
    title: `insights over the rollups of ${settings.messages.toLocaleString('en')} messages and ${seeded.replies.toLocaleString('en')} replies, ${settings.rate} reads/s`,
    seeded: { messages: settings.messages, replies: seeded.replies, rows: seeded.rows, seconds: seedSeconds },
    rate: settings.rate,
    reads: reads.map(([what], i) => {
      const sorted = latencies[i].sort((a, b) => a - b);
      const round = (n: number) => Math.round(n * 10) / 10;
      return {
        what,
        reads: sorted.length,
        p50: round(quantile(sorted, 0.5)),
        p99: round(quantile(sorted, 0.99)),
        max: round(sorted[sorted.length - 1] ?? 0),
        errors: errors[i],
      };
    }),
  };
}

export function formatInsights(result: InsightsResult): string {
  return [
    result.title,
    ...result.reads.map(
      (r) => `${r.what}: ${r.reads} reads, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, errors ${r.errors}`,
    ),
  ].join('\n');
}
