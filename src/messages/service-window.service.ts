import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { OnboardingService } from '../tenancy/onboarding.service';

export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The 24-hour customer-service window of (phone number, user), opened by each inbound message
 * (stored by the upstream webhooks). A window only ever moves forward, so an open window is
 * cached until it closes; a closed one is always read again (a message may just have opened it).
 */
@Injectable()
export class ServiceWindowService implements OnModuleInit {
  private readonly openUntil = new LRUCache<string, number>({ max: 200_000 });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly onboarding: OnboardingService,
  ) {}

  /** Windows are derived state of a number, not history: they go when the number is deleted. */
  onModuleInit(): void {
    this.onboarding.onPhoneNumberRemoved((manager, phoneNumberId) => this.forgetPhoneNumber(manager, phoneNumberId));
  }

  private async forgetPhoneNumber(manager: EntityManager, phoneNumberId: string): Promise<void> {
    await manager.query('DELETE FROM conversation_windows WHERE phone_number_id = $1', [phoneNumberId]);
    for (const key of this.openUntil.keys()) if (key.startsWith(`${phoneNumberId}:`)) this.openUntil.delete(key);
  }

  /** Which of `waIds` have an open window with the number now (a broadcast's batch, in one read). */
  async openAmong(phoneNumberId: string, waIds: string[]): Promise<Set<string>> {
    if (waIds.length === 0) return new Set();
    const rows = await this.dataSource.query<Array<{ wa_id: string }>>(
      `SELECT wa_id FROM conversation_windows WHERE phone_number_id = $1 AND wa_id = ANY ($2::text[])
         AND last_inbound_at > now() - make_interval(secs => $3)`,
      [phoneNumberId, waIds, SERVICE_WINDOW_MS / 1000],
    );
    return new Set(rows.map((row) => row.wa_id));
  }

  async isOpen(phoneNumberId: string, waId: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    const key = `${phoneNumberId}:${waId}`;
    const cached = this.openUntil.get(key);
    if (cached !== undefined && cached > now) return true;
    const [row] = await this.dataSource.query<Array<{ last_inbound_at: Date }>>(
      'SELECT last_inbound_at FROM conversation_windows WHERE phone_number_id = $1 AND wa_id = $2',
      [phoneNumberId, waId],
    );
    if (!row) return false;
    const until = new Date(row.last_inbound_at).getTime() + SERVICE_WINDOW_MS;
    if (until <= now) return false;
    this.openUntil.set(key, until);
    return true;
  }
}
