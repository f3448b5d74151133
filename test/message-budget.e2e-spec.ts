import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { statementLabel } from '../bench/hooks/instrument';
import { eventually } from './support/eventually';
import {
  buildOnce,
  type ChildHandle,
  deploymentCli,
  killAll,
  startGateway,
  startSandbox,
} from './support/gateway-process';
import { type Budget, budgetOf, overBudget, type PathCost, perMessage } from './support/message-budget';
import { ScratchDatabase } from './support/postgres-helpers';
import { freePort } from './support/redis-helpers';
import { WebhookReceiver } from './support/webhook-receiver';

const ROOT = join(__dirname, '..');
const BUDGET_FILE = join(ROOT, 'test/budgets/message-life.json');
const HOOK = join(ROOT, 'dist/bench/hooks/instrument.js');

const WABA = '109990000000001';
const PHONE = '109990000000002';
const TOKEN = 'budget-upstream-token-0123456789';
/** Messages measured on each path (after a warm-up of the same kind). */
const MEASURED = 30;
/**
 * Messages sent before the count, of each kind. The caches on a message's path allocate their arrays
 * on first use (common/bounded-cache.ts), and the work that follows shows in the next messages: with
 * five, the window counted 62 wake-ups per message against a budget of 46.7; with 25, the budget held.
 * A first use's cost is not a message's.
 */
const WARM_UP = 25;

interface HookCounts {
  pg: Record<string, number>;
  redis: Record<string, number>;
  redisTrips: number;
  http: Record<string, number>;
  loops: number;
  samples: Record<string, string>;
}

/**
 * A message's budget (issue 55): one message's whole life through the real stack, each part its own
 * process (the gateway in production mode with the bench's counting hook, the sandbox as Meta,
 * PostgreSQL, Redis, a tenant endpoint), with what a tenant typically has on: a webhook endpoint,
 * conversations, metering by a rate card, a spending limit, opt-out keywords. Outbound: a template
 * send with an Idempotency-Key, Meta's sent, delivered and read, the tenant's three deliveries.
 * Inbound: a customer's message, stored and delivered to the tenant. Counted per message: SQL
 * statements by statement and transactions, Redis commands by command and round trips, outbound HTTP
 * requests, and the gateway's event-loop wake-ups; held to test/budgets/message-life.json.
 * `UPDATE_BUDGET=1` records what it measures as the budget (a reviewed change of its own, with its
 * reason in docs/performance.md).
 */
