import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';

/** Most numbers one `POST /v1/blacklist` may add. */
export const MAX_BLACKLIST_NUMBERS_PER_REQUEST = 1000;
export const MAX_BLACKLIST_REASON_LENGTH = 500;

export class ListBlacklistQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description:
      'Only the entry for this number (normalized like a send recipient: separators and a leading + removed).',
    example: '15551234567',
  })
  @IsOptional()
  @IsString()
  phone_number?: string;
}

export class AddBlacklistEntriesDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_BLACKLIST_NUMBERS_PER_REQUEST,
    description:
      'Numbers in E.164 form; a leading + and separators (spaces, dashes, dots, parentheses) are removed. ' +
      'A number given twice (after normalization) counts once.',
    example: ['15551234567', '+44 7700 900123'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BLACKLIST_NUMBERS_PER_REQUEST)
  @IsString({ each: true })
  phone_numbers: string[];

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_BLACKLIST_REASON_LENGTH,
    description:
      'Stored on every number of the request. On a number already blacklisted it replaces the stored reason; omitted, the stored reason stays.',
    example: 'Asked not to be contacted',
  })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_BLACKLIST_REASON_LENGTH)
  reason?: string;
}

export class BlacklistEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '15551234567', description: 'E.164 digits without the leading +' })
  phone_number: string;

  @ApiProperty({ type: String, nullable: true, example: 'Asked not to be contacted' })
  reason: string | null;

  @ApiProperty({
    enum: ['api', 'opt_out'],
    description: "Who made the entry: the tenant or an operator (`api`), or the customer's opt-out keyword (`opt_out`)",
  })
  source: 'api' | 'opt_out';

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'When the customer opted out (an opt-out keyword): marketing templates are refused whatever filter_blacklist says',
  })
  opted_out_at: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The customer's message (wamid) that opted them out" })
  opt_out_message_id: string | null;

  @ApiProperty({ format: 'date-time', description: 'When the number was first added' })
  created_at: string;
}

export class BlacklistPageDto {
  @ApiProperty({ type: [BlacklistEntryDto] })
  data: BlacklistEntryDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export class AddBlacklistEntriesResponseDto {
  @ApiProperty({
    type: [BlacklistEntryDto],
    description: 'One entry per distinct number of the request, in request order',
  })
  data: BlacklistEntryDto[];

  @ApiProperty({ example: 1, description: 'Numbers that were not blacklisted before this request' })
  added: number;

  @ApiProperty({ example: 1, description: 'Numbers that were already blacklisted (their entry is kept)' })
  existing: number;
}
