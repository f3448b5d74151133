import { Environment, validateEnvironment } from './environment';

const HEX_KEY = '0000000000000000000000000000000000000000000000000000000000000001';
const BASE64_KEY = Buffer.alloc(32, 7).toString('base64');

/** The demo's settings (most cases below are about parsing, which both modes share). */
const demo = (raw: Record<string, unknown>) => validateEnvironment({ GATEWAY_MODE: 'demo', ...raw });

/** The message validateEnvironment throws for `raw` (demo mode unless it says otherwise), or fails the test when it does not throw. */
function messageOf(raw: Record<string, unknown>): string {
  try {
    demo(raw);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected validateEnvironment to reject ${JSON.stringify(raw)}`);
}

/** The variables named in an "Invalid configuration" message. */
function namedVariables(message: string): string[] {
  return [...new Set([...message.matchAll(/^ {2}- ([A-Z_]+):/gm)].map((m) => m[1]))].sort();
}

describe('validateEnvironment', () => {
  describe('defaults', () => {
    it('applies every default to an empty environment', () => {
      const env = demo({});
      expect(env).toBeInstanceOf(Environment);
      expect(env).toMatchObject({
        GATEWAY_MODE: 'demo',
        NODE_ENV: 'development',
        PORT: 3000,
        HOST: '127.0.0.1',
        UPSTREAM_BASE_URL: 'http://127.0.0.1:3001',
        WEBHOOK_ALLOW_PRIVATE_URLS: true,
        TRUST_PROXY: 'loopback',
        BODY_LIMIT: '1mb',
        LOG_FORMAT: 'text',
        LOG_LEVEL: 'log',
        DATABASE_POOL_SIZE: 10,
        DATABASE_MIGRATIONS_RUN: true,
        DATA_DIR: './data',
        EMBEDDED_DATABASE_PORT: 54329,
        REDIS_COMMAND_TIMEOUT_MS: 250,
        REDIS_CONNECT_TIMEOUT_MS: 1000,
        REDIS_KEY_PREFIX: 'gw:',
        AUTH_CACHE_TTL_MS: 5000,
        HMAC_MAX_SKEW_SECONDS: 300,
        DEMO_SEED: true,
        DOCS_ENABLED: true,
      });
      expect(env.DATABASE_URL).toBeUndefined();
      expect(env.REDIS_URL).toBeUndefined();
      expect(env.ENCRYPTION_KEY).toBeUndefined();
    });

    it('keeps the 300-second HMAC skew of the design', () => {
      expect(demo({}).HMAC_MAX_SKEW_SECONDS).toBe(300);
    });

    it('ignores unrelated variables of the process environment', () => {
      const env = demo({ PATH: '/usr/bin', HOME: '/root', npm_config_cache: '/tmp' });
      expect(env.PORT).toBe(3000);
    });
  });

  describe('coercion', () => {
    it('turns numeric strings into numbers', () => {
      const env = demo({
        PORT: '8080',
        DATABASE_POOL_SIZE: '25',
        EMBEDDED_DATABASE_PORT: '6543',
        REDIS_COMMAND_TIMEOUT_MS: '100',
        REDIS_CONNECT_TIMEOUT_MS: '5000',
        AUTH_CACHE_TTL_MS: '0',
        HMAC_MAX_SKEW_SECONDS: '60',
      });
      expect(env.PORT).toBe(8080);
      expect(env.DATABASE_POOL_SIZE).toBe(25);
      expect(env.EMBEDDED_DATABASE_PORT).toBe(6543);
      expect(env.REDIS_COMMAND_TIMEOUT_MS).toBe(100);
      expect(env.REDIS_CONNECT_TIMEOUT_MS).toBe(5000);
      expect(env.AUTH_CACHE_TTL_MS).toBe(0);
      expect(env.HMAC_MAX_SKEW_SECONDS).toBe(60);
      expect(typeof env.PORT).toBe('number');
    });

    it('tolerates surrounding whitespace in numbers', () => {
      expect(demo({ PORT: ' 8080 ' }).PORT).toBe(8080);
    });

    it.each([
      ['true', true],
      ['TRUE', true],
      ['1', true],
      ['yes', true],
      ['on', true],
      [' On ', true],
      ['false', false],
      ['False', false],
      ['0', false],
      ['no', false],
      ['off', false],
    ])('reads the boolean "%s" as %s', (text, value) => {
      const env = demo({ DEMO_SEED: text, DOCS_ENABLED: text, DATABASE_MIGRATIONS_RUN: text });
      expect(env.DEMO_SEED).toBe(value);
      expect(env.DOCS_ENABLED).toBe(value);
      expect(env.DATABASE_MIGRATIONS_RUN).toBe(value);
    });

    it('rejects a boolean it cannot read, naming the variable', () => {
      const message = messageOf({ DEMO_SEED: 'maybe' });
      expect(namedVariables(message)).toEqual(['DEMO_SEED']);
    });

    it.each([
      ['PORT', 'abc'],
      ['PORT', '80.5'],
      ['PORT', '70000'],
      ['PORT', '-1'],
      ['DATABASE_POOL_SIZE', '0'],
      ['DATABASE_POOL_SIZE', '201'],
      ['REDIS_COMMAND_TIMEOUT_MS', '5'],
      ['HMAC_MAX_SKEW_SECONDS', '0'],
      ['HMAC_MAX_SKEW_SECONDS', '3601'],
      ['AUTH_CACHE_TTL_MS', '-5'],
      ['AUTH_CACHE_TTL_MS', '5001'],
    ])('rejects %s=%s', (name, value) => {
      expect(namedVariables(messageOf({ [name]: value }))).toEqual([name]);
    });

    it('accepts range limits', () => {
      expect(demo({ PORT: '0', HMAC_MAX_SKEW_SECONDS: '3600', DATABASE_POOL_SIZE: '200' })).toMatchObject({
        PORT: 0,
        HMAC_MAX_SKEW_SECONDS: 3600,
        DATABASE_POOL_SIZE: 200,
      });
      expect(demo({ PORT: '65535' }).PORT).toBe(65535);
    });
  });

  describe('errors', () => {
    it('names every bad variable in one message', () => {
      const message = messageOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_FORMAT: 'xml' });
      expect(message.startsWith('Invalid configuration:\n')).toBe(true);
      expect(namedVariables(message)).toEqual(['DATABASE_URL', 'LOG_FORMAT', 'PORT']);
      expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    });

    it('names more bad variables at once, without naming good ones', () => {
      const message = messageOf({
        NODE_ENV: 'staging',
        PORT: '8080',
        BODY_LIMIT: 'lots',
        LOG_LEVEL: 'trace',
        REDIS_URL: 'http://cache',
        DOCS_ENABLED: 'perhaps',
        ENCRYPTION_KEY: 'short',
      });
      expect(namedVariables(message)).toEqual([
        'BODY_LIMIT',
        'DOCS_ENABLED',
        'ENCRYPTION_KEY',
        'LOG_LEVEL',
        'NODE_ENV',
        'REDIS_URL',
      ]);
      expect(message).not.toContain('PORT');
      expect(message).toContain('BODY_LIMIT must look like 512kb or 1mb');
      expect(message).toContain('REDIS_URL: must look like redis://host:port');
    });

    it.each(['512kb', '1mb', '100b', '10MB'])('accepts BODY_LIMIT=%s', (limit) => {
      expect(demo({ BODY_LIMIT: limit }).BODY_LIMIT).toBe(limit);
    });
  });

  describe('DATABASE_URL and REDIS_URL', () => {
    it.each(['postgres://u:p@db:5432/gw', 'postgresql://db/gw'])('accepts DATABASE_URL=%s', (url) => {
      expect(demo({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    });

    it.each(['', '   '])('treats an empty DATABASE_URL (%j) as unset', (value) => {
      const env = demo({ DATABASE_URL: value });
      expect(env.DATABASE_URL).toBeUndefined();
    });

    it('refuses a REDIS_KEY_PREFIX with a hash tag (every key would share one cluster slot)', () => {
      expect(() => demo({ REDIS_KEY_PREFIX: '{gw}:' })).toThrow(/REDIS_KEY_PREFIX must not contain \{ or \}/);
      expect(demo({ REDIS_KEY_PREFIX: 'tenant-a:' }).REDIS_KEY_PREFIX).toBe('tenant-a:');
    });

    it('treats an empty REDIS_URL as unset and accepts redis:// and rediss://', () => {
      expect(demo({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
      expect(demo({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).REDIS_URL).toBe('redis://127.0.0.1:6379/0');
      expect(demo({ REDIS_URL: 'rediss://cache:6380' }).REDIS_URL).toBe('rediss://cache:6380');
    });
  });

  describe('ENCRYPTION_KEY', () => {
    it('accepts 64 hex characters and 44-character base64', () => {
      expect(demo({ ENCRYPTION_KEY: HEX_KEY }).ENCRYPTION_KEY).toBe(HEX_KEY);
      expect(demo({ ENCRYPTION_KEY: HEX_KEY.toUpperCase() }).ENCRYPTION_KEY).toBe(HEX_KEY.toUpperCase());
      expect(BASE64_KEY).toHaveLength(44);
      expect(demo({ ENCRYPTION_KEY: BASE64_KEY }).ENCRYPTION_KEY).toBe(BASE64_KEY);
    });

    it('treats an empty ENCRYPTION_KEY as unset', () => {
      expect(demo({ ENCRYPTION_KEY: '' }).ENCRYPTION_KEY).toBeUndefined();
    });

    it.each([
      ['63 hex characters', HEX_KEY.slice(1)],
      ['65 hex characters', `${HEX_KEY}0`],
      ['non-hex characters', `${HEX_KEY.slice(1)}g`],
      ['base64 of 16 bytes', Buffer.alloc(16, 7).toString('base64')],
      ['base64 of 48 bytes', Buffer.alloc(48, 7).toString('base64')],
      ['base64 without padding', BASE64_KEY.slice(0, 43)],
      ['a passphrase', 'correct horse battery staple'],
    ])('rejects %s, with the expected format in the message', (_label, key) => {
      const message = messageOf({ ENCRYPTION_KEY: key });
      expect(namedVariables(message)).toEqual(['ENCRYPTION_KEY']);
      expect(message).toContain('ENCRYPTION_KEY must be 32 bytes as base64 (44 chars) or hex (64 chars)');
    });
  });

  describe('NODE_ENV=production (log format only; the mode is GATEWAY_MODE)', () => {
    const production = {
      DATABASE_URL: 'postgres://db/gw',
      REDIS_URL: 'redis://r:6379/0',
      META_APP_SECRET: 'a1b2c3d4e5f6a7b8c9d0',
      META_APP_ID: '734512987650042',
      WEBHOOK_VERIFY_TOKEN: 'deploy-token-1',
    };
    const productionMessage = (raw: Record<string, unknown>) => {
      try {
        validateEnvironment(raw);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };

    it('production fails when DATABASE_URL is set without ENCRYPTION_KEY', () => {
      const message = productionMessage({ NODE_ENV: 'production', ...production });
      expect(message).toContain('ENCRYPTION_KEY: required in production');
      expect(namedVariables(message)).toEqual(['ENCRYPTION_KEY']);
    });

    it('lists that requirement together with other problems', () => {
      const message = productionMessage({ NODE_ENV: 'production', ...production, PORT: 'abc' });
      expect(namedVariables(message)).toEqual(['ENCRYPTION_KEY', 'PORT']);
    });

    it('fails when the ENCRYPTION_KEY given is empty', () => {
      expect(productionMessage({ ...production, ENCRYPTION_KEY: '' })).toContain(
        'ENCRYPTION_KEY: required in production',
      );
    });

    it('passes with DATABASE_URL and ENCRYPTION_KEY', () => {
      const env = demo({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/gw', ENCRYPTION_KEY: HEX_KEY });
      expect(env.NODE_ENV).toBe('production');
      expect(env.ENCRYPTION_KEY).toBe(HEX_KEY);
    });

    it('passes without DATABASE_URL (embedded database keeps a generated key) or with an empty one', () => {
      expect(demo({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
      expect(demo({ NODE_ENV: 'production', DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    });

    it('logs JSON in production and readable lines elsewhere, unless LOG_FORMAT says', () => {
      expect(demo({ NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
      expect(demo({ NODE_ENV: 'development' }).LOG_FORMAT).toBe('text');
      expect(demo({ NODE_ENV: 'production', LOG_FORMAT: 'text' }).LOG_FORMAT).toBe('text');
      expect(demo({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    });

    it('does not require ENCRYPTION_KEY outside production', () => {
      expect(demo({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/gw' }).ENCRYPTION_KEY).toBeUndefined();
      expect(demo({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db/gw' }).ENCRYPTION_KEY).toBeUndefined();
    });
  });

  describe('production, the default mode', () => {
    const complete = {
      DATABASE_URL: 'postgres://gateway@db:5432/gateway',
      REDIS_URL: 'redis://redis:6379/0',
      ENCRYPTION_KEY: HEX_KEY,
      META_APP_SECRET: '0123456789abcdef0123456789abcdef',
      META_APP_ID: '734512987650042',
      WEBHOOK_VERIFY_TOKEN: 'deployment-verify-token',
    };

    it('an empty environment names every missing setting at once', () => {
      let message = '';
      try {
        validateEnvironment({});
      } catch (error) {
        message = (error as Error).message;
      }
      expect(namedVariables(message)).toEqual([
        'DATABASE_URL',
        'ENCRYPTION_KEY',
        'META_APP_ID',
        'META_APP_SECRET',
        'REDIS_URL',
        'WEBHOOK_VERIFY_TOKEN',
      ]);
      expect(message).toContain('npm run demo');
    });

    it('complete settings: Graph upstream, every interface, no demo data, no private webhook targets', () => {
      expect(validateEnvironment(complete)).toMatchObject({
        GATEWAY_MODE: 'production',
        UPSTREAM_BASE_URL: 'https://graph.facebook.com',
        HOST: '0.0.0.0',
        DEMO_SEED: false,
        WEBHOOK_ALLOW_PRIVATE_URLS: false,
      });
    });

    it("refuses the sandbox's published app id, and takes ENCRYPTION_KEYS in place of ENCRYPTION_KEY", () => {
      const { ENCRYPTION_KEY: _single, ...rest } = complete as Record<string, string>;
      expect(() => validateEnvironment({ ...complete, META_APP_ID: '1000000000000001' })).toThrow(
        /META_APP_ID: 1000000000000001 is the sandbox/,
      );
      const keys = `k2:${'c'.repeat(64)},0:${'d'.repeat(64)}`;
      expect(validateEnvironment({ ...rest, ENCRYPTION_KEYS: keys }).ENCRYPTION_KEYS).toBe(keys);
      expect(() => validateEnvironment({ ...complete, ENCRYPTION_KEYS: keys })).toThrow(/not both/);
      expect(() =>
        validateEnvironment({ ...rest, ENCRYPTION_KEYS: `k2:${'c'.repeat(64)},k2:${'d'.repeat(64)}` }),
      ).toThrow(/key id k2 is given twice/);
      expect(() => validateEnvironment({ ...rest, ENCRYPTION_KEYS: 'k2:short' })).toThrow(/key k2 must be 32 bytes/);
    });

    it('private webhook targets follow the mode, not NODE_ENV (as .env.example says)', () => {
      for (const NODE_ENV of ['development', 'test', 'production'])
        expect(validateEnvironment({ ...complete, NODE_ENV }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
      expect(validateEnvironment({ ...complete, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(
        true,
      );
    });

    it('the CLI needs only the database and the encryption key', () => {
      expect(() =>
        validateEnvironment({ DATABASE_URL: complete.DATABASE_URL, ENCRYPTION_KEY: HEX_KEY }, 'cli'),
      ).not.toThrow();
      expect(() => validateEnvironment({}, 'cli')).toThrow(
        /DATABASE_URL: required[\s\S]*ENCRYPTION_KEY: required[\s\S]*npm run demo:cli/,
      );
    });
  });
});
