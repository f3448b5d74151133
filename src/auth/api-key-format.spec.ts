import { createHash } from 'node:crypto';
import {
  displayPrefix,
  generateKey,
  hashKey,
  modeOfPrefix,
  parseAuthorizationHeader,
  parseKeyText,
  randomBase62,
} from './api-key-format';

const BASE62_ONLY = /^[A-Za-z0-9]*$/;
/** A fixed, well-formed organization key (40 random characters) used across cases. */
const ORG_KEY = 'svc_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';
const ADMIN_KEY = 'svc_admin_ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210zyxw';

describe('randomBase62', () => {
  it.each([0, 1, 7, 32, 40, 48, 200])('returns exactly %i characters', (length) => {
    expect(randomBase62(length)).toHaveLength(length);
  });

  it('uses only the base62 alphabet', () => {
    const sample = randomBase62(5000);
    expect(sample).toMatch(BASE62_ONLY);
  });

  it('draws from the whole alphabet (upper case, lower case and digits all appear)', () => {
    const seen = new Set(randomBase62(20000));
    // 62 symbols over 20,000 draws: missing one by chance is astronomically unlikely.
    expect(seen.size).toBe(62);
    expect(seen.has('A') && seen.has('Z') && seen.has('a') && seen.has('z') && seen.has('0') && seen.has('9')).toBe(
      true,
    );
  });

  it('is not biased toward the first symbols of the alphabet (rejection sampling)', () => {
    // A plain `byte % 62` would pick the first 8 symbols 5/256 of the time vs 4/256 for the rest
    // (25% more). Unbiased sampling keeps both groups near 1/62.
    const draws = 124_000;
    const text = randomBase62(draws);
    const counts = new Map<string, number>();
    for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const first8 = [...'ABCDEFGH'].reduce((sum, ch) => sum + (counts.get(ch) ?? 0), 0) / 8;
    const rest =
      [...counts.entries()].filter(([ch]) => !'ABCDEFGH'.includes(ch)).reduce((sum, [, n]) => sum + n, 0) / 54;
    expect(first8 / rest).toBeGreaterThan(0.9);
    expect(first8 / rest).toBeLessThan(1.1);
  });

  it('differs between calls', () => {
    expect(randomBase62(32)).not.toBe(randomBase62(32));
  });
});

describe('generateKey', () => {
  it('issues organization keys as svc_live_ + 40 base62 characters', () => {
    const key = generateKey('org');
    expect(key.startsWith('svc_live_')).toBe(true);
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{40}$/);
    expect(key).toHaveLength('svc_live_'.length + 40);
  });

  it('issues admin keys as svc_admin_ + 40 base62 characters', () => {
    const key = generateKey('admin');
    expect(key.startsWith('svc_admin_')).toBe(true);
    expect(key).toMatch(/^svc_admin_[A-Za-z0-9]{40}$/);
    expect(key).toHaveLength('svc_admin_'.length + 40);
  });

  it('never repeats over many keys', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5000; i++) keys.add(generateKey(i % 2 ? 'org' : 'admin'));
    expect(keys.size).toBe(5000);
  });

  it('issues keys that its own parser accepts with the right kind', () => {
    for (let i = 0; i < 200; i++) {
      const org = generateKey('org');
      const admin = generateKey('admin');
      const platform = generateKey('platform');
      expect(parseAuthorizationHeader(`Bearer ${org}`)).toEqual({ kind: 'org', mode: 'live', text: org });
      expect(parseAuthorizationHeader(`Bearer ${admin}`)).toEqual({ kind: 'admin', mode: 'live', text: admin });
      expect(parseAuthorizationHeader(`Bearer ${platform}`)).toEqual({
        kind: 'platform',
        mode: 'live',
        text: platform,
      });
    }
  });
});

