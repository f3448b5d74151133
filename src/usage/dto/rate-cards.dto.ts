import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { PRICING_CATEGORIES } from '../markets';

export class RateCardDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: '2026-10-01', description: 'The first UTC day it prices (until the next card)' })
  effective_from: string;
  @ApiProperty({ example: 'Meta rate card, October 2026' }) source: string;
  @ApiPropertyOptional() markets?: number;
  @ApiPropertyOptional() prices?: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class MarkupDto {
  @ApiProperty({ example: 15, description: 'Percent added to Meta’s price (−100 to 1,000)' }) percent: number;
  @ApiProperty({ example: '2026-12-01' }) effective_from: string;
}

export class PutMarkupDto {
  @ApiProperty({ example: 15, minimum: -100, maximum: 1000 })
  @IsNumber({ maxDecimalPlaces: 3 }, { message: 'percent must be a number with at most 3 decimals' })
  @Min(-100)
  @Max(1000)
  percent: number;

  @ApiPropertyOptional({ example: '2026-12-01', description: 'Today or later (default today, UTC)' })
  @IsOptional()
  @IsString()
  effective_from?: string;
}

export class PriceQuoteDto {
  @ApiProperty({ format: 'uuid' }) rate_card_id: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: '2026-11-27' }) day: string;
  @ApiProperty({ example: 'IN', nullable: true, type: String, description: "The recipient's country, by calling code" })
  country: string | null;
  @ApiProperty({ example: 'India' }) market: string;
  @ApiProperty({ enum: PRICING_CATEGORIES }) category: string;
  @ApiProperty({ example: 0.0107, nullable: true, type: Number, description: "The card's price (null: not priced)" })
  base_price: number | null;
  @ApiProperty({ example: 15 }) markup_percent: number;
  @ApiProperty({ example: 0.012305, nullable: true, type: Number, description: 'With the markup, 6 decimals' })
  price: number | null;
}
