import { createServer, type IncomingMessage, request, Agent, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RedisCluster } from '../../test/support/redis-cluster';
import type { CpuSources } from './cpu';
import { runLifecycle, type LifecycleResult } from './lifecycle';
import type { Scenario } from './load';
import { freePort, type ManagedProcess, sleep } from './processes';
import { NORMAL_STATUS_DELAYS, secondInstance, type Stack, startGateway, startSandbox } from './stack';

/**
 * Scale-out measured: the lifecycle (a send, then its sent, delivered and read statuses delivered to
 * a tenant endpoint) at a fixed offered rate (or a fixed rate per instance, `perInstance`) on one,
 * two and three gateway instances behind a round-robin, on a single Redis and on a three-primary Redis Cluster started on loopback ports.
 * Both the tenant's sends and Meta's webhooks (the sandbox's) go through the round-robin, as they
 * would through a load balancer. Figures per run: messages per second fully delivered, lag p99, CPU
 * per message of each process, and the stack's (gateways + PostgreSQL + Redis) per message.
 */
export interface ScaleRun {
  redis: 'single' | 'cluster';
  instances: number;
  offeredPerSecond: number;
  fullyDeliveredPerSecond: number;
  keptUp: boolean;
  lagP99Ms: number | null;
  /** CPU µs per message of each process (gateway1…n, redis1…n, postgres, sandbox, bench). */
  usPerMessage: Record<string, number>;
  /** Gateways, PostgreSQL and Redis together, per message. */
  stackUsPerMessage: number;
  /** The gateways' share of it, per instance on average. */
  gatewayUsPerMessagePerInstance: number;
  /** Times the gateways' main threads went to sleep per message, all instances together. */
  gatewaySleepsPerMessage: number;
}

export const SCALE_MODES = ['single', 'cluster'] as const;
export type ScaleMode = (typeof SCALE_MODES)[number];

/**
 * The bench's own round-robin (in the bench process, so its CPU is the bench's, not the gateways'):
 * each request to the next instance in turn, over keep-alive connections, as nginx's default
 * `upstream` block does (deploy/nginx.conf). Written here rather than taken from a proxy package:
 * it is a loop over `node:http` with no routing, headers or retries to get right, for the bench only.
 */
class RoundRobin {
  private next = 0;
  private server: Server | undefined;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });

  constructor(private readonly targets: URL[]) {}

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const target = this.targets[this.next++ % this.targets.length];
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent: this.agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      req.pipe(upstream);
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.agent.destroy();
  }
}

export interface ScaleContext {
  stack: Stack;
  apiKey: string;
  send: Scenario;
  /** Offered sends/s: in all, or per instance when `perInstance` (then 1, 2 and 3 times it). */
  rate: number;
  perInstance: boolean;
  seconds: number;
  /** The single Redis's server pid. */
  redisPid: number;
  log: (name: string) => string;
  say: (line: string) => void;
}

/** Runs the scale phase for each Redis mode; the main gateway must be stopped (the phase starts its own). */
export async function runScale(context: ScaleContext, modes: readonly ScaleMode[]): Promise<ScaleRun[]> {
  const runs: ScaleRun[] = [];
  for (const mode of modes) {
    const cluster = mode === 'cluster' ? await RedisCluster.start({ primaries: 3 }) : undefined;
    try {
      const redisPids = cluster ? cluster.pids() : [context.redisPid];
      const redisUrl = cluster ? cluster.url : undefined;
      for (const instances of [1, 2, 3]) {
        const rate = context.perInstance ? context.rate * instances : context.rate;
        context.say(
          `scale: ${instances} instance(s) on ${mode === 'cluster' ? 'a 3-primary Redis Cluster' : 'one Redis'}, ${rate} sends/s...`,
        );
        runs.push(await runOne({ ...context, rate }, mode, instances, redisUrl, redisPids));
        const run = runs[runs.length - 1];
        context.say(
          `  ${run.fullyDeliveredPerSecond} messages/s fully delivered${run.keptUp ? '' : ' (DID NOT keep up)'}, lag p99 ${run.lagP99Ms} ms; ` +
            `stack ${run.stackUsPerMessage} µs per message, ` +
            `gateways ${run.gatewayUsPerMessagePerInstance} µs per instance, ` +
            `${run.gatewaySleepsPerMessage} gateway sleeps per message; ` +
            Object.entries(run.usPerMessage)
              .map(([name, us]) => `${name} ${us}`)
              .join(', '),
        );
      }
    } finally {
      await cluster?.stop();
    }
  }
  return runs;
}