describe('test keys (test mode)', () => {
  it('issues svc_test_ and svc_admin_test_ keys that parse as test keys of their kind', () => {
    for (let i = 0; i < 200; i++) {
      const org = generateKey('org', 'test');
      const admin = generateKey('admin', 'test');
      expect(org).toMatch(/^svc_test_[A-Za-z0-9]{40}$/);
      expect(admin).toMatch(/^svc_admin_test_[A-Za-z0-9]{40}$/);
      expect(parseKeyText(org)).toEqual({ kind: 'org', mode: 'test', text: org });
      expect(parseKeyText(admin)).toEqual({ kind: 'admin', mode: 'test', text: admin });
      expect(displayPrefix(admin)).toBe(admin.slice(0, 'svc_admin_test_'.length + 6));
      expect(modeOfPrefix(displayPrefix(admin))).toBe('test');
      expect(modeOfPrefix(displayPrefix(org))).toBe('test');
      expect(modeOfPrefix(displayPrefix(generateKey('admin')))).toBe('live');
    }
  });

  it('has no test platform key', () => {
    expect(() => generateKey('platform', 'test')).toThrow('platform keys have no test form');
    expect(parseKeyText(`svc_platform_test_${'a'.repeat(40)}`)).toBeNull();
  });

  it('reads a live admin key whose secret starts with "test" as live', () => {
    const key = `svc_admin_test${'A'.repeat(36)}`;
    expect(parseKeyText(key)).toEqual({ kind: 'admin', mode: 'live', text: key });
  });
});

describe('parseAuthorizationHeader', () => {
  describe('accepts', () => {
    it('an organization key', () => {
      expect(parseAuthorizationHeader(`Bearer ${ORG_KEY}`)).toEqual({ kind: 'org', mode: 'live', text: ORG_KEY });
    });

    it('an admin key', () => {
      expect(parseAuthorizationHeader(`Bearer ${ADMIN_KEY}`)).toEqual({ kind: 'admin', mode: 'live', text: ADMIN_KEY });
    });

    it.each(['bearer', 'BEARER', 'BeArEr'])('the scheme written as "%s" (case-insensitive)', (scheme) => {
      expect(parseAuthorizationHeader(`${scheme} ${ORG_KEY}`)).toEqual({ kind: 'org', mode: 'live', text: ORG_KEY });
    });

    it('several spaces or a tab between scheme and key', () => {
      expect(parseAuthorizationHeader(`Bearer    ${ORG_KEY}`)).toEqual({ kind: 'org', mode: 'live', text: ORG_KEY });
      expect(parseAuthorizationHeader(`Bearer\t${ORG_KEY}`)).toEqual({ kind: 'org', mode: 'live', text: ORG_KEY });
    });

    it('trailing whitespace after the key, which is not part of the key text', () => {
      expect(parseAuthorizationHeader(`Bearer ${ORG_KEY}   `)).toEqual({ kind: 'org', mode: 'live', text: ORG_KEY });
      expect(parseAuthorizationHeader(`Bearer ${ADMIN_KEY}\t`)).toEqual({
        kind: 'admin',
        mode: 'live',
        text: ADMIN_KEY,
      });
    });

    it('a random part of exactly 32 characters (the minimum) and of 128 (the maximum)', () => {
      const min = `svc_live_${'a'.repeat(32)}`;
      const max = `svc_admin_${'Z'.repeat(128)}`;
      expect(parseAuthorizationHeader(`Bearer ${min}`)).toEqual({ kind: 'org', mode: 'live', text: min });
      expect(parseAuthorizationHeader(`Bearer ${max}`)).toEqual({ kind: 'admin', mode: 'live', text: max });
    });
  });

  describe('rejects (null)', () => {
    it('a missing or empty header', () => {
      expect(parseAuthorizationHeader(undefined)).toBeNull();
      expect(parseAuthorizationHeader('')).toBeNull();
    });

    it.each([
      ['Basic', `Basic ${Buffer.from(`user:${ORG_KEY}`).toString('base64')}`],
      ['Token', `Token ${ORG_KEY}`],
      ['Bearer without a space', `Bearer${ORG_KEY}`],
      ['the bare key with no scheme', ORG_KEY],
      ['"Bearer" alone', 'Bearer'],
      ['"Bearer " with no key', 'Bearer '],
      ['a scheme that only starts with Bearer', `Bearerx ${ORG_KEY}`],
    ])('another scheme or shape: %s', (_label, header) => {
      expect(parseAuthorizationHeader(header)).toBeNull();
    });

    it('extra tokens after the key', () => {
      expect(parseAuthorizationHeader(`Bearer ${ORG_KEY} extra`)).toBeNull();
      expect(parseAuthorizationHeader(`Bearer ${ORG_KEY} ${ORG_KEY}`)).toBeNull();
    });

    it('a random part shorter than 32 characters', () => {
      expect(parseAuthorizationHeader(`Bearer svc_live_${'a'.repeat(31)}`)).toBeNull();
      expect(parseAuthorizationHeader(`Bearer svc_admin_${'a'.repeat(31)}`)).toBeNull();
      expect(parseAuthorizationHeader('Bearer svc_live_')).toBeNull();
    });

    it('a random part longer than 128 characters', () => {
      expect(parseAuthorizationHeader(`Bearer svc_live_${'a'.repeat(129)}`)).toBeNull();
    });

    it.each([
      ['svc_sandbox_', `svc_sandbox_${'a'.repeat(40)}`],
      ['SVC_LIVE_ (wrong case)', `SVC_LIVE_${'a'.repeat(40)}`],
      ['svc_live without underscore', `svc_live${'a'.repeat(40)}`],
      ['no prefix at all', 'a'.repeat(49)],
      ['prefix not at the start', `xsvc_live_${'a'.repeat(40)}`],
      ['sk_live_ (another vendor)', `sk_live_${'a'.repeat(40)}`],
    ])('a wrong prefix: %s', (_label, key) => {
      expect(parseAuthorizationHeader(`Bearer ${key}`)).toBeNull();
    });

    it.each(['-', '_', '+', '/', '=', '.', 'é', '%'])('a character outside base62 (%s) in the random part', (ch) => {
      const key = `svc_live_${'a'.repeat(20)}${ch}${'b'.repeat(20)}`;
      expect(parseAuthorizationHeader(`Bearer ${key}`)).toBeNull();
    });
  });
});

