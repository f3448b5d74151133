import { Logger } from '@nestjs/common';
import { Cluster, type Redis } from 'ioredis';
import { type RedisTarget, redisTargetOf } from '../config/redis-target';
import { gatewayClientOf } from './redis-client';
import { type FeedEntry, SharedStore } from './shared-store';
import type { StoreScript } from './store-script';

export interface RedisStoreOptions {
  url: string;
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  keyPrefix: string;
}

/** While the circuit is open, how often a PING asks whether Redis is back. */
const PROBE_INTERVAL_MS = 200;
const WATCHDOG_TICK_MS = 50;

/** A script defined as a command of its own (ioredis' defineCommand: EVALSHA, EVAL when Redis lacks it). */
type ScriptCommand = (numberOfKeys: number, ...keysAndArgs: Array<string | number>) => Promise<unknown>;

/** One Redis (or a Sentinel-watched primary), or a cluster, with the features' scripts defined as they are first run. */
type ScriptedRedis = (Redis | Cluster) & Record<string, unknown>;

/**
 * Redis-backed store, on one Redis, a cluster or a Sentinel-watched primary (REDIS_URL, read by
 * redisTargetOf; every script's keys share a hash tag, so each runs in one cluster slot). Commands
 * fail fast instead of queueing while disconnected
 * (`enableOfflineQueue: false`, no per-command retries, `commandTimeout`), and the client
 * reconnects on its own in the background, so an outage never makes a request hang and recovery
 * needs no restart.
 */
export class RedisStore extends SharedStore {
  readonly kind = 'redis' as const;
  readonly client: ScriptedRedis;
  /** One Redis, a cluster, or a primary found through Sentinel. */
  readonly mode: RedisTarget['mode'];
  private readonly logger = new Logger('Redis');
  private lastErrorLoggedAt = 0;
  /**
   * The circuit breaker. Closed: commands go to Redis. Open (after a command failed on a lost or
   * refused connection, or Redis stayed silent: commands waiting a whole command timeout with no
   * reply of any kind meanwhile): commands fail at once, so no request waits out the
   * command timeout while Redis is known down; a background PING every PROBE_INTERVAL_MS probes,
   * and the first that succeeds (or the client's `ready` after a reconnect) closes it. Redis's own
   * error replies (a script error) are answers, not outages: they never open it.
   */
  private circuitOpen = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  /** Commands awaiting Redis: their start time and how to release them when the circuit opens. */
  private readonly inFlight = new Map<number, { startedAt: number; release: (error: Error) => void }>();
  private sequence = 0;
  /** Ticks only while a command sent is unanswered (armWatchdog). */
  private watchdog: NodeJS.Timeout | undefined;
  private lastReplyAt = 0;
  /**
   * When the oldest command sent since Redis last answered was sent, whether it is still waiting or
   * has already timed out (a timed-out command leaves the in-flight map at the very moment the
   * watchdog would have judged it: counting from the map alone made noticing a silence a race
   * between two timers). Undefined when everything sent has been answered.
   */
  private unansweredSince: number | undefined;
  /** Commands refused without being sent while the circuit was open (for tests and metrics). */
  refusedWhileOpen = 0;

  constructor(readonly options: RedisStoreOptions) {
    super();
    const target = redisTargetOf(options.url);
    this.mode = target.mode;
    this.client = gatewayClientOf(target, options) as ScriptedRedis;
    this.client.on('error', (error: Error) => {
      // Throttled: a down Redis emits an error on every reconnect attempt.
      if (Date.now() - this.lastErrorLoggedAt > 10_000) {
        this.lastErrorLoggedAt = Date.now();
        this.logger.warn(`Redis unavailable: ${error.message}`);
      }
    });
    this.client.on('ready', () => {
      this.logger.log('Redis connected');
      this.closeCircuit();
    });
  }

