import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { GATEWAY_NODE_FLAGS } from '../../src/config/node-flags';
import { PeriodicJobsProcessor } from '../../src/jobs/periodic-jobs';
import { eventually } from './eventually';
import { freePort } from './redis-helpers';
import { createTestApp, resetState, type TestApp } from './test-app';

const ROOT = join(__dirname, '..', '..');

/** Builds dist/ once per spec (the processes below run the built code, as production does). */
export function buildOnce(): void {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
}

/**
 * The built CLI (`npm run cli -- …`) with exactly `env` (nothing of the test settings, as an
 * operator's shell on a deployment): its exit code and the one JSON document it prints.
 */
export function deploymentCli(args: string[], env: Record<string, string>): Promise<{ code: number; json: any }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'dist/src/cli/main.js'), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? -1) : 0, json: JSON.parse(stdout || 'null') }),
    );
  });
}

/** A child process of the test: its output kept, killed with SIGKILL (a crash) or at the end. */
export class ChildHandle {
  output = '';

  constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** kill -9: no shutdown hook runs. */
  async crash(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}

/** Every child started through here, for afterAll. */
const children: ChildHandle[] = [];

export async function killAll(): Promise<void> {
  await Promise.all(children.map((child) => child.crash()));
}

/**
 * The built gateway as its own process on the test database and Redis (the test environment of
 * test-env.ts), with `env` on top; resolves once it listens.
 */
export async function startGateway(
  env: Record<string, string> = {},
  port?: number,
  options: { nodeArgs?: string[]; ipc?: boolean } = {},
): Promise<ChildHandle & { url: string; port: number }> {
  const listenOn = port ?? (await freePort());
  const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  for (const name of Object.keys(process.env)) {
    if (
      /^(GATEWAY_MODE|NODE_ENV|DATABASE_|REDIS_|ENCRYPTION_KEY|META_|WEBHOOK_|UPSTREAM_|TEMPLATE_SYNC|DEMO_SEED|MEDIA_|PACE_|SUBSCRIPTION_)/.test(
        name,
      )
    )
      childEnv[name] = process.env[name];
  }
  Object.assign(childEnv, { PORT: String(listenOn), HOST: '127.0.0.1', LOG_LEVEL: 'log', METRICS_PORT: '0' }, env);
  const handle = new ChildHandle(
    spawn(process.execPath, [...GATEWAY_NODE_FLAGS, ...(options.nodeArgs ?? []), join(ROOT, 'dist/src/main.js')], {
      cwd: ROOT,
      env: childEnv,
      // A preloaded hook (`nodeArgs: ['--require', …]`) is driven over this channel.
      stdio: options.ipc ? ['pipe', 'pipe', 'pipe', 'ipc'] : 'pipe',
    }),
  );
  children.push(handle);
  await eventually(async () => (/gateway listening/.test(handle.output) ? true : undefined), 60_000).catch(
    (error: Error) => {
      throw new Error(`the gateway did not start: ${error.message}\n${handle.output}`);
    },
  );
  return Object.assign(handle, { url: `http://127.0.0.1:${listenOn}`, port: listenOn });
}

/** The standalone sandbox (dist/apps/sandbox/src/main.js) as its own process; resolves with its URL once it listens. */
export async function startSandbox(args: string[]): Promise<ChildHandle & { url: string }> {
  const handle = new ChildHandle(
    // The test app secret from the environment, as compose and the demo pass it (`--app-secret` wins).
    spawn(process.execPath, [join(ROOT, 'dist/apps/sandbox/src/main.js'), '--port', '0', ...args], {
      cwd: ROOT,
      env: { ...process.env, SANDBOX_APP_SECRET: 'test-app-secret' },
    }),
  );
  children.push(handle);
  const url = await eventually(async () => /sandbox listening on (http:\/\/\S+)/.exec(handle.output)?.[1], 30_000);
  return Object.assign(handle, { url });
}

/**
 * For specs whose gateways are processes: the build they run, and an in-process app on the same
 * database and Redis that only sets up data (its periodic worker closed: the processes run the
 * periodic work).
 */
export async function startDataApp(): Promise<TestApp> {
  buildOnce();
  const t = await createTestApp();
  await resetState(t);
  await t.get(PeriodicJobsProcessor).worker.close();
  return t;
}

/**
 * The sandbox process's webhooks to `gatewayPort`, signed with the test app secret, at a test's pace:
 * statuses 50/100/150 ms after a send, retries from 200 ms, at most 1 s apart.
 */
export function quickWebhookArgs(gatewayPort: number): string[] {
  return [
    '--webhook-url',
    `http://127.0.0.1:${gatewayPort}/webhooks/whatsapp`,
    '--sent-delay',
    '50',
    '--delivered-delay',
    '100',
    '--read-delay',
    '150',
    '--webhook-retry-base',
    '200',
    '--webhook-retry-max',
    '1000',
  ];
}

/** A send in the sandbox process's request log (`GET /_sandbox/requests?method=POST&path=/messages`). */
export interface UpstreamSend {
  at: string;
  status?: number;
  body: { to: string };
}

/** The most sends the sandbox received in one of its one-second windows (each second of its clock). */
export function busiestSecond(entries: UpstreamSend[]): number {
  const perSecond = new Map<number, number>();
  for (const entry of entries) {
    const second = Math.floor(Date.parse(entry.at) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return Math.max(0, ...perSecond.values());
}
