import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { GATEWAY_NODE_FLAGS } from '../../src/config/node-flags';
import { type ManagedProcess, runToCompletion, sleep, startProcess, waitForHttp } from './processes';

/**
 * The system under test, each part its own process on 127.0.0.1: the Cloud API sandbox
 * (`dist/apps/sandbox/src/main.js`) as upstream and the gateway (`dist/src/main.js`) in graph mode,
 * provisioned with the administration CLI (`dist/src/cli/main.js`) like an operator would.
 */

/** Status and review webhooks wait this long: none reaches the gateway during a run. */
export const WEBHOOK_DELAY_MS = 3_600_000;

/** The upstream identities the sandbox knows and the gateway is given. */
export const FIXTURE = {
  wabaId: '102290129340398',
  phoneNumberId: '106540352242922',
  display: '+1 555 0100',
  /** The first of the users sends go to, each with its 24-hour window opened by a simulated inbound message. */
  recipient: '15551234567',
  /**
   * How many users the sends go to, in turn: Meta (and the sandbox, and the gateway before it) lets a
   * number send a user a burst of 45 and then one every 6 s, so a run of a hundred thousand sends needs
   * a few thousand users (each gets a send every few seconds at saturation, far inside its burst).
   */
  recipients: 4000,
  /** The broadcast phase's number: Meta's defaults (STANDARD, 80 messages a second), no operator override. */
  broadcastPhoneNumberId: '106540352242923',
  broadcastDisplay: '+1 555 0101',
  /** Put on the organization's blacklist (so `filter_blacklist=true` checks a non-empty list). */
  blacklisted: '15550000001',
} as const;

export interface Stack {
  root: string;
  sandboxUrl: string;
  gatewayUrl: string;
  gatewayPort: number;
  /** The gateway's settings (no secrets printed: the generated ones are marked). */
  gatewayEnv: NodeJS.ProcessEnv;
  secrets: { appSecret: string; verifyToken: string; upstreamToken: string };
}

/** The Meta app the bench's gateway acts as, and its sandbox knows (`--app-id`). */
const BENCH_APP_ID = '990000000000001';

export function describeStack(
  root: string,
  ports: { sandbox: number; gateway: number },
  options: { databaseUrl: string; redisUrl: string; extra: Record<string, string> },
): Stack {
  const secrets = {
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: randomBytes(16).toString('hex'),
    upstreamToken: `bench-upstream-${randomBytes(12).toString('hex')}`,
  };
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const gatewayEnv: NodeJS.ProcessEnv = {
    // A clean environment: only what the gateway is told here (and a .env file, if one exists).
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(ports.gateway),
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    UPSTREAM_BASE_URL: sandboxUrl,
    META_APP_SECRET: secrets.appSecret,
    // The sandbox's app, under an id of the bench's own (production refuses the demo's published one).
    META_APP_ID: BENCH_APP_ID,
    WEBHOOK_VERIFY_TOKEN: secrets.verifyToken,
    DEMO_SEED: 'false',
    // The lifecycle phase's tenant endpoint is a receiver on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // No metrics listener: a run may start several gateways on this host.
    METRICS_PORT: '0',
    ...options.extra,
  };
  return {
    root,
    sandboxUrl,
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    gatewayPort: ports.gateway,
    gatewayEnv,
    secrets,
  };
}

/** The sandbox's own status delays (ms): sent, delivered, read. */
export const NORMAL_STATUS_DELAYS = { sent: 200, delivered: 500, read: 1500 };

/**
 * Starts the sandbox; by default every status and review webhook waits WEBHOOK_DELAY_MS (none
 * loads the gateway), `statusDelays` gives the sandbox's normal ones (the lifecycle phase).
 */
