import ConnectRedisStore from 'connect-redis';
import type { Store } from 'express-session';
import { Logger } from '@nestjs/common';
import { Cluster, type Redis } from 'ioredis';
import { type RedisTarget, redisTargetOf } from '../config/redis-target';
import { gatewayClientOf } from './redis-client';
import {
  CLAIM_SCRIPT,
  COMPLETE_SCRIPT,
  RATE_LIMIT_AND_CLAIM_SCRIPT,
  RATE_LIMIT_SCRIPT,
  RELEASE_SCRIPT,
  RESERVE_PACE_SCRIPT,
  TAKE_PACE_SCRIPT,
  TIER_USAGE_SCRIPT,
} from './redis-scripts';
import {
  type IdempotencyClaim,
  type PaceDecision,
  type PaceReservation,
  type RateBucket,
  type RateLimitResult,
  SharedStore,
  type StoredResponse,
} from './shared-store';

export interface RedisStoreOptions {
  url: string;
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  keyPrefix: string;
}

/** While the circuit is open, how often a PING asks whether Redis is back. */
const PROBE_INTERVAL_MS = 200;
const WATCHDOG_TICK_MS = 50;

interface ScriptCommands {
  gwRateLimit(...args: Array<string | number>): Promise<number[]>;
  gwRateLimitClaim(...args: Array<string | number>): Promise<Array<number | string>>;
  gwClaim(cacheKey: string, lockKey: string, token: string, ttlMs: number): Promise<[string, string?]>;
  gwComplete(cacheKey: string, lockKey: string, token: string, response: string, ttlMs: number): Promise<number>;
  gwRelease(lockKey: string, token: string): Promise<number>;
  gwReservePace(...args: Array<string | number>): Promise<Array<string | number>>;
  gwTierUsage(key: string, windowUs: number, ...members: string[]): Promise<[number, number]>;
  gwTakePace(numberKey: string, rateKey: string, intervalUs: number, count: number, mode: string): Promise<number>;
}