describe('hashKey', () => {
  it('is the hex SHA-256 of the text (FIPS 180-2 "abc" vector)', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes a fixed key text to a fixed digest (precomputed with openssl)', () => {
    expect(hashKey(ORG_KEY)).toBe('d0b4ca62d0b90944da5e1bd8e146fe3006e99fc4ed20871c34a5a2521f10327d');
  });

  it('agrees with node:crypto for generated keys', () => {
    const key = generateKey('admin');
    expect(hashKey(key)).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
  });

  it('is 64 lower-case hex characters and never contains the key text', () => {
    const key = generateKey('org');
    const hash = hashKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice('svc_live_'.length));
  });

  it('is deterministic and distinguishes keys differing in one character', () => {
    expect(hashKey(ORG_KEY)).toBe(hashKey(ORG_KEY));
    expect(hashKey(ORG_KEY)).not.toBe(hashKey(`${ORG_KEY.slice(0, -1)}e`));
  });
});

describe('displayPrefix', () => {
  it('keeps the organization prefix and 6 characters of the random part', () => {
    expect(displayPrefix(ORG_KEY)).toBe('svc_live_AbCdEf');
  });

  it('keeps the admin prefix and 6 characters of the random part', () => {
    expect(displayPrefix(ADMIN_KEY)).toBe('svc_admin_ZyXwVu');
  });

  it('keeps the platform prefix and 6 characters of the random part', () => {
    expect(displayPrefix('svc_platform_QwErTyUiOpAsDfGhJkLzXcVbNm0123456789abcd')).toBe('svc_platform_QwErTy');
  });

  it('reveals only a small part of a generated key', () => {
    const org = generateKey('org');
    const admin = generateKey('admin');
    expect(displayPrefix(org)).toBe(org.slice(0, 15));
    expect(displayPrefix(admin)).toBe(admin.slice(0, 16));
    expect(displayPrefix(org)).toHaveLength(15);
    expect(displayPrefix(admin)).toHaveLength(16);
  });
});