describe("a message's budget: what one message's life costs, counted", () => {
  const database = new ScratchDatabase('budget');
  let gateway: ChildHandle & { url: string; port: number };
  let sandbox: ChildHandle & { url: string };
  const endpoint = new WebhookReceiver();
  /** Whether the tenant got a delivery carrying every one of `parts`. */
  const delivered = (...parts: string[]) =>
    endpoint.events().some((event) => parts.every((part) => event.body.includes(part)));
  let key: string;
  const measured: Record<string, PathCost> = {};
  /** What each statement label stood for, for a failure's message. */
  const statementTexts: Record<string, string> = {};

  const ask = <T>(message: { cmd: string }): Promise<T> =>
    new Promise((resolve, reject) => {
      const child = gateway.child;
      const timer = setTimeout(() => reject(new Error(`the hook did not answer ${message.cmd}`)), 10_000);
      const onMessage = (reply: { cmd?: string; ok?: boolean; error?: string }) => {
        if (reply.cmd !== message.cmd) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        if (reply.ok) resolve(reply as T);
        else reject(new Error(reply.error));
      };
      child.on('message', onMessage);
      child.send(message);
    });

  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  /**
   * Counts of `work`'s window, per message, less what the same length of idle time counts (the
   * instance's own timers: the broadcast dispatcher's tick, a cache's refresh), with HTTP requests
   * named by whom they went to.
   */
  const count = async (messages: number, work: () => Promise<void>): Promise<PathCost> => {
    const started = Date.now();
    await ask({ cmd: 'count-start' });
    await work();
    // What the last message set off (a delivery's outbox row marked done) lands before the count ends.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const busy = await ask<HookCounts>({ cmd: 'count-read' });
    const elapsed = Date.now() - started;
    await ask({ cmd: 'count-start' });
    await new Promise((resolve) => setTimeout(resolve, elapsed));
    const idle = await ask<HookCounts>({ cmd: 'count-read' });
    const less = (values: Record<string, number>, minus: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(values)
          .map(([name, n]) => [name, perMessage(Math.max(0, n - (minus[name] ?? 0)), messages)] as const)
          .filter(([, n]) => n > 0),
      );
    const whom = (origin: string) =>
      origin.endsWith(new URL(sandbox.url).host)
        ? 'Meta (the sandbox)'
        : origin.endsWith(new URL(endpoint.url).host)
          ? 'the tenant'
          : origin;
    const byWhom = (http: Record<string, number>) => {
      const named: Record<string, number> = {};
      for (const [label, n] of Object.entries(http)) {
        const [method, origin] = label.split(' ');
        named[`${method} ${whom(origin)}`] = (named[`${method} ${whom(origin)}`] ?? 0) + n;
      }
      return named;
    };
    const statements = less(busy.pg, idle.pg);
    Object.assign(statementTexts, busy.samples);
    return {
      statements,
      transactions: statements.BEGIN ?? 0,
      redisCommands: less(busy.redis, idle.redis),
      redisRoundTrips: perMessage(Math.max(0, busy.redisTrips - idle.redisTrips), messages),
      http: less(byWhom(busy.http), byWhom(idle.http)),
      wakeUps: perMessage(Math.max(0, busy.loops - idle.loops), messages),
    };
  };

  beforeAll(async () => {
    buildOnce();
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'bench/tsconfig.json'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    await database.create();
    // Nothing left in Redis by an earlier run (its queues' jobs would be this run's work).
    const redis = new Redis(process.env.REDIS_URL as string);
    for (const stale of await redis.keys('gwbudget:*')) await redis.del(stale);
    await redis.quit();
    await endpoint.start();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL as string,
      REDIS_KEY_PREFIX: 'gwbudget:',
      ENCRYPTION_KEY: 'e'.repeat(64),
      META_APP_SECRET: '2b3c4d5e6f708192a3b4c5d6e7f8091a',
      META_APP_ID: '734512987650155',
      WEBHOOK_VERIFY_TOKEN: 'a-verify-token-of-this-deployment',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    };
    const port = await freePort();
    sandbox = await startSandbox([
      '--app-secret',
      env.META_APP_SECRET,
      '--app-id',
      env.META_APP_ID,
      '--webhook-url',
      `http://127.0.0.1:${port}/webhooks/whatsapp`,
      ...['--sent-delay', '20', '--delivered-delay', '40', '--read-delay', '60', '--review-delay', '50'],
      ...['--business-account', `${WABA}:${TOKEN}`, '--phone-number', `${PHONE}:${WABA}:+1 555 019 0002`],
    ]);
    gateway = await startGateway(
      {
        ...env,
        GATEWAY_MODE: 'production',
        NODE_ENV: 'production',
        UPSTREAM_BASE_URL: sandbox.url,
        // Instance-wide work on timers (sweeps, checks) is not a message's: off for the count.
        WEBHOOK_SWEEP_INTERVAL_MS: '600000',
        SEND_SWEEP_INTERVAL_MS: '600000',
        INBOX_SWEEP_INTERVAL_MS: '600000',
        TEMPLATE_SYNC_INTERVAL_SECONDS: '0',
        PACE_REFRESH_INTERVAL_SECONDS: '0',
        SUBSCRIPTION_CHECK_INTERVAL_SECONDS: '0',
        USAGE_RECONCILIATION_INTERVAL_SECONDS: '0',
        INSIGHTS_INTERVAL_SECONDS: '0',
        IDLE_MEMORY_RELEASE_SECONDS: '0',
        DATA_RIGHTS_RESUME_SECONDS: '0',
      },
      port,
      { nodeArgs: ['--require', HOOK], ipc: true },
    );

    // The operator's onboarding, then what a tenant typically turns on.
    const platform = (await deploymentCli(['bootstrap'], env)).json.key as string;
    key = platform;
    const org = await api('POST', '/v1/organizations', { name: 'Budget Ltd' });
    await api('POST', `/v1/organizations/${org.id}/business_accounts`, { waba_id: WABA, access_token: TOKEN });
    await api('POST', `/v1/organizations/${org.id}/phone_numbers`, {
      waba_id: WABA,
      phone_number_id: PHONE,
      display_phone_number: '+1 555 019 0002',
    });
    const csv = readFileSync(join(ROOT, 'docs/rate-cards/sample-rate-card.csv'), 'utf8');
    await api('POST', '/v1/rate_cards?currency=USD&effective_from=2026-01-01', csv, { 'content-type': 'text/csv' });
    await api('PUT', `/v1/organizations/${org.id}/spending_limit`, { kind: 'amount', limit: 100000 });
    key = (await api('POST', '/v1/keys', { kind: 'org', tenant_ids: [org.id], rate_limit_per_second: 10000 }))
      .key as string;
    await api('PUT', '/v1/opt_out_settings', { opt_out_keywords: ['STOP', 'UNSUBSCRIBE'], opt_in_keywords: ['START'] });
    await api('POST', '/v1/webhooks', { url: endpoint.url, events: ['messages'] });
    const template = await api('POST', `/v1/${WABA}/message_templates`, {
      name: 'order_ready',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your order {{1}} is ready.', example: { body_text: [['A-1']] } }],
    });
    await eventually(async () => {
      const listed = await api('GET', `/v1/${WABA}/message_templates?name=order_ready`);
      return listed.data?.[0]?.status === 'APPROVED' ? true : undefined;
    }, 15_000);
    expect(template.id).toEqual(expect.any(String));
  }, 240_000);

  afterAll(async () => {
    await endpoint.stop();
    await killAll();
    await database.drop();
  });

  /** A template send to `to` with an Idempotency-Key; resolves once the tenant has its read status. */
  const outbound = async (to: string, n: number) => {
    const sent = await api(
      'POST',
      `/v23.0/${PHONE}/messages`,
      {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: {
          name: 'order_ready',
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: `A-${n}` }] }],
        },
      },
      { 'Idempotency-Key': `budget-${to}-${n}` },
    );
    const wamid = sent.messages[0].id as string;
    await eventually(async () => (delivered(wamid, '"read"') ? true : undefined), 10_000);
  };

  /** A customer writes; resolves once the tenant has the message. */
  const inbound = async (from: string, n: number) => {
    const text = `Where is order B-${n}?`;
    const res = await fetch(`${sandbox.url}/_sandbox/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number_id: PHONE, from, type: 'text', text }),
    });
    expect(res.status).toBe(200);
    await eventually(async () => (delivered(text) ? true : undefined), 10_000);
  };

  it('counts an outbound message: a template send, its three statuses, the tenant’s three deliveries', async () => {
    for (let i = 0; i < WARM_UP; i++) await outbound(`1555020${String(i).padStart(4, '0')}`, i);
    measured.outbound = await count(MEASURED, async () => {
      for (let i = 0; i < MEASURED; i++) await outbound(`1555021${String(i).padStart(4, '0')}`, i);
    });
    if (process.env.UPDATE_BUDGET === '1')
      process.stdout.write(
        `outbound per message: ${JSON.stringify(measured.outbound, null, 1)}\n${JSON.stringify(statementTexts, null, 1)}\n`,
      );
    // One call to Meta and three deliveries to the tenant: nothing more leaves the gateway.
    expect(measured.outbound.http).toEqual({ 'POST Meta (the sandbox)': 1, 'POST the tenant': 3 });
  });

  it("counts an inbound message: a customer's text, stored and delivered to the tenant", async () => {
    for (let i = 0; i < WARM_UP; i++) await inbound(`1555030${String(i).padStart(4, '0')}`, i);
    measured.inbound = await count(MEASURED, async () => {
      for (let i = 0; i < MEASURED; i++) await inbound(`1555031${String(i).padStart(4, '0')}`, i);
    });
    if (process.env.UPDATE_BUDGET === '1')
      process.stdout.write(`inbound per message: ${JSON.stringify(measured.inbound, null, 1)}\n`);
    expect(measured.inbound.http).toEqual({ 'POST the tenant': 1 });
  });

  it('holds both to the committed budget, naming every new or dearer statement and command', () => {
    if (process.env.UPDATE_BUDGET === '1') {
      const note =
        'Per message, through the real stack (test/message-budget.e2e-spec.ts). Raising a figure is a ' +
        'reviewed change of its own, recorded in docs/performance.md with its reason.';
      writeFileSync(BUDGET_FILE, `${JSON.stringify(budgetOf(measured, note), null, 2)}\n`);
    }
    const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Budget;
    const problems = overBudget(measured, budget);
    // Each statement named in a problem, as the gateway sent it.
    const texts = Object.entries(statementTexts)
      .filter(([label]) => problems.some((problem) => problem.includes(label)))
      .map(([label, text]) => `${label}: ${text}`);
    expect([...problems, ...texts]).toEqual([]);
  });

  it('fails on one statement more on the path, and names it', () => {
    const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Budget;
    const extra = statementLabel('SELECT 1 FROM blacklist_entries WHERE tenant_id = $1');
    const dearer: PathCost = {
      ...measured.outbound,
      statements: {
        ...measured.outbound.statements,
        [extra]: (measured.outbound.statements[extra] ?? 0) + 1,
      },
    };
    const problems = overBudget({ outbound: dearer }, budget);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain('SELECT blacklist_entries');
    // And one Redis command more.
    const chattier: PathCost = {
      ...measured.inbound,
      redisCommands: { ...measured.inbound.redisCommands, hgetall: (measured.inbound.redisCommands.hgetall ?? 0) + 1 },
    };
    expect(overBudget({ inbound: chattier }, budget).join('\n')).toContain('hgetall');
  });
});