async function runOne(
  context: ScaleContext,
  mode: ScaleMode,
  instances: number,
  redisUrl: string | undefined,
  redisPids: number[],
): Promise<ScaleRun> {
  const gateways: Array<{ stack: Stack; process: ManagedProcess }> = [];
  let balancer: RoundRobin | undefined;
  let sandbox: ManagedProcess | undefined;
  try {
    for (let i = 0; i < instances; i++) {
      const base = secondInstance(context.stack, await freePort());
      const stack = redisUrl ? { ...base, gatewayEnv: { ...base.gatewayEnv, REDIS_URL: redisUrl } } : base;
      gateways.push({
        stack,
        process: await startGateway(stack, context.log(`gateway-scale-${mode}-${instances}-${i + 1}`)),
      });
    }
    balancer = new RoundRobin(gateways.map((g) => new URL(g.stack.gatewayUrl)));
    const front = await balancer.start();
    // The sandbox's webhooks go through the round-robin too, as Meta's would through the load balancer.
    const stack: Stack = { ...context.stack, gatewayUrl: front };
    sandbox = await startSandbox(stack, context.log(`sandbox-scale-${mode}-${instances}`), NORMAL_STATUS_DELAYS);
    const sources: CpuSources = { sandbox: sandbox.pid };
    gateways.forEach((g, i) => (sources[`gateway${i + 1}`] = g.process.pid));
    redisPids.forEach((pid, i) => (sources[redisPids.length > 1 ? `redis${i + 1}` : 'redis'] = pid));
    await sleep(2_000);
    const result: LifecycleResult = await runLifecycle(
      stack,
      context.apiKey,
      { ...context.send, url: context.send.url.replace(context.stack.gatewayUrl, front) },
      {
        connections: Math.max(50, Math.ceil(context.rate / 4)),
        seconds: context.seconds,
        rate: context.rate,
        drainLimitMs: 30_000,
      },
      sources,
    );
    const us = result.cpu.usPerRequest;
    const sum = (prefix: string) =>
      Object.entries(us)
        .filter(([name]) => name.startsWith(prefix))
        .reduce((total, [, value]) => total + value, 0);
    const gatewaysUs = sum('gateway');
    const sleeps = Object.entries(result.cpu.sleepsPerRequest)
      .filter(([name]) => name.startsWith('gateway'))
      .reduce((total, [, value]) => total + value, 0);
    return {
      redis: mode,
      instances,
      offeredPerSecond: context.rate,
      fullyDeliveredPerSecond: result.fullyDeliveredPerSecond,
      keptUp: result.keptUp,
      lagP99Ms: result.lagMs?.p99 ?? null,
      usPerMessage: us,
      stackUsPerMessage: gatewaysUs + sum('redis') + (us.postgres ?? 0),
      gatewayUsPerMessagePerInstance: Math.round(gatewaysUs / instances),
      gatewaySleepsPerMessage: Math.round(sleeps * 10) / 10,
    };
  } finally {
    await sandbox?.stop();
    await balancer?.stop();
    for (const gateway of gateways) await gateway.process.stop();
  }
}

/** The runs as a table. */
export function formatScale(runs: ScaleRun[]): string {
  const lines = [
    'redis    instances  delivered/s  lag p99 ms  stack µs/msg  gateway µs/msg/instance  postgres µs  redis µs' +
      '  gateway sleeps/msg',
  ];
  for (const run of runs) {
    const redis = Object.entries(run.usPerMessage)
      .filter(([name]) => name.startsWith('redis'))
      .reduce((total, [, us]) => total + us, 0);
    lines.push(
      [
        run.redis.padEnd(8),
        String(run.instances).padStart(9),
        String(run.fullyDeliveredPerSecond).padStart(12),
        String(run.lagP99Ms ?? '-').padStart(11),
        String(run.stackUsPerMessage).padStart(13),
        String(run.gatewayUsPerMessagePerInstance).padStart(24),
        String(run.usPerMessage.postgres ?? '-').padStart(12),
        String(redis).padStart(9),
        String(run.gatewaySleepsPerMessage).padStart(19),
      ].join(' '),
    );
  }
  return lines.join('\n');
}
