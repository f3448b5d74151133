import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import type { PhoneNumberLimits } from '../core/gateway-request';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { OnboardingService } from '../tenancy/onboarding.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { PhoneNumbersUpstream } from '../tenancy/phone-numbers.upstream';
import { NumberPaceService } from './number-pace.service';

/** Numbers refreshed per periodic tick (each one upstream call). */
const REFRESH_BATCH = 200;

/**
 * Learns each number's limits from Meta (throughput level, coexistence, messaging limit tier,
 * quality rating) again and keeps the shared pace in step (a number is added with them already:
 * OnboardingService reads them before it stores the number, whichever way it is added), when Meta's
 * `phone_number_quality_update` webhook says something changed (an upgrade, a tier, a flag), every
 * PACE_REFRESH_INTERVAL_SECONDS, and when an operator sets a number's throughput. What it learns is
 * stored by tenancy (the numbers' owner); the pace reads it from there.
 */
@Injectable()
export class NumberLimitsService implements OnModuleInit {
  private readonly logger = new Logger('NumberLimits');
  private readonly refreshIntervalMs: number;

  constructor(
    private readonly tenancy: TenancyService,
    private readonly onboarding: OnboardingService,
    private readonly graph: PhoneNumbersUpstream,
    private readonly pace: NumberPaceService,
    private readonly jobs: PeriodicJobs,
    config: ConfigService<Environment, true>,
  ) {
    this.refreshIntervalMs = config.get('PACE_REFRESH_INTERVAL_SECONDS', { infer: true }) * 1000;
  }

  onModuleInit(): void {
    this.onboarding.onPhoneNumberChanged((phone) => void this.shareQuietly(phone.phoneNumberId));
    if (this.refreshIntervalMs > 0)
      this.jobs.every('number-limits-refresh', Math.min(this.refreshIntervalMs, 60_000), () => this.refreshStale());
  }

  private readonly learnedListeners: Array<(phoneNumberId: string, limits: PhoneNumberLimits) => void> = [];

  /** Lets a feature act on what is learned of a number (broadcasts pause when Meta flags it RED). */
  onLearned(listener: (phoneNumberId: string, limits: PhoneNumberLimits) => void): void {
    this.learnedListeners.push(listener);
  }

  /** Reads the number's limits from Meta, stores them, and shares its pace; false when Meta did not answer. */
  async learn(phoneNumberId: string): Promise<boolean> {
    const phone = await this.tenancy.findPhoneNumber(phoneNumberId);
    if (!phone) return false;
    const token = await this.tenancy.accessToken(phone.businessAccountId);
    const limits = await this.tenancy.recordLimits(phoneNumberId, await this.graph.readLimits(phoneNumberId, token));
    if (limits) {
      await this.pace.share({ ...phone, limits });
      for (const listener of this.learnedListeners) listener(phoneNumberId, limits);
    }
    return limits !== null;
  }

  /**
   * Meta's `phone_number_quality_update` for a business account's number (named by its display
   * number): its limits are read again (the webhook says what changed, not all of what is now).
   */
  async onQualityUpdate(wabaId: string, value: Record<string, unknown> | undefined): Promise<void> {
    const display = typeof value?.display_phone_number === 'string' ? value.display_phone_number : '';
    try {
      const phone = await this.tenancy.phoneNumberByDisplayDigits(wabaId, display.replace(/\D/g, ''));
      if (!phone) {
        this.logger.warn(`phone_number_quality_update for an unknown number of business account ${wabaId}`);
        return;
      }
      await this.learn(phone.phoneNumberId);
    } catch (error) {
      this.logger.warn(`phone_number_quality_update of ${wabaId} not followed: ${(error as Error).message}`);
    }
  }

  /** Numbers not learned within PACE_REFRESH_INTERVAL_SECONDS (or never), a batch per tick. */
  async refreshStale(): Promise<void> {
    const due = await this.tenancy.phoneNumbersLearnedBefore(
      new Date(Date.now() - this.refreshIntervalMs),
      REFRESH_BATCH,
    );
    for (const phone of due) await this.learnQuietly(phone.phoneNumberId);
  }

  /** learn(), its failure logged rather than thrown (onboarding goes on; the periodic refresh tries again). */
  async learnQuietly(phoneNumberId: string): Promise<void> {
    try {
      await this.learn(phoneNumberId);
    } catch (error) {
      this.logger.warn(`limits of ${phoneNumberId} not read from Meta: ${(error as Error).message}`);
    }
  }

  private async shareQuietly(phoneNumberId: string): Promise<void> {
    try {
      this.tenancy.forget({ phoneNumberId });
      const phone = await this.tenancy.findPhoneNumber(phoneNumberId);
      if (phone) await this.pace.share(phone);
    } catch (error) {
      this.logger.warn(`pace of ${phoneNumberId} not shared: ${(error as Error).message}`);
    }
  }
}
