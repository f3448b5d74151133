import Redis, { Cluster, type RedisOptions } from 'ioredis';
import { type RedisTarget, SENTINEL_FAILOVER } from '../config/redis-target';

export interface ClientSettings {
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  keyPrefix: string;
}

/** Reconnect attempts at most 250 ms apart: a Redis that comes back is used again within a second. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 50, 250);

/**
 * The gateway's own client for a target (RedisStore's): commands fail fast instead of queueing
 * while disconnected (no offline queue, no per-command retries, a command timeout), and the client
 * reconnects in the background. For a cluster, ioredis follows MOVED and ASK itself and, when a
 * primary's connection closes, refreshes the slot map and tries again (at most `maxRedirections`
 * times, `retryDelayOnFailover` apart), so a replica promoted by the cluster is found without a
 * restart; Sentinel is asked for the primary again on every reconnection (SENTINEL_FAILOVER).
 */
export function gatewayClientOf(target: RedisTarget, settings: ClientSettings): Redis | Cluster {
  const node: RedisOptions = {
    ...target.options,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: settings.commandTimeoutMs,
    connectTimeout: settings.connectTimeoutMs,
    retryStrategy: reconnectDelay,
  };
  if (target.mode === 'cluster') {
    return new Cluster(target.nodes, {
      lazyConnect: true,
      enableOfflineQueue: false,
      keyPrefix: settings.keyPrefix,
      scaleReads: 'master',
      maxRedirections: 8,
      retryDelayOnFailover: 100,
      retryDelayOnClusterDown: 100,
      retryDelayOnTryAgain: 100,
      slotsRefreshTimeout: settings.connectTimeoutMs,
      clusterRetryStrategy: reconnectDelay,
      redisOptions: node,
    });
  }
  if (target.mode === 'sentinel') {
    return new Redis({
      ...node,
      lazyConnect: true,
      keyPrefix: settings.keyPrefix,
      sentinels: target.sentinels,
      name: target.name,
      sentinelRetryStrategy: reconnectDelay,
      ...SENTINEL_FAILOVER,
    });
  }
  return new Redis({ ...node, ...target.node, lazyConnect: true, keyPrefix: settings.keyPrefix });
}
