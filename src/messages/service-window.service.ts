import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PreallocatedCache } from '../common/bounded-cache';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { OnboardingService } from '../tenancy/onboarding.service';
import { MessagesRepository } from './messages.repository';

export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The 24-hour customer-service window of (phone number, user), opened by each inbound message
 * (stored by the upstream webhooks). A window only ever moves forward, so an open window is
 * cached until it closes; a closed one is always read again (a message may just have opened it).
 */
@Injectable()
export class ServiceWindowService implements OnModuleInit {
  private readonly openUntil = new PreallocatedCache<string, number>({ max: 100_000 });

  constructor(
    private readonly repository: MessagesRepository,
    private readonly clock: Clock,
    private readonly onboarding: OnboardingService,
  ) {}

  /**
   * Windows are derived state of a number, not history: they go when the number is deleted. Records
   * and inbound messages are history: an organization or number is not deleted while it has them.
   */
  onModuleInit(): void {
    this.onboarding.onPhoneNumberRemoved((manager, phoneNumberId) => this.forgetPhoneNumber(manager, phoneNumberId));
    const repository = this.repository;
    for (const [of, column] of [
      ['organization', 'tenant_id'],
      ['phoneNumber', 'phone_number_id'],
    ] as const) {
      this.onboarding.registerDependent(of, 'message records', (m, id) => repository.hasRecords(m, column, id));
      this.onboarding.registerDependent(of, 'inbound messages', (m, id) => repository.hasInbound(m, column, id));
    }
  }

  private async forgetPhoneNumber(manager: EntityManager, phoneNumberId: string): Promise<void> {
    await this.repository.forgetWindows(manager, phoneNumberId);
    for (const key of this.openUntil.keys()) if (key.startsWith(`${phoneNumberId}:`)) this.openUntil.delete(key);
  }

  /** Which of `waIds` have an open window with the number now (a broadcast's batch, in one read). */
  async openAmong(phoneNumberId: string, waIds: string[]): Promise<Set<string>> {
    if (waIds.length === 0) return new Set();
    return this.repository.wroteWithin(phoneNumberId, waIds, SERVICE_WINDOW_MS / 1000);
  }

  /** Whether this instance already knows the window open (no read needed). */
  knownOpen(phoneNumberId: string, waId: string): boolean {
    const cached = this.openUntil.get(`${phoneNumberId}:${waId}`);
    return cached !== undefined && cached > this.clock.now().getTime();
  }

  /**
   * Whether the window is open now given the user's last inbound message (read by the caller); remembered while it
   * is.
   */
  openAfter(phoneNumberId: string, waId: string, lastInbound: Date | null): boolean {
    if (!lastInbound) return false;
    const until = lastInbound.getTime() + SERVICE_WINDOW_MS;
    if (until <= this.clock.now().getTime()) return false;
    this.openUntil.set(`${phoneNumberId}:${waId}`, until);
    return true;
  }
}