export async function startSandbox(
  stack: Stack,
  logPath: string,
  statusDelays?: typeof NORMAL_STATUS_DELAYS,
): Promise<ManagedProcess> {
  const delay = String(WEBHOOK_DELAY_MS);
  const sandbox = startProcess(
    'sandbox',
    process.execPath,
    [
      join(stack.root, 'dist/apps/sandbox/src/main.js'),
      '--host',
      '127.0.0.1',
      '--port',
      new URL(stack.sandboxUrl).port,
      '--webhook-url',
      `${stack.gatewayUrl}/webhooks/whatsapp`,
      '--app-id',
      BENCH_APP_ID,
      '--sent-delay',
      statusDelays ? String(statusDelays.sent) : delay,
      '--delivered-delay',
      statusDelays ? String(statusDelays.delivered) : delay,
      '--read-delay',
      statusDelays ? String(statusDelays.read) : delay,
      '--log-limit',
      '1000000',
      '--review-delay',
      delay,
      '--business-account',
      `${FIXTURE.wabaId}:${stack.secrets.upstreamToken}`,
      // Onboarding (waba:add) subscribes the app once; a restarted sandbox keeps nothing, so it is told.
      '--subscribed',
      FIXTURE.wabaId,
      '--phone-number',
      `${FIXTURE.phoneNumberId}:${FIXTURE.wabaId}:${FIXTURE.display}`,
      '--phone-number',
      `${FIXTURE.broadcastPhoneNumberId}:${FIXTURE.wabaId}:${FIXTURE.broadcastDisplay}`,
    ],
    { cwd: stack.root, env: { PATH: process.env.PATH, SANDBOX_APP_SECRET: stack.secrets.appSecret }, logPath },
  );
  await waitForHttp(`${stack.sandboxUrl}/_sandbox/health`, sandbox);
  // The bench measures the gateway's cost, not Meta's pace: the sandbox paces the number far above
  // what one instance serves (its own knob; a restarted sandbox forgets it, so every start sets it).
  await setSandboxLimits(stack, { throughput_mps: BENCH_THROUGHPUT });
  return sandbox;
}

/**
 * Starts the gateway and waits for /health (PostgreSQL and Redis both answer). `preload` adds
 * `--require <file>` (the bench hook: CPU profiler and round-trip counters, driven over IPC).
 */
/** The same stack with the gateway on another port: a second instance on the same database and Redis. */
export function secondInstance(stack: Stack, port: number): Stack {
  return {
    ...stack,
    gatewayUrl: `http://127.0.0.1:${port}`,
    gatewayPort: port,
    gatewayEnv: { ...stack.gatewayEnv, PORT: String(port) },
  };
}

export async function startGateway(stack: Stack, logPath: string, preload?: string): Promise<ManagedProcess> {
  const args = [
    ...GATEWAY_NODE_FLAGS,
    ...(preload ? ['--require', preload] : []),
    join(stack.root, 'dist/src/main.js'),
  ];
  const gateway = startProcess('gateway', process.execPath, args, {
    cwd: stack.root,
    env: stack.gatewayEnv,
    logPath,
    ipc: preload !== undefined,
  });
  await waitForHttp(`${stack.gatewayUrl}/health`, gateway, 60_000);
  return gateway;
}

export interface Provisioned {
  tenantId: string;
  apiKey: string;
  keyRateLimit: number;
  serviceWindow: string;
}

/** Messages per second the bench's number is paced at (the highest the CLI takes). */
export const BENCH_THROUGHPUT = 1_000_000;

/** The i-th of the users the bench sends to (FIXTURE.recipients of them, from FIXTURE.recipient on). */
export function benchRecipient(i: number): string {
  return String(Number(FIXTURE.recipient) + (i % FIXTURE.recipients));
}

/** The sandbox's limits of the bench's number (`POST /_sandbox/phone_numbers/:id/limits`). */
export async function setSandboxLimits(stack: Stack, limits: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${stack.sandboxUrl}/_sandbox/phone_numbers/${FIXTURE.phoneNumberId}/limits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(limits),
  });
  if (!response.ok) throw new Error(`sandbox limits failed: HTTP ${response.status} ${await response.text()}`);
}

/** The CLI's highest per-key limit (it refuses more): far above what one instance serves. */
const KEY_RATE_LIMIT = 100_000;

/** Organization, business account, phone number and key through the CLI; blacklist; the 24-hour window. */
/** The gateway's CLI on the bench's stack: a command's JSON answer. */
export function cliOf(stack: Stack, logPath: string) {
  return async (...args: string[]): Promise<Record<string, unknown>> => {
    const out = await runToCompletion(
      `cli ${args[0]}`,
      process.execPath,
      [join(stack.root, 'dist/src/cli/main.js'), ...args],
      { cwd: stack.root, env: stack.gatewayEnv, logPath },
    );
    return JSON.parse(out) as Record<string, unknown>;
  };
}

