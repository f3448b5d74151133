import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, Max, Min } from 'class-validator';

export class PutSpendingLimitDto {
  @ApiProperty({
    enum: ['amount', 'messages'],
    description: "`amount`: in the rate cards' currency, markup included; `messages`: billable messages",
  })
  @IsIn(['amount', 'messages'], { message: 'kind must be amount or messages' })
  kind: 'amount' | 'messages';

  @ApiProperty({ example: 500, minimum: 0, description: 'The monthly limit (0 refuses every billable send)' })
  @IsNumber({ maxDecimalPlaces: 6 }, { message: 'limit must be a number with at most 6 decimals' })
  @Min(0)
  @Max(100_000_000)
  limit: number;
}

export class SpendingThresholdDto {
  @ApiProperty({ example: 80 }) percent: number;
  @ApiProperty({ format: 'date-time' }) reached_at: string;
}

export class SpendingLimitDto {
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty({ example: '2026-11', description: 'The calendar month (UTC) the figures are of' }) month: string;
  @ApiProperty({ enum: ['amount', 'messages'], nullable: true, type: String }) kind: 'amount' | 'messages' | null;
  @ApiProperty({ nullable: true, type: Number, description: 'No limit: null' }) limit: number | null;
  @ApiProperty({ nullable: true, type: String, example: 'USD' }) currency: string | null;
  @ApiPropertyOptional({ description: "What Meta's statuses priced this month" }) used?: number;
  @ApiPropertyOptional({ description: 'Estimated for sends on their way to Meta, not yet priced' }) reserved?: number;
  @ApiPropertyOptional({ description: 'The budget left: limit − used − reserved (not below 0)' }) left?: number;
  @ApiPropertyOptional({ description: 'Used and reserved, as a percentage of the limit' }) percent?: number;
  @ApiProperty({ type: [SpendingThresholdDto] }) thresholds_reached: SpendingThresholdDto[];
  @ApiPropertyOptional({ format: 'date-time' }) updated_at?: string;
}
