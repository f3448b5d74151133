import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually';
import { freePort, redisCli } from './redis-helpers';

/**
 * A primary, its replica and one Sentinel watching them (quorum 1, down after 1 s), on loopback
 * ports of the test's own: what `redis+sentinel://` names, and a failover the test can cause.
 */
export class RedisSentinel {
  static readonly NAME = 'gwprimary';
  private readonly children = new Map<number, ChildProcess>();

  private constructor(
    readonly primaryPort: number,
    readonly replicaPort: number,
    readonly sentinelPort: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<RedisSentinel> {
    const dir = mkdtempSync(join(tmpdir(), 'gw-redis-sentinel-'));
    const set = new RedisSentinel(await freePort(), await freePort(), await freePort(), dir);
    const base = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    set.spawn(set.primaryPort, ['--port', String(set.primaryPort), ...base]);
    set.spawn(set.replicaPort, [
      '--port',
      String(set.replicaPort),
      '--replicaof',
      '127.0.0.1',
      String(set.primaryPort),
      ...base,
    ]);
    const config = join(dir, 'sentinel.conf');
    writeFileSync(
      config,
      [
        `port ${set.sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${RedisSentinel.NAME} 127.0.0.1 ${set.primaryPort} 1`,
        `sentinel down-after-milliseconds ${RedisSentinel.NAME} 1000`,
        `sentinel failover-timeout ${RedisSentinel.NAME} 3000`,
        '',
      ].join('\n'),
    );
    set.spawn(set.sentinelPort, [config, '--sentinel']);
    await eventually(
      async () =>
        (await set.cli(set.replicaPort, 'INFO', 'replication')).includes('master_link_status:up') ? true : undefined,
      10_000,
    );
    await eventually(async () => ((await set.primary()) === set.primaryPort ? true : undefined), 10_000);
    return set;
  }

  /** Starts a killed server again on its port, as a replica of `primaryPort` (Sentinel sees it join). */
  async restartAsReplica(port: number, primaryPort: number): Promise<void> {
    this.spawn(port, [
      '--port',
      String(port),
      '--replicaof',
      '127.0.0.1',
      String(primaryPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      this.dir,
    ]);
    await eventually(
      async () => ((await this.cli(port, 'INFO', 'replication')).includes('master_link_status:up') ? true : undefined),
      10_000,
    );
  }

  private spawn(port: number, args: string[]): void {
    this.children.set(port, spawn('redis-server', args, { stdio: 'ignore' }));
  }

  get url(): string {
    return `redis+sentinel://127.0.0.1:${this.sentinelPort}/${RedisSentinel.NAME}`;
  }

  /** One redis-cli command on a node; its reply as text. */
  cli(port: number, ...args: string[]): Promise<string> {
    return redisCli(port, ...args);
  }

  /** The port of the primary Sentinel names now. */
  async primary(): Promise<number | undefined> {
    const reply = await this.cli(this.sentinelPort, 'SENTINEL', 'get-master-addr-by-name', RedisSentinel.NAME);
    const port = Number(reply.split('\n')[1]);
    return Number.isFinite(port) && port > 0 ? port : undefined;
  }

  /** kill -9 of one server. */
  async kill(port: number): Promise<void> {
    const child = this.children.get(port);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.children.keys()].map((port) => this.kill(port)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
