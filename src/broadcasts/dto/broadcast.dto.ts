import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import type { BroadcastCounts } from '../broadcast-events';
import type { BroadcastRow } from '../broadcasts.repository';
import { BROADCAST_STATUSES as STATUSES, RECIPIENT_STATES } from '../broadcast-states';
import type { RefusedRecipient } from '../broadcasts.service';

class BroadcastTemplateDto {
  @ApiProperty({ example: 'order_update' })
  name: string;

  @ApiProperty({ type: 'object', properties: { code: { type: 'string', example: 'en_US' } }, required: ['code'] })
  language: { code: string };
}

class BroadcastRecipientInputDto {
  @ApiProperty({ example: '+1 555 123 4567', description: 'As a send takes `to`' })
  to: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: "This recipient's template components (parameters), as in a Cloud API template send",
    example: [{ type: 'body', parameters: [{ type: 'text', text: 'Ada' }] }],
  })
  components?: unknown[];
}

/** For /docs: the body is checked by the service (broadcast-input.ts), which names the recipient at fault. */
export class CreateBroadcastDto {
  @ApiProperty({ example: 'November order updates', maxLength: 200 })
  name: string;

  @ApiProperty({ type: BroadcastTemplateDto, description: 'An APPROVED template of the catalog' })
  template: BroadcastTemplateDto;

  @ApiProperty({ type: [BroadcastRecipientInputDto], minItems: 1, maxItems: 10000 })
  recipients: BroadcastRecipientInputDto[];

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'When to start (recipients may be added until then); absent: now',
  })
  scheduled_at?: string;
}

export class AppendRecipientsDto {
  @ApiProperty({ type: [BroadcastRecipientInputDto], minItems: 1, maxItems: 10000 })
  recipients: BroadcastRecipientInputDto[];
}

export class BroadcastCountsDto implements BroadcastCounts {
  @ApiProperty({ description: 'Not sent yet (or sent, with no answer from Meta yet)' }) queued: number;
  @ApiProperty() accepted: number;
  @ApiProperty() sent: number;
  @ApiProperty() delivered: number;
  @ApiProperty() read: number;
  @ApiProperty() failed: number;
  @ApiProperty({ description: 'Refused at create time (blacklist), or left when cancelled' }) skipped: number;
  @ApiProperty({ description: 'Over the messaging limit: sent as the rolling 24 hours free room' }) deferred: number;
}

export class BroadcastDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: '106540352242922' }) phone_number_id: string;
  @ApiProperty({ type: BroadcastTemplateDto }) template: BroadcastTemplateDto;
  @ApiProperty({ enum: STATUSES }) status: string;
  @ApiProperty({ nullable: true, enum: ['requested', 'quality_red', 'spam_rate_limit'] }) pause_reason: string | null;
  @ApiProperty() recipients: number;
  @ApiProperty({ type: BroadcastCountsDto }) counts: BroadcastCountsDto;
  @ApiProperty({ type: Number, nullable: true, description: 'Messages recorded per second since it started' })
  rate_per_second: number | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) scheduled_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) started_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finished_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

class RefusedRecipientDto {
  @ApiProperty({ description: 'Its place in the request (or in the broadcast, for appended ones)' }) index: number;
  @ApiProperty() to: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { message: '(#131000) …', type: 'GraphMethodException', code: 131000 },
  })
  error: Record<string, unknown>;
}

class BroadcastEstimateDto {
  @ApiProperty({ description: "The number's pace" }) rate_per_second: number;
  @ApiProperty() recipients_sendable: number;
  @ApiProperty({ description: 'Recipients the messaging limit would defer' }) deferred_by_messaging_limit: number;
  @ApiProperty({ format: 'date-time', description: 'At the pace, without API traffic and deferrals' })
  finishes_at: string;
  @ApiProperty({ type: String, nullable: true }) messaging_limit_tier: string | null;
}

class BroadcastBudgetDto {
  @ApiProperty({ enum: ['amount', 'messages'] }) kind: string;
  @ApiProperty({ description: "The organization's monthly spending limit" }) limit: number;
  @ApiProperty({ description: 'What is left of it this month (used and reserved taken off)' }) left: number;
  @ApiProperty({ description: "What these recipients would cost (their market's price, or one message each)" })
  needed: number;
  @ApiProperty({ description: 'Whether what is left covers them: otherwise the broadcast pauses at the limit' })
  enough: boolean;
}

export class PreflightDto {
  @ApiProperty({ description: 'Recipients that would be kept (the refused ones among them, as skipped)' })
  recipients: number;

  @ApiProperty({ type: [RefusedRecipientDto], description: 'Recipients that would be kept as skipped, never sent' })
  refused: RefusedRecipient[];

  @ApiProperty({ type: BroadcastEstimateDto })
  estimate: BroadcastEstimateDto;

  @ApiProperty({
    type: BroadcastBudgetDto,
    nullable: true,
    description: 'Null: the organization has no spending limit',
  })
  budget: BroadcastBudgetDto | null;
}

export class CreatedBroadcastDto extends BroadcastDto {
  @ApiProperty({ type: [RefusedRecipientDto], description: 'Recipients kept as skipped, never sent' })
  refused: RefusedRecipient[];

  @ApiProperty({ type: BroadcastEstimateDto })
  estimate: BroadcastEstimateDto;
}

export class ListBroadcastsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES)
  status?: string;
}

export class BroadcastPageDto {
  @ApiProperty({ type: [BroadcastDto] }) data: BroadcastDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}

export class ListRecipientsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: RECIPIENT_STATES })
  @IsOptional()
  @IsIn(RECIPIENT_STATES)
  status?: (typeof RECIPIENT_STATES)[number];
}

export class RecipientDto {
  @ApiProperty() index: number;
  @ApiProperty() to: string;
  @ApiProperty({ enum: RECIPIENT_STATES }) status: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'Its message record' }) message_id:
    string | null;
  @ApiProperty({ type: String, nullable: true }) wamid: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: "Meta's error, or why it was refused or skipped",
  })
  error: Record<string, unknown> | null;
  @ApiPropertyOptional({ format: 'date-time', description: 'Deferred: not before then' }) not_before?: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class RecipientPageDto {
  @ApiProperty({ type: [RecipientDto] }) data: RecipientDto[];
  @ApiProperty({ type: PagingDto }) paging: PagingDto;
}

export class RetriedDto extends BroadcastDto {
  @ApiProperty({ description: 'Recipients queued again' }) retried: number;
}

/** A broadcast as the API shows it. */
export function toBroadcastDto(
  row: BroadcastRow,
  counts: BroadcastCounts,
  recordsPerSecond: number | null,
): BroadcastDto {
  return {
    id: row.id,
    name: row.name,
    phone_number_id: row.phone_number_id,
    template: row.template,
    status: row.status,
    pause_reason: row.pause_reason,
    recipients: row.recipient_count,
    counts,
    rate_per_second: recordsPerSecond,
    scheduled_at: row.scheduled_at?.toISOString() ?? null,
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
