import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import {
  MAX_ATTRIBUTE_KEYS,
  MAX_ATTRIBUTES_BYTES,
  MAX_CONTACTS_PER_REQUEST,
  MAX_DISTINCT_TAGS_PER_ORGANIZATION,
  MAX_NAME_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_CONTACT,
} from '../contact-limits';

/**
 * A tag as stored: trimmed and lowercase ("  VIP " and "vip" are one tag). Non-strings pass through to fail
 * validation.
 */
export function normalizeTag(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/** Normalizes each tag and drops repeats, keeping the first position of each. */
function normalizeTags({ value }: { value: unknown }): unknown {
  return Array.isArray(value) ? [...new Set(value.map(normalizeTag))] : value;
}

/** No control characters (tabs, newlines, NUL...) in a tag. */
const TAG_PATTERN = /^\P{Cc}*$/u;

/**
 * `attributes`: a JSON object (not an array), at most MAX_ATTRIBUTE_KEYS keys of 1..64 characters, at most
 * MAX_ATTRIBUTES_BYTES as JSON.
 */
function IsAttributes(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAttributes',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const keys = Object.keys(value);
          if (keys.length > MAX_ATTRIBUTE_KEYS || keys.some((key) => key.length < 1 || key.length > 64)) return false;
          return Buffer.byteLength(JSON.stringify(value)) <= MAX_ATTRIBUTES_BYTES;
        },
        defaultMessage: () =>
          `attributes must be a JSON object with at most ${MAX_ATTRIBUTE_KEYS} keys of 1 to 64 characters, ` +
          `at most ${MAX_ATTRIBUTES_BYTES} bytes as JSON`,
      },
    },
    options,
  );
}

export class ContactInputDto {
  @ApiProperty({
    example: '+1 555 123 4567',
    description:
      'E.164, normalized like a send recipient (a leading + and separators removed); the contact key within the organization',
  })
  @IsString()
  phone_number: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    minLength: 1,
    maxLength: MAX_NAME_LENGTH,
    example: 'Ada Lovelace',
    description: 'Replaces the stored name; null clears it; omitted keeps it',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_NAME_LENGTH)
  name?: string | null;

  @ApiPropertyOptional({
    type: [String],
    example: ['vip', 'newsletter'],
    description:
      `Replaces the stored tags ([] removes them all); omitted keeps them. Each tag is trimmed and lowercased, ` +
      `1 to ${MAX_TAG_LENGTH} characters, no control characters; repeats count once. At most ${MAX_TAGS_PER_CONTACT} tags ` +
      `per contact and ${MAX_DISTINCT_TAGS_PER_ORGANIZATION} distinct tags per organization (409, code 131000).`,
  })
  @ValidateIf((_object, value) => value !== undefined)
  @Transform(normalizeTags)
  @IsArray()
  @IsString({ each: true })
  @MinLength(1, { each: true, message: 'each tag must be 1 or more characters after trimming' })
  @MaxLength(MAX_TAG_LENGTH, { each: true, message: `each tag must be at most ${MAX_TAG_LENGTH} characters` })
  @Matches(TAG_PATTERN, { each: true, message: 'tags must not contain control characters' })
  tags?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { plan: 'gold', locale: 'en_US' },
    description: `Replaces the stored attributes ({} removes them all); omitted keeps them. A JSON object, at most ${MAX_ATTRIBUTE_KEYS} keys, ${MAX_ATTRIBUTES_BYTES} bytes as JSON.`,
  })
  @ValidateIf((_object, value) => value !== undefined)
  @IsAttributes()
  attributes?: Record<string, unknown>;
}

export class UpsertContactsDto {
  @ApiProperty({
    type: [ContactInputDto],
    minItems: 1,
    maxItems: MAX_CONTACTS_PER_REQUEST,
    description: 'Each phone number at most once per request.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CONTACTS_PER_REQUEST)
  @ValidateNested({ each: true })
  @Type(() => ContactInputDto)
  contacts: ContactInputDto[];
}

export class ListContactsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'Only contacts carrying this tag (trimmed and lowercased like stored tags)',
    example: 'vip',
  })
  @IsOptional()
  @Transform(({ value }) => normalizeTag(value))
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_TAG_LENGTH)
  tag?: string;

  @ApiPropertyOptional({
    description: 'Only the contact with this number (normalized like a send recipient)',
    example: '15551234567',
  })
  @IsOptional()
  @IsString()
  phone_number?: string;
}

export class ContactDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '15551234567', description: 'E.164 digits without the leading +' })
  phone_number: string;

  @ApiProperty({ type: String, nullable: true, example: 'Ada Lovelace' })
  name: string | null;

  @ApiProperty({ type: [String], example: ['vip', 'newsletter'] })
  tags: string[];

  @ApiProperty({ type: 'object', additionalProperties: true, example: { plan: 'gold' } })
  attributes: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', description: 'The last upsert of this contact' })
  updated_at: string;
}

export class ContactPageDto {
  @ApiProperty({ type: [ContactDto] })
  data: ContactDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export class UpsertContactsResponseDto {
  @ApiProperty({ type: [ContactDto], description: 'The contacts of the request as stored, in request order' })
  data: ContactDto[];

  @ApiProperty({ example: 1, description: 'Contacts that did not exist before' })
  created: number;

  @ApiProperty({ example: 1, description: 'Existing contacts updated' })
  updated: number;
}
