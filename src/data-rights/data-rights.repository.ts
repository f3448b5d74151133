import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** An organization's retention settings as stored (days: null is the platform's). */
export interface RetentionRow {
  tenant_id: string;
  message_bodies_days: number | null;
  inbound_messages_days: number | null;
  media_days: number | null;
  webhook_deliveries_days: number | null;
  bodies_done_until: Date | null;
}

export type RetentionDays = Pick<
  RetentionRow,
  'message_bodies_days' | 'inbound_messages_days' | 'media_days' | 'webhook_deliveries_days'
>;

/** Table `retention_settings` (owned here). */
@Injectable()
export class DataRightsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async retention(tenantId: string): Promise<RetentionRow | null> {
    const rows = await this.dataSource.query<RetentionRow[]>(`SELECT * FROM retention_settings WHERE tenant_id = $1`, [
      tenantId,
    ]);
    return rows[0] ?? null;
  }

  /** The organizations that keep something for less time than the platform. */
  shorter(): Promise<RetentionRow[]> {
    return this.dataSource.query<RetentionRow[]>(
      `SELECT * FROM retention_settings WHERE message_bodies_days IS NOT NULL OR inbound_messages_days IS NOT NULL
         OR media_days IS NOT NULL OR webhook_deliveries_days IS NOT NULL ORDER BY tenant_id`,
    );
  }

  async putRetention(tenantId: string, days: RetentionDays): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO retention_settings (tenant_id, message_bodies_days, inbound_messages_days, media_days,
         webhook_deliveries_days)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id) DO UPDATE SET message_bodies_days = EXCLUDED.message_bodies_days,
         inbound_messages_days = EXCLUDED.inbound_messages_days, media_days = EXCLUDED.media_days,
         webhook_deliveries_days = EXCLUDED.webhook_deliveries_days, updated_at = now()`,
      [tenantId, days.message_bodies_days, days.inbound_messages_days, days.media_days, days.webhook_deliveries_days],
    );
  }

  /** The bodies' pass reached `until` (never moved back: a pass that ends earlier changes nothing). */
  async bodiesDone(tenantId: string, until: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE retention_settings SET bodies_done_until = $2
       WHERE tenant_id = $1 AND (bodies_done_until IS NULL OR bodies_done_until < $2)`,
      [tenantId, until],
    );
  }
}
