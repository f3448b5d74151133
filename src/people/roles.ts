// Plain data only (the console imports this file): no server module.
import { AUDIT_SCOPES, KEY_SCOPES, TENANT_SCOPES } from '../core/scopes';

/** A person's role in an organization: what their sessions there may do. */
export const ROLES = ['owner', 'admin', 'developer', 'agent', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const reads = TENANT_SCOPES.filter((scope) => scope.endsWith(':read'));

/**
 * Each role as a key: its kind (admin where the role manages keys, which only admin keys do) and its
 * scopes, drawn from the scopes keys already have, so that the API refuses a person exactly as it
 * refuses a key without the scope (403 code 200).
 * - owner, admin: everything of the organization, its keys and its audit log; an admin cannot make,
 *   change or remove an owner (members.service.ts);
 * - developer: everything but managing people, connecting numbers and the customers' data rights (keys,
 *   webhooks, templates, sends);
 * - agent: the inbox and sends (conversations, messages, templates to read, media, contacts, the
 *   blacklist), no keys, webhooks or business settings;
 * - viewer: every read of the organization's data.
 */
export const ROLE_KEYS: Record<Role, { kind: 'org' | 'admin'; scopes: readonly string[] }> = {
  owner: { kind: 'admin', scopes: [...TENANT_SCOPES, ...KEY_SCOPES, ...AUDIT_SCOPES] },
  admin: { kind: 'admin', scopes: [...TENANT_SCOPES, ...KEY_SCOPES, ...AUDIT_SCOPES] },
  developer: {
    kind: 'admin',
    scopes: [
      ...TENANT_SCOPES.filter(
        (scope) => scope !== 'members:write' && scope !== 'numbers:connect' && scope !== 'privacy:write',
      ),
      ...KEY_SCOPES,
      ...AUDIT_SCOPES,
    ],
  },
  agent: {
    kind: 'org',
    scopes: [
      'conversations:read',
      'conversations:write',
      'messages:send',
      'messages:read',
      'templates:read',
      'media:read',
      'media:write',
      'contacts:read',
      'contacts:write',
      'blacklist:read',
      'blacklist:write',
      'broadcasts:read',
      'business:read',
      'members:read',
    ],
  },
  viewer: { kind: 'org', scopes: reads },
};

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
