import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * A throw-away PostgreSQL cluster of the test's own (initdb in a temporary folder, its own port and
 * socket folder), so a test can stop it and start it again without touching the shared server.
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user.
 */
export class PostgresProcess {
  readonly dir = mkdtempSync(join(tmpdir(), 'gateway-pg-'));
  private readonly bin: string;

  constructor(readonly port: number) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    this.bin = join('/usr/lib/postgresql', versions[0], 'bin');
    if (!existsSync(join(this.bin, 'initdb'))) throw new Error(`no initdb in ${this.bin}`);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(command: string, args: string[]): void {
    const asRoot = process.getuid?.() === 0;
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(this.bin, command), ...args]]
      : [join(this.bin, command), args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: tmpdir() });
  }

  init(): void {
    if (process.getuid?.() === 0)
      chownSync(
        this.dir,
        Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      );
    this.run('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-o', options, '-l', join(this.dir, 'log'), '-w', 'start']);
  }

  /** Stops the server at once (connections are cut, new ones refused). */
  stop(): void {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }

  /** The server's processes: the postmaster and its children. */
  private pids(): number[] {
    const postmaster = Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  }

  /** Freezes the server: connections stay open, nothing answers, new ones hang. */
  freeze(): void {
    for (const pid of this.pids()) process.kill(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.pids()) process.kill(pid, 'SIGCONT');
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * An empty database of its own on the shared test server (its name says test), for a spec that
 * must see a deployment from scratch: created in `create()`, dropped in `drop()`.
 */
export class ScratchDatabase {
  private readonly admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  readonly name: string;
  readonly url: string;

  constructor(purpose: string) {
    this.name = `gateway_test_${purpose}_${process.pid}`;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${this.name}`;
    this.url = url.toString();
  }

  async create(): Promise<void> {
    await this.admin.connect();
    await this.admin.query(`DROP DATABASE IF EXISTS ${this.name}`);
    await this.admin.query(`CREATE DATABASE ${this.name}`);
  }

  async drop(): Promise<void> {
    await this.admin.query(`DROP DATABASE IF EXISTS ${this.name} WITH (FORCE)`);
    await this.admin.end();
  }

  /** Runs `work` with a client of this database. */
  async query<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
}

/** The tables partitioned by week whose records age out (src/retention/), in registration order. */
export const AGING_TABLES = [
  'messages',
  'message_statuses',
  'inbound_messages',
  'webhook_events',
  'webhook_deliveries',
  'audit_log',
];
