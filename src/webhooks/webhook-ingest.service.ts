import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { GraphError } from '../core/graph-error';
import { MESSAGE_STATUS_ORDER } from '../messages/message-status.entity';
import { TenancyService } from '../tenancy/tenancy.service';
import { MetricsService } from '../metrics/metrics.service';
import { WebhookOutbox } from '../tenant-webhooks/webhook-outbox';

/** Shapes of Meta's webhook payloads, as far as the gateway reads them. */
interface WebhookChange {
  field?: string;
  value?: Record<string, unknown> & {
    metadata?: { phone_number_id?: string; display_phone_number?: string };
    statuses?: UpstreamStatus[];
    messages?: UpstreamInboundMessage[];
    event?: string;
    message_template_id?: string | number;
    reason?: string;
  };
}

interface UpstreamStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  [key: string]: unknown;
}

interface UpstreamInboundMessage {
  id?: string;
  from?: string;
  timestamp?: string;
  type?: string;
  button?: { payload?: string; text?: string };
  interactive?: { button_reply?: { id?: string } };
  [key: string]: unknown;
}

export interface IngestResult {
  /** Changes stored for the first time. */
  stored: number;
  /** Changes already seen (redelivered by upstream): nothing done. */
  duplicates: number;
}

/**
 * Stores and applies upstream webhook deliveries, in one transaction per delivery, before the
 * delivery is acknowledged: a failure answers non-2xx and upstream delivers again. Every step is
 * idempotent (Meta delivers at least once and out of order): a change seen before is skipped; each
 * message status is kept once per message; windows only move forward; a template status older than
 * the one stored is ignored.
 */
