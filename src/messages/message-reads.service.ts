import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { decodeCursor, type Page, toPage } from '../common/pagination';
import { normalizeRecipient } from '../common/recipient';
import { GraphError } from '../core/graph-error';
import { metaErrorCode } from '../core/meta-error-codes';
import { type ListMessagesQueryDto, type MessageRecordDto, toMessageRecord } from './dto/message-record.dto';
import type { MessageStatisticsDto } from './dto/message-statistics.dto';
import { type InboundMessageDto, type ListInboundMessagesQueryDto, toInboundMessage } from './dto/inbound-message.dto';
import { MessagesRepository } from './messages.repository';

/** The statistics' most frequent error codes. */
const TOP_ERRORS = 5;

/**
 * The message records as tenants read them: one with its status history, a page of them, the last
 * hours' counts; and what customers sent (the inbound messages), a page of them or one by its wamid.
 */
@Injectable()
export class MessageReadsService {
  constructor(private readonly repository: MessagesRepository) {}

  /** One message of this phone number and organization, by its id or its upstream id (wamid). */
  async get(tenantId: string, phoneNumberId: string, messageId: string): Promise<MessageRecordDto> {
    const byUpstreamId = messageId.startsWith('wamid.');
    if (!byUpstreamId && !isUUID(messageId)) throw notFound(messageId);
    const record = await this.repository.record(
      tenantId,
      phoneNumberId,
      byUpstreamId ? { wamid: messageId } : { id: messageId },
    );
    if (!record) throw notFound(messageId);
    const statuses = record.upstreamMessageId
      ? await this.repository.statusHistory(tenantId, record.upstreamMessageId)
      : [];
    return toMessageRecord(record, statuses);
  }

  /** Messages of a phone number, newest first, filtered by recipient, status and time. */
  async list(
    tenantId: string,
    phoneNumberId: string,
    query: ListMessagesQueryDto,
    nextUrl: (after: string) => string,
  ): Promise<Page<MessageRecordDto>> {
    const rows = await this.repository.records(
      tenantId,
      phoneNumberId,
      {
        recipient: query.recipient ? normalizeRecipient(query.recipient, 'recipient') : undefined,
        status: query.status,
        errorCode: query.error_code,
        idempotencyKey: query.idempotency_key,
        outcomeUnknown: query.outcome === 'unknown',
        since: query.since,
        until: query.until,
      },
      decodeCursor(query.after),
      query.limit + 1,
    );
    return toPage(
      rows,
      query.limit,
      (m) => ({ at: m.createdAt.toISOString(), id: m.id }),
      (m) => toMessageRecord(m, null),
      nextUrl,
    );
  }

  /** What customers sent to a phone number, newest first (Meta's time), filtered by sender, type and time. */
  async inbound(
    tenantId: string,
    phoneNumberId: string,
    query: ListInboundMessagesQueryDto,
    nextUrl: (after: string) => string,
  ): Promise<Page<InboundMessageDto>> {
    const rows = await this.repository.inboundPage(
      tenantId,
      phoneNumberId,
      { from: query.from, type: query.type, since: query.since, until: query.until },
      decodeCursor(query.after),
      query.limit + 1,
    );
    return toPage(rows, query.limit, (m) => ({ at: m.sentAt.toISOString(), id: m.id }), toInboundMessage, nextUrl);
  }

  /** One inbound message of the number, by its wamid. */
  async inboundMessage(tenantId: string, phoneNumberId: string, wamid: string): Promise<InboundMessageDto> {
    if (!wamid.startsWith('wamid.') || wamid.length > 512) throw inboundNotFound(wamid);
    const row = await this.repository.inboundByWamid(tenantId, phoneNumberId, wamid);
    if (!row) throw inboundNotFound(wamid);
    return toInboundMessage(row);
  }

  /** Counts by status and the top error codes of the records created in the last `hours`. */
  async statistics(tenantId: string, hours: number, phoneNumberIds: string[] | null): Promise<MessageStatisticsDto> {
    const since = new Date(Date.now() - hours * 3_600_000);
    const { byStatus, errors } = await this.repository.statistics(tenantId, since, phoneNumberIds, TOP_ERRORS);
    return {
      since: since.toISOString(),
      by_status: Object.fromEntries(byStatus.map((row) => [row.status, row.count])),
      top_errors: errors.map((row) => ({ ...row, title: metaErrorCode(row.code)?.title ?? 'Unknown error code' })),
    };
  }
}

/** An inbound message Meta never sent to this number (or another organization's): 404 code 100. */
function inboundNotFound(wamid: string): GraphError {
  return GraphError.notFound(`Inbound message ${wamid} does not exist`);
}

function notFound(messageId: string): GraphError {
  return GraphError.notFound(`Message ${messageId} does not exist`);
}
