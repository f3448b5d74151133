import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDate, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import type { InboundMessage } from '../inbound-message.entity';

/** The message types Meta sends to a business number (its inbound webhooks). */
export const INBOUND_TYPES = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'button',
  'interactive',
  'reaction',
  'order',
  'system',
  'unsupported',
] as const;

export class ListInboundMessagesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "The customer's WhatsApp id (digits)", example: '15551234567' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,20}$/, { message: 'from must be a WhatsApp id: 1 to 20 digits' })
  from?: string;

  @ApiPropertyOptional({ enum: INBOUND_TYPES })
  @IsOptional()
  @IsIn(INBOUND_TYPES)
  type?: string;

  @ApiPropertyOptional({ description: "Sent at or after (ISO 8601; Meta's time of the message)", format: 'date-time' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  since?: Date;

  @ApiPropertyOptional({ description: 'Sent before (ISO 8601)', format: 'date-time' })
  @IsOptional()
  @Type(() => Date)
  @IsDate()
  until?: Date;
}

export class InboundMessageDto {
  @ApiProperty({ description: "Meta's message id", example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgASGBQzQUY' })
  id: string;

  @ApiProperty({ description: "The customer's WhatsApp id", example: '15551234567' })
  from: string;

  @ApiProperty({ enum: INBOUND_TYPES })
  type: string;

  @ApiProperty({ format: 'date-time', description: "Meta's time of the message" })
  timestamp: string;

  @ApiProperty({ format: 'date-time', description: 'When the gateway received it' })
  received_at: string;

  @ApiProperty({ nullable: true, type: String, description: 'A quick-reply button tap: its payload' })
  button_payload: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The message object as Meta sent it in the webhook (its media ids read with GET /v1/{media-id})',
  })
  message: Record<string, unknown>;
}

export class InboundMessagePageDto {
  @ApiProperty({ type: [InboundMessageDto] })
  data: InboundMessageDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export function toInboundMessage(row: InboundMessage): InboundMessageDto {
  return {
    id: row.messageId,
    from: row.from,
    type: row.type,
    timestamp: row.sentAt.toISOString(),
    received_at: row.receivedAt.toISOString(),
    button_payload: row.buttonPayload,
    message: row.payload,
  };
}
