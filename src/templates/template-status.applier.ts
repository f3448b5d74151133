import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A template review event (`message_template_status_update`) as the ingestion hands it over. */
export interface TemplateStatusReport {
  wabaId: string;
  upstreamTemplateId: string;
  /** APPROVED, REJECTED, PAUSED, DISABLED… as Meta names it. */
  event: string;
  /** Meta's reason, for a rejection. */
  reason: string | null;
  /** When Meta reported it (the entry's time). */
  at: Date;
}

/**
 * Moves the catalog (table `message_templates`, owned here) with Meta's review events, inside the
 * caller's transaction. A report older than the status the template already has changes nothing.
 */
@Injectable()
export class TemplateStatusApplier {
  async apply(manager: EntityManager, report: TemplateStatusReport): Promise<void> {
    const rejected = report.event === 'REJECTED';
    await manager.query(
      `UPDATE message_templates
       SET status = $1, rejected_reason = $2, status_updated_at = $3, updated_at = now()
       WHERE upstream_id = $4 AND waba_id = $5 AND (status_updated_at IS NULL OR status_updated_at <= $3)`,
      [
        report.event,
        rejected ? (report.reason ?? 'UNKNOWN') : null,
        report.at,
        report.upstreamTemplateId,
        report.wabaId,
      ],
    );
  }
}
