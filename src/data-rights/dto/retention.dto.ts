import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class RetentionDaysDto {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    example: 30,
    description:
      'Days the bodies of messages are kept (text, captions, template parameters, interactive content, media ' +
      'links; both ways, and Meta’s copies of them); after it a record keeps its metadata, status history, ' +
      'wamid and usage. Null: the platform’s',
  })
  message_bodies_days?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    description: 'Days inbound messages are kept at all. Null: the platform’s',
  })
  inbound_messages_days?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    description: 'Days the media customers sent stay reachable through the gateway. Null: the platform’s',
  })
  media_days?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    description:
      'Days the webhook delivery logs are kept (finished ones; never longer than the bodies they carry). ' +
      'Null: the platform’s',
  })
  webhook_deliveries_days?: number | null;
}

export class PlatformRetentionDto {
  @ApiProperty({ example: 90 }) message_bodies_days: number;
  @ApiProperty({ example: 90 }) inbound_messages_days: number;
  @ApiProperty({ example: 90 }) media_days: number;
  @ApiProperty({ example: 30 }) webhook_deliveries_days: number;
}

export class RetentionDto {
  @ApiProperty({ type: Number, nullable: true }) message_bodies_days: number | null;
  @ApiProperty({ type: Number, nullable: true }) inbound_messages_days: number | null;
  @ApiProperty({ type: Number, nullable: true }) media_days: number | null;
  @ApiProperty({ type: Number, nullable: true }) webhook_deliveries_days: number | null;
  @ApiProperty({
    type: PlatformRetentionDto,
    description: 'What the platform keeps: the most an organization may keep',
  })
  platform: PlatformRetentionDto;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Bodies before this time are replaced (the last complete pass; null: none yet)',
  })
  bodies_replaced_before: string | null;
}
