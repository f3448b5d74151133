import { EncryptedSecrets } from '../common/encrypted-secrets';
import { isUUID } from 'class-validator';
import { BlockList, isIP } from 'node:net';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LRUCache } from 'lru-cache';
import { PreallocatedCache, upTo } from '../common/bounded-cache';
import { SecretBox } from '../common/secret-box';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import type { Page } from '../common/pagination';
import {
  displayPrefix,
  generateKey,
  hashKey,
  type KeyMode,
  modeOfPrefix,
  parseKeyText,
  randomBase62,
} from './api-key-format';
import { OnboardingService } from '../tenancy/onboarding.service';
import { TenancyService } from '../tenancy/tenancy.service';
import type { ApiKey } from './api-key.entity';
import { apiKeyView } from './api-key-json';
import { ApiKeysRepository } from './api-keys.repository';
import type { ApiKeyKind } from '../core/gateway-request';
import { DEFAULT_RATE_LIMIT, Issuer, manages } from './key-issuing-policy';
import { isScope, Scope, SCOPES_BY_KIND } from '../core/scopes';

export interface CreateApiKeyInput {
  kind: ApiKeyKind;
  /** Test keys reach test twins only (`tenantIds` are twins); live keys live organizations only. */
  mode?: KeyMode;
  tenantIds: string[];
  name?: string;
  scopes?: string[];
  allowedPhoneNumberIds?: string[] | null;
  allowedIps?: string[] | null;
  rateLimitPerSecond?: number;
  expiresAt?: Date | null;
  hmac?: boolean;
  /** The key that issued this one over HTTP. */
  issuedByKeyId?: string | null;
  /** A person's membership key (src/people): its name is their email. */
  memberUserId?: string | null;
}

export interface IssuedApiKey {
  /** The key text, shown once. */
  key: string;
  /** The signing secret, shown once, when HMAC signing is on. */
  hmacSecret?: string;
  record: ApiKeyView;
}

/** The safe view of a key record (no hash, no secret). */
export interface ApiKeyView {
  id: string;
  name: string;
  kind: ApiKeyKind;
  mode: KeyMode;
  prefix: string;
  tenantIds: string[];
  scopes: string[];
  allowedPhoneNumberIds: string[] | null;
  allowedIps: string[] | null;
  rateLimitPerSecond: number;
  hmac: boolean;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  issuedByKeyId: string | null;
  rotatedFromId: string | null;
  createdAt: string;
}

/** A key as the request pipeline needs it, cached briefly in memory. */
export interface ActiveKey {
  id: string;
  keyPrefix: string;
  kind: ApiKeyKind;
  mode: KeyMode;
  tenantIds: readonly string[];
  /** The live organization of each of `tenantIds` (a test key's are twins). */
  liveTenantIds: readonly string[];
  scopes: ReadonlySet<string>;
  allowedPhoneNumberIds: ReadonlySet<string> | null;
  ipAllowList: BlockList | null;
  allowedIps: readonly string[] | null;
  rateLimitPerSecond: number;
  hmacSecret: string | null;
  expiresAt: number | null;
  revoked: boolean;
  /** The person a membership key stands for (their email), or null for a machine's key. */
  person: string | null;
  /** Their user id, or null for a machine's key. */
  userId: string | null;
}

