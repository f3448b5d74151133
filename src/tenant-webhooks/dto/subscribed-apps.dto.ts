import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsObject, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';

/** Meta's `POST /{waba-id}/subscribed_apps` body. */
export class SubscribeAppDto {
  @ApiPropertyOptional({
    example: 'https://example.com/whatsapp/webhook',
    description: 'The callback for this business account; omitted: no override',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override_callback_uri?: string;

  @ApiPropertyOptional({
    writeOnly: true,
    example: 'my-verify-token',
    description: 'Echoed to the callback in the hub.challenge handshake',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  verify_token?: string;

  @ApiPropertyOptional({
    writeOnly: true,
    minLength: 16,
    description:
      'Gateway extension: the signing secret (for example your Meta app secret); omitted: generated and returned once',
  })
  @IsOptional()
  @IsString()
  @MinLength(16)
  @MaxLength(512)
  secret?: string;
}

export class WebhookConfigurationDto {
  @ApiProperty({
    example: 'https://example.com/whatsapp/number-webhook',
    description: "The callback for this number's events; an empty string removes it",
  })
  @IsString()
  @MaxLength(2000)
  override_callback_uri: string;

  @ApiPropertyOptional({ writeOnly: true, example: 'my-verify-token' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  verify_token?: string;

  @ApiPropertyOptional({
    writeOnly: true,
    minLength: 16,
    description: 'Gateway extension: the signing secret; omitted: generated and returned once',
  })
  @IsOptional()
  @IsString()
  @MinLength(16)
  @MaxLength(512)
  secret?: string;
}

/** Meta's `POST /{phone-number-id}` body, as far as the gateway takes it (the webhook override). */
export class UpdatePhoneNumberDto {
  @ApiProperty({ type: WebhookConfigurationDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookConfigurationDto)
  webhook_configuration: WebhookConfigurationDto;
}

export class SubscriptionResultDto {
  @ApiProperty({ example: true })
  success: true;

  @ApiPropertyOptional({ format: 'uuid', description: 'Gateway extension: the endpoint this made (see /v1/webhooks)' })
  webhook_id?: string;

  @ApiPropertyOptional({
    description: 'Gateway extension: the generated signing secret, shown once (absent when you gave one)',
  })
  secret?: string;
}
