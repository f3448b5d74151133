import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (upstream access tokens, signing secrets).
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  /**
   * The key imported once: given as a Buffer, every cipher imports it anew (measured 14 µs a
   * decrypt, against 3 µs with the KeyObject; a send decrypts its account's token, a delivery its
   * endpoint's secret).
   */
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
    this.key = createSecretKey(key);
  }

  static fromText(text: string): SecretBox {
    const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    return new SecretBox(key);
  }

  /** A secret of its own for `purpose` (HMAC-SHA256 of it under the key): one key, separate uses. */
  derive(purpose: string): string {
    return createHmac('sha256', this.key).update(purpose).digest('base64url');
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  decrypt(stored: string): string {
    const parts = stored.split('.');
    const [version, iv, tag, ciphertext] = parts;
    if (parts.length !== 4 || version !== VERSION || !iv || !tag) throw new Error('Unrecognized encrypted value');
    // A full 16-byte tag only: a truncated tag would make forgeries cheap.
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
