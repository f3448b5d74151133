import { EncryptedSecrets } from '../common/encrypted-secrets';
import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/pagination';
import { SecretBox } from '../common/secret-box';
import { GraphError } from '../core/graph-error';
import { AppSubscriptionsService } from './app-subscriptions.service';
import { BusinessAccount } from './business-account.entity';
import { Organization } from './organization.entity';
import { PhoneNumber } from './phone-number.entity';
import { PhoneNumbersUpstream } from './phone-numbers.upstream';
import { type PageQuery, TenancyRepository } from './tenancy.repository';
import { TenancyService } from './tenancy.service';
import { simulatorToken } from '../upstream/simulator-token';

export type { PageQuery } from './tenancy.repository';

/** Upstream phone number and business account ids are digits. */
const UPSTREAM_ID = /^\d{1,32}$/;

/** What a delete may be refused for: an organization, a business account or a phone number. */
export type DependentOf = 'organization' | 'businessAccount' | 'phoneNumber';

/**
 * Whether something of its owner's still refers to the row (`id`: the organization's or account's uuid, the
 * number's Meta id).
 */
export type DependentCheck = (manager: EntityManager, id: string) => Promise<boolean>;

/**
 * Onboarding: organizations, their business accounts (with the upstream token, write-only) and
 * phone numbers. The CLI and the management API (/v1/organizations) both call this service, so
 * both apply the same rules. Lookups on the request path stay in TenancyService, whose short
 * caches this service clears on every change (other instances see it within AUTH_CACHE_TTL_MS).
 *
 * Meta's side is done here too: an account is added only once the gateway's Meta app is subscribed to
 * its webhooks and Meta lists the subscription (AppSubscriptionsService), and removing it unsubscribes;
 * a number is added with its limits as Meta states them (throughput, messaging limit tier, quality), so
 * it is paced right from its first send, whichever way it was added (the API, the CLI, the demo's seed).
 *
 * A delete is refused (409 code 100, naming them) while anything still refers to the row: records
 * are history a tenant may be asked for, and keys or lists would silently lose their meaning. What
 * refers to it is each owner's knowledge: features register a check (`registerDependent`), tenancy
 * knows none of their tables.
 */
/** The first owner's invitation (people/PeopleService.inviteAsOperator), as an organization's answer shows it. */
export type FirstOwnerInvitation = (
  tenantId: string,
  email: string,
  keyId: string | null,
) => Promise<{ id: string; email: string; role: string; expires_at: string; mailed: boolean; link?: string }>;

@Injectable()
export class OnboardingService {
  /** Tenancy's own dependents (named first in a refusal), then the features'. */
  private readonly own: Record<DependentOf, Array<{ label: string; exists: DependentCheck }>>;
  private readonly dependents: Record<DependentOf, Array<{ label: string; exists: DependentCheck }>> = {
    organization: [],
    businessAccount: [],
    phoneNumber: [],
  };

  constructor(
    private readonly repository: TenancyRepository,
    private readonly tenancy: TenancyService,
    private readonly secretBox: SecretBox,
    private readonly subscriptions: AppSubscriptionsService,
    private readonly numbersUpstream: PhoneNumbersUpstream,
    secrets: EncryptedSecrets,
  ) {
    secrets.register('business account tokens', repository.encryptedSecrets());
    this.own = {
      organization: [{ label: 'business accounts', exists: (m, id) => repository.organizationHasAccounts(m, id) }],
      businessAccount: [{ label: 'phone numbers', exists: (m, id) => repository.accountHasNumbers(m, id) }],
      phoneNumber: [],
    };
  }

  /**
   * Lets a feature refuse the delete of an organization, business account or number while its rows
   * refer to it (`label` names them in the refusal). Checked in the delete's transaction.
   */
  registerDependent(of: DependentOf, label: string, exists: DependentCheck): void {
    this.dependents[of].push({ label, exists });
  }