@Injectable()
export class WebhookIngestService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenancy: TenancyService,
    private readonly outbox: WebhookOutbox,
    private readonly metrics: MetricsService,
  ) {}

  async ingest(payload: unknown): Promise<IngestResult> {
    const entries = (payload as { entry?: unknown })?.entry;
    if (!payload || typeof payload !== 'object' || !Array.isArray(entries)) {
      throw GraphError.invalidParameter('Invalid webhook payload', 'entry: must be an array');
    }
    // Organizations are looked up before the transaction opens: the lookups use their own
    // connections, and the embedded database has a pool of one.
    const changes: Array<{ wabaId: string; field: string; tenantId: string | null; change: WebhookChange; entry: Record<string, unknown> }> = [];
    for (const entry of entries as Array<{ id?: unknown; time?: unknown; changes?: unknown }>) {
      const wabaId = String(entry?.id ?? '');
      for (const change of Array.isArray(entry?.changes) ? (entry.changes as WebhookChange[]) : []) {
        const field = typeof change?.field === 'string' ? change.field : 'unknown';
        changes.push({ wabaId, field, tenantId: await this.tenantOf(wabaId, change), change, entry });
      }
    }
    const result: IngestResult = { stored: 0, duplicates: 0 };
    const deliveries: string[] = [];
    await this.dataSource.transaction(async (manager) => {
      for (const { wabaId, field, tenantId, change, entry } of changes) {
        const envelope = { object: (payload as { object?: unknown }).object, entry: [{ ...entry, changes: [change] }] };
        const body = JSON.stringify(envelope);
        const eventId = await this.store(manager, wabaId, field, tenantId, body);
        this.metrics.webhookEvents.inc({ field, result: eventId ? 'stored' : 'duplicate' });
        if (!eventId) {
          result.duplicates++;
          continue;
        }
        result.stored++;
        if (!tenantId) continue;
        if (field === 'messages') await this.applyMessages(manager, tenantId, change);
        if (field === 'message_template_status_update') await this.applyTemplateStatus(manager, wabaId, change, entry.time);
        // The tenant's deliveries are part of the same transaction: durable before upstream's 200.
        const phoneNumberId = change.value?.metadata?.phone_number_id;
        deliveries.push(
          ...(await this.outbox.add(manager, { tenantId, eventId, wabaId, field, phoneNumberId: typeof phoneNumberId === 'string' ? phoneNumberId : null, body })),
        );
      }
    });
    this.outbox.dispatch(deliveries);
    return result;
  }

  private async tenantOf(wabaId: string, change: WebhookChange): Promise<string | null> {
    const phoneNumberId = change?.value?.metadata?.phone_number_id;
    if (typeof phoneNumberId === 'string' && phoneNumberId) {
      const phone = await this.tenancy.findPhoneNumber(phoneNumberId);
      if (phone) return phone.tenantId;
    }
    const waba = wabaId ? await this.tenancy.findBusinessAccount(wabaId) : null;
    return waba?.tenantId ?? null;
  }

  /** Inserts the change once; its id, or undefined when the same change was stored before. */
  private async store(manager: EntityManager, wabaId: string, field: string, tenantId: string | null, json: string): Promise<string | undefined> {
    const dedupeKey = createHash('sha256').update(json).digest('hex');
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO webhook_events (dedupe_key, tenant_id, waba_id, field, payload)
       VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [dedupeKey, tenantId, wabaId, field, json],
    );
    return rows[0]?.id;
  }

  private async applyMessages(manager: EntityManager, tenantId: string, change: WebhookChange): Promise<void> {
    const value = change.value ?? {};
    const phoneNumberId = value.metadata?.phone_number_id ?? '';
    for (const status of value.statuses ?? []) {
      if (!status?.id || !status.status) continue;
      const { id, status: name, timestamp, recipient_id, ...details } = status;
      await manager.query(
        `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
         ON CONFLICT ON CONSTRAINT "UQ_message_statuses_message_status" DO NOTHING`,
        [tenantId, phoneNumberId, id, recipient_id ?? '', name, toDate(timestamp), JSON.stringify(details)],
      );
      // The record's status only moves forward: a late `sent` never overwrites `read`.
      await manager.query(
        `UPDATE messages SET status = $1, updated_at = now()
         WHERE upstream_message_id = $2 AND tenant_id = $3
           AND coalesce(array_position($4::text[], status), 0) < coalesce(array_position($4::text[], $1::text), 0)`,
        [name, id, tenantId, MESSAGE_STATUS_ORDER],
      );
    }
    for (const message of value.messages ?? []) {
      if (!message?.id || !message.from) continue;
      const sentAt = toDate(message.timestamp);
      const buttonPayload = message.button?.payload ?? message.interactive?.button_reply?.id ?? null;
      await manager.query(
        `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, button_payload, payload, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT (message_id) DO NOTHING`,
        [tenantId, phoneNumberId, message.id, message.from, message.type ?? 'unknown', buttonPayload, JSON.stringify(message), sentAt],
      );
      const media = mediaOf(message);
      if (media) {
        await manager.query(
          `INSERT INTO inbound_media (media_id, tenant_id, phone_number_id, message_id, mime_type, sha256)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (media_id) DO NOTHING`,
          [media.id, tenantId, phoneNumberId, message.id, media.mime_type ?? null, media.sha256 ?? null],
        );
      }
      await manager.query(
        `INSERT INTO conversation_windows (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (phone_number_id, wa_id) DO UPDATE
         SET last_inbound_at = GREATEST(conversation_windows.last_inbound_at, EXCLUDED.last_inbound_at), tenant_id = EXCLUDED.tenant_id`,
        [phoneNumberId, message.from, tenantId, sentAt],
      );
    }
  }

  private async applyTemplateStatus(manager: EntityManager, wabaId: string, change: WebhookChange, entryTime: unknown): Promise<void> {
    const value = change.value ?? {};
    if (!value.message_template_id || !value.event) return;
    const rejected = value.event === 'REJECTED';
    await manager.query(
      `UPDATE message_templates
       SET status = $1, rejected_reason = $2, status_updated_at = $3, updated_at = now()
       WHERE upstream_id = $4 AND waba_id = $5 AND (status_updated_at IS NULL OR status_updated_at <= $3)`,
      [value.event, rejected ? (value.reason ?? 'UNKNOWN') : null, toDate(entryTime), String(value.message_template_id), wabaId],
    );
  }
}

/** Message types whose object carries a downloadable media id. */
const MEDIA_TYPES = new Set(['image', 'document', 'audio', 'video', 'sticker']);

/** The media of an inbound message (`image: { id, mime_type, sha256 }` and the like), if it has one. */
function mediaOf(message: UpstreamInboundMessage): { id: string; mime_type?: string; sha256?: string } | undefined {
  if (!message.type || !MEDIA_TYPES.has(message.type)) return undefined;
  const media = message[message.type] as { id?: unknown; mime_type?: unknown; sha256?: unknown } | undefined;
  if (!media || typeof media.id !== 'string' || !/^\d{1,32}$/.test(media.id)) return undefined;
  return {
    id: media.id,
    mime_type: typeof media.mime_type === 'string' ? media.mime_type : undefined,
    sha256: typeof media.sha256 === 'string' ? media.sha256 : undefined,
  };
}

/** Meta's timestamps are unix seconds (as strings or numbers); a missing or future one is now. */
function toDate(timestamp: unknown): Date {
  const seconds = Number(timestamp);
  const now = Date.now();
  if (!Number.isFinite(seconds) || seconds <= 0) return new Date(now);
  return new Date(Math.min(seconds * 1000, now));
}
