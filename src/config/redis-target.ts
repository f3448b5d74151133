/**
 * What REDIS_URL names: one Redis, a Redis Cluster, or a primary watched by Sentinel.
 *
 * ioredis takes a cluster as `new Cluster(nodes, { redisOptions })` and Sentinel as
 * `new Redis({ sentinels, name })`, and BullMQ takes the same ioredis connection; neither reads a
 * URL for them. One setting still names all three, in the schemes other Redis clients use
 * (redis-py, Lettuce, the `redis+sentinel` URL draft):
 *
 * - `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS): one Redis;
 * - `redis+cluster://[user:password@]host1:7000,host2:7001` (or `rediss+cluster://`): a cluster,
 *   any of its nodes (ioredis discovers the rest with CLUSTER SLOTS); databases other than 0 do
 *   not exist in a cluster, so a path is refused;
 * - `redis+sentinel://[user:password@]host1:26379,host2:26380/primaryName[/db]` (or
 *   `rediss+sentinel://`): the primary Sentinel calls `primaryName`; the credentials are the
 *   primary's (Sentinels without a password, as ioredis assumes unless told).
 */
export type RedisTarget =
  | { mode: 'single'; node: RedisNode; options: RedisNodeOptions }
  | { mode: 'cluster'; nodes: RedisNode[]; options: RedisNodeOptions }
  | { mode: 'sentinel'; sentinels: RedisNode[]; name: string; options: RedisNodeOptions };

export interface RedisNode {
  host: string;
  port: number;
}

/** What every connection to a data node carries (ioredis' RedisOptions of the same names). */
export interface RedisNodeOptions {
  username?: string;
  password?: string;
  db: number;
  tls?: Record<string, never>;
}

const SHAPE = /^(rediss?)(\+cluster|\+sentinel)?:\/\/(?:([^@/]*)@)?([^/?#]+)(\/[^?#]*)?$/;

/** The target a REDIS_URL names; otherwise throws what is wrong with it (without its credentials). */
export function redisTargetOf(url: string): RedisTarget {
  const match = SHAPE.exec(url.trim());
  if (!match)
    throw new Error('must look like redis://host:port, redis+cluster://h1:p1,h2:p2 or redis+sentinel://h1:p1/name');
  const [, scheme, topology, credentials, hostList, path = ''] = match;
  const [username, password] = credentialsOf(credentials);
  const nodes = hostList.split(',').map((entry) => nodeOf(entry, topology === '+sentinel' ? 26379 : 6379));
  const segments = path.split('/').filter(Boolean);
  const options = (db: number): RedisNodeOptions => ({
    ...(username && { username }),
    ...(password && { password }),
    db,
    ...(scheme === 'rediss' && { tls: {} }),
  });
  if (topology === '+cluster') {
    if (segments.length > 0) throw new Error('a cluster has only database 0, so a redis+cluster:// URL takes no path');
    return { mode: 'cluster', nodes, options: options(0) };
  }
  if (topology === '+sentinel') {
    if (segments.length < 1 || segments.length > 2)
      throw new Error('a redis+sentinel:// URL names its primary: redis+sentinel://host:26379/mymaster[/db]');
    return {
      mode: 'sentinel',
      sentinels: nodes,
      name: decodeURIComponent(segments[0]),
      options: options(dbOf(segments[1])),
    };
  }
  if (nodes.length !== 1) throw new Error('several hosts need redis+cluster:// or redis+sentinel://');
  if (segments.length > 1) throw new Error('the path is the database number only');
  return { mode: 'single', node: nodes[0], options: options(dbOf(segments[0])) };
}

function credentialsOf(credentials: string | undefined): [string?, string?] {
  if (!credentials) return [];
  const colon = credentials.indexOf(':');
  if (colon < 0) return [decodeURIComponent(credentials) || undefined];
  return [
    decodeURIComponent(credentials.slice(0, colon)) || undefined,
    decodeURIComponent(credentials.slice(colon + 1)) || undefined,
  ];
}

function nodeOf(entry: string, defaultPort: number): RedisNode {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) throw new Error(`"${entry}" is not a host or host:port`);
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  if (port < 1 || port > 65535) throw new Error(`port ${port} is out of range`);
  return { host: match[1].replace(/^\[|\]$/g, ''), port };
}

function dbOf(segment: string | undefined): number {
  if (segment === undefined || segment === '') return 0;
  if (!/^\d{1,2}$/.test(segment)) throw new Error(`"${segment}" is not a database number`);
  return Number(segment);
}

/**
 * How every client of a Sentinel target follows a failover (the gateway's own and BullMQ's):
 *
 * - A primary that dies closes the connection: the client reconnects, and ioredis asks Sentinel for
 *   the primary on every attempt, so it reaches the promoted replica once Sentinel names it.
 * - A primary demoted while alive (Sentinel's manual failover, a partition healed): Sentinel closes
 *   its clients' connections as it makes it a replica, and they reconnect as above. A client still
 *   connected to it anyway meets `READONLY` on its next write, which makes it reconnect too
 *   (`reconnectOnError`, ioredis' documented way).
 * - Not ioredis' `failoverDetector`: when Sentinel's `+switch-master` came while the client was in
 *   the middle of a reconnection attempt (as it keeps being, every 250 ms, while the primary is
 *   down), it cancelled that attempt and the client ended for good, never to reconnect (about one
 *   failover in three in `test/redis-sentinel.e2e-spec.ts`: the instance stayed on its per-instance
 *   fallbacks, and BullMQ's clients, which use the same options, would end the same way).
 */
export const SENTINEL_FAILOVER = {
  failoverDetector: false,
  reconnectOnError: (error: Error): 1 | false => (error.message.startsWith('READONLY') ? 1 : false),
};
