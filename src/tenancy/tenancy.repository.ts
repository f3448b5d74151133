import { keyIdOf } from '../common/encrypted-secrets';
import { EncryptedColumnStatements } from '../database/encrypted-column-statements';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { type Page, pageOldestFirst } from '../common/keyset';
import { isUuid } from '../common/uuid';
import { APP_SUBSCRIPTION_STATES, type AppSubscriptionState, BusinessAccount } from './business-account.entity';
import { Organization } from './organization.entity';
import { PhoneNumber } from './phone-number.entity';

export interface PageQuery {
  limit: number;
  after?: string;
}

/** What a number's limits became when Meta's were learned. */
export type LearnedLimits = Pick<
  PhoneNumber,
  'throughputLevel' | 'isOnBizApp' | 'messagingLimitTier' | 'qualityRating'
>;

/** A number with its business account's WABA id (what tenant webhooks show in samples). */
export type NumberWithAccount = Pick<PhoneNumber, 'phoneNumberId' | 'displayPhoneNumber'> &
  Pick<BusinessAccount, 'wabaId'>;

type Owned = Organization | BusinessAccount | PhoneNumber;

/**
 * Every statement on tenancy's tables (organizations, business accounts, phone numbers). Services of
 * this folder ask it; other folders ask TenancyService or OnboardingService, never these tables.
 */