/** One Redis (or a Sentinel-watched primary), or a cluster, with the gateway's scripts defined. */
type ScriptedRedis = (Redis | Cluster) & ScriptCommands;

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
    this.client.defineCommand('gwRateLimit', { lua: RATE_LIMIT_SCRIPT });
    this.client.defineCommand('gwRateLimitClaim', { lua: RATE_LIMIT_AND_CLAIM_SCRIPT });
    this.client.defineCommand('gwClaim', { numberOfKeys: 2, lua: CLAIM_SCRIPT });
    this.client.defineCommand('gwComplete', { numberOfKeys: 2, lua: COMPLETE_SCRIPT });
    this.client.defineCommand('gwRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    this.client.defineCommand('gwReservePace', { lua: RESERVE_PACE_SCRIPT });
    this.client.defineCommand('gwTakePace', { numberOfKeys: 2, lua: TAKE_PACE_SCRIPT });
    this.client.defineCommand('gwTierUsage', { numberOfKeys: 1, lua: TIER_USAGE_SCRIPT });
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
      throw new Error('Redis unavailable (circuit open): not sent');
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

  sessionStore(prefix: string, ttlSeconds: number): Store {
    // The client's own key prefix (REDIS_KEY_PREFIX) comes first, as for every key of the gateway.
    return new ConnectRedisStore({ client: this.client, prefix, ttl: ttlSeconds });
  }

  async close(): Promise<void> {
    clearInterval(this.probeTimer);
    this.disarmWatchdog();
    this.client.disconnect();
  }

  async hitRateLimit(buckets: RateBucket[]): Promise<RateLimitResult> {
    const reply = await this.command(() =>
      this.client.gwRateLimit(buckets.length, ...buckets.map((b) => `rl:${b.id}`), ...buckets.map((b) => b.limit)),
    );
    const rejected = Number(reply[0]);
    return {
      allowed: rejected === 0,
      rejectedBy: rejected === 0 ? null : rejected - 1,
      counts: buckets.map((_, i) => Number(reply[i + 1])),
      resetInMs: Number(reply[buckets.length + 1]),
    };
  }

  override async hitRateLimitAndClaim(
    buckets: RateBucket[],
    idempotency: { cacheKey: string; lockKey: string; token: string; lockTtlMs: number },
  ): Promise<{ rate: RateLimitResult; claim?: IdempotencyClaim }> {
    const reply = await this.command(() =>
      this.client.gwRateLimitClaim(
        buckets.length + 2,
        ...buckets.map((b) => `rl:${b.id}`),
        idempotency.cacheKey,
        idempotency.lockKey,
        ...buckets.map((b) => b.limit),
        idempotency.token,
        idempotency.lockTtlMs,
      ),
    );
    const rejected = Number(reply[0]);
    const rate: RateLimitResult = {
      allowed: rejected === 0,
      rejectedBy: rejected === 0 ? null : rejected - 1,
      counts: buckets.map((_, i) => Number(reply[i + 1])),
      resetInMs: Number(reply[buckets.length + 1]),
    };
    const state = reply[buckets.length + 2];
    if (state === 'rate_limited') return { rate };
    if (state === 'replay')
      return { rate, claim: { state, response: JSON.parse(String(reply[buckets.length + 3])) as StoredResponse } };
    return { rate, claim: { state: state === 'acquired' ? 'acquired' : 'in_flight' } };
  }

  async claimIdempotency(
    cacheKey: string,
    lockKey: string,
    token: string,
    lockTtlMs: number,
  ): Promise<IdempotencyClaim> {
    const [state, cached] = await this.command(() => this.client.gwClaim(cacheKey, lockKey, token, lockTtlMs));
    if (state === 'replay' && cached) return { state, response: JSON.parse(cached) as StoredResponse };
    return { state: state === 'acquired' ? 'acquired' : 'in_flight' };
  }

  async completeIdempotency(
    cacheKey: string,
    lockKey: string,
    token: string,
    response: StoredResponse,
    ttlMs: number,
  ): Promise<void> {
    await this.command(() => this.client.gwComplete(cacheKey, lockKey, token, JSON.stringify(response), ttlMs));
  }

  async releaseIdempotency(lockKey: string, token: string): Promise<void> {
    await this.command(() => this.client.gwRelease(lockKey, token));
  }

  async acquireLease(key: string, ttlMs: number): Promise<boolean> {
    return (await this.command(() => this.client.set(key, '1', 'PX', ttlMs, 'NX'))) === 'OK';
  }

  async reservePaces(reservations: PaceReservation[]): Promise<PaceDecision[]> {
    const [first] = reservations;
    const tier = reservations.find((r) => r.tier)?.tier;
    const args: Array<string | number> = [
      3 + reservations.length,
      first.numberKey,
      first.rateKey,
      // Without a tier the third key is never touched; the number's key stands in for it.
      tier?.key ?? first.numberKey,
      ...reservations.map((r) => r.pair.key),
      Math.round(first.intervalUs),
      Math.round(first.maxWaitUs),
      Math.round(tier?.windowUs ?? 0),
    ];
    for (const r of reservations)
      args.push(
        Math.round(r.pair.intervalUs),
        Math.round(r.pair.toleranceUs),
        r.tier ? r.tier.limit : -1,
        r.tier?.member ?? '',
      );
    const [now, ...answers] = await this.command(() => this.client.gwReservePace(...args));
    const decisions: PaceDecision[] = [];
    for (let i = 0; i < answers.length; i += 2) {
      const [state, value] = [answers[i], Number(answers[i + 1])];
      decisions.push(
        state === 'ok'
          ? { granted: true, delayUs: value, nowUs: Number(now) }
          : { granted: false, limit: state as 'throughput' | 'pair' | 'messaging_limit', retryAfterUs: value },
      );
    }
    return decisions;
  }

  async takePace(
    numberKey: string,
    rateKey: string,
    intervalUs: number,
    count: number,
    mode: 'add' | 'until',
  ): Promise<void> {
    await this.command(() => this.client.gwTakePace(numberKey, rateKey, Math.round(intervalUs), count, mode));
  }

  async paceTierUsage(
    key: string,
    windowUs: number,
    members: string[],
  ): Promise<{ reached: number; reachedAmong: number }> {
    const [reached, among] = await this.command(() => this.client.gwTierUsage(key, Math.round(windowUs), ...members));
    return { reached: Number(reached), reachedAmong: Number(among) };
  }

  async setPaceInterval(rateKey: string, intervalUs: number | null, ttlMs: number): Promise<void> {
    if (intervalUs === null) await this.command(() => this.client.del(rateKey));
    else await this.command(() => this.client.set(rateKey, String(Math.round(intervalUs)), 'PX', ttlMs));
  }
}
