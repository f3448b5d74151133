import { setTimeout as sleep } from 'node:timers/promises';
import type { Scenario } from './load';
import { runLoad, stopLoad } from './load';
import { seedCustomerHistory } from '../../test/support/seed-customer-history';
import { seedOrganization } from '../../test/support/seed-organization';
import { cliOf, FIXTURE, type Stack } from './stack';

/** How long the sends alone are measured before a job. */
const BEFORE_SECONDS = 30;
/** A job not done after this long fails the phase. */
const JOB_LIMIT_SECONDS = 600;

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

type LoadSummary = ErasureResult['before'];

/**
 * A job asked for with `key` at `startPath` (202 with its id), read at `statusPath` until done, while
 * the bench's organization sends at `rate`/s: a few seconds of sends first (unmeasured: connections
 * made, caches warm), then 30 s of them alone, then the same sends from just before the job is asked
 * until it is done (one window: its p99 over all of them).
 */
async function duringJob(
  stack: Stack,
  send: Scenario,
  settings: { rate: number },
  key: string,
  startPath: string,
  statusPath: (id: string) => string,
  body?: object,
): Promise<{ ms: number; removed: Record<string, number>; before: LoadSummary; during: LoadSummary }> {
  const connections = Math.max(50, Math.ceil(settings.rate / 4));
  const load = (seconds: number) =>
    runLoad(send, { connections, pipelining: 1, duration: seconds, rate: settings.rate });
  await load(3);
  const before = await load(BEFORE_SECONDS);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const sending = load(JOB_LIMIT_SECONDS);
  await sleep(1_000);
  const asked = Date.now();
  const started = await fetch(`${stack.gatewayUrl}${startPath}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body ?? {}),
  });
  if (started.status !== 202) {
    stopLoad();
    await sending;
    throw new Error(`the job was refused: HTTP ${started.status} ${await started.text()}`);
  }
  const { id } = (await started.json()) as { id: string };
  let done: { removed: Record<string, number> } | undefined;
  while (!done && Date.now() - asked < JOB_LIMIT_SECONDS * 1000) {
    const answer = (await (await fetch(`${stack.gatewayUrl}${statusPath(id)}`, { headers })).json()) as {
      status: string;
      removed: Record<string, number>;
    };
    if (answer.status === 'done') done = answer;
    else await sleep(100);
  }
  const ms = Date.now() - asked;
  stopLoad();
  const during = await sending;
  if (!done) throw new Error(`the job was not done within ${JOB_LIMIT_SECONDS} s`);
  const summary = (each: typeof before): LoadSummary => ({
    sends: each.ok,
    p50: each.latencyMs.p50,
    p99: each.latencyMs.p99,
    non2xx: each.non2xx,
  });
  return { ms, removed: done.removed, before: summary(before), during: summary(during) };
}

/** A customer's erasure while sends go on at `rate`/s (see duringJob). */
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
  say(`  ${seeded.events.toLocaleString('en')} webhook events in ${seedSeconds} s; sends alone, then the erasure...`);
  const measured = await duringJob(
    stack,
    send,
    settings,
    apiKey,
    '/v1/customers/erasures',
    (id) => `/v1/customers/erasures/${id}`,
    {
      wa_id: CUSTOMER,
    },
  );
  return {
    title: `a customer's erasure (${settings.messages.toLocaleString('en')} messages) while sends go on at ${settings.rate}/s`,
    seeded: { messages: settings.messages, ...seeded, seconds: seedSeconds },
    erasureMs: measured.ms,
    removed: measured.removed,
    rate: settings.rate,
    before: measured.before,
    during: measured.during,
  };
}

function formatJob(
  title: string,
  doneLine: string,
  result: { removed: Record<string, number>; before: LoadSummary; during: LoadSummary },
): string {
  const removed = Object.entries(result.removed)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n.toLocaleString('en')}`)
    .join(', ');
  const change = result.before.p99
    ? Math.round(((result.during.p99 - result.before.p99) / result.before.p99) * 100)
    : 0;
  const line = (what: string, load: LoadSummary) =>
    `sends ${what}: ${load.sends} ok, p50 ${load.p50} ms, p99 ${load.p99} ms, non-2xx ${load.non2xx}`;
  return [
    title,
    `${doneLine}: ${removed}`,
    line('before', result.before),
    `${line('during', result.during)} (p99 ${change >= 0 ? '+' : ''}${change} %)`,
  ].join('\n');
}

export function formatErasure(result: ErasureResult): string {
  return formatJob(result.title, `erased in ${(result.erasureMs / 1000).toFixed(1)} s`, result);
}

export interface OrganizationDeletionResult {
  title: string;
  seeded: Record<string, number> & { seconds: number };
  deletionMs: number;
  removed: Record<string, number>;
  rate: number;
  before: ErasureResult['before'];
  during: ErasureResult['during'];
}

/**
 * Another organization's deletion while the bench's organization sends: `customers` customers with
 * `perCustomer` messages each way (statuses, Meta's changes, conversations, contacts), deleted through
 * a platform key; the sends' latency before and during, as for the erasure.
 */
export async function runOrganizationDeletion(
  stack: Stack,
  send: Scenario,
  settings: {
    databaseUrl: string;
    customers: number;
    perCustomer: number;
    rate: number;
    seconds: number;
    logPath: string;
  },
  say: (line: string) => void,
): Promise<OrganizationDeletionResult> {
  const cli = cliOf(stack, settings.logPath);
  const org = await cli('org:create', '--name', 'Leaving Org');
  const tenantId = String(org.id);
  const machine = (await cli('key:create', '--kind', 'org', '--org', tenantId, '--name', 'leaving')) as {
    record: { id: string };
  };
  const platform = String((await cli('key:create', '--kind', 'platform', '--name', 'bench deletions')).key);
  const seedingStarted = Date.now();
  const seeded = await seedOrganization(settings.databaseUrl, tenantId, '106540352249999', settings);
  const seedSeconds = Math.round((Date.now() - seedingStarted) / 1000);
  say(
    `  seeded ${Object.entries(seeded)
      .map(([kind, n]) => `${kind} ${n.toLocaleString('en')}`)
      .join(', ')} in ${seedSeconds} s`,
  );
  // Its machine's key is revoked first, as the deletion asks.
  await cli('key:revoke', machine.record.id);
  const measured = await duringJob(
    stack,
    send,
    settings,
    platform,
    `/v1/organizations/${tenantId}/deletion`,
    (id) => `/v1/organization_deletions/${id}`,
  );
  return {
    title: `an organization's deletion (${settings.customers.toLocaleString('en')} customers) while another sends at ${settings.rate}/s`,
    seeded: { ...seeded, seconds: seedSeconds },
    deletionMs: measured.ms,
    removed: measured.removed,
    rate: settings.rate,
    before: measured.before,
    during: measured.during,
  };
}

export function formatOrganizationDeletion(result: OrganizationDeletionResult): string {
  return formatJob(result.title, `deleted in ${(result.deletionMs / 1000).toFixed(1)} s`, result);
}
