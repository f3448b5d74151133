/**
 * org: one organization; admin: several; platform: runs the platform (organizations, keys), no
 * organization's data. Defined here, with the scopes of each (plain data the console imports too).
 */
export type ApiKeyKind = 'org' | 'admin' | 'platform';

/** Scopes of an organization's data: messages, templates, media, lists, webhooks, the business profile. */
export const TENANT_SCOPES = [
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
  // What customers sent (inbound messages; the conversations built on them), and the read mark.
  'conversations:read',
  'conversations:write',
  // The organization's people: their memberships, roles and invitations (src/people).
  'members:read',
  'members:write',
  // Connecting the organization's own numbers through Meta's Embedded Signup (src/signup).
  'numbers:connect',
  // The gateway's own broadcasts (src/broadcasts).
  'broadcasts:read',
  'broadcasts:write',
  // The rest of Meta's Cloud API, forwarded and checked (src/passthrough), by family.
  'account:read',
  'account:write',
  'blocking:read',
  'blocking:write',
  'calling:read',
  'calling:write',
  'commerce:read',
  'commerce:write',
  'flows:read',
  'flows:write',
  'groups:read',
  'groups:write',
  'qr_codes:read',
  'qr_codes:write',
  'history:read',
  // What the organization's messages cost (src/usage): its usage report.
  'usage:read',
  // Its customers' data on request, and how long it is kept (src/data-rights).
  'privacy:read',
  'privacy:write',
  // How its messages perform: funnels, Meta's template analytics beside them, the team's figures (src/insights).
  'insights:read',
] as const;

/** Managing API keys over HTTP (/v1/keys): admin keys for their own organizations, platform keys for any. */
export const KEY_SCOPES = ['keys:read', 'keys:write'] as const;

/** Onboarding organizations, business accounts and phone numbers (/v1/organizations): platform keys only. */
export const PLATFORM_SCOPES = [
  'tenants:read',
  'tenants:write',
  // What messages cost: rate cards and organizations' markups (src/usage).
  'billing:read',
  'billing:write',
] as const;

/** Reading the audit log of management writes (/v1/audit_log): every kind, within its reach. */
export const AUDIT_SCOPES = ['audit:read'] as const;

/** Every scope a key can hold. A route names the scopes it needs with @Authenticated({ scopes }). */
export const SCOPES = [...TENANT_SCOPES, ...KEY_SCOPES, ...PLATFORM_SCOPES, ...AUDIT_SCOPES] as const;

export type Scope = (typeof SCOPES)[number];

/**
 * The scopes each kind of key may hold, and holds when none are named. Organization keys reach one
 * organization's data; admin keys also manage the keys of their organizations; platform keys run the
 * platform (organizations and keys) and reach no organization's data.
 */
export const SCOPES_BY_KIND: Record<ApiKeyKind, readonly Scope[]> = {
  org: [...TENANT_SCOPES, ...AUDIT_SCOPES],
  admin: [...TENANT_SCOPES, ...KEY_SCOPES, ...AUDIT_SCOPES],
  // usage:read is an organization's scope that platform keys hold too: every organization's report.
  platform: [...PLATFORM_SCOPES, 'usage:read', ...KEY_SCOPES, ...AUDIT_SCOPES],
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