@Injectable()
export class TenancyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The business accounts' upstream access tokens, for key rotation (common/encrypted-secrets.ts). */
  encryptedSecrets(): EncryptedColumnStatements {
    return new EncryptedColumnStatements(this.dataSource, 'business_accounts', ['access_token_encrypted'], keyIdOf);
  }

  private get organizations() {
    return this.dataSource.getRepository(Organization);
  }
  private get accounts() {
    return this.dataSource.getRepository(BusinessAccount);
  }
  private get numbers() {
    return this.dataSource.getRepository(PhoneNumber);
  }

  // ---- organizations ---------------------------------------------------------------------------

  createOrganization(name: string): Promise<Organization> {
    return this.organizations.save(this.organizations.create({ name }));
  }

  saveOrganization(row: Organization): Promise<Organization> {
    return this.organizations.save(row);
  }

  allOrganizations(): Promise<Organization[]> {
    return this.organizations.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countAllOrganizations(): Promise<number> {
    return this.organizations.count();
  }

  pageOrganizations(query: PageQuery, originalUrl: string): Promise<Page<Organization>> {
    return pageOldestFirst(this.organizations.createQueryBuilder('o'), query, originalUrl, (row) => row);
  }

  organization(id: string): Promise<Organization | null> {
    return this.organizations.findOne({ where: { id } });
  }

  /** The organizations of `ids`, by name. */
  organizationsByIds(ids: readonly string[]): Promise<Organization[]> {
    return this.organizations.find({ where: { id: In([...ids]) }, order: { name: 'ASC', createdAt: 'ASC' } });
  }

  /**
   * The test twin of a live organization, made on first use: two callers at once make one (the
   * unique `test_of` decides). Named after the organization, which may rename it.
   */
  async twinOf(live: Organization): Promise<Organization> {
    await this.organizations
      .createQueryBuilder()
      .insert()
      .values({ name: `${live.name} (test)`, testOf: live.id })
      .orIgnore()
      .execute();
    return this.organizations.findOneOrFail({ where: { testOf: live.id } });
  }

  /** The live organization each of `ids` is the twin of (null for a live one); unknown ids are left out. */
  async liveOrganizationsOf(ids: readonly string[]): Promise<Map<string, string | null>> {
    const rows = await this.organizations.find({ where: { id: In([...ids]) }, select: { id: true, testOf: true } });
    return new Map(rows.map((row) => [row.id, row.testOf]));
  }

  /** Every business account of the organization (a partner's removed ones too) with its numbers' ids. */
  accountsOf(tenantId: string): Promise<Array<{ wabaId: string; phoneNumberIds: string[] }>> {
    return this.dataSource.query(
      `SELECT b.waba_id AS "wabaId",
         COALESCE(array_agg(p.phone_number_id) FILTER (WHERE p.phone_number_id IS NOT NULL), '{}') AS "phoneNumberIds"
       FROM business_accounts b LEFT JOIN phone_numbers p ON p.business_account_id = b.id
       WHERE b.tenant_id = $1 GROUP BY b.id ORDER BY b.created_at`,
      [tenantId],
    );
  }

  /** Runs `work` on a connection of its own (reads outside any caller's transaction). */
  read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return work(this.dataSource.manager);
  }

  /** The twins of `liveIds` that exist, by live organization. */
  async twinsOf(liveIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.organizations.find({
      where: { testOf: In([...liveIds]) },
      select: { id: true, testOf: true },
    });
    return new Map(rows.map((row) => [row.testOf as string, row.id]));
  }

  countOrganizationsByIds(ids: readonly string[]): Promise<number> {
    return this.organizations.count({ where: { id: In([...ids]) } });
  }

  // ---- business accounts -----------------------------------------------------------------------

  accountExists(wabaId: string): Promise<boolean> {
    return this.accounts.exists({ where: { wabaId } });
  }

  createAccount(
    row: Pick<BusinessAccount, 'tenantId' | 'wabaId' | 'name' | 'accessTokenEncrypted'> &
      Partial<Pick<BusinessAccount, 'appSubscription' | 'appSubscriptionCheckedAt'>>,
  ) {
    return this.accounts.save(this.accounts.create(row));
  }

  /** Records what a check of the account's app subscription found. */
  async recordSubscription(id: string, state: AppSubscriptionState, error: string | null): Promise<void> {
    await this.accounts.update(
      { id },
      { appSubscription: state, appSubscriptionCheckedAt: new Date(), appSubscriptionError: error },
    );
  }

  /** Accounts whose subscription was last checked before `before` (or never), oldest check first. */
  accountsCheckedBefore(
    before: Date,
    limit: number,
  ): Promise<Array<Pick<BusinessAccount, 'id' | 'tenantId' | 'wabaId' | 'accessTokenEncrypted' | 'appSubscription'>>> {
    return this.accounts
      .createQueryBuilder('b')
      .select(['b.id', 'b.tenantId', 'b.wabaId', 'b.accessTokenEncrypted', 'b.appSubscription'])
      .where('b.app_subscription_checked_at IS NULL OR b.app_subscription_checked_at < :before', { before })
      .orderBy('b.app_subscription_checked_at', 'ASC', 'NULLS FIRST')
      .limit(limit)
      .getMany();
  }

  /** How many accounts are in each subscription state (every state, zero when none). */
  async countBySubscription(): Promise<Record<AppSubscriptionState, number>> {
    const rows = await this.accounts
      .createQueryBuilder('b')
      .select('b.app_subscription', 'state')
      .addSelect('count(*)::int', 'count')
      .groupBy('b.app_subscription')
      .getRawMany<{ state: AppSubscriptionState; count: number }>();
    const counts = Object.fromEntries(APP_SUBSCRIPTION_STATES.map((state) => [state, 0])) as Record<
      AppSubscriptionState,
      number
    >;
    for (const row of rows) counts[row.state] = row.count;
    return counts;
  }

  saveAccount(row: BusinessAccount): Promise<BusinessAccount> {
    return this.accounts.save(row);
  }

  /** Every business account, or one organization's, oldest first. */
  allAccounts(tenantId?: string): Promise<BusinessAccount[]> {
    return this.accounts.find({
      where: tenantId === undefined ? {} : { tenantId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  pageAccounts(tenantId: string, query: PageQuery, originalUrl: string): Promise<Page<BusinessAccount>> {
    const rows = this.accounts.createQueryBuilder('b').where('b.tenant_id = :tenantId', { tenantId });
    return pageOldestFirst(rows, query, originalUrl, (row) => row);
  }

  /** An account by WABA id, of `tenantId` when given. */
  account(wabaId: string, tenantId?: string): Promise<BusinessAccount | null> {
    return this.accounts.findOne({ where: tenantId === undefined ? { wabaId } : { tenantId, wabaId } });
  }

  /** The number's business account's WABA id, in the caller's transaction (where one connection is all there is). */
  async wabaIdOfNumber(manager: EntityManager, phoneNumberId: string): Promise<string | undefined> {
    const [row] = await manager.query<Array<{ waba_id: string }>>(
      `SELECT b.waba_id FROM phone_numbers p JOIN business_accounts b ON b.id = p.business_account_id
       WHERE p.phone_number_id = $1`,
      [phoneNumberId],
    );
    return row?.waba_id;
  }

  async wabaIdOf(businessAccountId: string): Promise<string | undefined> {
    const row = await this.accounts.findOne({ where: { id: businessAccountId }, select: { id: true, wabaId: true } });
    return row?.wabaId;
  }

  /** The account's encrypted token, and whether the business removed the gateway's app (partner removed). */
  async encryptedToken(
    businessAccountId: string,
  ): Promise<{ tenantId: string; accessTokenEncrypted: string; partnerRemovedAt: Date | null } | undefined> {
    const row = await this.accounts.findOne({
      where: { id: businessAccountId },
      select: { id: true, tenantId: true, accessTokenEncrypted: true, partnerRemovedAt: true },
    });
    return row ?? undefined;
  }

  /** Marks the account's partner removed (Meta's account_update): the account, if the gateway has it. */
  async markPartnerRemoved(wabaId: string, at: Date): Promise<BusinessAccount | null> {
    await this.accounts.update({ wabaId }, { partnerRemovedAt: at });
    return this.accounts.findOne({ where: { wabaId } });
  }

  // ---- phone numbers ---------------------------------------------------------------------------

  numberExists(phoneNumberId: string): Promise<boolean> {
    return this.numbers.exists({ where: { phoneNumberId } });
  }

  createNumber(
    row: Pick<PhoneNumber, 'tenantId' | 'businessAccountId' | 'phoneNumberId' | 'displayPhoneNumber'> &
      Partial<Pick<PhoneNumber, 'enforceServiceWindow' | keyof LearnedLimits | 'limitsLearnedAt'>>,
  ): Promise<PhoneNumber> {
    return this.numbers.save(this.numbers.create(row));
  }

  saveNumber(row: PhoneNumber): Promise<PhoneNumber> {
    return this.numbers.save(row);
  }

  /** A number by Meta's id, of `tenantId` when given. */
  number(phoneNumberId: string, tenantId?: string): Promise<PhoneNumber | null> {
    return this.numbers.findOne({ where: tenantId === undefined ? { phoneNumberId } : { tenantId, phoneNumberId } });
  }

  /** Every number, or one organization's, or one business account's (by WABA id), oldest first. */
  allNumbers(filter: { tenantId?: string; wabaId?: string }): Promise<PhoneNumber[]> {
    const rows = this.numbers.createQueryBuilder('p').orderBy('p.created_at', 'ASC').addOrderBy('p.id', 'ASC');
    if (filter.tenantId !== undefined) rows.andWhere('p.tenant_id = :tenantId', { tenantId: filter.tenantId });
    if (filter.wabaId !== undefined) {
      rows
        .innerJoin(BusinessAccount, 'b', 'b.id = p.business_account_id')
        .andWhere('b.waba_id = :wabaId', { wabaId: filter.wabaId });
    }
    return rows.getMany();
  }

  pageNumbers(
    tenantId: string,
    businessAccountId: string | undefined,
    query: PageQuery & { only?: string[] },
    originalUrl: string,
  ): Promise<Page<PhoneNumber>> {
    const rows = this.numbers.createQueryBuilder('p').where('p.tenant_id = :tenantId', { tenantId });
    if (businessAccountId !== undefined)
      rows.andWhere('p.business_account_id = :businessAccountId', { businessAccountId });
    if (query.only) rows.andWhere('p.phone_number_id = ANY (:only)', { only: query.only });
    return pageOldestFirst(rows, query, originalUrl, (row) => row);
  }

  /** A business account's numbers with their display numbers, oldest first. */
  numbersOfAccount(
    businessAccountId: string,
  ): Promise<Array<Pick<PhoneNumber, 'phoneNumberId' | 'displayPhoneNumber'>>> {
    return this.numbers.find({
      where: { businessAccountId },
      select: { phoneNumberId: true, displayPhoneNumber: true },
      order: { createdAt: 'ASC' },
    });
  }

  /** The organization of each of `phoneNumberIds` that is registered. */
  owners(phoneNumberIds: readonly string[]): Promise<Array<{ phoneNumberId: string; tenantId: string }>> {
    return this.numbers.find({
      where: { phoneNumberId: In([...phoneNumberIds]) },
      select: { phoneNumberId: true, tenantId: true },
    });
  }

  /** The first of an organization's numbers (among `among`, when given) with its WABA id, oldest first. */
  async firstNumberWithAccount(tenantId: string, among: string[] | null): Promise<NumberWithAccount | undefined> {
    const [row] = await this.dataSource.query<NumberWithAccount[]>(
      `SELECT p.phone_number_id AS "phoneNumberId", p.display_phone_number AS "displayPhoneNumber",
        b.waba_id AS "wabaId"
       FROM phone_numbers p JOIN business_accounts b ON b.id = p.business_account_id
       WHERE p.tenant_id = $1 AND ($2::text[] IS NULL OR p.phone_number_id = ANY ($2::text[])) ORDER BY p.created_at
       LIMIT 1`,
      [tenantId, among],
    );
    return row;
  }

  /** Which of `phoneNumberIds` are numbers of the organization. */
  async numbersOf(tenantId: string, phoneNumberIds: string[]): Promise<Set<string>> {
    const rows = await this.numbers.find({
      where: { tenantId, phoneNumberId: In(phoneNumberIds) },
      select: { phoneNumberId: true },
    });
    return new Set(rows.map((row) => row.phoneNumberId));
  }

  /** Every business account (id, organization, WABA id), oldest first. */
  accountRefs(): Promise<Array<Pick<BusinessAccount, 'id' | 'tenantId' | 'wabaId'>>> {
    return this.accounts.find({ select: { id: true, tenantId: true, wabaId: true }, order: { createdAt: 'ASC' } });
  }

  /**
   * The business accounts Meta still serves the gateway (not removed by their business) of `tenantIds`
   * (null: all), each with its numbers' ids, oldest first.
   */
  accountsWithNumbers(
    tenantIds: string[] | null,
  ): Promise<Array<{ id: string; tenantId: string; wabaId: string; phoneNumberIds: string[] }>> {
    return this.dataSource.query(
      `SELECT b.id, b.tenant_id AS "tenantId", b.waba_id AS "wabaId",
         COALESCE(array_agg(p.phone_number_id ORDER BY p.phone_number_id)
           FILTER (WHERE p.phone_number_id IS NOT NULL), '{}') AS "phoneNumberIds"
       FROM business_accounts b LEFT JOIN phone_numbers p ON p.business_account_id = b.id
       WHERE b.partner_removed_at IS NULL AND ($1::uuid[] IS NULL OR b.tenant_id = ANY ($1::uuid[]))
       GROUP BY b.id ORDER BY b.created_at`,
      [tenantIds],
    );
  }

  /** Stores learned limits; false when the number is not registered. */
  async recordLimits(phoneNumberId: string, learned: LearnedLimits): Promise<boolean> {
    const result = await this.numbers.update({ phoneNumberId }, { ...learned, limitsLearnedAt: new Date() });
    return !!result.affected;
  }

  /** Numbers whose limits were last learned before `before` (or never), oldest first. */
  learnedBefore(before: Date, limit: number): Promise<Array<Pick<PhoneNumber, 'phoneNumberId' | 'businessAccountId'>>> {
    return this.numbers
      .createQueryBuilder('p')
      .select(['p.phoneNumberId', 'p.businessAccountId'])
      .where('p.limits_learned_at IS NULL OR p.limits_learned_at < :before', { before })
      .orderBy('p.limits_learned_at', 'ASC', 'NULLS FIRST')
      .limit(limit)
      .getMany();
  }

  // ---- deletes ---------------------------------------------------------------------------------

  /**
   * Deletes one row in a transaction that first locks it (FOR UPDATE), so a child written meanwhile
   * through a foreign key waits and then fails on the missing parent instead of being orphaned;
   * `before` runs in that transaction (the dependents' checks, the removals) and may throw to refuse.
   * Null when the row does not exist.
   */
  async deleteLocked<T extends Owned>(
    entity: new () => T,
    id: string,
    before: (manager: EntityManager, row: T) => Promise<void>,
  ): Promise<T | null> {
    if (!isUuid(id)) return null;
    return this.dataSource.transaction(async (manager) => {
      const row = await manager
        .getRepository(entity)
        .createQueryBuilder('r')
        .setLock('pessimistic_write')
        .where('r.id = :id', { id })
        .getOne();
      if (!row) return null;
      await before(manager, row);
      await manager.getRepository(entity).delete(id);
      return row;
    });
  }

  /** Whether an organization has business accounts (tenancy's own dependent). */
  async organizationHasAccounts(manager: EntityManager, tenantId: string): Promise<boolean> {
    return manager.getRepository(BusinessAccount).exists({ where: { tenantId } });
  }

  /** Whether a business account has phone numbers (tenancy's own dependent). */
  async accountHasNumbers(manager: EntityManager, businessAccountId: string): Promise<boolean> {
    return manager.getRepository(PhoneNumber).exists({ where: { businessAccountId } });
  }
}
