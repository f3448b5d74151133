import { APP_SUBSCRIPTION_STATES } from '../business-account.entity';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto, PagingDto } from '../../common/pagination';
import { OrganizationDto } from '../organization.dto';

export { OrganizationDto };

const UPSTREAM_ID = /^\d{1,32}$/;

export class UpdateOrganizationDto {
  @ApiProperty({ example: 'Acme Ltd', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;
}

export class CreateOrganizationDto extends UpdateOrganizationDto {
  @ApiPropertyOptional({
    example: 'owner@acme.example',
    description:
      "The organization's first owner: invited with the organization (mailed with SMTP_URL, else the link is in " +
      '`owner_invitation.link`, this answer only)',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'owner_email must be an email address' })
  owner_email?: string;
}

/** The first owner's invitation made with an organization (`owner_email`). */
export class OwnerInvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'owner@acme.example' }) email: string;
  @ApiProperty({ example: 'owner' }) role: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ description: 'Whether the link was mailed (SMTP_URL set and the mail taken); else it is in `link`' })
  mailed: boolean;
  @ApiPropertyOptional({
    description: 'When not mailed: the console path of the link to give the owner (this answer only)',
    example: '/console/#/invitation/3q2-7wEAAAA…',
  })
  link?: string;
}

export class CreatedOrganizationDto extends OrganizationDto {
  @ApiPropertyOptional({ type: OwnerInvitationDto, description: 'With `owner_email`: their invitation as owner' })
  owner_invitation?: OwnerInvitationDto;
}

export class OrganizationPageDto {
  @ApiProperty({ type: [OrganizationDto] })
  data: OrganizationDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export class CreateBusinessAccountDto {
  @ApiProperty({ example: '102290129340398', description: "Meta's WhatsApp Business Account id" })
  @IsString()
  @Matches(UPSTREAM_ID, { message: 'waba_id must be digits' })
  waba_id: string;

  @ApiProperty({
    example: 'EAAJB…',
    description:
      "Meta's access token for the account (a system user token). Stored encrypted, used for upstream calls, never shown again.",
    writeOnly: true,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  access_token: string;

  @ApiPropertyOptional({ example: 'Acme support', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
}

export class UpdateBusinessAccountDto {
  @ApiPropertyOptional({ example: 'Acme support', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({
    description: 'A new upstream access token (for example after rotating the system user token); write-only',
    writeOnly: true,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  access_token?: string;
}

export class AppSubscriptionDto {
  @ApiProperty({
    enum: APP_SUBSCRIPTION_STATES,
    description:
      '`subscribed`; `missing`: Meta lists no subscription of the app, so none of the account’s webhooks arrive (subscribe again: `POST /v1/organizations/{id}/business_accounts/{wabaId}/subscribe`); `check_failed`: Meta did not answer the check (`error`); `unknown`: not checked yet',
  })
  status: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  checked_at: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'Why the last check failed (Meta’s answer)' })
  error: string | null;
}

export class BusinessAccountDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid', description: 'The organization' })
  tenant_id: string;

  @ApiProperty({ example: '102290129340398' })
  waba_id: string;

  @ApiProperty({ example: 'Acme support' })
  name: string;

  @ApiProperty({
    type: AppSubscriptionDto,
    description:
      "Whether the gateway's Meta app is subscribed to the account's webhooks, as last checked (onboarding subscribes it; a periodic check reads it again)",
  })
  app_subscription: AppSubscriptionDto;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      "When the business removed the gateway's app from the account (Meta's account_update PARTNER_REMOVED): its numbers send nothing until it is connected again",
  })
  partner_removed_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class BusinessAccountPageDto {
  @ApiProperty({ type: [BusinessAccountDto] })
  data: BusinessAccountDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export class CreatePhoneNumberDto {
  @ApiProperty({
    example: '102290129340398',
    description: 'The business account the number belongs to (registered in this organization)',
  })
  @IsString()
  @Matches(UPSTREAM_ID, { message: 'waba_id must be digits' })
  waba_id: string;

  @ApiProperty({
    example: '106540352242922',
    description: "Meta's phone number id, as used in `/{phone-number-id}/messages`",
  })
  @IsString()
  @Matches(UPSTREAM_ID, { message: 'phone_number_id must be digits' })
  phone_number_id: string;

  @ApiProperty({ example: '+1 555 010 0001', maxLength: 40 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  display_phone_number: string;

  @ApiPropertyOptional({
    default: true,
    description:
      'Refuse non-template sends outside the 24-hour window locally (131026); off for numbers whose webhooks do not reach the gateway',
  })
  @IsOptional()
  @IsBoolean()
  enforce_service_window?: boolean;
}

export class UpdatePhoneNumberSettingsDto {
  @ApiPropertyOptional({ example: '+1 555 010 0001', maxLength: 40 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  display_phone_number?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enforce_service_window?: boolean;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 1000000,
    description:
      "Messages per second to pace this number at, in place of what Meta's throughput level gives (null: Meta's level again). " +
      'Meta still refuses anything above its own level.',
  })
  @IsOptional()
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(1)
  @Max(1000000)
  throughput_override_mps?: number | null;
}

export class PhoneNumberDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  tenant_id: string;

  @ApiProperty({ format: 'uuid', description: "The gateway's id of the business account" })
  business_account_id: string;

  @ApiProperty({ example: '106540352242922' })
  phone_number_id: string;

  @ApiProperty({ example: '+1 555 010 0001' })
  display_phone_number: string;

  @ApiProperty()
  enforce_service_window: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'STANDARD',
    description: "Meta's throughput level, as last learned",
  })
  throughput_level: string | null;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Shared with the WhatsApp Business app (20 messages per second)',
  })
  is_on_biz_app: boolean | null;

  @ApiProperty({ type: String, nullable: true, example: 'TIER_1K' })
  messaging_limit_tier: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'GREEN' })
  quality_rating: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When the limits above were read from Meta',
  })
  limits_learned_at: string | null;

  @ApiProperty({ type: Number, nullable: true, description: "An operator's messages per second for this number" })
  throughput_override_mps: number | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class PhoneNumberPageDto {
  @ApiProperty({ type: [PhoneNumberDto] })
  data: PhoneNumberDto[];

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;
}

export class ListPhoneNumbersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: '102290129340398', description: 'Only the numbers of this business account' })
  @IsOptional()
  @IsString()
  @Matches(UPSTREAM_ID, { message: 'waba_id must be digits' })
  waba_id?: string;
}
