import type { EntityManager } from 'typeorm';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PreallocatedCache } from '../common/bounded-cache';
import { SecretBox } from '../common/secret-box';
import type { Environment } from '../config/environment';
import type { GatewayRequest, PhoneNumberLimits, TenancyOutcome, TenantContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import type { Organization } from './organization.entity';
import type { PhoneNumber } from './phone-number.entity';
import { type NumberWithAccount, TenancyRepository } from './tenancy.repository';
import { resolveTenantId, TENANT_HEADER } from './tenant-resolution';
import { isUuid } from '../common/uuid';
import { simulatorToken } from '../upstream/simulator-token';

/** Upstream phone number and business account ids are digits (checked when they are registered). */
const UPSTREAM_ID = /^\d{1,32}$/;

type PhoneNumberRef = NonNullable<TenantContext['phoneNumber']> & { tenantId: string };
type BusinessAccountRef = NonNullable<TenantContext['businessAccount']> & { tenantId: string };

/** What the token cache holds for an account whose partner (this gateway) the business removed. */
const PARTNER_REMOVED = '';

@Injectable()
export class TenancyService {
  private readonly phoneCache: PreallocatedCache<string, PhoneNumberRef | false>;
  private readonly wabaCache: PreallocatedCache<string, BusinessAccountRef | false>;
  private readonly tokenCache: PreallocatedCache<string, { encrypted: string; simulated: boolean }>;
  /** Whether an organization is a test twin (its live organization's id) or live (''): fixed for its life. */
  private readonly twinCache: PreallocatedCache<string, string>;

  constructor(
    private readonly repository: TenancyRepository,
    private readonly secretBox: SecretBox,
    config: ConfigService<Environment, true>,
  ) {
    const ttl = Math.max(config.get('AUTH_CACHE_TTL_MS', { infer: true }), 1);
    this.phoneCache = new PreallocatedCache({ max: 20_000, ttl });
    this.wabaCache = new PreallocatedCache({ max: 20_000, ttl });
    this.tokenCache = new PreallocatedCache({ max: 20_000, ttl });
    // Single-flight: a burst of webhooks or sends for one cold organization asks the database once.
    this.twinCache = new PreallocatedCache({
      max: 20_000,
      fetchMethod: async (tenantId) => (await repository.liveOrganizationsOf([tenantId])).get(tenantId) ?? '',
    });
  }

  /**
   * Resolves the organization a request acts for, once per request (memoized on it), from the
   * path's `{phoneNumberId}` / `{wabaId}` or the X-Svc-Tenant-Id header. Never throws: the outcome
   * carries the error, so the rate limiter can count the request before the error is raised.
   */
  async resolve(req: GatewayRequest, tenantRequired: boolean): Promise<TenancyOutcome> {
    if (req.tenancy) return req.tenancy;
    try {
      const auth = req.auth;
      if (!auth) throw GraphError.invalidToken();
      const tenant: TenantContext = { tenantId: undefined };
      let pathTenantId: string | null | undefined;
      const { phoneNumberId, wabaId } = req.params ?? {};
      if (typeof phoneNumberId === 'string') {
        const phone = await this.findPhoneNumber(phoneNumberId);
        pathTenantId = phone ? phone.tenantId : null;
        if (phone) {
          const { tenantId: _owner, ...ref } = phone;
          tenant.phoneNumber = ref;
        }
      } else if (typeof wabaId === 'string') {
        const waba = await this.findBusinessAccount(wabaId);
        pathTenantId = waba ? waba.tenantId : null;
        if (waba) tenant.businessAccount = { id: waba.id, wabaId: waba.wabaId };
      }
      tenant.tenantId = await this.tenantFor(auth, {
        pathTenantId,
        pathField: typeof phoneNumberId === 'string' ? 'phone_number_id' : 'waba_id',
        header: req.headers[TENANT_HEADER],
        tenantRequired,
      });
      req.tenancy = { ok: true, tenant };
    } catch (error) {
      req.tenancy = { ok: false, error: error as Error };
    }
    return req.tenancy;
  }

  /**
   * The organization a key acts for, given the path resource's organization (undefined: none in the
   * path; null: unknown) and the X-Svc-Tenant-Id header (tenant-resolution.ts), with what test mode
   * needs to name a resource of the key's own organization in the other mode.
   */
  async tenantFor(
    auth: NonNullable<GatewayRequest['auth']>,
    path: {
      pathTenantId: string | null | undefined;
      pathField: 'phone_number_id' | 'waba_id';
      header: string | string[] | undefined;
      tenantRequired: boolean;
    },
  ): Promise<string | undefined> {
    const { pathTenantId } = path;
    // Organization ids are UUIDs, stored lowercase: the header may spell them in either case. An
    // empty header (a client that always sends it) is the same as no header.
    const headerTenantId = typeof path.header === 'string' ? path.header.trim().toLowerCase() || undefined : undefined;
    // Only a stranger's resource (or the key's organization's in the other mode) needs its twin-ness.
    const foreign = typeof pathTenantId === 'string' && !auth.tenantIds.includes(pathTenantId) ? pathTenantId : null;
    return resolveTenantId({
      keyKind: auth.kind,
      keyTenantIds: auth.tenantIds,
      keyMode: auth.mode,
      keyLiveTenantIds: auth.liveTenantIds,
      pathField: path.pathField,
      pathLiveTenantId: foreign && auth.mode === 'live' ? await this.liveOrganizationOf(foreign) : null,
      pathTenantId,
      headerTenantId,
      tenantRequired: path.tenantRequired,
    });
  }

  /** Looks up a phone number by its upstream id (cached briefly). */
  async findPhoneNumber(phoneNumberId: string): Promise<PhoneNumberRef | null> {
    // An id that cannot exist is not looked up: text such as a NUL byte would fail the query (a 500).
    if (!UPSTREAM_ID.test(phoneNumberId)) return null;
    const cached = this.phoneCache.get(phoneNumberId);
    if (cached !== undefined) return cached || null;
    const row = await this.repository.number(phoneNumberId);
    const ref = row
      ? {
          id: row.id,
          tenantId: row.tenantId,
          phoneNumberId: row.phoneNumberId,
          businessAccountId: row.businessAccountId,
          enforceServiceWindow: row.enforceServiceWindow,
          limits: limitsOf(row),
        }
      : false;
    this.phoneCache.set(phoneNumberId, ref);
    return ref || null;
  }

  /** Looks up a business account by its upstream WABA id (cached briefly). */
  async findBusinessAccount(wabaId: string): Promise<BusinessAccountRef | null> {
    if (!UPSTREAM_ID.test(wabaId)) return null;
    const cached = this.wabaCache.get(wabaId);
    if (cached !== undefined) return cached || null;
    const row = await this.repository.account(wabaId);
    const ref = row ? { id: row.id, tenantId: row.tenantId, wabaId: row.wabaId } : false;
    this.wabaCache.set(wabaId, ref);
    return ref || null;
  }

  /**
   * The upstream access token of a business account, decrypted for the call at hand only (the
   * encrypted value is what stays cached).
   */
  async accessToken(businessAccountId: string): Promise<string> {
    let cached = this.tokenCache.get(businessAccountId);
    if (cached === undefined) {
      const row = await this.repository.encryptedToken(businessAccountId);
      if (!row) throw GraphError.notFound('Business account not found');
      cached = {
        encrypted: row.partnerRemovedAt ? PARTNER_REMOVED : row.accessTokenEncrypted,
        simulated: await this.isTest(row.tenantId),
      };
      this.tokenCache.set(businessAccountId, cached);
    }
    // The business removed the gateway's app: Meta takes its token no more; say so, not Meta's 190.
    if (cached.encrypted === PARTNER_REMOVED)
      throw GraphError.permissionDenied(
        'The business removed this gateway from its WhatsApp Business Account (account_update PARTNER_REMOVED): ' +
          'connect the number again (Embedded Signup) to send',
      );
    const token = this.secretBox.decrypt(cached.encrypted);
    // A test organization's accounts live at the simulator: their calls go there, never to Meta.
    return cached.simulated ? simulatorToken(token) : token;
  }

  /**
   * An account row's token, decrypted, marked as the simulator's when the account is a test
   * organization's: every token handed to a Graph call comes from here or from `accessToken`.
   */
  async tokenOf(account: { tenantId: string; accessTokenEncrypted: string }): Promise<string> {
    const token = this.secretBox.decrypt(account.accessTokenEncrypted);
    return (await this.isTest(account.tenantId)) ? simulatorToken(token) : token;
  }

  /** Whether the organization is a test twin (test mode): its data is test data, its accounts the simulator's. */
  async isTest(tenantId: string): Promise<boolean> {
    return (await this.liveOrganizationOf(tenantId)) !== null;
  }

  /** The live organization of a test twin, or null for a live organization (or an unknown id). */
  async liveOrganizationOf(tenantId: string): Promise<string | null> {
    if (!isUuid(tenantId)) return null;
    return (await this.twinCache.fetch(tenantId)) || null;
  }

  /** The test twins of `liveIds` that exist, by live organization (key management reaches both). */
  twinsOf(liveIds: readonly string[]): Promise<Map<string, string>> {
    return liveIds.length ? this.repository.twinsOf(liveIds) : Promise.resolve(new Map<string, string>());
  }

  async listOrganizations(ids: readonly string[]): Promise<Organization[]> {
    if (ids.length === 0) return [];
    return this.repository.organizationsByIds(ids);
  }

  /** How many of `ids` name an organization that exists. */
  countOrganizations(ids: readonly string[]): Promise<number> {
    return ids.length ? this.repository.countOrganizationsByIds(ids) : Promise.resolve(0);
  }

  /** The organization of each of `phoneNumberIds` the gateway knows (unknown ids are left out). */
  async phoneNumberOwners(
    phoneNumberIds: readonly string[],
  ): Promise<Array<{ phoneNumberId: string; tenantId: string }>> {
    if (phoneNumberIds.length === 0) return [];
    return this.repository.owners(phoneNumberIds);
  }

  /**
   * Stores what Meta says of a number's limits (pacing learns them: at onboarding, on Meta's
   * `phone_number_quality_update` webhooks, periodically); false when the number is not registered.
   */
  async recordLimits(
    phoneNumberId: string,
    learned: Omit<PhoneNumberLimits, 'throughputOverrideMps'>,
  ): Promise<PhoneNumberLimits | null> {
    const recorded = await this.repository.recordLimits(phoneNumberId, {
      throughputLevel: learned.throughputLevel,
      isOnBizApp: learned.isOnBizApp,
      messagingLimitTier: learned.messagingLimitTier,
      qualityRating: learned.qualityRating,
    });
    this.forget({ phoneNumberId });
    if (!recorded) return null;
    return (await this.findPhoneNumber(phoneNumberId))?.limits ?? null;
  }

  /**
   * The registered number of a business account whose display number has these digits (Meta names the
   * number of a `phone_number_quality_update` by its display number only).
   */
  async phoneNumberByDisplayDigits(wabaId: string, digits: string): Promise<PhoneNumberRef | null> {
    const account = await this.findBusinessAccount(wabaId);
    if (!account || digits === '') return null;
    const rows = await this.repository.numbersOfAccount(account.id);
    const match = rows.find((row) => row.displayPhoneNumber.replace(/\D/g, '') === digits);
    return match ? this.findPhoneNumber(match.phoneNumberId) : null;
  }

  /** Numbers whose limits were last learned before `before` (or never), oldest first, at most `limit`. */
  async phoneNumbersLearnedBefore(
    before: Date,
    limit: number,
  ): Promise<Array<{ phoneNumberId: string; businessAccountId: string }>> {
    return this.repository.learnedBefore(before, limit);
  }

  /** A business account's registered numbers with their display numbers, oldest first. */
  numbersOfAccount(businessAccountId: string): Promise<Array<{ phoneNumberId: string; displayPhoneNumber: string }>> {
    return this.repository.numbersOfAccount(businessAccountId);
  }

  /** Which of `phoneNumberIds` are numbers of the organization. */
  numbersOf(tenantId: string, phoneNumberIds: string[]): Promise<Set<string>> {
    return phoneNumberIds.length ? this.repository.numbersOf(tenantId, phoneNumberIds) : Promise.resolve(new Set());
  }

  /** The organization's first number (among `among`, when given), with its WABA id. */
  firstNumberWithAccount(tenantId: string, among: string[] | null): Promise<NumberWithAccount | undefined> {
    return this.repository.firstNumberWithAccount(tenantId, among);
  }

  /** A business account's WABA id. */
  /** The number's WABA id, read in the caller's transaction. */
  wabaIdOfNumber(manager: EntityManager, phoneNumberId: string): Promise<string | undefined> {
    return this.repository.wabaIdOfNumber(manager, phoneNumberId);
  }

  wabaIdOf(businessAccountId: string): Promise<string | undefined> {
    return this.repository.wabaIdOf(businessAccountId);
  }

  /** Every business account (id, organization, WABA id), oldest first. */
  businessAccounts(): Promise<Array<{ id: string; tenantId: string; wabaId: string }>> {
    return this.repository.accountRefs();
  }

  /**
   * The business accounts of `tenantIds` (null: every organization's) that Meta still serves the
   * gateway, each with its numbers' ids: what usage reconciliation asks Meta about.
   */
  accountsWithNumbers(
    tenantIds: string[] | null,
  ): Promise<Array<{ id: string; tenantId: string; wabaId: string; phoneNumberIds: string[] }>> {
    return this.repository.accountsWithNumbers(tenantIds);
  }

  /** Drops cached lookups after onboarding changes (other instances drop theirs within the TTL). */
  forget(changed: { phoneNumberId?: string; wabaId?: string; businessAccountId?: string }): void {
    if (changed.phoneNumberId !== undefined) this.phoneCache.delete(changed.phoneNumberId);
    if (changed.wabaId !== undefined) this.wabaCache.delete(changed.wabaId);
    if (changed.businessAccountId !== undefined) this.tokenCache.delete(changed.businessAccountId);
  }
}

function limitsOf(row: PhoneNumber): PhoneNumberLimits {
  return {
    throughputLevel: row.throughputLevel,
    isOnBizApp: row.isOnBizApp,
    messagingLimitTier: row.messagingLimitTier,
    qualityRating: row.qualityRating,
    throughputOverrideMps: row.throughputOverrideMps,
  };
}
