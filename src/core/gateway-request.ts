import type { BlockList } from 'node:net';
import type { Request } from 'express';

import type { ApiKeyKind } from './scopes';

/** The three kinds of API key (spec 5.10): an organization's, an admin's across organizations, the platform's. */
export type { ApiKeyKind } from './scopes';

/** What the API-key guard learned about the caller. */
export interface AuthContext {
  keyId: string;
  /** The key's display prefix (`svc_live_AbCdEf`), for logs; never the key text. */
  keyPrefix: string;
  kind: ApiKeyKind;
  /** Organizations the key may reach (one for org keys): test twins for a test key. */
  tenantIds: readonly string[];
  /**
   * Live keys reach live data, test keys (`svc_test_…`, `svc_admin_test_…`) their organizations'
   * test twins (test mode).
   */
  mode: 'live' | 'test';
  /** The live organization of each of `tenantIds`, in the same order (the same ids for a live key). */
  liveTenantIds: readonly string[];
  scopes: ReadonlySet<string>;
  allowedPhoneNumberIds: ReadonlySet<string> | null;
  ipAllowList: BlockList | null;
  /** The IP allow-list as written (bounds the keys this key issues). */
  allowedIps: readonly string[] | null;
  rateLimitPerSecond: number;
  /** Epoch milliseconds, or null when the key does not expire. */
  expiresAt: number | null;
  /** Whether the key's requests must carry an HMAC signature. */
  signs: boolean;
  /** The person (their email) whose console session this is, or null for a machine's key. */
  person: string | null;
  /** That person's user id (people/), or null for a machine's key. */
  userId: string | null;
}

/** What Meta said of a number's limits (null: not learned yet), and an operator's throughput for it. */
export interface PhoneNumberLimits {
  throughputLevel: string | null;
  isOnBizApp: boolean | null;
  messagingLimitTier: string | null;
  qualityRating: string | null;
  throughputOverrideMps: number | null;
}

/** The organization a request acts for, and the path resource it was derived from. */
export interface TenantContext {
  tenantId: string | undefined;
  phoneNumber?: {
    id: string;
    phoneNumberId: string;
    businessAccountId: string;
    enforceServiceWindow: boolean;
    limits: PhoneNumberLimits;
  };
  businessAccount?: { id: string; wabaId: string };
}

export interface GatewayRequest extends Request {
  id: string;
  rawBody?: Buffer;
  auth?: AuthContext;
  tenant?: TenantContext;
  /** The memoized outcome of tenancy resolution (see TenancyService.resolve). */
  tenancy?: TenancyOutcome;
  /** The hash of the key a console session signed in with (src/console), standing for a presented key. */
  consoleKeyHash?: string;
  /** The console session's Test data switch: its key acts as a test key of its organizations' twins. */
  consoleMode?: 'test';
  /** What a route whose handler decides it was (`@Audited(undefined, …)`, audit/audited-route.ts). */
  audited?: { action: string; tenantId: string };
}

export type TenancyOutcome = { ok: true; tenant: TenantContext } | { ok: false; error: Error };
