import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDate, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../common/pagination';
import { statusRank } from '../status-order';
import { MESSAGE_STATUS_ORDER, type MessageStatusEvent } from '../message-status.entity';
import type { Message } from '../message.entity';

/** The largest error code (Meta's codes are 32-bit integers; the filter compares them as such). */
const ERROR_CODE_MAX = 2_147_483_647;

export class ListMessagesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Recipient phone number (normalized like `to`)' })
  @IsOptional()
  @IsString()
  recipient?: string;

  @ApiPropertyOptional({ enum: MESSAGE_STATUS_ORDER })
  @IsOptional()
  @IsIn(MESSAGE_STATUS_ORDER)
  status?: string;

  @ApiPropertyOptional({
    enum: ['unknown'],
    description:
      'unknown: sends still pending whose upstream outcome is unknown (no answer, no status webhook yet), to watch or reconcile',
  })
  @IsOptional()
  @IsIn(['unknown'])
  outcome?: 'unknown';

  @ApiPropertyOptional({
    description: "Failed with this error code (Meta's or the gateway's, as the record's `error.code`)",
    example: 131026,
    minimum: 0,
    maximum: ERROR_CODE_MAX,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  // Bounded here, where it is parsed: past a 32-bit integer it would reach SQL and fail there (a 500).
  @Max(ERROR_CODE_MAX)
  error_code?: number;

  @ApiPropertyOptional({ description: 'Sent with this Idempotency-Key (by any key of the organization)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  idempotency_key?: string;

  @ApiPropertyOptional({ description: 'Created at or after (ISO 8601)', format: 'date-time' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  since?: Date;

  @ApiPropertyOptional({ description: 'Created before (ISO 8601)', format: 'date-time' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  until?: Date;
}

export class StatusChangeDto {
  @ApiProperty({ enum: MESSAGE_STATUS_ORDER })
  status: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'conversation, pricing, errors as upstream reported them; the error of a failed send',
  })
  details?: Record<string, unknown>;
}

export class MessageRecordDto {
  @ApiProperty({ format: 'uuid', description: "The gateway's id of the message" })
  id: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'The upstream message id',
    example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1',
  })
  wamid: string | null;

  @ApiProperty({ example: '106540352242922' })
  phone_number_id: string;

  @ApiProperty({ example: '15551234567' })
  recipient: string;

  @ApiProperty({ example: 'text' })
  type: string;

  @ApiProperty({ enum: MESSAGE_STATUS_ORDER, description: 'The furthest status reached' })
  status: string;

  @ApiPropertyOptional({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    description: 'The upstream error of a failed send',
  })
  error: Record<string, unknown> | null;

  @ApiPropertyOptional({ nullable: true, type: String })
  idempotency_key: string | null;

  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The broadcast it was sent for' })
  broadcast_id: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    format: 'date-time',
    description:
      'When the upstream outcome of the send became unknown (no answer in time, or the instance died); its status webhooks then settle it, or after SEND_OUTCOME_TIMEOUT_SECONDS it is failed with reason outcome_unknown',
  })
  outcome_unknown_at: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "The body sent upstream (the client's own `biz_opaque_callback_data`, without the gateway's reference)",
  })
  payload: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  @ApiPropertyOptional({
    type: [StatusChangeDto],
    description: 'Every status reached, in status order, with its time (on GET of one message)',
  })
  history?: StatusChangeDto[];
}

/**
 * The record as the API shows it. The history joins the gateway's own steps (pending, accepted,
 * failed) with the statuses upstream reported, in the order a message moves through them (upstream
 * timestamps have one-second precision and webhooks arrive out of order, so time alone misleads).
 */
export function toMessageRecord(message: Message, statuses: MessageStatusEvent[] | null): MessageRecordDto {
  const record: MessageRecordDto = {
    id: message.id,
    wamid: message.upstreamMessageId,
    phone_number_id: message.phoneNumberId,
    recipient: message.recipient,
    type: message.type,
    status: message.status,
    error: message.error,
    idempotency_key: message.idempotencyKey,
    broadcast_id: message.broadcastId,
    outcome_unknown_at: message.outcomeUnknownAt?.toISOString() ?? null,
    payload: message.payload,
    created_at: message.createdAt.toISOString(),
    updated_at: message.updatedAt.toISOString(),
  };
  if (statuses === null) return record;
  const history: StatusChangeDto[] = [{ status: 'pending', timestamp: message.createdAt.toISOString() }];
  if (message.acceptedAt) history.push({ status: 'accepted', timestamp: message.acceptedAt.toISOString() });
  if (message.failedAt) {
    history.push({ status: 'failed', timestamp: message.failedAt.toISOString(), details: message.error ?? undefined });
  }
  for (const event of statuses) {
    history.push({ status: event.status, timestamp: event.occurredAt.toISOString(), details: event.details });
  }
  history.sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.timestamp.localeCompare(b.timestamp));
  return { ...record, history };
}
