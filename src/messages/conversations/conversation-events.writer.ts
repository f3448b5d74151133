import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreallocatedCache } from '../../common/bounded-cache';
import type { DeliveryRow } from '../../tenant-webhooks/delivery-row';
import { WebhookOutbox } from '../../tenant-webhooks/webhook-outbox';
import { TenancyService } from '../../tenancy/tenancy.service';
import { assignedEvent, type ChangedBy, CONVERSATION_FIELD, statusChangedEvent } from './conversation-events';
import type { ConversationRow } from './conversations.repository';

export type AssignReason = 'manual' | 'auto_assignment' | 'reply' | 'unavailable' | 'automation';
export type StatusReason = 'manual' | 'customer' | 'snooze_ended' | 'automation';

/**
 * Writes the tenant webhooks of the team's changes to conversations (`conversation_update`) in the
 * change's own transaction, so a change is never left untold by a crash and a webhook never tells of
 * a change that did not happen; the caller dispatches what it returns once committed.
 */
@Injectable()
export class ConversationEventsWriter {
  /** A number's business account id (Meta's), for the envelope's entry: numbers do not change account. */
  private readonly wabaIds = new PreallocatedCache<string, string>({ max: 20_000 });

  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly tenancy: TenancyService,
  ) {}

  async assigned(
    manager: EntityManager,
    tenantId: string,
    phoneNumberId: string,
    row: Pick<ConversationRow, 'wa_id' | 'assignee_id' | 'team_id'>,
    previousAssigneeId: string | null,
    reason: AssignReason,
    by: ChangedBy | null,
  ): Promise<DeliveryRow[]> {
    const wabaId = await this.wabaIdOf(manager, phoneNumberId);
    const body = assignedEvent(
      { wabaId, phoneNumberId, waId: row.wa_id },
      { assigneeId: row.assignee_id, previousAssigneeId, teamId: row.team_id, reason, by },
    );
    return this.outbox.writeGatewayEvent({ tenantId, wabaId, field: CONVERSATION_FIELD, phoneNumberId, body }, manager);
  }

  async statusChanged(
    manager: EntityManager,
    tenantId: string,
    phoneNumberId: string,
    row: Pick<ConversationRow, 'wa_id' | 'status' | 'snoozed_until' | 'assignee_id'>,
    previousStatus: ConversationRow['status'] | null,
    reason: StatusReason,
    by: ChangedBy | null,
  ): Promise<DeliveryRow[]> {
    const wabaId = await this.wabaIdOf(manager, phoneNumberId);
    const body = statusChangedEvent(
      { wabaId, phoneNumberId, waId: row.wa_id },
      {
        status: row.status,
        previousStatus,
        snoozedUntil: row.snoozed_until ? new Date(row.snoozed_until) : null,
        assigneeId: row.assignee_id,
        reason,
        by,
      },
    );
    return this.outbox.writeGatewayEvent({ tenantId, wabaId, field: CONVERSATION_FIELD, phoneNumberId, body }, manager);
  }

  dispatch(deliveries: DeliveryRow[]): void {
    this.outbox.dispatch(deliveries);
  }

  /** Read in the change's transaction: on the embedded database it is the one connection there is. */
  private async wabaIdOf(manager: EntityManager, phoneNumberId: string): Promise<string> {
    const known = this.wabaIds.get(phoneNumberId);
    if (known !== undefined) return known;
    const wabaId = (await this.tenancy.wabaIdOfNumber(manager, phoneNumberId)) ?? phoneNumberId;
    this.wabaIds.set(phoneNumberId, wabaId);
    return wabaId;
  }
}
