import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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
 * `message_statuses` and `messages`, owned here), inside the caller's transaction: the upstream
 * webhook ingestion hands over every status of a group commit at once. Each status is kept once per
 * message (one INSERT), and each record moves to the furthest status the batch reports for it, never
 * backwards (status-order.ts). A status naming its record finds it by id, and gives a record whose
 * send answer was lost its upstream id; other statuses find their record by upstream id.
 */
@Injectable()
export class MessageStatusApplier {
  async apply(manager: EntityManager, reported: ReportedStatus[]): Promise<void> {
    if (reported.length === 0) return;
    const statuses = inLockOrder(reported, (s) => `${s.id}\u0000${s.status}`);
    await manager.query(
      `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at, details)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::jsonb[])
       ON CONFLICT ON CONSTRAINT "UQ_message_statuses_message_status" DO NOTHING`,
      [
        statuses.map((s) => s.tenantId),
        statuses.map((s) => s.phoneNumberId),
        statuses.map((s) => s.id),
        statuses.map((s) => s.recipient),
        statuses.map((s) => s.status),
        statuses.map((s) => s.at),
        statuses.map((s) => s.details),
      ],
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
    if (byRecord.length > 0) {
      // The upstream id goes only to a record without one, and never to a second record; a record
      // that has it is written only when its status moves forward.
      await manager.query(
        `UPDATE messages m SET updated_at = now(),
           upstream_message_id = CASE WHEN m.upstream_message_id IS NULL THEN v.wamid ELSE m.upstream_message_id END,
           status = CASE WHEN ${movesForward('m.status', 'v.status', '$5')} THEN v.status ELSE m.status END
         FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[]) AS v(id, wamid, tenant_id, status)
         WHERE m.id = v.id AND m.tenant_id = v.tenant_id
           AND ((m.upstream_message_id IS NULL AND NOT EXISTS (SELECT 1 FROM messages o WHERE o.upstream_message_id = v.wamid))
                OR (m.upstream_message_id = v.wamid AND ${movesForward('m.status', 'v.status', '$5')}))`,
        [
          byRecord.map((m) => m.recordId),
          byRecord.map((m) => m.id),
          byRecord.map((m) => m.tenantId),
          byRecord.map((m) => m.status),
          MESSAGE_STATUS_ORDER,
        ],
      );
    }
    if (byUpstreamId.length > 0) {
      await manager.query(
        `UPDATE messages m SET status = v.status, updated_at = now()
         FROM unnest($1::text[], $2::uuid[], $3::text[]) AS v(wamid, tenant_id, status)
         WHERE m.upstream_message_id = v.wamid AND m.tenant_id = v.tenant_id AND ${movesForward('m.status', 'v.status', '$4')}`,
        [
          byUpstreamId.map((m) => m.id),
          byUpstreamId.map((m) => m.tenantId),
          byUpstreamId.map((m) => m.status),
          MESSAGE_STATUS_ORDER,
        ],
      );
    }
  }
}