  /**
   * A Redis that stopped answering (frozen, partitioned) is noticed after the command timeout, not
   * after a lost connection: while something sent is unanswered, a tick every WATCHDOG_TICK_MS looks
   * at how long Redis has been silent. Armed only then: a timer ticking all the time would wake an
   * idle process twenty times a second for nothing (docs/performance.md).
   * A tick that itself runs late means this process was busy, and replies may be waiting unread
   * in the socket: only a loop that keeps time may blame Redis for a silence.
   */
  private armWatchdog(): void {
    if (this.watchdog) return;
    let lastTick = Date.now();
    this.watchdog = setInterval(() => {
      const now = Date.now();
      const late = now - lastTick - WATCHDOG_TICK_MS;
      lastTick = now;
      if (late > WATCHDOG_TICK_MS / 2) return;
      // Silence: a command has waited a whole command timeout (or timed out) and no reply of any kind
      // came since it was sent.
      if (this.unansweredSince === undefined) return this.disarmWatchdog();
      const silentFor = now - Math.max(this.lastReplyAt, this.unansweredSince);
      if (silentFor > this.options.commandTimeoutMs) {
        this.openCircuit(new Error(`no reply for ${silentFor} ms`));
      }
    }, WATCHDOG_TICK_MS);
    this.watchdog.unref();
  }

  private disarmWatchdog(): void {
    clearInterval(this.watchdog);
    this.watchdog = undefined;
  }

  /** Whether the breaker is open (Redis known down: commands fail without being sent). */
  get unavailable(): boolean {
    return this.circuitOpen;
  }

