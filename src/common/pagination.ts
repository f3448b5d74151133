import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** `?limit=&after=`: Graph-style cursor paging. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 25;

  @ApiPropertyOptional({ description: 'The `paging.cursors.after` of the previous page' })
  @IsOptional()
  @IsString()
  after?: string;
}

class PagingCursorsDto {
  @ApiPropertyOptional({ description: 'Cursor of the first entry of this page' })
  before?: string;

  @ApiPropertyOptional({ description: 'Cursor of the last entry of this page: pass it as `after` for the next page' })
  after?: string;
}

/** The `paging` block of every paginated answer, for /docs. */
export class PagingDto {
  @ApiProperty({ type: PagingCursorsDto })
  cursors: PagingCursorsDto;

  @ApiPropertyOptional({
    description: 'Path and query of the next page; absent on the last page',
    example: '/v1/contacts?limit=25&after=eyJhdCI6…',
  })
  next?: string;
}

/** `{ success: true }`, the answer of deletes (as Graph answers them). */
export class SuccessDto {
  @ApiProperty({ example: true })
  success: true;
}

// The cursors and pages themselves are in keyset.ts (no DTO machinery: the CLI's reads load it alone).
export * from './keyset';
