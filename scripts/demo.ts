import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { GATEWAY_NODE_FLAGS } from '../src/config/node-flags';
import { DEMO_ACCOUNT } from '../src/demo/demo-account';

/**
 * `npm run demo`: the gateway in demo mode with the sandbox app (a Cloud API simulator, a process
 * of its own) as its upstream, wired together with no set-up:
 * - one generated app secret signs the sandbox's webhooks and verifies them at the gateway;
 * - the sandbox knows the demo's business account and number, as Meta knows a real one;
 * - the demo organization's first webhook endpoint is the sandbox's demo receiver.
 * - test mode's simulator is a second sandbox process (SIMULATOR_PORT, default 3002) with a secret of
 *   its own, delivering to the gateway's /webhooks/simulator: test keys' traffic goes there, never to
 *   the upstream.
 * Settings: the gateway's own (PORT, HOST, DATA_DIR, ...), plus SANDBOX_PORT (default 3001) and the
 * sandbox's pace (SANDBOX_SENT_DELAY_MS, SANDBOX_DELIVERED_DELAY_MS, SANDBOX_READ_DELAY_MS,
 * SANDBOX_REVIEW_DELAY_MS), which the simulator shares. With UPSTREAM_BASE_URL set, no sandbox is
 * started; with SIMULATOR_BASE_URL set, no simulator.
 */
const DIST = join(__dirname, '..');
const env = process.env;
const gatewayPort = env.PORT ?? '3000';
const gatewayHost = env.HOST ?? '127.0.0.1';
const appSecret = env.META_APP_SECRET ?? randomBytes(24).toString('base64url');
const simulatorSecret = env.SIMULATOR_APP_SECRET ?? randomBytes(24).toString('base64url');
const children: ChildProcess[] = [];

/** Runs `script` with node, its output passed through; resolves with the first match of `ready` in it. */
function start(
  name: string,
  script: string,
  args: string[],
  childEnv: NodeJS.ProcessEnv,
  ready: RegExp,
  nodeFlags: readonly string[] = [],
) {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stderr.pipe(process.stderr);
  child.once('exit', (code, signal) => {
    process.stderr.write(`${name} stopped (${signal ?? `exit ${code}`})\n`);
    stopAll(code ?? 1);
  });
  return new Promise<RegExpExecArray>((resolve) => {
    let seen: string | undefined = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (seen === undefined) return;
      seen += chunk.toString();
      const match = ready.exec(seen);
      if (match) {
        seen = undefined;
        resolve(match);
      }
    });
  });
}

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
    ),
  ).then(
    () => process.exit(code),
    () => process.exit(code),
  );
}
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));

async function main(): Promise<void> {
  const hostForUrl = gatewayHost === '0.0.0.0' || gatewayHost === '::' ? '127.0.0.1' : gatewayHost;
  const pace = (name: string, flag: string) => (env[name] ? [flag, env[name]] : []);
  const paces = [
    ...pace('SANDBOX_SENT_DELAY_MS', '--sent-delay'),
    ...pace('SANDBOX_DELIVERED_DELAY_MS', '--delivered-delay'),
    ...pace('SANDBOX_READ_DELAY_MS', '--read-delay'),
    ...pace('SANDBOX_REVIEW_DELAY_MS', '--review-delay'),
  ];
  let upstream = env.UPSTREAM_BASE_URL;
  if (!upstream) {
    const [, url] = await start(
      'sandbox',
      join(DIST, 'apps/sandbox/src/main.js'),
      [
        ...['--port', env.SANDBOX_PORT ?? '3001'],
        ...['--webhook-url', `http://${hostForUrl}:${gatewayPort}/webhooks/whatsapp`],
        ...['--business-account', `${DEMO_ACCOUNT.wabaId}:${DEMO_ACCOUNT.accessToken}`],
        // The demo's seed subscribes the app once; the sandbox keeps nothing, so every start says so again.
        ...['--subscribed', DEMO_ACCOUNT.wabaId],
        ...[
          '--phone-number',
          `${DEMO_ACCOUNT.phoneNumberId}:${DEMO_ACCOUNT.wabaId}:${DEMO_ACCOUNT.displayPhoneNumber}`,
        ],
        ...paces,
      ],
      // The secret in its environment: a command-line argument is readable by every local user in `ps`.
      { PATH: env.PATH, HOME: env.HOME, SANDBOX_APP_SECRET: appSecret },
      /sandbox listening on (http:\/\/\S+)/,
    );
    upstream = url;
  }
  // Test mode's simulator: the same app as a service of its own; the test numbers made in the demo
  // live there (and, as it keeps nothing, are gone with it: make them again after a restart).
  let simulator = env.SIMULATOR_BASE_URL;
  if (!simulator) {
    const [, url] = await start(
      'simulator',
      join(DIST, 'apps/sandbox/src/main.js'),
      [
        ...['--port', env.SIMULATOR_PORT ?? '3002'],
        ...['--webhook-url', `http://${hostForUrl}:${gatewayPort}/webhooks/simulator`],
        '--magic-recipients',
        ...paces,
      ],
      { PATH: env.PATH, HOME: env.HOME, SANDBOX_APP_SECRET: simulatorSecret },
      /sandbox listening on (http:\/\/\S+)/,
    );
    simulator = url;
  }
  await start(
    'gateway',
    join(DIST, 'src/main.js'),
    [],
    {
      ...env,
      GATEWAY_MODE: 'demo',
      UPSTREAM_BASE_URL: upstream,
      META_APP_SECRET: appSecret,
      SIMULATOR_BASE_URL: simulator,
      SIMULATOR_APP_SECRET: simulatorSecret,
      ...(env.UPSTREAM_BASE_URL ? {} : { DEMO_WEBHOOK_URL: env.DEMO_WEBHOOK_URL ?? `${upstream}/_sandbox/receiver` }),
    },
    /gateway listening on/,
    GATEWAY_NODE_FLAGS,
  );
  if (!env.UPSTREAM_BASE_URL) {
    process.stdout.write(
      [
        '',
        `Cloud API sandbox at ${upstream} (control API under /_sandbox; apps/sandbox/README.md). A user writes in:`,
        `  curl -s -X POST ${upstream}/_sandbox/inbound -H 'Content-Type: application/json' \\`,
        `    -d '{"phone_number_id":"${DEMO_ACCOUNT.phoneNumberId}","from":"15551234567","type":"text","text":"hi"}'`,
        '',
      ].join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  stopAll(1);
});