const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** Builds a BlockList from IPs and CIDRs; throws on a malformed entry. */
export function buildIpAllowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const parts = entry.split('/');
    if (parts.length > 2) throw new Error(`not an IP address or CIDR range: ${entry}`);
    const [address, bits] = parts;
    const family = isIP(address);
    if (family === 0) throw new Error(`not an IP address: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(address, type);
    } else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`bad prefix length: ${entry}`);
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}

/** True when `ip` (as Express reports it, possibly IPv4-mapped IPv6) is in the list. */
export function ipAllowed(list: BlockList, ip: string | undefined): boolean {
  if (!ip) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

@Injectable()
export class ApiKeysService implements BeforeApplicationShutdown {
  private readonly cache: PreallocatedCache<string, ActiveKey | false>;
  /** Live keys as a console session's Test data switch shows them (testViewOf), by key id, briefly. */
  private readonly testViews: LRUCache<string, ActiveKey, ActiveKey>;
  private readonly lastUsedWrites = new Map<string, number>();
  /** last_used_at updates still running, awaited at shutdown so none hits a closed pool. */
  private readonly pendingWrites = new Set<Promise<unknown>>();

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly tenancy: TenancyService,
    private readonly onboarding: OnboardingService,
    private readonly secretBox: SecretBox,
    config: ConfigService<Environment, true>,
    secrets: EncryptedSecrets,
  ) {
    secrets.register('API key signing secrets', keys.encryptedSecrets());
    const ttl = config.get('AUTH_CACHE_TTL_MS', { infer: true });
    this.cache = new PreallocatedCache({ max: 20_000, ttl: Math.max(ttl, 1), ttlAutopurge: false });
    this.testViews = new LRUCache<string, ActiveKey, ActiveKey>({
      ...upTo(10_000),
      ttl: Math.max(ttl, 1),
      fetchMethod: async (_id, _stale, { context: key }) => {
        const twins = await this.tenancy.twinsOf(key.tenantIds);
        const live = key.tenantIds.filter((id) => twins.has(id));
        return {
          ...key,
          mode: 'test',
          tenantIds: live.map((id) => twins.get(id)!),
          liveTenantIds: live,
          // Its live numbers restrict nothing among test numbers.
          allowedPhoneNumberIds: null,
        };
      },
    });
    onboarding.registerDependent('organization', 'API keys that are not revoked', (m, id) => keys.hasLiveKeys(m, id));
    // Its members' keys end with the organization (their sessions within AUTH_CACHE_TTL_MS elsewhere).
    onboarding.onOrganizationRemoved(async (m, id) => {
      for (const hash of await keys.revokeMemberKeys(m, id)) this.cache.delete(hash);
    });
  }

  /**
   * The key whose text hashes to `hash`, from a short in-memory cache (AUTH_CACHE_TTL_MS), so a
   * revocation reaches every instance within that time. Unknown hashes are cached too, so a flood of
   * guesses does not reach the database.
   */
  async findByHash(hash: string, fresh = false): Promise<ActiveKey | null> {
    const cached = fresh ? undefined : this.cache.get(hash);
    if (cached !== undefined) return cached || null;
    const row = await this.keys.byHash(hash);
    const active = row ? await this.toActive(row) : false;
    this.cache.set(hash, active);
    return active || null;
  }

  /**
   * The active key (known, not revoked, not expired) a key text names, with the hash it is found by,
   * or null. What every request's key and a console sign-in are checked with; a signing key's
   * signature is the guard's to check after this.
   */
  async activeByText(text: string | undefined): Promise<{ key: ActiveKey; hash: string } | null> {
    const parsed = parseKeyText(text);
    if (!parsed) return null;
    const hash = hashKey(parsed.text);
    const key = await this.activeByHash(hash);
    return key && key.kind === parsed.kind && key.mode === parsed.mode ? { key, hash } : null;
  }

  /**
   * The active key of a key hash (a console session holds the hash), or null; through the same
   * short cache, or `fresh` from the database (which also refreshes the cache): the console's
   * session check, every 1.5 s while a console is open, so that a key revoked on another instance
   * ends its sessions within 5 s, not the cache's 5 s plus the check's interval.
   */
  async activeByHash(hash: string, fresh = false): Promise<ActiveKey | null> {
    const key = await this.findByHash(hash, fresh);
    return key && !key.revoked && (key.expiresAt === null || key.expiresAt > Date.now()) ? key : null;
  }

  /** Records use without a write per request: at most one UPDATE a minute per key, off the request path. */
  touch(keyId: string): void {
    const now = Date.now();
    if (now - (this.lastUsedWrites.get(keyId) ?? 0) < LAST_USED_WRITE_INTERVAL_MS) return;
    this.lastUsedWrites.set(keyId, now);
    const write: Promise<unknown> = this.keys
      .touch(keyId, new Date(now))
      .catch(() => undefined)
      .finally(() => this.pendingWrites.delete(write));
    this.pendingWrites.add(write);
  }

  /** Runs before the database connection closes (TypeORM closes it on application shutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pendingWrites]);
  }

  async create(input: CreateApiKeyInput): Promise<IssuedApiKey> {
    const values = await this.validate(input);
    const key = generateKey(input.kind, input.mode ?? 'live');
    const hmacSecret = input.hmac ? randomBase62(48) : undefined;
    const row = await this.keys.create({
      ...values,
      keyHash: hashKey(key),
      keyPrefix: displayPrefix(key),
      hmacSecretEncrypted: hmacSecret ? this.secretBox.encrypt(hmacSecret) : null,
      issuedByKeyId: input.issuedByKeyId ?? null,
      memberUserId: input.memberUserId ?? null,
    });
    return { key, hmacSecret, record: this.toView(row) };
  }

  /** Every key, oldest first (the CLI's listing). */
  async list(filter: { tenantId?: string } = {}): Promise<ApiKeyView[]> {
    return (await this.keys.all(filter.tenantId)).map((row) => this.toView(row));
  }

  /**
   * The keys `issuer` manages (see key-issuing-policy.ts), oldest first, a page at a time; the same
   * rule in SQL: never platform keys, and for an admin key only keys within its organizations.
   */
  async page(
    issuer: Issuer,
    query: { tenantId?: string; limit: number; after?: string },
    originalUrl: string,
  ): Promise<Page<ApiKeyView>> {
    if (query.tenantId && !isUUID(query.tenantId))
      throw GraphError.invalidParameter('Invalid organization id', 'organization_id: must be a UUID');
    return this.keys.page(
      {
        within: issuer.kind === 'platform' ? undefined : [...(issuer.reach ?? issuer.tenantIds)],
        tenantId: query.tenantId,
      },
      query,
      originalUrl,
      (row) => this.toView(row),
    );
  }

  /**
   * A live key as the console's Test data switch uses it: the same key (its scopes, limits and
   * identity in the audit log), reaching its organizations' test twins instead (those that exist:
   * the switch makes the session's). A test key or a platform key is itself.
   */
  async testViewOf(key: ActiveKey): Promise<ActiveKey> {
    if (key.mode === 'test' || key.kind === 'platform') return key;
    return (await this.testViews.fetch(`${key.id}:${key.tenantIds.join(',')}`, { context: key }))!;
  }

  /** Drops a key's test view here (a twin was just made for it); other instances within AUTH_CACHE_TTL_MS. */
  forgetTestView(key: ActiveKey): void {
    this.testViews.delete(`${key.id}:${key.tenantIds.join(',')}`);
  }

  // ---- test mode: a test key is a key of the test twins of its organizations --------------------

  /** The organizations whose keys an admin key manages: a live key's and their twins; a test key's twins only. */
  async reachOf(mode: KeyMode, tenantIds: readonly string[]): Promise<string[]> {
    if (mode === 'test') return [...tenantIds];
    return [...tenantIds, ...(await this.tenancy.twinsOf(tenantIds)).values()];
  }

  /** The live organization of each id (a twin's live one; a live or unknown id itself). */
  liveIdsOf(ids: readonly string[]): Promise<string[]> {
    return Promise.all(ids.map(async (id) => (await this.tenancy.liveOrganizationOf(id)) ?? id));
  }

  /**
   * The organizations a key of `mode` for the live organizations `liveIds` belongs to: themselves, or
   * their test twins (made on first use). An unknown id is kept, for validation to name.
   */
  async organizationsFor(mode: KeyMode, liveIds: readonly string[]): Promise<string[]> {
    if (mode === 'live') return [...liveIds];
    return Promise.all(
      liveIds.map((id) =>
        this.onboarding.testTwinOf(id).then(
          (twin) => twin.id,
          (error: unknown) => {
            if (error instanceof GraphError && error.status === 404) return id;
            throw error;
          },
        ),
      ),
    );
  }

  /** A key `issuer` manages; any other (missing, another organization's, a platform key) is the same 404 code 100. */
  async findManaged(issuer: Issuer, id: string): Promise<ApiKeyView> {
    const row = isUUID(id) ? await this.keys.byId(id) : null;
    if (!row || !manages(issuer, row)) throw GraphError.notFound(`API key ${id} does not exist`);
    return this.toView(row);
  }

  /** The hash of an active key by its id (a person's session takes their membership key's), or null. */
  async activeHashOf(id: string): Promise<string | null> {
    const row = await this.keys.byId(id);
    return row && !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > Date.now()) ? row.keyHash : null;
  }

  async revoke(id: string): Promise<ApiKeyView> {
    const row = await this.get(id);
    if (!row.revokedAt) {
      row.revokedAt = new Date();
      await this.keys.revoke(row.id, row.revokedAt);
    }
    this.cache.delete(row.keyHash);
    return this.toView(row);
  }

  /**
   * Issues a new key with the same settings (and a new signing secret when the old one signed)
   * and revokes the old one at once.
   */
  async rotate(id: string, issuedByKeyId?: string): Promise<IssuedApiKey> {
    const old = await this.get(id);
    if (old.revokedAt) throw GraphError.conflict('The key is revoked and cannot be rotated');
    const key = generateKey(old.kind, modeOfPrefix(old.keyPrefix));
    const hmacSecret = old.hmacSecretEncrypted ? randomBase62(48) : undefined;
    const row = await this.keys.rotate(old.id, {
      name: old.name,
      kind: old.kind,
      tenantIds: old.tenantIds,
      scopes: old.scopes,
      allowedPhoneNumberIds: old.allowedPhoneNumberIds,
      allowedIps: old.allowedIps,
      rateLimitPerSecond: old.rateLimitPerSecond,
      expiresAt: old.expiresAt,
      keyHash: hashKey(key),
      keyPrefix: displayPrefix(key),
      hmacSecretEncrypted: hmacSecret ? this.secretBox.encrypt(hmacSecret) : null,
      issuedByKeyId: issuedByKeyId ?? old.issuedByKeyId,
    });
    this.cache.delete(old.keyHash);
    return { key, hmacSecret, record: this.toView(row) };
  }

  private async get(id: string): Promise<ApiKey> {
    const row = isUUID(id) ? await this.keys.byId(id) : null;
    if (!row) throw GraphError.notFound(`API key ${id} does not exist`);
    return row;
  }

  private async validate(input: CreateApiKeyInput) {
    const problems: string[] = [];
    const tenantIds = [...new Set(input.tenantIds)];
    if (input.kind === 'org' && tenantIds.length !== 1)
      problems.push(
        'an organization key belongs to exactly one organization (tenant_ids, or the X-Svc-Tenant-Id header)',
      );
    if (input.kind === 'admin' && tenantIds.length < 1)
      problems.push('an admin key needs at least one organization (tenant_ids, or the X-Svc-Tenant-Id header)');
    if (input.kind === 'platform' && tenantIds.length) problems.push('a platform key belongs to no organization');
    if (tenantIds.some((id) => !isUUID(id))) problems.push('organization ids must be UUIDs');
    else if (tenantIds.length) {
      const found = await this.tenancy.countOrganizations(tenantIds);
      if (found !== tenantIds.length) problems.push('every organization must exist');
      else {
        // A test key reaches test twins only, a live key live organizations only (test mode).
        const test = input.mode === 'test';
        const twins = await Promise.all(tenantIds.map((id) => this.tenancy.isTest(id)));
        if (twins.some((twin) => twin !== test))
          problems.push(
            test
              ? 'a test key reaches test organizations only'
              : 'a live key reaches live organizations only (test organizations take test keys)',
          );
      }
    }
    if (input.mode === 'test' && input.kind === 'platform') problems.push('platform keys have no test form');
    const allowed = SCOPES_BY_KIND[input.kind];
    const scopes = input.scopes ?? [...allowed];
    const unknown = scopes.filter((scope) => !isScope(scope));
    if (unknown.length) problems.push(`unknown scopes: ${unknown.join(', ')} (known: ${allowed.join(', ')})`);
    const foreign = scopes.filter((scope) => isScope(scope) && !allowed.includes(scope));
    if (foreign.length)
      problems.push(
        `a${input.kind === 'org' ? 'n organization' : ` ${input.kind}`} key cannot hold: ${foreign.join(', ')}`,
      );
    if (input.allowedPhoneNumberIds?.length) {
      if (input.kind === 'platform') problems.push('a platform key has no phone numbers');
      else {
        // Allowed phone numbers must be registered to one of the key's organizations (catches typos).
        const registered = await this.tenancy.phoneNumberOwners(input.allowedPhoneNumberIds);
        const ours = new Set(registered.filter((p) => tenantIds.includes(p.tenantId)).map((p) => p.phoneNumberId));
        const outside = input.allowedPhoneNumberIds.filter((id) => !ours.has(id));
        if (outside.length)
          problems.push(`phone numbers not registered to the key's organizations: ${outside.join(', ')}`);
      }
    }
    if (input.allowedIps?.length) {
      try {
        buildIpAllowList(input.allowedIps);
      } catch (error) {
        problems.push(`allowed IPs: ${(error as Error).message}`);
      }
    }
    const rate = input.rateLimitPerSecond ?? DEFAULT_RATE_LIMIT;
    if (!Number.isInteger(rate) || rate < 1 || rate > 100_000)
      problems.push('rate limit must be an integer from 1 to 100000');
    if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) problems.push('expiry must be a valid date');
    if (problems.length) throw GraphError.invalidParameter('Invalid API key settings', problems.join('; '));
    return {
      kind: input.kind,
      name: input.name ?? '',
      tenantIds,
      scopes: [...new Set(scopes)] as Scope[],
      allowedPhoneNumberIds: input.allowedPhoneNumberIds?.length ? input.allowedPhoneNumberIds : null,
      allowedIps: input.allowedIps?.length ? input.allowedIps : null,
      rateLimitPerSecond: rate,
      expiresAt: input.expiresAt ?? null,
    };
  }

  private async toActive(row: ApiKey): Promise<ActiveKey> {
    const mode = modeOfPrefix(row.keyPrefix);
    return {
      id: row.id,
      keyPrefix: row.keyPrefix,
      kind: row.kind,
      mode,
      tenantIds: row.tenantIds,
      liveTenantIds:
        mode === 'live'
          ? row.tenantIds
          : await Promise.all(row.tenantIds.map(async (id) => (await this.tenancy.liveOrganizationOf(id)) ?? id)),
      scopes: new Set(row.scopes),
      allowedPhoneNumberIds: row.allowedPhoneNumberIds ? new Set(row.allowedPhoneNumberIds) : null,
      ipAllowList: row.allowedIps ? buildIpAllowList(row.allowedIps) : null,
      allowedIps: row.allowedIps,
      rateLimitPerSecond: row.rateLimitPerSecond,
      hmacSecret: row.hmacSecretEncrypted ? this.secretBox.decrypt(row.hmacSecretEncrypted) : null,
      expiresAt: row.expiresAt ? row.expiresAt.getTime() : null,
      revoked: row.revokedAt !== null,
      person: row.memberUserId ? row.name : null,
      userId: row.memberUserId,
    };
  }

  toView(row: ApiKey): ApiKeyView {
    return apiKeyView(row);
  }
}
