import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '../core/gateway-request';

/**
 * Live keys reach live organizations; test keys (test mode, issue 47) reach their test twins. The
 * prefix says which, so a key's mode is read from its text, and a test key is never mistaken for a
 * live one in a log line or a pasted snippet. Platform keys have no test form.
 */
export type KeyMode = 'live' | 'test';

export const KEY_PREFIX: Record<ApiKeyKind, string> = {
  org: 'svc_live_',
  admin: 'svc_admin_',
  platform: 'svc_platform_',
};
export const TEST_KEY_PREFIX: Record<Exclude<ApiKeyKind, 'platform'>, string> = {
  org: 'svc_test_',
  admin: 'svc_admin_test_',
};
const KIND_OF_PREFIX: Record<string, { kind: ApiKeyKind; mode: KeyMode }> = {
  live: { kind: 'org', mode: 'live' },
  test: { kind: 'org', mode: 'test' },
  admin: { kind: 'admin', mode: 'live' },
  admin_test: { kind: 'admin', mode: 'test' },
  platform: { kind: 'platform', mode: 'live' },
};
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 40;
const KEY_PATTERN = /^svc_(live|test|admin_test|admin|platform)_([A-Za-z0-9]{32,128})$/;
/** Characters of the random part kept for display (`svc_live_AbCd…`). */
const DISPLAY_CHARS = 6;

export interface ParsedKey {
  kind: ApiKeyKind;
  mode: KeyMode;
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

export function generateKey(kind: ApiKeyKind, mode: KeyMode = 'live'): string {
  return prefixOf(kind, mode) + randomBase62(SECRET_LENGTH);
}

/** The text a key of `kind` and `mode` starts with. */
export function prefixOf(kind: ApiKeyKind, mode: KeyMode): string {
  if (mode === 'live') return KEY_PREFIX[kind];
  if (kind === 'platform') throw new Error('platform keys have no test form');
  return TEST_KEY_PREFIX[kind];
}

/** A stored key's mode, read from its display prefix (the prefix is part of the hashed text). */
export function modeOfPrefix(prefix: string): KeyMode {
  return Object.values(TEST_KEY_PREFIX).some((test) => prefix.startsWith(test)) ? 'test' : 'live';
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
  return { ...KIND_OF_PREFIX[key[1]], text };
}

export function hashKey(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function displayPrefix(text: string): string {
  // The longest prefix first: `svc_admin_test_` before `svc_admin_`.
  const prefix =
    [...Object.values(TEST_KEY_PREFIX), ...Object.values(KEY_PREFIX)].find((candidate) => text.startsWith(candidate)) ??
    '';
  return text.slice(0, prefix.length + DISPLAY_CHARS);
}
