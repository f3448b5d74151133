import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Child processes of the bench (sandbox, gateway, build, CLI). Every process started here is
 * registered until it exits, so `stopAll()` can end exactly those, by pid, on success, on failure
 * and on Ctrl-C.
 */

const running = new Set<ManagedProcess>();
const TAIL_LINES = 40;

export interface StartOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where stdout and stderr are appended (the file is created). */
  logPath: string;
  /** Open an IPC channel (the gateway's bench hook listens on it). */
  ipc?: boolean;
}

export class ManagedProcess {
  readonly exited: Promise<number | null>;
  private readonly tail: string[] = [];
  private readonly log: WriteStream;
  private exitCode: number | null | undefined;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    logPath: string,
  ) {
    this.log = createWriteStream(logPath, { flags: 'a' });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.record(chunk));
    }
    this.exited = new Promise((resolve) => {
      const finish = (code: number | null) => {
        if (this.exitCode !== undefined) return;
        this.exitCode = code;
        running.delete(this);
        this.log.end();
        resolve(code);
      };
      // 'close', not 'exit': it comes after the output streams are drained into the log.
      child.once('close', (code) => finish(code));
      // A command that cannot be spawned (ENOENT) emits 'error' and never 'exit'.
      child.once('error', (error) => {
        this.record(`${name}: ${error.message}\n`);
        finish(null);
      });
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} has no pid (it did not start)`);
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitCode !== undefined;
  }

  /** The last lines it printed, for error messages. */
  lastLines(): string {
    return this.tail.join('\n');
  }

  /** SIGTERM, then SIGKILL if it is still running after `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.hasExited) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  private record(chunk: string): void {
    this.log.write(chunk);
    for (const line of chunk.split('\n')) {
      if (line.trim() === '') continue;
      this.tail.push(line);
      if (this.tail.length > TAIL_LINES) this.tail.shift();
    }
  }
}

/** Starts `command args` as a registered child (stdin closed, output to its log file). */
export function startProcess(name: string, command: string, args: string[], options: StartOptions): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const managed = new ManagedProcess(name, child, options.logPath);
  running.add(managed);
  return managed;
}

/** Runs a command to completion; resolves with its output, rejects (with the output) on a non-zero exit. */
export async function runToCompletion(
  name: string,
  command: string,
  args: string[],
  options: StartOptions,
): Promise<string> {
  const child = startProcess(name, command, args, options);
  let stdout = '';
  child.child.stdout?.on('data', (chunk: string) => (stdout += chunk));
  const code = await child.exited;
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${child.lastLines()}`);
  return stdout;
}

/** Stops every process this bench started and that still runs. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/**
 * Polls `url` until it answers `expectStatus`. Fails at once if `owner` exits meanwhile, or
 * after `timeoutMs`, with the process's last lines.
 */
export async function waitForHttp(
  url: string,
  owner: ManagedProcess,
  timeoutMs = 30_000,
  expectStatus = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (owner.hasExited) throw new Error(`${owner.name} exited while starting:\n${owner.lastLines()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === expectStatus) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(200);
  }
  throw new Error(
    `${owner.name} did not answer ${url} with ${expectStatus} within ${timeoutMs} ms (last: ${last}):\n${owner.lastLines()}`,
  );
}

/** A port that is free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
