import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '../core/gateway-request';

export const KEY_PREFIX: Record<ApiKeyKind, string> = {
  org: 'svc_live_',
  admin: 'svc_admin_',
  platform: 'svc_platform_',
};
const KIND_OF_PREFIX: Record<string, ApiKeyKind> = { live: 'org', admin: 'admin', platform: 'platform' };
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 40;
const KEY_PATTERN = /^svc_(live|admin|platform)_([A-Za-z0-9]{32,128})$/;
/** Characters of the random part kept for display (`svc_live_AbCd…`). */
const DISPLAY_CHARS = 6;

export interface ParsedKey {
  kind: ApiKeyKind;
  text: string;
}

/** Unbiased base62 string from a CSPRNG (rejection sampling). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function generateKey(kind: ApiKeyKind): string {
  return KEY_PREFIX[kind] + randomBase62(SECRET_LENGTH);
}

/** Parses `Authorization: Bearer svc_...`; anything else is null (401 code 190). */
export function parseAuthorizationHeader(header: string | undefined): ParsedKey | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? parseKeyText(match[1]) : null;
}

/** Parses a key's text (from the header, or `access_token`); anything else is null (401 code 190). */
export function parseKeyText(text: string | undefined): ParsedKey | null {
  if (!text) return null;
  const key = KEY_PATTERN.exec(text);
  if (!key) return null;
  return { kind: KIND_OF_PREFIX[key[1]], text };
}

export function hashKey(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function displayPrefix(text: string): string {
  const prefix = Object.values(KEY_PREFIX).find((candidate) => text.startsWith(candidate)) ?? '';
  return text.slice(0, prefix.length + DISPLAY_CHARS);
}
