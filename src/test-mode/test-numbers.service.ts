import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomInt } from 'node:crypto';
import { randomBase62 } from '../auth/api-key-format';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { SharedStore } from '../redis/shared-store';
import { OnboardingService } from '../tenancy/onboarding.service';
import type { PhoneNumber } from '../tenancy/phone-number.entity';
import { TenancyService } from '../tenancy/tenancy.service';
import { SimulatorControl } from './simulator-control';

/** How long one organization's test number creation may hold its turn (the simulator's calls and onboarding). */
const CREATE_LEASE_MS = 30_000;

/** A test number as made: the number and its business account's WABA id. */
export interface TestNumber {
  phone: PhoneNumber;
  wabaId: string;
}

/**
 * Test numbers (test mode): an organization makes them itself, with a test key, in its test twin.
 * Each is a number in a business account of its own at the simulator, made there first (as a real
 * one exists at Meta before onboarding) and then onboarded like any: the app subscribed to its
 * webhooks, its limits read, all through the simulator (the twin's token is the simulator's). At
 * most TEST_NUMBERS_PER_ORGANIZATION at once.
 */
@Injectable()
export class TestNumbersService {
  private readonly limit: number;

  constructor(
    private readonly onboarding: OnboardingService,
    private readonly tenancy: TenancyService,
    private readonly simulator: SimulatorControl,
    private readonly store: SharedStore,
    config: ConfigService<Environment, true>,
  ) {
    this.limit = config.get('TEST_NUMBERS_PER_ORGANIZATION', { infer: true });
  }

  /** The twin's numbers, oldest first (every number of a twin is a test number). */
  async list(tenantId: string, originalUrl: string, page: { limit: number; after?: string }) {
    await this.requireTest(tenantId);
    return this.onboarding.pagePhoneNumbers(tenantId, page, originalUrl);
  }

  async create(tenantId: string, input: { verifiedName?: string }): Promise<TestNumber> {
    await this.requireTest(tenantId);
    this.simulator.require('phone_number');
    // One creation at a time per organization, so that two at once cannot pass the limit together.
    const lease = `test-numbers:${tenantId}`;
    if (!(await this.store.acquireLease(lease, CREATE_LEASE_MS)))
      throw GraphError.conflict('A test number of this organization is being made: retry in a moment');
    try {
      const held = await this.onboarding.pagePhoneNumbers(tenantId, { limit: this.limit + 1 }, '');
      if (held.data.length >= this.limit)
        throw GraphError.invalidParameter(
          'Test number limit reached',
          `phone_number: an organization holds at most ${this.limit} test numbers (delete one first)`,
        );
      const organization = await this.onboarding.getOrganization(tenantId);
      const wabaId = digits(15);
      const phoneNumberId = digits(15);
      const accessToken = randomBase62(48);
      // Meta's test numbers are US numbers of the fictional 555 exchange; so are these.
      const displayPhoneNumber = `+1 555-${digits(3)}-${digits(4)}`;
      await this.simulator.createNumber({
        wabaId,
        accessToken,
        accountName: `${organization.name} account`,
        phoneNumberId,
        displayPhoneNumber,
        verifiedName: input.verifiedName ?? organization.name.replace(/ \(test\)$/, ''),
      });
      await this.onboarding.addBusinessAccount({
        tenantId,
        wabaId,
        accessToken,
        name: `Test account ${displayPhoneNumber}`,
        simulated: true,
      });
      try {
        const phone = await this.onboarding.addPhoneNumber({ tenantId, wabaId, phoneNumberId, displayPhoneNumber });
        return { phone, wabaId };
      } catch (error) {
        // No account without its number: the next try makes both again.
        await this.onboarding.deleteBusinessAccount(tenantId, wabaId).catch(() => undefined);
        throw error;
      }
    } finally {
      await this.store.deleteValue(lease).catch(() => undefined);
    }
  }

  /** Removes a test number and its account (refused, 409 code 100, while records depend on them). */
  async remove(tenantId: string, phoneNumberId: string): Promise<void> {
    await this.requireTest(tenantId);
    const phone = await this.onboarding.getPhoneNumber(tenantId, phoneNumberId);
    const wabaId = await this.onboarding.wabaIdOf(phone.businessAccountId);
    await this.onboarding.deletePhoneNumber(tenantId, phoneNumberId);
    await this.onboarding.deleteBusinessAccount(tenantId, wabaId);
  }

  /** Test numbers are test data: a live key's organization has none (400 code 100). */
  async requireTest(tenantId: string): Promise<void> {
    if (!(await this.tenancy.isTest(tenantId)))
      throw GraphError.invalidParameter(
        'Test numbers are test data: use a test key',
        'Authorization: a live key reaches live data only; test numbers are made and read with a test key (svc_test_…)',
      );
  }
}

/** `length` random decimal digits, the first not zero (Meta's ids are digits). */
function digits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}
