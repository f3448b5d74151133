import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from './eventually';
import { freePort, redisCli } from './redis-helpers';

const run = promisify(execFile);

interface ClusterNode {
  port: number;
  child: ChildProcess;
}

/**
 * A Redis Cluster of the test's own on loopback ports: `primaries` primaries, each with `replicas`
 * replicas, made with `redis-cli --cluster create` as an operator would. A node's timeout of one
 * second makes a killed primary's replica take over within a few seconds.
 */
export class RedisCluster {
  private constructor(
    private readonly nodes: ClusterNode[],
    private readonly dir: string,
  ) {}

  static async start(options: { primaries?: number; replicas?: number } = {}): Promise<RedisCluster> {
    const primaries = options.primaries ?? 3;
    const replicas = options.replicas ?? 0;
    const dir = mkdtempSync(join(tmpdir(), 'gw-redis-cluster-'));
    const nodes: ClusterNode[] = [];
    for (let i = 0; i < primaries * (1 + replicas); i++) {
      const port = await freePort();
      // prettier-ignore
      const child = spawn('redis-server', [
        '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
        '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`,
        '--cluster-node-timeout', '1000', '--dir', dir,
      ], { stdio: 'ignore' });
      nodes.push({ port, child });
    }
    const cluster = new RedisCluster(nodes, dir);
    for (const node of nodes)
      await eventually(async () => ((await cluster.cli(node.port, 'PING')) === 'PONG' ? true : undefined), 10_000);
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map((node) => `127.0.0.1:${node.port}`),
      '--cluster-replicas',
      String(replicas),
      '--cluster-yes',
    ]);
    await cluster.untilOk();
    return cluster;
  }

  /** The gateway's REDIS_URL for it: its primaries' addresses (ioredis discovers the replicas). */
  get url(): string {
    return `redis+cluster://${this.nodes.map((node) => `127.0.0.1:${node.port}`).join(',')}`;
  }

  /** One redis-cli command on a node; its reply as text. */
  cli(port: number, ...args: string[]): Promise<string> {
    return redisCli(port, ...args);
  }

  private alive(): ClusterNode[] {
    return this.nodes.filter((node) => node.child.exitCode === null && node.child.signalCode === null);
  }

  /** Resolves once every live node says the cluster is `ok` and covers all 16384 slots. */
  async untilOk(timeoutMs = 20_000): Promise<void> {
    await eventually(async () => {
      for (const node of this.alive()) {
        const info = await this.cli(node.port, 'CLUSTER', 'INFO');
        if (!/cluster_state:ok/.test(info) || !/cluster_slots_ok:16384/.test(info)) return undefined;
      }
      return true;
    }, timeoutMs);
  }

  /** The port of the primary that serves `key`'s slot now. */
  async primaryOf(key: string): Promise<number> {
    const node = this.alive()[0];
    const slot = Number(await this.cli(node.port, 'CLUSTER', 'KEYSLOT', key));
    const lines = (await this.cli(node.port, 'CLUSTER', 'NODES')).split('\n');
    for (const line of lines) {
      const [, address, flags, , , , , , ...ranges] = line.split(' ');
      if (!flags.includes('master') || flags.includes('fail')) continue;
      for (const range of ranges) {
        const [from, to = from] = range.split('-').map(Number);
        if (slot >= from && slot <= to) return Number(address.split(':')[1].split('@')[0]);
      }
    }
    throw new Error(`no primary serves slot ${slot}`);
  }

  /** The ports of the primaries now. */
  async primaries(): Promise<number[]> {
    const lines = (await this.cli(this.alive()[0].port, 'CLUSTER', 'NODES')).split('\n');
    return lines
      .map((line) => line.split(' '))
      .filter(([, , flags]) => flags.includes('master') && !flags.includes('fail'))
      .map(([, address]) => Number(address.split(':')[1].split('@')[0]));
  }

  /** The server processes' ids (a bench counts their CPU). */
  pids(): number[] {
    return this.nodes.map((node) => node.child.pid!);
  }

  /** kill -9 of one node. */
  async kill(port: number): Promise<void> {
    const node = this.nodes.find((candidate) => candidate.port === port);
    if (!node || node.child.exitCode !== null || node.child.signalCode !== null) return;
    const exited = new Promise((resolve) => node.child.once('exit', resolve));
    node.child.kill('SIGKILL');
    await exited;
  }

  /** Empties every primary (replicas follow). */
  async flush(): Promise<void> {
    for (const port of await this.primaries()) await this.cli(port, 'FLUSHALL');
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.kill(node.port)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