  /**
   * How an organization created with its first owner's email invites them: people/ registers it
   * (people depends on tenancy, never the reverse).
   */
  registerFirstOwnerInvitation(invite: FirstOwnerInvitation): void {
    this.firstOwnerInvitation = invite;
  }

  private firstOwnerInvitation?: FirstOwnerInvitation;

  // ---- organizations ---------------------------------------------------------------------------

  /**
   * An organization and, with `ownerEmail`, its first owner's invitation. The invitation follows the
   * organization's commit: a mail the SMTP server refuses leaves the link in the answer (the
   * organization stays; the operator hands the link over or invites again).
   */
  async createOrganizationWithOwner(
    name: string,
    ownerEmail: string | undefined,
    keyId: string | null,
  ): Promise<{ organization: Organization; ownerInvitation?: Awaited<ReturnType<FirstOwnerInvitation>> }> {
    const invite = this.firstOwnerInvitation;
    if (ownerEmail !== undefined && !invite)
      throw GraphError.invalidParameter('Invalid parameter', 'owner_email: people are not served here');
    const organization = await this.createOrganization(name);
    if (ownerEmail === undefined || !invite) return { organization };
    return { organization, ownerInvitation: await invite(organization.id, ownerEmail, keyId) };
  }

  async createOrganization(name: string): Promise<Organization> {
    return this.repository.createOrganization(requiredName(name));
  }

  async countOrganizations(): Promise<number> {
    return this.repository.countAllOrganizations();
  }

  async pageOrganizations(query: PageQuery, originalUrl: string): Promise<Page<Organization>> {
    return this.repository.pageOrganizations(query, originalUrl);
  }

  /** An organization by id; missing (or not a UUID) is 404 code 100. */
  async getOrganization(id: string): Promise<Organization> {
    const row = isUUID(id) ? await this.repository.organization(id) : null;
    if (!row) throw GraphError.notFound(`Organization ${id} does not exist`);
    return row;
  }

  /**
   * The test twin of a live organization (test mode), made on first use; a twin is its own twin. Its
   * records are the organization's test data, reached by test keys only.
   */
  async testTwinOf(id: string): Promise<Organization> {
    const row = await this.getOrganization(id);
    return row.testOf === null ? this.repository.twinOf(row) : row;
  }

  async renameOrganization(id: string, name: string): Promise<Organization> {
    const row = await this.getOrganization(id);
    row.name = requiredName(name);
    return this.repository.saveOrganization(row);
  }

  private readonly organizationRemovals: Array<(manager: EntityManager, tenantId: string) => Promise<void>> = [];

  /**
   * Lets a feature end what it keeps of an organization, in the transaction that deletes it (auth
   * revokes its members' keys: people go with their organization, machines' keys still block it).
   */
  onOrganizationRemoved(removal: (manager: EntityManager, tenantId: string) => Promise<void>): void {
    this.organizationRemovals.push(removal);
  }

  async deleteOrganization(id: string): Promise<void> {
    // Its test twin goes with it (the foreign key cascades): what would refuse the twin's delete
    // refuses this one too, named as test data.
    const twin = isUUID(id) ? (await this.repository.twinsOf([id])).get(id) : undefined;
    const deleted = await this.repository.deleteLocked(Organization, id, async (manager, row) => {
      await this.refuseWhileDependents(manager, 'Organization', 'organization', row.id, twin);
      for (const removal of this.organizationRemovals) {
        if (twin) await removal(manager, twin);
        await removal(manager, row.id);
      }
    });
    if (!deleted) throw GraphError.notFound(`Organization ${id} does not exist`);
  }

  /** The organization and its test twin, if it has one: an organization's deletion removes the data of both. */
  async organizationAndTwin(id: string): Promise<string[]> {
    const row = await this.getOrganization(id);
    const twin = (await this.repository.twinsOf([row.id])).get(row.id);
    return twin ? [row.id, twin] : [row.id];
  }

