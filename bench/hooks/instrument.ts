/**
 * Bench hook, preloaded into the gateway in the profiling phase only:
 *   node --require dist/bench/hooks/instrument.js dist/src/main.js
 * It changes nothing in the gateway's code. Driven by the bench over the IPC channel:
 *   - {cmd: 'count-start'} / {cmd: 'count-read'}: counts PostgreSQL queries (pg Client#query) by
 *     statement, Redis commands (ioredis Redis#sendCommand) by command and Redis round trips (a
 *     pipeline or MULTI is one), outbound HTTP requests (undici's diagnostics channel) by origin, and
 *     the event loop's iterations (libuv's loop count: the process's wake-ups);
 *   - {cmd: 'profile-start', intervalUs} / {cmd: 'profile-stop', file}: the V8 CPU profiler over
 *     exactly the measured window, written as a .cpuprofile (opens in Chrome DevTools).
 * Every command is answered with {cmd, ok, ...} or {cmd, ok: false, error}.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';

type Counts = Record<string, number>;
const counts = { pg: {} as Counts, redis: {} as Counts, redisTrips: 0, http: {} as Counts, loopsAtStart: 0 };
/** The first text of each statement label in the window (shortened): what a new label is. */
let samples: Record<string, string> = {};
let counting = false;

const loopCount = () => performance.nodeTiming.uvMetricsInfo.loopCount;

function bump(into: Counts, label: string): void {
  into[label] = (into[label] ?? 0) + 1;
}

/**
 * `INSERT messages`, `UPDATE messages`, `SELECT blacklist_entries`, `BEGIN`, `COMMIT`…; a statement of
 * data-modifying parts names what each part writes (`WITH: INSERT messages, UPDATE conversations`),
 * and a SELECT of no table the function it calls (`SELECT now()`).
 */
export function statementLabel(text: string): string {
  const sql = text.trim().replace(/\s+/g, ' ');
  const verb = (/^\w+/.exec(sql)?.[0] ?? '?').toUpperCase();
  if (verb === 'WITH') {
    const writes = [...sql.matchAll(/(?<!DO )\b(INSERT INTO|UPDATE|DELETE FROM) "?(\w+)"?/gi)].map(
      (match) => `${match[1].split(' ')[0].toUpperCase()} ${match[2]}`,
    );
    const reads = writes.length ? [] : [...new Set([...sql.matchAll(/\bFROM "?(\w+)"?/gi)].map((m) => m[1]))];
    return `WITH: ${[...new Set(writes), ...reads].join(', ') || '?'}`;
  }
  const table =
    /^INSERT INTO "?(\w+)"?/i.exec(sql)?.[1] ??
    /^UPDATE "?(\w+)"?/i.exec(sql)?.[1] ??
    /^DELETE FROM "?(\w+)"?/i.exec(sql)?.[1] ??
    // The first table read (`FROM now()` and other functions are not tables).
    (verb === 'SELECT' ? /\bFROM "?(\w+)\b"?(?!\s*\()/i.exec(sql)?.[1] : undefined);
  if (table) return `${verb} ${table}`;
  if (verb === 'SELECT') return `SELECT ${/^SELECT (\w+)\s*\(/i.exec(sql)?.[1] ?? '…'}()`;
  return verb === 'START' ? 'BEGIN' : verb;
}

/**
 * A Redis command by name; a script (`evalsha`, `eval`) by the shape of its first key, ids and
 * numbers left out (`evalsha gw:rl:*`, `evalsha bull:webhook-deliveries:*`), which says whose it is.
 */
export function redisLabel(name: string, args: readonly unknown[]): string {
  if (name !== 'evalsha' && name !== 'eval') return name;
  const keys = Number(args[1]);
  const first = keys > 0 ? args[2] : undefined;
  if (typeof first !== 'string' && !Buffer.isBuffer(first)) return name;
  const shape = String(first)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '*')
    .replace(/\d+/g, '*')
    .split(':')
    .slice(0, 3)
    .join(':');
  return `${name} ${shape}`;
}

/** Loads a package as the gateway resolves it (same module instance, so the patch applies). */
function gatewayRequire<T>(name: string): T {
  // The gateway's own module instance, resolved at run time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve(name, { paths: [process.cwd()] })) as T;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

function countPostgres(): void {
  const pg = gatewayRequire<{ Client: { prototype: { query: Method } } }>('pg');
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (counting) {
      const config = args[0] as string | { text?: string } | undefined;
      const text = typeof config === 'string' ? config : (config?.text ?? '?');
      const label = statementLabel(text);
      bump(counts.pg, label);
      samples[label] ??= text.replace(/\s+/g, ' ').slice(0, 400);
    }
    return original.apply(this, args);
  };
}

function countRedis(): void {
  const Redis = gatewayRequire<{ prototype: { sendCommand: Method } }>('ioredis');
  const original = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: unknown, ...args: unknown[]) {
    if (counting) {
      const command = args[0] as { name?: string; args?: unknown[] } | undefined;
      bump(counts.redis, redisLabel(String(command?.name ?? '?').toLowerCase(), command?.args ?? []));
      // A pipeline's commands come with its writer as the second argument: they share its trip.
      if (args[1] === undefined) counts.redisTrips++;
    }
    return original.apply(this, args);
  };
  // A pipeline (and MULTI … EXEC) is written at once: one round trip.
  const { default: Pipeline } = gatewayRequire<{ default: { prototype: { exec: Method } } }>('ioredis/built/Pipeline');
  const exec = Pipeline.prototype.exec;
  Pipeline.prototype.exec = function (this: unknown, ...args: unknown[]) {
    if (counting) counts.redisTrips++;
    return exec.apply(this, args);
  };
}

/** Every request undici makes (Graph calls, tenant webhook deliveries), by method and origin. */
function countHttp(): void {
  subscribe('undici:request:create', (message) => {
    if (!counting) return;
    const { request } = message as { request: { method: string; origin: string } };
    bump(counts.http, `${request.method} ${request.origin}`);
  });
}

const session = new Session();

function post<T = unknown>(method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T)));
  });
}

async function handle(message: { cmd?: string; intervalUs?: number; file?: string }): Promise<Record<string, unknown>> {
  switch (message.cmd) {
    case 'count-start':
      counts.pg = {};
      counts.redis = {};
      counts.redisTrips = 0;
      counts.http = {};
      counts.loopsAtStart = loopCount();
      samples = {};
      counting = true;
      return {};
    case 'count-read':
      counting = false;
      return {
        pg: counts.pg,
        redis: counts.redis,
        redisTrips: counts.redisTrips,
        http: counts.http,
        loops: loopCount() - counts.loopsAtStart,
        samples,
      };
    case 'profile-start':
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 250 });
      await post('Profiler.start');
      return {};
    case 'profile-stop': {
      const { profile } = await post<{ profile: unknown }>('Profiler.stop');
      session.disconnect();
      if (!message.file) throw new Error('profile-stop needs a file');
      writeFileSync(message.file, JSON.stringify(profile));
      return { file: message.file };
    }
    default:
      throw new Error(`unknown command ${String(message.cmd)}`);
  }
}

if (process.send) {
  countPostgres();
  countRedis();
  countHttp();
  process.on('message', (message: { cmd?: string }) => {
    handle(message).then(
      (reply) => process.send?.({ cmd: message.cmd, ok: true, ...reply }),
      (error: Error) => process.send?.({ cmd: message.cmd, ok: false, error: error.message }),
    );
  });
}
