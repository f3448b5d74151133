import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Page, pageOldestFirst } from '../common/pagination';
import { SecretBox } from '../common/secret-box';
import { GraphError } from '../core/graph-error';
import { BusinessAccount } from './business-account.entity';
import { Organization } from './organization.entity';
import { PhoneNumber } from './phone-number.entity';
import { TenancyService } from './tenancy.service';

/** Upstream phone number and business account ids are digits. */
const UPSTREAM_ID = /^\d{1,32}$/;

/**
 * What still refers to an organization, a business account or a phone number. A delete is refused
 * (409 code 100, naming them) while any remains: records are history a tenant may be asked for, and
 * keys or lists would silently lose their meaning. Each query answers true or false with EXISTS.
 */
const DEPENDENTS = {
  organization: [
    ['business accounts', 'SELECT EXISTS (SELECT 1 FROM business_accounts WHERE tenant_id = $1)'],
    [
      'API keys that are not revoked',
      'SELECT EXISTS (SELECT 1 FROM api_keys WHERE $1 = ANY(tenant_ids) AND revoked_at IS NULL)',
    ],
    ['message records', 'SELECT EXISTS (SELECT 1 FROM messages WHERE tenant_id = $1)'],
    ['inbound messages', 'SELECT EXISTS (SELECT 1 FROM inbound_messages WHERE tenant_id = $1)'],
    ['contacts', 'SELECT EXISTS (SELECT 1 FROM contacts WHERE tenant_id = $1)'],
    ['blacklist entries', 'SELECT EXISTS (SELECT 1 FROM blacklist_entries WHERE tenant_id = $1)'],
    ['media', 'SELECT EXISTS (SELECT 1 FROM media_assets WHERE tenant_id = $1)'],
    ['webhook endpoints', 'SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE tenant_id = $1)'],
  ],
  businessAccount: [
    ['phone numbers', 'SELECT EXISTS (SELECT 1 FROM phone_numbers WHERE business_account_id = $1)'],
    ['templates', 'SELECT EXISTS (SELECT 1 FROM message_templates WHERE business_account_id = $1)'],
  ],
  phoneNumber: [
    ['message records', 'SELECT EXISTS (SELECT 1 FROM messages WHERE phone_number_id = $1)'],
    ['inbound messages', 'SELECT EXISTS (SELECT 1 FROM inbound_messages WHERE phone_number_id = $1)'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, string]>>;

export interface PageQuery {
  limit: number;
  after?: string;
}

/**
 * Onboarding: organizations, their business accounts (with the upstream token, write-only) and
 * phone numbers. The CLI and the management API (/v1/organizations) both call this service, so
 * both apply the same rules. Lookups on the request path stay in TenancyService, whose short
 * caches this service clears on every change (other instances see it within AUTH_CACHE_TTL_MS).
 */
@Injectable()
export class OnboardingService {
  constructor(
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    @InjectRepository(BusinessAccount) private readonly businessAccounts: Repository<BusinessAccount>,
    @InjectRepository(PhoneNumber) private readonly phoneNumbers: Repository<PhoneNumber>,
    private readonly tenancy: TenancyService,
    private readonly secretBox: SecretBox,
  ) {}

  // ---- organizations ---------------------------------------------------------------------------

  async createOrganization(name: string): Promise<Organization> {
    return this.organizations.save(this.organizations.create({ name: requiredName(name) }));
  }

  async listAllOrganizations(): Promise<Organization[]> {
    return this.organizations.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async countOrganizations(): Promise<number> {
    return this.organizations.count();
  }

  async pageOrganizations(query: PageQuery, originalUrl: string): Promise<Page<Organization>> {
    return pageOldestFirst(this.organizations.createQueryBuilder('o'), query, originalUrl, (row) => row);
  }

  /** An organization by id; missing (or not a UUID) is 404 code 100. */
  async getOrganization(id: string): Promise<Organization> {
    const row = isUUID(id) ? await this.organizations.findOne({ where: { id } }) : null;
    if (!row) throw GraphError.notFound(`Organization ${id} does not exist`);
    return row;
  }

  async renameOrganization(id: string, name: string): Promise<Organization> {
    const row = await this.getOrganization(id);
    row.name = requiredName(name);
    return this.organizations.save(row);
  }

  async deleteOrganization(id: string): Promise<void> {
    await this.organizations.manager.transaction(async (manager) => {
      const row = await this.lockRow(manager, Organization, id, `Organization ${id} does not exist`);
      await refuseWhileDependents(manager, 'Organization', DEPENDENTS.organization, row.id);
      await manager.delete(Organization, { id: row.id });
    });
  }

  // ---- business accounts -----------------------------------------------------------------------

  async addBusinessAccount(input: {
    tenantId: string;
    wabaId: string;
    accessToken: string;
    name?: string;
  }): Promise<BusinessAccount> {
    if (!UPSTREAM_ID.test(input.wabaId))
      throw GraphError.invalidParameter('Invalid business account id', 'waba_id: must be digits');
    if (!input.accessToken.trim())
      throw GraphError.invalidParameter('Access token is required', 'access_token: must not be empty');
    await this.getOrganization(input.tenantId);
    if (await this.businessAccounts.exists({ where: { wabaId: input.wabaId } })) {
      throw GraphError.conflict(`Business account ${input.wabaId} is already registered`);
    }
    const saved = await this.businessAccounts.save(
      this.businessAccounts.create({
        tenantId: input.tenantId,
        wabaId: input.wabaId,
        name: input.name ?? '',
        accessTokenEncrypted: this.secretBox.encrypt(input.accessToken.trim()),
      }),
    );
    this.tenancy.forget({ wabaId: saved.wabaId });
    return saved;
  }

  /** Every business account, or one organization's, oldest first (the CLI's list). */
  async listAllBusinessAccounts(tenantId?: string): Promise<BusinessAccount[]> {
    if (tenantId !== undefined) await this.getOrganization(tenantId);
    return this.businessAccounts.find({
      where: tenantId === undefined ? {} : { tenantId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async pageBusinessAccounts(tenantId: string, query: PageQuery, originalUrl: string): Promise<Page<BusinessAccount>> {
    await this.getOrganization(tenantId);
    const rows = this.businessAccounts.createQueryBuilder('b').where('b.tenant_id = :tenantId', { tenantId });
    return pageOldestFirst(rows, query, originalUrl, (row) => row);
  }

  /** A business account of the organization, by Meta's WABA id; one of another organization is the same 404. */
  async getBusinessAccount(tenantId: string, wabaId: string): Promise<BusinessAccount> {
    const row =
      UPSTREAM_ID.test(wabaId) && isUUID(tenantId)
        ? await this.businessAccounts.findOne({ where: { tenantId, wabaId } })
        : null;
    if (!row) throw GraphError.notFound(`Business account ${wabaId} does not exist in organization ${tenantId}`);
    return row;
  }

  /** Renames the account or replaces its upstream access token (the token is never shown). */
  async updateBusinessAccount(
    tenantId: string,
    wabaId: string,
    change: { name?: string; accessToken?: string },
  ): Promise<BusinessAccount> {
    const row = await this.getBusinessAccount(tenantId, wabaId);
    if (change.name !== undefined) row.name = change.name;
    if (change.accessToken !== undefined) {
      if (!change.accessToken.trim())
        throw GraphError.invalidParameter('Access token is required', 'access_token: must not be empty');
      row.accessTokenEncrypted = this.secretBox.encrypt(change.accessToken.trim());
    }
    const saved = await this.businessAccounts.save(row);
    this.tenancy.forget({ wabaId: saved.wabaId, businessAccountId: saved.id });
    return saved;
  }

  async deleteBusinessAccount(tenantId: string, wabaId: string): Promise<void> {
    const account = await this.getBusinessAccount(tenantId, wabaId);
    await this.businessAccounts.manager.transaction(async (manager) => {
      const row = await this.lockRow(
        manager,
        BusinessAccount,
        account.id,
        `Business account ${wabaId} does not exist in organization ${tenantId}`,
      );
      await refuseWhileDependents(manager, 'Business account', DEPENDENTS.businessAccount, row.id);
      await manager.delete(BusinessAccount, { id: row.id });
    });
    this.tenancy.forget({ wabaId: account.wabaId, businessAccountId: account.id });
  }

  // ---- phone numbers ---------------------------------------------------------------------------

  /** Registers a number of a business account; with `tenantId`, the account must be that organization's. */
  async addPhoneNumber(input: {
    tenantId?: string;
    wabaId: string;
    phoneNumberId: string;
    displayPhoneNumber: string;
    enforceServiceWindow?: boolean;
  }): Promise<PhoneNumber> {
    if (!UPSTREAM_ID.test(input.phoneNumberId)) {
      throw GraphError.invalidParameter('Invalid phone number id', 'phone_number_id: must be digits');
    }
    const waba = UPSTREAM_ID.test(input.wabaId)
      ? await this.businessAccounts.findOne({ where: { wabaId: input.wabaId } })
      : null;
    if (!waba || (input.tenantId !== undefined && waba.tenantId !== input.tenantId)) {
      throw GraphError.notFound(
        `Business account ${input.wabaId} does not exist${input.tenantId ? ` in organization ${input.tenantId}` : ''}`,
      );
    }
    if (await this.phoneNumbers.exists({ where: { phoneNumberId: input.phoneNumberId } })) {
      throw GraphError.conflict(`Phone number ${input.phoneNumberId} is already registered`);
    }
    const saved = await this.phoneNumbers.save(
      this.phoneNumbers.create({
        tenantId: waba.tenantId,
        businessAccountId: waba.id,
        phoneNumberId: input.phoneNumberId,
        displayPhoneNumber: input.displayPhoneNumber,
        ...(input.enforceServiceWindow !== undefined && { enforceServiceWindow: input.enforceServiceWindow }),
      }),
    );
    this.tenancy.forget({ phoneNumberId: saved.phoneNumberId });
    return saved;
  }

  /** Every phone number, or one organization's, or one business account's, oldest first (the CLI's list). */
  async listAllPhoneNumbers(filter: { tenantId?: string; wabaId?: string } = {}): Promise<PhoneNumber[]> {
    if (filter.tenantId !== undefined) await this.getOrganization(filter.tenantId);
    const rows = this.phoneNumbers.createQueryBuilder('p').orderBy('p.created_at', 'ASC').addOrderBy('p.id', 'ASC');
    if (filter.tenantId !== undefined) rows.andWhere('p.tenant_id = :tenantId', { tenantId: filter.tenantId });
    if (filter.wabaId !== undefined) {
      rows
        .innerJoin(BusinessAccount, 'b', 'b.id = p.business_account_id')
        .andWhere('b.waba_id = :wabaId', { wabaId: filter.wabaId });
    }
    return rows.getMany();
  }

  async pagePhoneNumbers(
    tenantId: string,
    query: PageQuery & { wabaId?: string },
    originalUrl: string,
  ): Promise<Page<PhoneNumber>> {
    await this.getOrganization(tenantId);
    const rows = this.phoneNumbers.createQueryBuilder('p').where('p.tenant_id = :tenantId', { tenantId });
    if (query.wabaId !== undefined) {
      const waba = await this.getBusinessAccount(tenantId, query.wabaId);
      rows.andWhere('p.business_account_id = :accountId', { accountId: waba.id });
    }
    return pageOldestFirst(rows, query, originalUrl, (row) => row);
  }

  /** A phone number of the organization, by Meta's id; one of another organization is the same 404. */
  async getPhoneNumber(tenantId: string, phoneNumberId: string): Promise<PhoneNumber> {
    const row =
      UPSTREAM_ID.test(phoneNumberId) && isUUID(tenantId)
        ? await this.phoneNumbers.findOne({ where: { tenantId, phoneNumberId } })
        : null;
    if (!row) throw GraphError.notFound(`Phone number ${phoneNumberId} does not exist in organization ${tenantId}`);
    return row;
  }

  /** The WABA id of a number's business account (for display). */
  async wabaIdOf(businessAccountId: string): Promise<string> {
    const row = await this.businessAccounts.findOne({
      where: { id: businessAccountId },
      select: { id: true, wabaId: true },
    });
    return row?.wabaId ?? '';
  }

  async updatePhoneNumber(
    tenantId: string,
    phoneNumberId: string,
    change: { displayPhoneNumber?: string; enforceServiceWindow?: boolean; throughputOverrideMps?: number | null },
  ): Promise<PhoneNumber> {
    const row = await this.getPhoneNumber(tenantId, phoneNumberId);
    if (change.displayPhoneNumber !== undefined) row.displayPhoneNumber = change.displayPhoneNumber;
    if (change.enforceServiceWindow !== undefined) row.enforceServiceWindow = change.enforceServiceWindow;
    if (change.throughputOverrideMps !== undefined) row.throughputOverrideMps = change.throughputOverrideMps;
    const saved = await this.phoneNumbers.save(row);
    this.tenancy.forget({ phoneNumberId: saved.phoneNumberId });
    for (const listener of this.phoneNumberChanges) listener(saved);
    return saved;
  }

  /**
   * Changes a phone number by Meta's id alone, whatever its organization (the CLI's `phone:set`): local
   * 24-hour window enforcement, an operator's throughput (null: Meta's level again).
   */
  async setPhoneNumber(
    phoneNumberId: string,
    change: { enforceServiceWindow?: boolean; throughputOverrideMps?: number | null },
  ): Promise<PhoneNumber> {
    const phone = UPSTREAM_ID.test(phoneNumberId)
      ? await this.phoneNumbers.findOne({ where: { phoneNumberId } })
      : null;
    if (!phone) throw GraphError.notFound(`Phone number ${phoneNumberId} does not exist`);
    return this.updatePhoneNumber(phone.tenantId, phoneNumberId, change);
  }

  private readonly phoneNumberChanges: Array<(phone: PhoneNumber) => void> = [];

  /** Lets a feature follow an operator's change of a number (pacing shares a new throughput). */
  onPhoneNumberChanged(listener: (phone: PhoneNumber) => void): void {
    this.phoneNumberChanges.push(listener);
  }

  private readonly phoneNumberRemovals: Array<(manager: EntityManager, phoneNumberId: string) => Promise<void>> = [];

  /**
   * Lets a feature remove what it derives from a phone number, in the transaction that deletes the
   * number (tenancy knows no feature: they register here, so each writes only its own tables).
   */
  onPhoneNumberRemoved(removal: (manager: EntityManager, phoneNumberId: string) => Promise<void>): void {
    this.phoneNumberRemovals.push(removal);
  }

  async deletePhoneNumber(tenantId: string, phoneNumberId: string): Promise<void> {
    const phone = await this.getPhoneNumber(tenantId, phoneNumberId);
    await this.phoneNumbers.manager.transaction(async (manager) => {
      const row = await this.lockRow(
        manager,
        PhoneNumber,
        phone.id,
        `Phone number ${phoneNumberId} does not exist in organization ${tenantId}`,
      );
      await refuseWhileDependents(manager, 'Phone number', DEPENDENTS.phoneNumber, row.phoneNumberId);
      // State other features derive from the number (service windows) goes with it, by their own code.
      for (const removal of this.phoneNumberRemovals) await removal(manager, row.phoneNumberId);
      await manager.delete(PhoneNumber, { id: row.id });
    });
    this.tenancy.forget({ phoneNumberId });
  }

  // ---- shared ----------------------------------------------------------------------------------

  /**
   * Locks the row for the delete's transaction (FOR UPDATE), so a child written meanwhile through a
   * foreign key (a business account, contact, endpoint…) waits and then fails on the missing parent
   * instead of being orphaned. Rows without a foreign key (message records, keys) are checked, not
   * locked: a send racing the delete of its own number is not guarded against.
   */
  private async lockRow<T extends Organization | BusinessAccount | PhoneNumber>(
    manager: EntityManager,
    entity: new () => T,
    id: string,
    missing: string,
  ): Promise<T> {
    const row = isUUID(id)
      ? await manager
          .getRepository(entity)
          .createQueryBuilder('r')
          .setLock('pessimistic_write')
          .where('r.id = :id', { id })
          .getOne()
      : null;
    if (!row) throw GraphError.notFound(missing);
    return row;
  }
}

function requiredName(name: string): string {
  if (!name.trim()) throw GraphError.invalidParameter('Organization name is required', 'name: must not be empty');
  return name.trim();
}

async function refuseWhileDependents(
  manager: EntityManager,
  what: string,
  checks: ReadonlyArray<readonly [string, string]>,
  id: string,
): Promise<void> {
  const found: string[] = [];
  for (const [label, sql] of checks) {
    const [row] = await manager.query<Array<{ exists: boolean }>>(sql, [id]);
    if (row?.exists) found.push(label);
  }
  if (found.length) {
    throw GraphError.conflict(`${what} cannot be deleted while records depend on it`, `Still has: ${found.join(', ')}`);
  }
}