  /** Which of the dependents named `labels` the organization (or its twin) still has (the refusal's words). */
  async dependentsOf(id: string, labels: string[]): Promise<string[]> {
    const found: string[] = [];
    const ids = await this.organizationAndTwin(id);
    await this.repository.read(async (manager) => {
      for (const { label, exists } of this.dependents.organization.filter((d) => labels.includes(d.label)))
        for (const [i, each] of ids.entries()) if (await exists(manager, each)) found.push(i ? `test ${label}` : label);
    });
    return found;
  }

  /**
   * Deletes the organization once its data is gone (data-rights/: an organization's deletion): its numbers,
   * its business accounts (unsubscribed at Meta), then itself with its twin, each refused as a delete by hand
   * is while something still depends on it. How many numbers and accounts went.
   */
  async deleteOrganizationWhole(id: string): Promise<{ phone_numbers: number; business_accounts: number }> {
    let numbers = 0;
    let accounts = 0;
    for (const tenantId of (await this.organizationAndTwin(id)).reverse()) {
      for (const account of await this.repository.accountsOf(tenantId)) {
        for (const phoneNumberId of account.phoneNumberIds) {
          await this.deletePhoneNumber(tenantId, phoneNumberId);
          numbers++;
        }
        await this.deleteBusinessAccount(tenantId, account.wabaId);
        accounts++;
      }
    }
    await this.deleteOrganization(id);
    return { phone_numbers: numbers, business_accounts: accounts };
  }

  // ---- business accounts -----------------------------------------------------------------------

  async addBusinessAccount(input: {
    tenantId: string;
    wabaId: string;
    accessToken: string;
    name?: string;
    /** A test twin's account at the simulator (test numbers only); its token is marked as the simulator's. */
    simulated?: boolean;
  }): Promise<BusinessAccount> {
    if (!UPSTREAM_ID.test(input.wabaId))
      throw GraphError.invalidParameter('Invalid business account id', 'waba_id: must be digits');
    if (!input.accessToken.trim())
      throw GraphError.invalidParameter('Access token is required', 'access_token: must not be empty');
    const organization = await this.getOrganization(input.tenantId);
    // Test mode: a twin's accounts are the simulator's, made with its test numbers; a live one's are Meta's.
    if ((organization.testOf !== null) !== (input.simulated === true))
      throw GraphError.invalidParameter(
        organization.testOf !== null
          ? 'A test organization’s numbers are test numbers'
          : 'Only a test organization has simulated accounts',
        organization.testOf !== null
          ? 'organization_id: a test organization; its numbers come from POST /v1/test/phone_numbers with a test key'
          : 'organization_id: a live organization',
      );
    if (await this.repository.accountExists(input.wabaId)) {
      throw GraphError.conflict(`Business account ${input.wabaId} is already registered`);
    }
    // Without the subscription Meta sends none of the account's webhooks: no statuses, no customers' messages.
    const token = input.accessToken.trim();
    await this.subscriptions.subscribe(input.wabaId, input.simulated ? simulatorToken(token) : token);
    const saved = await this.repository.createAccount({
      tenantId: input.tenantId,
      wabaId: input.wabaId,
      name: input.name ?? '',
      accessTokenEncrypted: this.secretBox.encrypt(input.accessToken.trim()),
      appSubscription: 'subscribed',
      appSubscriptionCheckedAt: new Date(),
    });
    this.tenancy.forget({ wabaId: saved.wabaId });
    return saved;
  }

  async pageBusinessAccounts(tenantId: string, query: PageQuery, originalUrl: string): Promise<Page<BusinessAccount>> {
    await this.getOrganization(tenantId);
    return this.repository.pageAccounts(tenantId, query, originalUrl);
  }

  /**
   * A business account by Meta's WABA id alone, whatever its organization (the CLI's commands); 404 code 100 when
   * unknown.
   */
  async findBusinessAccountOwner(wabaId: string): Promise<BusinessAccount> {
    const row = UPSTREAM_ID.test(wabaId) ? await this.repository.account(wabaId) : null;
    if (!row) throw GraphError.notFound(`Business account ${wabaId} does not exist`);
    return row;
  }

