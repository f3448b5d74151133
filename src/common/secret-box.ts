import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/** The id of the key that wrote the values that name none (`v1.`): ENCRYPTION_KEY's. */
export const UNNAMED_KEY_ID = '0';

/** A key's id: short, and without the separator of the stored form. */
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** One encryption key and its id. */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

/**
 * AES-256-GCM for secrets at rest (upstream access tokens, signing secrets, cached responses), under
 * a keyring: several keys with ids, the first one current. New values are written under the current
 * key; a value is read with the key it names, so keys can be rotated (a new current key, the stored
 * values re-encrypted in the background, then the old key removed).
 *
 * Stored form: `v2.<key id>.<iv>.<tag>.<ciphertext>`, each part base64url but the id; the values of
 * key `0` (ENCRYPTION_KEY's, and every value from before key ids) are written `v1.<iv>.<tag>.<ciphertext>`.
 */
export class SecretBox {
  /**
   * The keys imported once: given as a Buffer, every cipher imports it anew (measured 14 µs a
   * decrypt, against 3 µs with the KeyObject; a send decrypts its account's token, a delivery its
   * endpoint's secret).
   */
  private readonly keys = new Map<string, KeyObject>();
  private readonly current: { id: string; key: KeyObject };

  /** One key (id `0`), or a keyring whose first key is the current one. */
  constructor(keys: Buffer | EncryptionKey[]) {
    const ring = Buffer.isBuffer(keys) ? [{ id: UNNAMED_KEY_ID, key: keys }] : keys;
    if (ring.length === 0) throw new Error('At least one encryption key is needed');
    for (const { id, key } of ring) {
      if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
      if (!KEY_ID.test(id)) throw new Error(`Encryption key id ${JSON.stringify(id)} must be 1-32 of A-Z a-z 0-9 _ -`);
      if (this.keys.has(id)) throw new Error(`Encryption key id ${id} is given twice`);
      this.keys.set(id, createSecretKey(key));
    }
    this.current = { id: ring[0].id, key: this.keys.get(ring[0].id)! };
  }

  /** One key as hex (64 characters) or base64 (44). */
  static fromText(text: string): SecretBox {
    return new SecretBox(keyBytes(text));
  }

  /** The id new values are written under. */
  get currentKeyId(): string {
    return this.current.id;
  }

  /** The start of every value written under the current key. */
  get currentPrefix(): string {
    return this.current.id === UNNAMED_KEY_ID ? 'v1.' : `v2.${this.current.id}.`;
  }

  /** Every key's id, the current one first. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  /** A secret of its own for `purpose` (HMAC-SHA256 of it under the current key): one key, separate uses. */
  derive(purpose: string): string {
    return createHmac('sha256', this.current.key).update(purpose).digest('base64url');
  }

  /** The same under every key, the current one first (what the current signs, the others still verify). */
  deriveAll(purpose: string): string[] {
    return [...this.keys.values()].map((key) => createHmac('sha256', key).update(purpose).digest('base64url'));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ];
    return (this.current.id === UNNAMED_KEY_ID ? ['v1', ...parts] : ['v2', this.current.id, ...parts]).join('.');
  }

  decrypt(stored: string): string {
    const { keyId, iv, tag, ciphertext } = parse(stored);
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`The encryption key ${keyId} of this value is not configured`);
    // A full 16-byte tag only: a truncated tag would make forgeries cheap.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The id of the key a stored value names (without decrypting it). */
  static keyIdOf(stored: string): string {
    return parse(stored).keyId;
  }

  /** Whether a stored value is written under the current key (nothing to re-encrypt). */
  isCurrent(stored: string): boolean {
    return SecretBox.keyIdOf(stored) === this.current.id;
  }

  /** The value under the current key (the same value when it already is). */
  reencrypt(stored: string): string {
    return this.isCurrent(stored) ? stored : this.encrypt(this.decrypt(stored));
  }
}

/** A 32-byte key from its text: hex (64 characters) or base64. */
export function keyBytes(text: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

function parse(stored: string): { keyId: string; iv: string; tag: string; ciphertext: string } {
  const parts = stored.split('.');
  if (parts[0] === 'v1' && parts.length === 4 && parts[1] && parts[2])
    return { keyId: UNNAMED_KEY_ID, iv: parts[1], tag: parts[2], ciphertext: parts[3] };
  if (parts[0] === 'v2' && parts.length === 5 && KEY_ID.test(parts[1]) && parts[2] && parts[3])
    return { keyId: parts[1], iv: parts[2], tag: parts[3], ciphertext: parts[4] };
  throw new Error('Unrecognized encrypted value');
}
