import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';

export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The 24-hour customer-service window of (phone number, user), opened by each inbound message
 * (stored by the upstream webhooks). A window only ever moves forward, so an open window is
 * cached until it closes; a closed one is always read again (a message may just have opened it).
 */
@Injectable()
export class ServiceWindowService {
  private readonly openUntil = new LRUCache<string, number>({ max: 200_000 });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

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