  /** A business account of the organization, by Meta's WABA id; one of another organization is the same 404. */
  async getBusinessAccount(tenantId: string, wabaId: string): Promise<BusinessAccount> {
    const row = UPSTREAM_ID.test(wabaId) && isUUID(tenantId) ? await this.repository.account(wabaId, tenantId) : null;
    if (!row) throw GraphError.notFound(`Business account ${wabaId} does not exist in organization ${tenantId}`);
    return row;
  }

  /**
   * Renames the account or replaces its upstream access token (the token is never shown); a new token
   * subscribes the app again with it first (so a token Meta refuses is never stored).
   */
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
      // A test organization's account is the simulator's: its token is set by its test number only.
      if (await this.tenancy.isTest(row.tenantId))
        throw GraphError.invalidParameter(
          'A test account’s token is the simulator’s',
          'access_token: the account is a test number’s (test mode); it takes no token',
        );
      await this.subscriptions.subscribe(row.wabaId, change.accessToken.trim());
      row.accessTokenEncrypted = this.secretBox.encrypt(change.accessToken.trim());
      Object.assign(row, {
        appSubscription: 'subscribed',
        appSubscriptionCheckedAt: new Date(),
        appSubscriptionError: null,
        // A new token is a new grant: an account whose partner was removed is connected again.
        partnerRemovedAt: null,
      });
    }
    const saved = await this.repository.saveAccount(row);
    this.tenancy.forget({ wabaId: saved.wabaId, businessAccountId: saved.id });
    return saved;
  }

  /**
   * The business removed the gateway's app from its account (Meta's `account_update`,
   * `PARTNER_REMOVED`): its numbers send nothing from now (TenancyService.accessToken refuses) until a
   * new token connects it again. The account, or null when the gateway does not have it.
   */
  async markPartnerRemoved(wabaId: string): Promise<BusinessAccount | null> {
    if (!UPSTREAM_ID.test(wabaId)) return null;
    const row = await this.repository.markPartnerRemoved(wabaId, new Date());
    if (row) this.tenancy.forget({ wabaId, businessAccountId: row.id });
    return row;
  }

  /** Subscribes the app to the account's webhooks again (after Meta lost it) and checks it. */
  async resubscribeBusinessAccount(tenantId: string, wabaId: string): Promise<BusinessAccount> {
    const account = await this.getBusinessAccount(tenantId, wabaId);
    await this.subscriptions.resubscribe(account.wabaId);
    return this.getBusinessAccount(tenantId, wabaId);
  }

  async deleteBusinessAccount(tenantId: string, wabaId: string): Promise<void> {
    const account = await this.getBusinessAccount(tenantId, wabaId);
    const deleted = await this.repository.deleteLocked(BusinessAccount, account.id, (manager, row) =>
      this.refuseWhileDependents(manager, 'Business account', 'businessAccount', row.id),
    );
    if (!deleted) throw GraphError.notFound(`Business account ${wabaId} does not exist in organization ${tenantId}`);
    this.tenancy.forget({ wabaId: account.wabaId, businessAccountId: account.id });
    await this.subscriptions.unsubscribe(deleted);
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
    const waba = UPSTREAM_ID.test(input.wabaId) ? await this.repository.account(input.wabaId) : null;
    if (!waba || (input.tenantId !== undefined && waba.tenantId !== input.tenantId)) {
      throw GraphError.notFound(
        `Business account ${input.wabaId} does not exist${input.tenantId ? ` in organization ${input.tenantId}` : ''}`,
      );
    }
    if (await this.repository.numberExists(input.phoneNumberId)) {
      throw GraphError.conflict(`Phone number ${input.phoneNumberId} is already registered`);
    }
    // Its limits before its first send: a number paced on guesses draws Meta's refusals (131048).
    const limits = await this.numbersUpstream
      .readLimits(input.phoneNumberId, await this.tenancy.tokenOf(waba))
      .catch((error: unknown) => {
        if (!(error instanceof GraphError) || error.status >= 500) throw error;
        throw GraphError.invalidParameter(
          `Meta refused to describe phone number ${input.phoneNumberId} to business account ${waba.wabaId}`,
          `phone_number_id: Meta answered (#${error.code}) ${error.message}`,
        );
      });
    const saved = await this.repository.createNumber({
      tenantId: waba.tenantId,
      businessAccountId: waba.id,
      phoneNumberId: input.phoneNumberId,
      displayPhoneNumber: input.displayPhoneNumber,
      ...limits,
      limitsLearnedAt: new Date(),
      ...(input.enforceServiceWindow !== undefined && { enforceServiceWindow: input.enforceServiceWindow }),
    });
    this.tenancy.forget({ phoneNumberId: saved.phoneNumberId });
    return saved;
  }

  async pagePhoneNumbers(
    tenantId: string,
    query: PageQuery & { wabaId?: string; only?: string[] },
    originalUrl: string,
  ): Promise<Page<PhoneNumber>> {
    await this.getOrganization(tenantId);
    const waba = query.wabaId === undefined ? undefined : await this.getBusinessAccount(tenantId, query.wabaId);
    return this.repository.pageNumbers(tenantId, waba?.id, query, originalUrl);
  }

  /** A phone number of the organization, by Meta's id; one of another organization is the same 404. */
  async getPhoneNumber(tenantId: string, phoneNumberId: string): Promise<PhoneNumber> {
    const row =
      UPSTREAM_ID.test(phoneNumberId) && isUUID(tenantId)
        ? await this.repository.number(phoneNumberId, tenantId)
        : null;
    if (!row) throw GraphError.notFound(`Phone number ${phoneNumberId} does not exist in organization ${tenantId}`);
    return row;
  }

  /** The WABA id of a number's business account (for display). */
  async wabaIdOf(businessAccountId: string): Promise<string> {
    return (await this.repository.wabaIdOf(businessAccountId)) ?? '';
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
    const saved = await this.repository.saveNumber(row);
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
    const phone = UPSTREAM_ID.test(phoneNumberId) ? await this.repository.number(phoneNumberId) : null;
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
    const deleted = await this.repository.deleteLocked(PhoneNumber, phone.id, async (manager, row) => {
      await this.refuseWhileDependents(manager, 'Phone number', 'phoneNumber', row.phoneNumberId);
      // State other features derive from the number (service windows) goes with it, by their own code.
      for (const removal of this.phoneNumberRemovals) await removal(manager, row.phoneNumberId);
    });
    if (!deleted) throw GraphError.notFound(`Phone number ${phoneNumberId} does not exist in organization ${tenantId}`);
    this.tenancy.forget({ phoneNumberId });
  }

  // ---- shared ----------------------------------------------------------------------------------

  /**
   * Refuses the delete (409 code 100 naming them) while registered dependents remain: tenancy's own
   * first, then the features' in the order of their labels (registration order is the modules').
   * Rows written through a foreign key wait on the delete's lock; rows without one (message records,
   * keys) are checked, not locked: a send racing the delete of its own number is not guarded against.
   */
  private async refuseWhileDependents(
    manager: EntityManager,
    what: string,
    of: DependentOf,
    id: string,
    twin?: string,
  ): Promise<void> {
    const features = [...this.dependents[of]].sort((a, b) => a.label.localeCompare(b.label));
    const checks = [...this.own[of], ...features];
    const found: string[] = [];
    for (const { label, exists } of checks) if (await exists(manager, id)) found.push(label);
    if (twin !== undefined)
      for (const { label, exists } of checks) if (await exists(manager, twin)) found.push(`test ${label}`);
    if (found.length) {
      throw GraphError.conflict(
        `${what} cannot be deleted while records depend on it`,
        `Still has: ${found.join(', ')}`,
      );
    }
  }
}

function requiredName(name: string): string {
  if (!name.trim()) throw GraphError.invalidParameter('Organization name is required', 'name: must not be empty');
  return name.trim();
}
