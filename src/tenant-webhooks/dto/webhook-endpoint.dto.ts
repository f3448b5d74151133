import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import { WEBHOOK_FIELDS } from '../webhook-fields';

/** A rotation's overlap window is at most a week (Standard Webhooks' libraries suggest 24 hours). */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 3600;

const URL_DESCRIPTION =
  'Where events are POSTed. `https`, except loopback and private addresses where the gateway allows them for development ' +
  '(WEBHOOK_ALLOW_PRIVATE_URLS); never a link-local or metadata address, nor the gateway itself.';

export class CreateWebhookEndpointDto {
  @ApiProperty({ example: 'https://example.com/whatsapp/webhook', description: URL_DESCRIPTION })
  @IsString()
  @MaxLength(2000)
  url: string;

  @ApiPropertyOptional({
    type: [String],
    enum: WEBHOOK_FIELDS,
    example: ['messages', 'message_template_status_update'],
    description: "Meta's webhook fields to receive; omitted: all of them.",
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @IsIn(WEBHOOK_FIELDS, { each: true })
  events?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['106540352242922'],
    description:
      'Only events of these phone numbers of the organization (events about no number, such as template reviews, still come); omitted: every number. ' +
      'A key limited to some numbers can only select among them, and selects exactly them when this is omitted.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(/^\d{1,32}$/, { each: true, message: 'phone_number_ids must hold upstream phone number ids (digits)' })
  phone_number_ids?: string[];

  @ApiPropertyOptional({ example: 'CRM inbox', maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @ApiPropertyOptional({
    writeOnly: true,
    minLength: 16,
    example: 'my-meta-app-secret-0123456789',
    description:
      'The signing secret; omitted: one is generated (`whsec_…`). Set it to your Meta app secret and your existing ' +
      'X-Hub-Signature-256 check works unchanged. Returned in full only now and on rotation.',
  })
  @IsOptional()
  @IsString()
  @MinLength(16)
  @MaxLength(512)
  secret?: string;
}

export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({ example: 'https://example.com/whatsapp/webhook', description: URL_DESCRIPTION })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional({ type: [String], enum: WEBHOOK_FIELDS, nullable: true, description: 'null: all fields' })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @IsIn(WEBHOOK_FIELDS, { each: true })
  events?: string[] | null;

  @ApiPropertyOptional({ type: [String], nullable: true, description: 'null: every number the key may reach' })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(/^\d{1,32}$/, { each: true, message: 'phone_number_ids must hold upstream phone number ids (digits)' })
  phone_number_ids?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiPropertyOptional({
    enum: ['active', 'disabled'],
    description:
      'Disable to stop deliveries (pending ones fail and can be redelivered); enable to resume (clears the failure streak).',
  })
  @IsOptional()
  @IsIn(['active', 'disabled'])
  status?: 'active' | 'disabled';
}

export class RotateWebhookSecretDto {
  @ApiPropertyOptional({
    writeOnly: true,
    minLength: 16,
    description: 'The new secret; omitted: one is generated.',
  })
  @IsOptional()
  @IsString()
  @MinLength(16)
  @MaxLength(512)
  secret?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_SECRET_OVERLAP_SECONDS,
    default: 0,
    description:
      "How long the old secret keeps signing beside the new one (each attempt carries both signatures in `webhook-signature`, as Standard Webhooks allows); 0: it stops at once. `X-Hub-Signature-256` holds one signature, always the new secret's.",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SECRET_OVERLAP_SECONDS)
  overlap_seconds?: number;
}

export class TestWebhookDto {
  @ApiPropertyOptional({
    enum: ['messages', 'message_template_status_update'],
    default: 'messages',
    description: 'The kind of sample event',
  })
  @IsOptional()
  @IsIn(['messages', 'message_template_status_update'])
  field?: 'messages' | 'message_template_status_update';
}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    enum: ['custom', 'waba_override', 'phone_override'],
    description:
      '`custom`: made with /v1/webhooks; `waba_override` / `phone_override`: made the Meta way (subscribed_apps, webhook_configuration)',
  })
  kind: string;

  @ApiProperty({ example: 'https://example.com/whatsapp/webhook' })
  url: string;

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ type: [String], nullable: true, description: 'null: all fields' })
  events: string[] | null;

  @ApiProperty({ type: [String], nullable: true, description: 'null: every number' })
  phone_number_ids: string[] | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Meta-style overrides: the business account they belong to',
  })
  waba_id: string | null;

  @ApiProperty({ enum: ['active', 'disabled'] })
  status: string;

  @ApiProperty({ type: String, nullable: true, example: 'the endpoint answered 410 Gone' })
  disabled_reason: string | null;

  @ApiProperty({
    example: 0,
    description: 'Failed attempts in a row; past a threshold the endpoint is slowed to one probe at a time',
  })
  consecutive_failures: number;

  @ApiProperty({ example: '…Q2x=', description: 'The last characters of the secret, to recognise it' })
  secret_hint: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'While a rotation overlaps: when the old secret stops signing beside the current one',
  })
  previous_secret_expires_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class WebhookEndpointWithSecretDto extends WebhookEndpointDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret, shown in full only here',
  })
  secret: string;
}

export class ListWebhookEndpointsQueryDto extends PageQueryDto {}

export class WebhookEndpointPageDto {
  @ApiProperty({ type: [WebhookEndpointDto] })
  data: WebhookEndpointDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}
