/** Every scope a key can hold. A route names the scopes it needs with @Authenticated({ scopes }). */
export const SCOPES = [
  'messages:send',
  'messages:read',
  'templates:write',
  'templates:read',
  'media:write',
  'media:read',
  'blacklist:read',
  'blacklist:write',
  'contacts:read',
  'contacts:write',
  'webhooks:read',
  'webhooks:write',
  'business:read',
  'business:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
