import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import { RedisStore } from '../../src/redis/redis-store';
import type { TestApp } from './test-app';

/** Waits until the start of the next second of Redis's clock (plus a margin), so a burst fits in one window. */
export async function alignToRedisSecond(t: TestApp, marginMs = 20): Promise<void> {
  if (!(t.store instanceof RedisStore)) throw new Error('alignToRedisSecond needs a Redis store');
  const [, micros] = await t.store.client.time();
  const wait = 1000 - Math.floor(Number(micros) / 1000) + marginMs;
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Runs `burst` inside one second of Redis's clock: aligned to the start of a second, and checked
 * afterwards. On a loaded machine a burst can spill into the next second, which would change what
 * a 1-second limit admits; such a run is discarded and tried again (up to `attempts` times), so
 * `burst` must set up its own fresh state (a new key, a cleared probe log).
 */
export async function withinOneRedisSecond<T>(t: TestApp, burst: () => Promise<T>, attempts = 6): Promise<T> {
  if (!(t.store instanceof RedisStore)) throw new Error('withinOneRedisSecond needs a Redis store');
  const client = t.store.client;
  for (let attempt = 1; ; attempt++) {
    await alignToRedisSecond(t);
    const [before] = await client.time();
    const result = await burst();
    const [after] = await client.time();
    if (before === after || attempt >= attempts) return result;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** A throw-away redis-server of the test's own, so it can be stopped, frozen and restarted. */
export class RedisProcess {
  private child: ChildProcess | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const probe = new Redis(this.port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => 50,
    });
    const deadline = Date.now() + 5000;
    for (;;) {
      try {
        await probe.connect().catch(() => undefined);
        await probe.ping();
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    probe.disconnect();
  }

  /** Kills the server (connections refused). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** Freezes the server: connections stay open but nothing answers. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }
}

/** One redis-cli command on a loopback server; its reply as text (empty when the server does not answer). */
export async function redisCli(port: number, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
      timeout: 5000,
    });
    return stdout.trim();
  } catch {
    return '';
  }
}
