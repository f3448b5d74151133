import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import { SCOPES } from '../../core/scopes';

const INHERITS = ' Omitted: the issuing key’s own bound.';

export class CreateApiKeyDto {
  @ApiProperty({
    enum: ['org', 'admin'],
    description:
      'org: one organization (`svc_live_…`); admin: one or more (`svc_admin_…`). Platform keys come only from the CLI (asking for one is 403 code 200).',
  })
  @IsIn(['org', 'admin', 'platform'])
  kind: 'org' | 'admin' | 'platform';

  @ApiPropertyOptional({
    enum: ['live', 'test'],
    description:
      'live: the organizations’ data (`svc_live_…`, `svc_admin_…`); test: their test data, answered by the simulator ' +
      '(`svc_test_…`, `svc_admin_test_…`; test mode). Omitted: the issuing key’s mode. A test key issues test keys only.',
  })
  @IsOptional()
  @IsIn(['live', 'test'])
  mode?: 'live' | 'test';

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description:
      'The organizations the key reaches (exactly one for an org key), by their ids (a test key’s by the live ' +
      'organization’s id or its test twin’s). Omitted: the organization named by X-Svc-Tenant-Id.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  tenant_ids?: string[];

  @ApiPropertyOptional({ example: 'CRM integration', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: SCOPES,
    example: ['messages:send', 'messages:read'],
    description: 'Omitted: every scope of the kind that the issuing key holds.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(SCOPES.length)
  @IsString({ each: true })
  scopes?: string[];

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    example: ['106540352242922'],
    description: 'Only these phone numbers (of the key’s organizations).' + INHERITS,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(/^\d{1,32}$/, {
    each: true,
    message: 'allowed_phone_number_ids must hold upstream phone number ids (digits)',
  })
  allowed_phone_number_ids?: string[] | null;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    example: ['203.0.113.0/24'],
    description: 'Only calls from these IPs or CIDR ranges.' + INHERITS,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  allowed_ips?: string[] | null;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 100000,
    example: 80,
    description: 'Requests per second. Omitted: 80, or the issuing key’s limit when lower.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  rate_limit_per_second?: number;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the key stops working (in the future).' + INHERITS,
  })
  @IsOptional()
  @IsDateString()
  expires_at?: string | null;

  @ApiPropertyOptional({ description: 'Require HMAC-signed requests; the answer carries the signing secret, once.' })
  @IsOptional()
  @IsBoolean()
  hmac?: boolean;
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'CRM integration' })
  name: string;

  @ApiProperty({ enum: ['org', 'admin', 'platform'] })
  kind: string;

  @ApiProperty({ enum: ['live', 'test'], description: 'test: a key of the organizations’ test twins (test mode)' })
  mode: string;

  @ApiProperty({
    example: 'svc_live_AbCdEf',
    description: 'The first characters of the key, to tell keys apart; never the key',
  })
  prefix: string;

  @ApiProperty({ type: [String], format: 'uuid' })
  tenant_ids: string[];

  @ApiProperty({ type: [String], example: ['messages:send'] })
  scopes: string[];

  @ApiProperty({ type: [String], nullable: true })
  allowed_phone_number_ids: string[] | null;

  @ApiProperty({ type: [String], nullable: true })
  allowed_ips: string[] | null;

  @ApiProperty({ example: 80 })
  rate_limit_per_second: number;

  @ApiProperty({ description: 'Whether requests must be HMAC-signed' })
  hmac: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expires_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revoked_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Updated at most once a minute' })
  last_used_at: string | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The key that issued this one over HTTP; null when the CLI did',
  })
  issued_by_key_id: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The key this one replaced by rotation' })
  rotated_from_id: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class IssuedApiKeyDto {
  @ApiProperty({
    example: 'svc_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd',
    description: 'The key text: shown now and never again',
  })
  key: string;

  @ApiPropertyOptional({ description: 'The HMAC signing secret, when `hmac` is on: shown now and never again' })
  hmac_secret?: string;

  @ApiProperty({ type: ApiKeyDto })
  record: ApiKeyDto;
}

export class ApiKeyPageDto {
  @ApiProperty({ type: [ApiKeyDto] })
  data: ApiKeyDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export class ListApiKeysQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the keys that reach this organization' })
  @IsOptional()
  @IsUUID('all')
  organization_id?: string;
}
