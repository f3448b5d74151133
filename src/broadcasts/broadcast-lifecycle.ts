import { Injectable, Logger } from '@nestjs/common';
import { BroadcastSendsService } from '../messages/broadcast-sends.service';
import { OnboardingService } from '../tenancy/onboarding.service';
import type { DeliveryRow } from '../tenant-webhooks/delivery-row';
import { WebhookOutbox } from '../tenant-webhooks/webhook-outbox';
import { broadcastEvent, type BroadcastCounts, BROADCAST_FIELD } from './broadcast-events';
import { type BroadcastRow, BroadcastsRepository, type BroadcastStatus } from './broadcasts.repository';

/**
 * A broadcast's moves between states and what they tell: its counts (its recipients' states, those
 * sent by their message records), and the tenant webhook (`broadcast_status_update`) when it pauses
 * or completes. Shared by the API (a tenant's pause, resume, cancel) and the dispatcher (completion,
 * pauses for Meta's quality flag or spam refusals).
 */
@Injectable()
export class BroadcastLifecycle {
  private readonly logger = new Logger('Broadcasts');

  constructor(
    private readonly repository: BroadcastsRepository,
    private readonly messages: BroadcastSendsService,
    private readonly onboarding: OnboardingService,
    private readonly outbox: WebhookOutbox,
  ) {}

  /**
   * Recipients by state. Pre-send states come from the recipients; the sent ones from their current
   * records (accepted → read, failed); `queued` is the rest, so the counts always add up to the
   * recipients (a record written a moment before its recipient is linked to it counts as queued).
   */
  async counts(broadcast: Pick<BroadcastRow, 'id' | 'recipient_count'>): Promise<BroadcastCounts> {
    const [states, current] = await Promise.all([
      this.repository.stateCounts(broadcast.id),
      this.repository.sendingRecords(broadcast.id),
    ]);
    const records = await this.messages.broadcastStatusCounts(broadcast.id, current);
    const counts: BroadcastCounts = {
      queued: 0,
      accepted: records.accepted ?? 0,
      sent: records.sent ?? 0,
      delivered: records.delivered ?? 0,
      read: records.read ?? 0,
      failed: records.failed ?? 0,
      skipped: states.skipped,
      deferred: states.deferred,
    };
    const settled = (Object.values(counts) as number[]).reduce((a, b) => a + b, 0);
    counts.queued = Math.max(0, broadcast.recipient_count - settled);
    return counts;
  }

  /** Moves a broadcast (see BroadcastsRepository.move); a pause or completion tells the tenant. */
  async move(
    id: string,
    from: BroadcastStatus[],
    to: BroadcastStatus,
    pauseReason: string | null = null,
  ): Promise<BroadcastRow | null> {
    if (to !== 'paused' && to !== 'completed') return this.repository.move(id, from, to, pauseReason);
    const rows = await this.repository.byIds([id]);
    const [moved] = await this.moveAndTell(rows, from, to, pauseReason);
    return moved ?? null;
  }

  /** Pauses every running broadcast of a number (Meta flagged it RED, or refused it for spam), and tells. */
  async pauseNumber(phoneNumberId: string, reason: string): Promise<BroadcastRow[]> {
    const running = await this.repository.runningOf(phoneNumberId);
    const paused = await this.moveAndTell(running, ['running'], 'paused', reason);
    if (paused.length) this.logger.warn(`${paused.length} broadcasts of ${phoneNumberId} paused: ${reason}`);
    return paused;
  }

  /**
   * Moves broadcasts and writes the `broadcast_status_update` webhook of each one moved (to the
   * organization's endpoints that select it) in the same transaction: a move is never left untold by
   * a crash between the two, and a webhook never tells of a move that did not happen. Its counts are
   * read before (a move does not change them); the deliveries go to the job engine once committed.
   */
  private async moveAndTell(
    rows: BroadcastRow[],
    from: BroadcastStatus[],
    to: 'paused' | 'completed',
    pauseReason: string | null,
  ): Promise<BroadcastRow[]> {
    const told = new Map<string, { wabaId: string; counts: BroadcastCounts }>();
    for (const row of rows) {
      const wabaId = await this.onboarding.wabaIdOf(row.business_account_id);
      told.set(row.id, { wabaId, counts: await this.counts(row) });
    }
    const deliveries: DeliveryRow[] = [];
    const moved = await this.repository.moveAlong(
      rows.map((row) => row.id),
      from,
      to,
      pauseReason,
      async (manager, row) => {
        const { wabaId, counts } = told.get(row.id)!;
        const body = broadcastEvent(wabaId, {
          id: row.id,
          name: row.name,
          phoneNumberId: row.phone_number_id,
          status: to,
          pauseReason: row.pause_reason,
          counts: { ...counts },
        });
        const event = {
          tenantId: row.tenant_id,
          wabaId,
          field: BROADCAST_FIELD,
          phoneNumberId: row.phone_number_id,
          body,
        };
        deliveries.push(...(await this.outbox.writeGatewayEvent(event, manager)));
      },
    );
    this.outbox.dispatch(deliveries);
    return moved;
  }
}
