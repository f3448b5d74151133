import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The longest window the statistics cover: a week. */
export const STATISTICS_MAX_HOURS = 168;

export class MessageStatisticsQueryDto {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: STATISTICS_MAX_HOURS,
    default: 24,
    description: 'The last this many hours',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(STATISTICS_MAX_HOURS)
  hours: number = 24;
}

export class ErrorCountDto {
  @ApiProperty({ example: 131026 })
  code: number;

  @ApiProperty({
    example: 'Message undeliverable',
    description: "Meta's title of the code, where the gateway knows it",
  })
  title: string;

  @ApiProperty({ example: 3 })
  count: number;
}

export class MessageStatisticsDto {
  @ApiProperty({ format: 'date-time', description: 'Start of the window (messages created since)' })
  since: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { accepted: 2, sent: 10, delivered: 40, read: 120, failed: 3 },
    description: 'Messages sent in the window by their current status (statuses with none are left out)',
  })
  by_status: Record<string, number>;

  @ApiProperty({ type: [ErrorCountDto], description: 'The most frequent error codes of failed messages, at most 5' })
  top_errors: ErrorCountDto[];
}
