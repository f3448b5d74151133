import { Secret, TOTP } from 'otpauth';

/** The issuer authenticator apps show beside the account. */
const ISSUER = 'WhatsApp Gateway';

/** TOTP as RFC 6238 and every authenticator app have it: SHA-1, 6 digits, 30 s; a step either side accepted. */
function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, base32: what the apps take by hand), from `otpauth` (a maintained RFC 4226/6238 implementation). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an app reads (as a QR code, or pasted). */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/**
 * The 30-second step `code` is the secret's code of (now, or one step either side, for clocks a little
 * apart); undefined when it is none of them. The caller takes each step once (replay).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, window: 1, timestamp: now });
  return delta === null ? undefined : Math.floor(now / 30_000) + delta;
}
