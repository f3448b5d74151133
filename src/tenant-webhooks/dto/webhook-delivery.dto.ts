import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';

export class ListDeliveriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['pending', 'delivered', 'failed'] })
  @IsOptional()
  @IsIn(['pending', 'delivered', 'failed'])
  status?: 'pending' | 'delivered' | 'failed';

  @ApiPropertyOptional({ format: 'date-time', description: 'Only deliveries created at or after this time' })
  @IsOptional()
  @IsDateString()
  since?: string;
}

export class WebhookAttemptDto {
  @ApiProperty({ format: 'date-time' })
  at: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 503,
    description: 'HTTP status answered; null when none came (timeout, refused connection)',
  })
  status_code: number | null;

  @ApiProperty({ type: String, nullable: true, example: 'HTTP 503: upstream unavailable' })
  error: string | null;

  @ApiProperty({ example: 42 })
  latency_ms: number;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` header of every attempt' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  endpoint_id: string;

  @ApiProperty({ example: 'messages', description: "Meta's webhook field of the event" })
  event: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The upstream event (null for test events)',
  })
  event_id: string | null;

  @ApiProperty({ example: false })
  test: boolean;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status: string;

  @ApiProperty({ example: 2 })
  attempts: number;

  @ApiProperty({ type: [WebhookAttemptDto], description: 'Every attempt, oldest first' })
  attempt_log: WebhookAttemptDto[];

  @ApiProperty({ type: Number, nullable: true })
  last_status_code: number | null;

  @ApiProperty({ type: String, nullable: true })
  last_error: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the next attempt is due (pending only)',
  })
  next_attempt_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  delivered_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The body sent: Meta's webhook envelope" })
  payload: Record<string, unknown>;
}

export class WebhookDeliveryPageDto {
  @ApiProperty({ type: [WebhookDeliveryDto] })
  data: WebhookDeliveryDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export class RedeliverFailedDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Failed deliveries created at or after this time' })
  @IsOptional()
  @IsDateString()
  since?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Failed deliveries created before this time' })
  @IsOptional()
  @IsDateString()
  until?: string;
}

export class RedeliveredDto {
  @ApiProperty({ example: 42, description: 'Failed deliveries made pending again, oldest first' })
  redelivered: number;

  @ApiProperty({ description: 'Whether failed deliveries are left in the range (at most 10,000 are taken a call)' })
  has_more: boolean;
}

export class DeliveriesOfMessageQueryDto {
  @ApiProperty({ description: 'The message’s upstream id', example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1' })
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  wamid: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Start of the 7-day window searched (the message’s creation); default: 7 days ago',
  })
  @IsOptional()
  @IsDateString()
  since?: string;
}

export class WebhookDeliveryListDto {
  @ApiProperty({ type: [WebhookDeliveryDto] })
  data: WebhookDeliveryDto[];
}
