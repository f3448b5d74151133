/**
 * Bench hook, preloaded into the gateway in the profiling phase only:
 *   node --require dist/bench/hooks/instrument.js dist/src/main.js
 * It changes nothing in the gateway's code. Driven by the bench over the IPC channel:
 *   - {cmd: 'count-start'} / {cmd: 'count-read'}: counts PostgreSQL queries (pg Client#query) and
 *     Redis commands (ioredis Redis#sendCommand), i.e. round trips, by statement or command;
 *   - {cmd: 'profile-start', intervalUs} / {cmd: 'profile-stop', file}: the V8 CPU profiler over
 *     exactly the measured window, written as a .cpuprofile (opens in Chrome DevTools).
 * Every command is answered with {cmd, ok, ...} or {cmd, ok: false, error}.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

type Counts = Record<string, number>;
const counts = { pg: {} as Counts, redis: {} as Counts };
let counting = false;

function bump(into: Counts, label: string): void {
  into[label] = (into[label] ?? 0) + 1;
}

/** `INSERT messages`, `UPDATE messages`, `SELECT blacklist_entries`, `BEGIN`, `COMMIT`... */
export function statementLabel(text: string): string {
  const sql = text.trim().replace(/\s+/g, ' ');
  const verb = (/^\w+/.exec(sql)?.[0] ?? '?').toUpperCase();
  const table =
    /^INSERT INTO "?(\w+)"?/i.exec(sql)?.[1] ??
    /^UPDATE "?(\w+)"?/i.exec(sql)?.[1] ??
    /^DELETE FROM "?(\w+)"?/i.exec(sql)?.[1] ??
    (verb === 'SELECT' ? /\bFROM "?(\w+)"?/i.exec(sql)?.[1] : undefined);
  return table ? `${verb} ${table}` : verb;
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
      bump(counts.pg, statementLabel(typeof config === 'string' ? config : (config?.text ?? '?')));
    }
    return original.apply(this, args);
  };
}

function countRedis(): void {
  const Redis = gatewayRequire<{ prototype: { sendCommand: Method } }>('ioredis');
  const original = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: unknown, ...args: unknown[]) {
    if (counting) bump(counts.redis, String((args[0] as { name?: string } | undefined)?.name ?? '?').toLowerCase());
    return original.apply(this, args);
  };
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
      counting = true;
      return {};
    case 'count-read':
      counting = false;
      return { pg: counts.pg, redis: counts.redis };
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
  process.on('message', (message: { cmd?: string }) => {
    handle(message).then(
      (reply) => process.send?.({ cmd: message.cmd, ok: true, ...reply }),
      (error: Error) => process.send?.({ cmd: message.cmd, ok: false, error: error.message }),
    );
  });
}
