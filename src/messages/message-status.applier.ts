import { Injectable } from '@nestjs/common';
import type { ComposedStatement } from '../database/composed-statement';
import { inLockOrder } from '../database/lock-order';
import { advance, MESSAGE_STATUS_ORDER, movesForward } from './status-order';

/** One status of one message, as an upstream webhook reported it. */
export interface ReportedStatus {
  tenantId: string;
  phoneNumberId: string;
  /** The upstream message id (wamid). */
  id: string;
  recipient: string;
  status: string;
  at: Date;
  /** The rest of Meta's status object (conversation, pricing, errors), as JSON. */
  details: string;
  /** The record the gateway's reference in `biz_opaque_callback_data` names, if any. */
  recordId?: string;
}

/**
 * Applies upstream status reports to the message records and their status history (tables
 * `message_statuses` and `messages`, owned here), as parts of the upstream webhook ingestion's one
 * statement (`ComposedStatement`: every status of a group commit at once, committed with the events
 * and the tenants' deliveries). Each status is kept once per message (one INSERT), and each record
 * moves to the furthest status the batch reports for it, never backwards (status-order.ts). A status
 * naming its record finds it by id, and gives a record whose send answer was lost its upstream id;
 * other statuses find their record by upstream id. Applying a status again (Meta redelivers) changes
 * nothing, so the parts need not know which of the batch's events are new.
 */
@Injectable()
export class MessageStatusApplier {
  addTo(statement: ComposedStatement, reported: ReportedStatus[]): void {
    const statuses = inLockOrder(reported, (s) => `${s.id}\u0000${s.status}`);
    statement.with(
      'message_statuses_added',
      `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at, details)
       SELECT * FROM ${statement.unnest(
         [statuses.map((s) => s.tenantId), 'uuid[]'],
         [statuses.map((s) => s.phoneNumberId), 'text[]'],
         [statuses.map((s) => s.id), 'text[]'],
         [statuses.map((s) => s.recipient), 'text[]'],
         [statuses.map((s) => s.status), 'text[]'],
         [statuses.map((s) => s.at), 'timestamptz[]'],
         [statuses.map((s) => s.details), 'jsonb[]'],
       )}
       ON CONFLICT ON CONSTRAINT "UQ_message_statuses_message_status" DO NOTHING`,
    );
    // One target row may be named twice in a batch (delivered and read together): keep the furthest.
    const furthest = new Map<string, { tenantId: string; id: string; status: string; recordId?: string }>();
    for (const s of statuses) {
      const key = `${s.tenantId}:${s.id}`;
      const seen = furthest.get(key);
      if (!seen || advance(seen.status, s.status) !== seen.status)
        furthest.set(key, { tenantId: s.tenantId, id: s.id, status: s.status, recordId: s.recordId });
    }
    const byRecord = inLockOrder(
      [...furthest.values()].filter((m) => m.recordId !== undefined),
      (m) => m.recordId as string,
    );
    const byUpstreamId = inLockOrder(
      [...furthest.values()].filter((m) => m.recordId === undefined),
      (m) => m.id,
    );
    const order = statement.param(MESSAGE_STATUS_ORDER, 'text[]');
    // The upstream id goes only to a record without one, and never to a second record; a record that
    // has it is written only when its status moves forward. The two parts never write the same record:
    // a record is named either by its id or by its upstream id.
    // `m.id = ANY` and `m.upstream_message_id = ANY`: the records are an index lookup in every plan,
    // where a join on `unnest` alone can be planned as a scan of the whole table.
    const recordIds = statement.param(
      byRecord.map((m) => m.recordId),
      'uuid[]',
    );
    const upstreamIds = statement.param(
      byUpstreamId.map((m) => m.id),
      'text[]',
    );
    statement.with(
      'messages_moved_by_record',
      `UPDATE messages m SET updated_at = now(),
         upstream_message_id = CASE WHEN m.upstream_message_id IS NULL THEN v.wamid ELSE m.upstream_message_id END,
         status = CASE WHEN ${movesForward('m.status', 'v.status', order)} THEN v.status ELSE m.status END
       FROM ${statement.unnest(
         [byRecord.map((m) => m.recordId), 'uuid[]'],
         [byRecord.map((m) => m.id), 'text[]'],
         [byRecord.map((m) => m.tenantId), 'uuid[]'],
         [byRecord.map((m) => m.status), 'text[]'],
       )} AS v(id, wamid, tenant_id, status)
       WHERE m.id = ANY (${recordIds}) AND m.id = v.id AND m.tenant_id = v.tenant_id
         AND ((m.upstream_message_id IS NULL AND NOT EXISTS (SELECT 1 FROM messages o WHERE o.upstream_message_id = v.wamid))
              OR (m.upstream_message_id = v.wamid AND ${movesForward('m.status', 'v.status', order)}))`,
    );
    statement.with(
      'messages_moved_by_upstream_id',
      `UPDATE messages m SET status = v.status, updated_at = now()
       FROM ${statement.unnest(
         [byUpstreamId.map((m) => m.id), 'text[]'],
         [byUpstreamId.map((m) => m.tenantId), 'uuid[]'],
         [byUpstreamId.map((m) => m.status), 'text[]'],
       )} AS v(wamid, tenant_id, status)
       WHERE m.upstream_message_id = ANY (${upstreamIds}) AND m.upstream_message_id = v.wamid AND m.tenant_id = v.tenant_id AND ${movesForward('m.status', 'v.status', order)}`,
    );
  }
}
