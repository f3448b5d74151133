import { Cluster, type RedisOptions } from 'ioredis';
import { type RedisTarget, SENTINEL_FAILOVER } from '../config/redis-target';

/** Reconnect attempts at most 250 ms apart, as the gateway's own client (redis/redis-client.ts). */
const reconnectDelay = (attempt: number) => Math.min(attempt * 50, 250);

/**
 * BullMQ's connection for a target: options for one Redis or Sentinel (BullMQ makes its own
 * clients from them), a Cluster client for a cluster (BullMQ takes a cluster only as a client, and
 * duplicates it for its workers' blocking reads). BullMQ's workers block on Redis, so there is no
 * command timeout and no limit on retries (`maxRetriesPerRequest: null`, as BullMQ requires), and
 * no key prefix (BullMQ refuses one: queues carry their own prefix).
 */
export function jobsConnectionOf(target: RedisTarget): RedisOptions | Cluster {
  const node: RedisOptions = { ...target.options, maxRetriesPerRequest: null };
  if (target.mode === 'cluster') {
    return new Cluster(target.nodes, {
      scaleReads: 'master',
      retryDelayOnFailover: 100,
      retryDelayOnClusterDown: 100,
      clusterRetryStrategy: reconnectDelay,
      redisOptions: node,
    });
  }
  if (target.mode === 'sentinel')
    return { ...node, sentinels: target.sentinels, name: target.name, ...SENTINEL_FAILOVER };
  return { ...node, ...target.node };
}

/**
 * BullMQ's key prefix. On a cluster every key of one queue must share a slot (BullMQ's rule): the
 * prefix is a hash tag. The gateway has one busy queue (the tenant deliveries), which lives in one
 * slot whatever its tag, so the periodic queue sharing it costs nothing.
 */
export function jobsPrefixOf(target: RedisTarget, keyPrefix: string): string {
  return target.mode === 'cluster' ? `{${keyPrefix}bull}` : `${keyPrefix}bull`;
}