  /** Runs a command through the breaker; opening the circuit releases it at once. */
  private async command<T>(run: () => Promise<T>): Promise<T> {
    if (this.circuitOpen) {
      this.refusedWhileOpen++;
      throw Object.assign(new Error('Redis unavailable (circuit open): not sent'), { notSent: true });
    }
    const id = ++this.sequence;
    const startedAt = Date.now();
    if (this.unansweredSince === undefined) {
      this.unansweredSince = startedAt;
      this.armWatchdog();
    }
    const released = new Promise<never>((_resolve, reject) => this.inFlight.set(id, { startedAt, release: reject }));
    try {
      const reply = await Promise.race([run(), released]);
      this.answered(id);
      return reply;
    } catch (error) {
      if ((error as Error).name === 'ReplyError') this.answered(id);
      // A lost or refused connection is an outage at once. A timeout alone is not: on a busy
      // instance a timer can fire before a reply already received is read (the watchdog decides).
      else if (!/timed out/i.test((error as Error).message)) this.openCircuit(error as Error);
      throw error;
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** Redis answered: silence, if any, is over; what is still waiting counts from its own send. */
  private answered(id: number): void {
    this.lastReplyAt = Date.now();
    this.unansweredSince = undefined;
    for (const [other, { startedAt }] of this.inFlight) {
      if (other !== id) this.unansweredSince = Math.min(this.unansweredSince ?? startedAt, startedAt);
    }
    if (this.unansweredSince === undefined) this.disarmWatchdog();
  }

  private openCircuit(cause: Error): void {
    if (this.circuitOpen) return;
    this.circuitOpen = true;
    this.unansweredSince = undefined;
    this.disarmWatchdog();
    this.logger.warn(`Redis circuit open (${cause.message}): commands fail at once until a probe answers`);
    for (const { release } of this.inFlight.values()) release(new Error(`Redis unavailable (${cause.message})`));
    this.probeTimer = setInterval(() => {
      if (this.probing) return;
      this.probing = true;
      this.client
        .ping()
        .then(() => {
          this.lastReplyAt = Date.now();
          this.closeCircuit();
        })
        .catch(() => undefined)
        .finally(() => (this.probing = false));
    }, PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  private closeCircuit(): void {
    clearInterval(this.probeTimer);
    this.probeTimer = undefined;
    if (!this.circuitOpen) return;
    this.circuitOpen = false;
    this.logger.log('Redis circuit closed: Redis answers again');
  }

  async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (error) {
      this.logger.warn(`Redis not reachable at start-up (${(error as Error).message}); retrying in the background`);
    }
  }

  async ping(): Promise<void> {
    await this.command(() => this.client.ping());
  }

  async health(): Promise<Record<string, string | number>> {
    const client = this.client;
    if (!(client instanceof Cluster)) {
      await this.ping();
      return { store: this.kind, mode: this.mode };
    }
    const info = String(await this.command(() => client.cluster('INFO')));
    const field = (name: string) => new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1] ?? 'unknown';
    const state = field('cluster_state');
    if (state !== 'ok') throw new Error(`cluster_state is ${state}`);
    return {
      store: this.kind,
      mode: this.mode,
      cluster_state: state,
      slots_ok: Number(field('cluster_slots_ok')),
      primaries: client.nodes('master').length,
      known_nodes: Number(field('cluster_known_nodes')),
    };
  }

  async close(): Promise<void> {
    clearInterval(this.probeTimer);
    this.disarmWatchdog();
    this.subscriber?.disconnect();
    this.client.disconnect();
  }

  /** The features' scripts, each defined on the client the first time it runs (its SHA is then cached). */
  private readonly commands = new Map<string, ScriptCommand>();

  async run(script: StoreScript, keys: string[], args: Array<string | number>): Promise<unknown> {
    let command = this.commands.get(script.name);
    if (!command) {
      if (typeof this.client[script.name] !== 'function') this.client.defineCommand(script.name, { lua: script.lua });
      command = (this.client[script.name] as ScriptCommand).bind(this.client);
      this.commands.set(script.name, command);
    }
    const run = command;
    return this.command(() => run(keys.length, ...keys, ...args));
  }

  async setValue(key: string, value: string, ttlMs: number): Promise<void> {
    await this.command(() => this.client.set(key, value, 'PX', ttlMs));
  }

  async deleteValue(key: string): Promise<void> {
    await this.command(() => this.client.del(key));
  }

  async scanKeys(pattern: string, each: (keys: string[]) => Promise<void>): Promise<void> {
    const prefix = this.options.keyPrefix;
    const nodes = this.client instanceof Cluster ? this.client.nodes('master') : [this.client];
    for (const node of nodes) {
      // The client's keyPrefix is not applied to SCAN's pattern, nor taken off the names it finds.
      const stream = node.scanStream({ match: `${prefix}${pattern}`, count: 1_000 });
      for await (const found of stream) {
        const names = found as string[];
        if (names.length) await each(names.map((key) => key.slice(prefix.length)));
      }
    }
  }

  async getValue(key: string): Promise<string | null> {
    return this.command(() => this.client.get(key));
  }

  async removeFromFeed(feed: string, match: (data: string) => boolean): Promise<number> {
    const key = this.feedKey(feed);
    const entries = await this.command(() => this.client.xrange(key, '-', '+'));
    const ids = entries.filter(([, fields]) => match(fields[1])).map(([id]) => id);
    if (ids.length) await this.command(() => this.client.xdel(key, ...ids));
    return ids.length;
  }

  async acquireLease(key: string, ttlMs: number): Promise<boolean> {
    return (await this.command(() => this.client.set(key, '1', 'PX', ttlMs, 'NX'))) === 'OK';
  }

  // ---- feeds, broadcasts and maps ---------------------------------------------------------------

  /**
   * Feeds are streams (`XADD … MAXLEN ~`), each entry published on the feed's channel by the same
   * script, so an entry's id and its order on the channel are the stream's. Channels are not keys:
   * the key prefix is added to them here, so two deployments on one Redis never hear each other.
   */
  private static readonly APPEND = `
    local ids, lines = {}, {}
    for i = 4, #ARGV do
      local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'd', ARGV[i])
      ids[#ids + 1] = id
      lines[#lines + 1] = id .. ' ' .. ARGV[i]
    end
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    redis.call('PUBLISH', ARGV[3], table.concat(lines, '\\n'))
    return ids`;

  /** The connection in subscriber mode (made with the first subscription; ioredis subscribes again after a reconnect). */
  private subscriber: (Redis | Cluster) | undefined;
  private readonly channelListeners = new Map<string, Set<(message: string) => void>>();

  private feedKey(feed: string): string {
    return `feed:{${feed}}`;
  }

  private channel(name: string): string {
    return `${this.options.keyPrefix}${name}`;
  }

  async appendToFeed(feed: string, data: readonly string[], keep: number, ttlMs: number): Promise<string[]> {
    if (data.length === 0) return [];
    if (typeof this.client.feedAppend !== 'function')
      this.client.defineCommand('feedAppend', { numberOfKeys: 1, lua: RedisStore.APPEND });
    const append = this.client.feedAppend as (...args: Array<string | number>) => Promise<string[]>;
    return this.command(() =>
      append.call(this.client, this.feedKey(feed), keep, ttlMs, this.channel(`feed:${feed}`), ...data),
    );
  }

  async readFeed(
    feed: string,
    afterId: string,
    count: number,
  ): Promise<{ oldest: string | null; entries: FeedEntry[] }> {
    const key = this.feedKey(feed);
    const [first, after] = await this.command(() =>
      Promise.all([
        this.client.xrange(key, '-', '+', 'COUNT', 1),
        this.client.xrange(key, `(${afterId}`, '+', 'COUNT', count),
      ]),
    );
    const entryOf = ([id, fields]: [string, string[]]): FeedEntry => ({ id, data: fields[1] });
    return { oldest: first[0]?.[0] ?? null, entries: after.map(entryOf) };
  }

  private readonly feedListeners = new Map<(entry: FeedEntry) => void, (message: string) => void>();

  async subscribeFeed(feed: string, listener: (entry: FeedEntry) => void): Promise<void> {
    // One line per entry appended together: `<id> <data>`.
    const onMessage = (message: string) => {
      for (const line of message.split('\n')) {
        const space = line.indexOf(' ');
        listener({ id: line.slice(0, space), data: line.slice(space + 1) });
      }
    };
    this.feedListeners.set(listener, onMessage);
    await this.listen(this.channel(`feed:${feed}`), onMessage);
  }

  async unsubscribeFeed(feed: string, listener: (entry: FeedEntry) => void): Promise<void> {
    const onMessage = this.feedListeners.get(listener);
    this.feedListeners.delete(listener);
    if (onMessage) await this.unlisten(this.channel(`feed:${feed}`), onMessage);
  }

  async broadcast(channel: string, message: string): Promise<void> {
    await this.command(() => this.client.publish(this.channel(`bc:${channel}`), message));
  }

  async onBroadcast(channel: string, listener: (message: string) => void): Promise<void> {
    await this.listen(this.channel(`bc:${channel}`), listener);
  }

  async setField(key: string, field: string, value: string): Promise<void> {
    await this.command(() => this.client.hset(key, field, value));
  }

  async fields(key: string): Promise<Record<string, string>> {
    return this.command(() => this.client.hgetall(key));
  }

  async deleteFields(key: string, fields: string[]): Promise<void> {
    if (fields.length > 0) await this.command(() => this.client.hdel(key, ...fields));
  }

  private async listen(channel: string, listener: (message: string) => void): Promise<void> {
    if (!this.subscriber) {
      const subscriber = this.client.duplicate();
      subscriber.on('error', () => undefined); // the main client's handler already tells of an outage
      subscriber.on('message', (from: string, message: string) => {
        for (const each of this.channelListeners.get(from) ?? []) each(message);
      });
      this.subscriber = subscriber;
      await subscriber.connect().catch(() => undefined);
    }
    const listeners = this.channelListeners.get(channel) ?? new Set();
    const first = listeners.size === 0;
    listeners.add(listener);
    this.channelListeners.set(channel, listeners);
    if (first) await this.subscriber.subscribe(channel);
  }

  private async unlisten(channel: string, listener: (message: string) => void): Promise<void> {
    const listeners = this.channelListeners.get(channel);
    if (!listeners?.delete(listener) || listeners.size > 0) return;
    this.channelListeners.delete(channel);
    await this.subscriber?.unsubscribe(channel);
  }
}