export async function provision(stack: Stack, logPath: string): Promise<Provisioned> {
  const cli = async (...args: string[]) => {
    const out = await runToCompletion(
      `cli ${args[0]}`,
      process.execPath,
      [join(stack.root, 'dist/src/cli/main.js'), ...args],
      {
        cwd: stack.root,
        env: stack.gatewayEnv,
        logPath,
      },
    );
    return JSON.parse(out) as Record<string, unknown>;
  };
  const org = await cli('org:create', '--name', 'Bench Org');
  const tenantId = String(org.id);
  await cli(
    'waba:add',
    '--org',
    tenantId,
    '--waba-id',
    FIXTURE.wabaId,
    '--token',
    stack.secrets.upstreamToken,
    '--name',
    'Bench WABA',
  );
  await cli(
    'phone:add',
    '--waba-id',
    FIXTURE.wabaId,
    '--phone-number-id',
    FIXTURE.phoneNumberId,
    '--display',
    FIXTURE.display,
  );
  const key = await cli(
    'key:create',
    '--kind',
    'org',
    '--org',
    tenantId,
    '--name',
    'bench',
    '--rate-limit',
    String(KEY_RATE_LIMIT),
  );
  const apiKey = String(key.key);

  await cli(
    'phone:add',
    '--waba-id',
    FIXTURE.wabaId,
    '--phone-number-id',
    FIXTURE.broadcastPhoneNumberId,
    '--display',
    FIXTURE.broadcastDisplay,
  );
  // The same at the gateway (an operator's setting): the pace is still taken on every send (one Redis
  // round trip), as in production.
  await cli('phone:set', '--phone-number-id', FIXTURE.phoneNumberId, '--throughput', String(BENCH_THROUGHPUT));
  await addToBlacklist(stack, apiKey, FIXTURE.blacklisted);
  await openServiceWindows(stack, tenantId);
  return {
    tenantId,
    apiKey,
    keyRateLimit: KEY_RATE_LIMIT,
    serviceWindow:
      'opened by a simulated inbound message (sandbox POST /_sandbox/inbound → signed webhook → gateway); enforcement stays on',
  };
}

async function addToBlacklist(stack: Stack, apiKey: string, phoneNumber: string): Promise<void> {
  const response = await fetch(`${stack.gatewayUrl}/v1/blacklist`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phone_numbers: [phoneNumber], reason: 'bench' }),
  });
  if (!response.ok)
    throw new Error(`blacklisting ${phoneNumber} failed: HTTP ${response.status} ${await response.text()}`);
}

/**
 * The realistic way: each user writes first. The sandbox delivers their inbound webhooks at once (only
 * status and review webhooks are delayed), the gateway verifies and stores them, which opens the
 * windows; the send path then checks the window as it would in production.
 */
async function openServiceWindows(stack: Stack, tenantId: string): Promise<void> {
  for (let first = 0; first < FIXTURE.recipients; first += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, FIXTURE.recipients - first) }, async (_, i) => {
        const response = await fetch(`${stack.sandboxUrl}/_sandbox/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            phone_number_id: FIXTURE.phoneNumberId,
            from: benchRecipient(first + i),
            type: 'text',
            text: 'hi',
          }),
        });
        if (!response.ok) throw new Error(`sandbox inbound failed: HTTP ${response.status} ${await response.text()}`);
      }),
    );
  }

  const db = new Client({ connectionString: stack.gatewayEnv.DATABASE_URL });
  await db.connect();
  try {
    for (let attempt = 0; attempt < 300; attempt++) {
      const { rows } = await db.query<{ count: string }>(
        // The customers who wrote (one row each in the windows' table; counted from their messages, so
        // the bench runs on trees before and after that table's change alike).
        'SELECT count(DISTINCT "from") FROM inbound_messages WHERE phone_number_id = $1 AND tenant_id = $2',
        [FIXTURE.phoneNumberId, tenantId],
      );
      if (Number(rows[0].count) >= FIXTURE.recipients) return;
      await sleep(100);
    }
  } finally {
    await db.end();
  }
  throw new Error(
    `the inbound webhooks did not open ${FIXTURE.recipients} 24-hour windows within 30 s (see the gateway and sandbox logs)`,
  );
}
