import { redisTargetOf, SENTINEL_FAILOVER } from './redis-target';

describe('redisTargetOf', () => {
  it('reads one Redis, with credentials, database and TLS', () => {
    expect(redisTargetOf('redis://127.0.0.1:6379/0')).toEqual({
      mode: 'single',
      node: { host: '127.0.0.1', port: 6379 },
      options: { db: 0 },
    });
    expect(redisTargetOf('rediss://app:p%40ss@cache.example:6380/3')).toEqual({
      mode: 'single',
      node: { host: 'cache.example', port: 6380 },
      options: { username: 'app', password: 'p@ss', db: 3, tls: {} },
    });
    expect(redisTargetOf('redis://:only-password@[::1]')).toEqual({
      mode: 'single',
      node: { host: '::1', port: 6379 },
      options: { password: 'only-password', db: 0 },
    });
  });

  it('reads a cluster: every node given, no database', () => {
    expect(redisTargetOf('redis+cluster://10.0.0.1:7000,10.0.0.2:7001,node-3')).toEqual({
      mode: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: 'node-3', port: 6379 },
      ],
      options: { db: 0 },
    });
    expect(redisTargetOf('rediss+cluster://u:p@a:7000').options).toEqual({
      username: 'u',
      password: 'p',
      db: 0,
      tls: {},
    });
    expect(() => redisTargetOf('redis+cluster://a:7000/2')).toThrow(/cluster has only database 0/);
  });

  it("reads Sentinel: the sentinels (26379 by default), the primary's name, its database", () => {
    expect(redisTargetOf('redis+sentinel://s1,s2:26380/mymaster/2')).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
      ],
      name: 'mymaster',
      options: { db: 2 },
    });
    expect(() => redisTargetOf('redis+sentinel://s1:26379')).toThrow(/names its primary/);
  });

  it.each([
    ['http://cache', /must look like/],
    ['redis://a:1,b:2', /several hosts need/],
    ['redis://a:70000', /out of range/],
    ['redis://a:6379/x', /not a database number/],
    ['redis://a:6379/0/1', /database number only/],
    ['redis+cluster://a:b:c', /not a host or host:port/],
  ])('refuses %s', (url, message) => {
    expect(() => redisTargetOf(url)).toThrow(message);
  });

  it('never repeats the credentials in what it refuses', () => {
    for (const url of [
      'redis://user:s3cret@a:6379/x',
      'redis+cluster://user:s3cret@a:7000/1',
      'redis://user:s3cret@a:99999',
    ]) {
      expect(() => redisTargetOf(url)).toThrow();
      try {
        redisTargetOf(url);
      } catch (error) {
        expect((error as Error).message).not.toContain('s3cret');
      }
    }
  });
});

describe('SENTINEL_FAILOVER', () => {
  it("reconnects on a demoted primary's READONLY answer only, and does without ioredis' failover detector", () => {
    expect(SENTINEL_FAILOVER.reconnectOnError(new Error("READONLY You can't write against a read only replica."))).toBe(
      1,
    );
    expect(SENTINEL_FAILOVER.reconnectOnError(new Error('ERR unknown command'))).toBe(false);
    expect(SENTINEL_FAILOVER.reconnectOnError(new Error('NOSCRIPT No matching script'))).toBe(false);
    expect(SENTINEL_FAILOVER.failoverDetector).toBe(false);
  });
});
