import { createDecipheriv, randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

const KEY_HEX = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const KEY = Buffer.from(KEY_HEX, 'hex');

function parts(stored: string): { version: string; iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const [version, iv, tag, ciphertext] = stored.split('.');
  return {
    version,
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
}

function join(version: string, iv: Buffer, tag: Buffer, ciphertext: Buffer): string {
  return [version, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

function flipFirstBit(buffer: Buffer): Buffer {
  const copy = Buffer.from(buffer);
  copy[0] ^= 0x01;
  return copy;
}

describe('SecretBox', () => {
  const box = new SecretBox(KEY);

  describe('round trip', () => {
    it.each([
      ['an access token', 'EAAGm0PX4ZCpsBAKZAZBZA0wNNX9ZCZBZC'],
      ['unicode text', 'olá ✓ 日本語 👋🏽 — “quotes”'],
      ['the empty string', ''],
      ['text with dots (the separator)', 'a.b.c.d.e'],
      ['a long value', 'x'.repeat(100_000)],
    ])('decrypts %s to the same text', (_label, plaintext) => {
      expect(box.decrypt(box.encrypt(plaintext))).toBe(plaintext);
    });

    it('decrypts with another SecretBox built from the same key bytes', () => {
      const stored = box.encrypt('shared secret');
      expect(new SecretBox(Buffer.from(KEY)).decrypt(stored)).toBe('shared secret');
    });
  });

  describe('stored form', () => {
    it('is v1.<iv>.<tag>.<ciphertext>, each base64url, with a 12-byte IV and a 16-byte tag', () => {
      const stored = box.encrypt('hello world');
      expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/);
      const { version, iv, tag, ciphertext } = parts(stored);
      expect(version).toBe('v1');
      expect(iv).toHaveLength(12);
      expect(tag).toHaveLength(16);
      expect(ciphertext).toHaveLength(Buffer.byteLength('hello world'));
    });

    it('does not contain the plaintext', () => {
      const stored = box.encrypt('EAAGsupersecrettoken');
      expect(stored).not.toContain('EAAGsupersecrettoken');
      expect(Buffer.from(stored.split('.')[3], 'base64url').toString('utf8')).not.toContain('supersecret');
    });

    it('is AES-256-GCM under the given key (decryptable with node:crypto directly)', () => {
      const { iv, tag, ciphertext } = parts(box.encrypt('interop'));
      const decipher = createDecipheriv('aes-256-gcm', KEY, iv, { authTagLength: 16 });
      decipher.setAuthTag(tag);
      expect(Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')).toBe('interop');
    });

    it('uses a fresh random IV: two encryptions of the same text differ', () => {
      const a = box.encrypt('same text');
      const b = box.encrypt('same text');
      expect(a).not.toBe(b);
      expect(parts(a).iv.equals(parts(b).iv)).toBe(false);
      expect(box.decrypt(a)).toBe('same text');
      expect(box.decrypt(b)).toBe('same text');
    });

    it('never repeats an IV over many encryptions', () => {
      const ivs = new Set<string>();
      for (let i = 0; i < 2000; i++) ivs.add(box.encrypt('x').split('.')[1]);
      expect(ivs.size).toBe(2000);
    });
  });

  describe('tampering', () => {
    const stored = box.encrypt('the real secret');
    const { version, iv, tag, ciphertext } = parts(stored);

    it('throws on a modified ciphertext', () => {
      expect(() => box.decrypt(join(version, iv, tag, flipFirstBit(ciphertext)))).toThrow();
    });

    it('throws on a truncated or extended ciphertext', () => {
      expect(() => box.decrypt(join(version, iv, tag, ciphertext.subarray(0, -1)))).toThrow();
      expect(() => box.decrypt(join(version, iv, tag, Buffer.concat([ciphertext, Buffer.from([0])])))).toThrow();
      expect(() => box.decrypt(join(version, iv, tag, Buffer.alloc(0)))).toThrow();
    });

    it('throws on a modified tag', () => {
      expect(() => box.decrypt(join(version, iv, flipFirstBit(tag), ciphertext))).toThrow();
      const lastFlipped = Buffer.from(tag);
      lastFlipped[15] ^= 0x80;
      expect(() => box.decrypt(join(version, iv, lastFlipped, ciphertext))).toThrow();
    });

    it('throws on a modified IV', () => {
      expect(() => box.decrypt(join(version, flipFirstBit(iv), tag, ciphertext))).toThrow();
      expect(() => box.decrypt(join(version, randomBytes(12), tag, ciphertext))).toThrow();
    });

    it('throws on a tag taken from another encryption', () => {
      const other = parts(box.encrypt('the real secreT'));
      expect(() => box.decrypt(join(version, iv, other.tag, ciphertext))).toThrow();
    });

    // BUG (src/common/secret-box.ts, decrypt): createDecipheriv is called without
    // `{ authTagLength: 16 }`, so Node accepts a GCM tag truncated to 4 or 8 bytes. Anyone able to
    // write a stored value then needs only ~2^32 guesses, not 2^128, to forge one. Remove `.failing`
    // once decrypt pins the tag length.
    it('throws on a tag truncated to 4 bytes (the correct first 4 bytes)', () => {
      expect(() => box.decrypt(join(version, iv, tag.subarray(0, 4), ciphertext))).toThrow();
    });

    it('throws on a truncated tag that is not a prefix of the right one', () => {
      expect(() => box.decrypt(join(version, iv, flipFirstBit(tag).subarray(0, 4), ciphertext))).toThrow();
    });
  });

  describe('wrong key', () => {
    it('throws when decrypting with another key', () => {
      const stored = box.encrypt('for key one only');
      const otherKey = Buffer.from(KEY);
      otherKey[31] ^= 0x01;
      expect(() => new SecretBox(otherKey).decrypt(stored)).toThrow();
      expect(() => new SecretBox(randomBytes(32)).decrypt(stored)).toThrow();
    });
  });

  describe('malformed stored values', () => {
    const good = box.encrypt('value');
    const [, iv, tag, ciphertext] = good.split('.');

    it.each([
      ['an empty string', ''],
      ['plain text', 'not encrypted'],
      ['an unknown version', ['v2', iv, tag, ciphertext].join('.')],
      ['no version', [iv, tag, ciphertext].join('.')],
      ['a missing ciphertext part', ['v1', iv, tag].join('.')],
      ['a missing tag and ciphertext', ['v1', iv].join('.')],
      ['an empty IV', ['v1', '', tag, ciphertext].join('.')],
      ['an empty tag', ['v1', iv, '', ciphertext].join('.')],
    ])('throws on %s', (_label, stored) => {
      expect(() => box.decrypt(stored)).toThrow();
    });

    it('names the problem for an unrecognized format', () => {
      expect(() => box.decrypt('v2.a.b.c')).toThrow('Unrecognized encrypted value');
      expect(() => box.decrypt('garbage')).toThrow('Unrecognized encrypted value');
    });

    // BUG (src/common/secret-box.ts, decrypt): `stored.split('.')` keeps only the first four
    // parts, so a value with a fifth part is accepted instead of being rejected as malformed.
    it('throws on a value with an extra fifth part', () => {
      expect(() => box.decrypt(`${good}.junk`)).toThrow();
    });
  });

  describe('keys', () => {
    it('rejects keys that are not 32 bytes', () => {
      expect(() => new SecretBox(Buffer.alloc(16))).toThrow('The encryption key must be 32 bytes');
      expect(() => new SecretBox(Buffer.alloc(31))).toThrow('32 bytes');
      expect(() => new SecretBox(Buffer.alloc(33))).toThrow('32 bytes');
      expect(() => new SecretBox(Buffer.alloc(0))).toThrow('32 bytes');
      expect(() => new SecretBox(Buffer.alloc(32))).not.toThrow();
    });

    it('reads a 64-character hex key (either case) and a base64 key of the same bytes as the same key', () => {
      const fromHex = SecretBox.fromText(KEY_HEX);
      const fromUpperHex = SecretBox.fromText(KEY_HEX.toUpperCase());
      const fromBase64 = SecretBox.fromText(KEY.toString('base64'));
      const stored = fromHex.encrypt('interchangeable');
      expect(fromBase64.decrypt(stored)).toBe('interchangeable');
      expect(fromUpperHex.decrypt(stored)).toBe('interchangeable');
      expect(fromHex.decrypt(fromBase64.encrypt('both ways'))).toBe('both ways');
      // And it is the key given, not some derivation of the text.
      expect(box.decrypt(stored)).toBe('interchangeable');
    });

    it('does not treat two different keys as the same', () => {
      const stored = SecretBox.fromText(KEY_HEX).encrypt('x');
      const otherHex = `${KEY_HEX.slice(0, -1)}e`;
      expect(() => SecretBox.fromText(otherHex).decrypt(stored)).toThrow();
    });

    it.each([
      ['16 bytes of hex', '00'.repeat(16)],
      ['33 bytes of hex (66 chars, read as base64)', '00'.repeat(33)],
      ['16 bytes of base64', Buffer.alloc(16, 1).toString('base64')],
      ['48 bytes of base64', Buffer.alloc(48, 1).toString('base64')],
      ['an empty string', ''],
      ['a passphrase', 'correct horse battery staple'],
    ])('fromText rejects a key of the wrong length: %s', (_label, text) => {
      expect(() => SecretBox.fromText(text)).toThrow('32 bytes');
    });
  });
});

describe('SecretBox keyring (key rotation)', () => {
  const OLD = { id: '0', key: KEY };
  const NEW = { id: 'k2026', key: randomBytes(32) };
  const oldBox = new SecretBox([OLD]);
  const rotating = new SecretBox([NEW, OLD]);

  it('writes under the first key, naming it (v2.<id>.…); key 0 keeps the v1 form of values from before ids', () => {
    expect(rotating.encrypt('x')).toMatch(/^v2\.k2026\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/);
    expect(oldBox.encrypt('x')).toMatch(/^v1\./);
    expect(rotating.currentKeyId).toBe('k2026');
    expect(rotating.currentPrefix).toBe('v2.k2026.');
    expect(oldBox.currentPrefix).toBe('v1.');
    expect(rotating.keyIds).toEqual(['k2026', '0']);
  });

  it('reads a value with the key it names: old values with the old key, new ones with the new', () => {
    const old = oldBox.encrypt('token under the old key');
    expect(SecretBox.keyIdOf(old)).toBe('0');
    expect(rotating.decrypt(old)).toBe('token under the old key');
    expect(rotating.isCurrent(old)).toBe(false);
    const moved = rotating.reencrypt(old);
    expect(SecretBox.keyIdOf(moved)).toBe('k2026');
    expect(rotating.isCurrent(moved)).toBe(true);
    expect(rotating.reencrypt(moved)).toBe(moved);
    expect(new SecretBox([NEW]).decrypt(moved)).toBe('token under the old key');
  });

  it('a value under a key the ring lacks names the key; a value naming one key is not read with another', () => {
    const moved = rotating.encrypt('s');
    expect(() => oldBox.decrypt(moved)).toThrow('The encryption key k2026 of this value is not configured');
    const forged = moved.replace('v2.k2026.', 'v2.0.');
    expect(() => rotating.decrypt(forged)).toThrow();
  });

  it('derives the current key’s secret first, and every key’s', () => {
    expect(rotating.deriveAll('cookie')).toEqual([rotating.derive('cookie'), oldBox.derive('cookie')]);
  });

  it('refuses a ring without keys, a key id twice, or an id that is not [A-Za-z0-9_-]{1,32}', () => {
    expect(() => new SecretBox([])).toThrow('At least one');
    expect(() => new SecretBox([OLD, { id: '0', key: randomBytes(32) }])).toThrow('given twice');
    expect(() => new SecretBox([{ id: 'a.b', key: randomBytes(32) }])).toThrow('must be 1-32');
  });
});
