import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { SIGNUP_STEPS } from '../number-signup.entity';

export class CompleteSignupDto {
  @ApiProperty({
    writeOnly: true,
    description: "The code Meta's SDK answered FB.login with (exchanged by the gateway, once)",
  })
  @IsString()
  @MinLength(1, { message: 'code must not be empty' })
  @MaxLength(2000)
  code: string;

  @ApiProperty({ example: '102290129340398', description: "The WA_EMBEDDED_SIGNUP message's waba_id" })
  @IsString()
  @Matches(/^\d{1,32}$/, { message: 'waba_id must be the digits of the business account id' })
  waba_id: string;

  @ApiProperty({ example: '106540352242922', description: "The WA_EMBEDDED_SIGNUP message's phone_number_id" })
  @IsString()
  @Matches(/^\d{1,32}$/, { message: 'phone_number_id must be the digits of the phone number id' })
  phone_number_id: string;

  @ApiPropertyOptional({
    writeOnly: true,
    example: '246810',
    description: "The number's two-step verification PIN (six digits); unset: the gateway makes one and keeps it",
  })
  @IsOptional()
  @IsString()
  @Matches(/^\d{6}$/, { message: 'pin must be six digits' })
  pin?: string;
}

export class SignupStepDto {
  @ApiProperty({ enum: SIGNUP_STEPS }) step: string;
  @ApiProperty({ enum: ['done', 'skipped'], description: 'skipped: done by an earlier run' }) outcome: string;
}

export class CompletedSignupDto {
  @ApiProperty() waba_id: string;
  @ApiProperty() phone_number_id: string;
  @ApiProperty({ example: '+1 555 0100' }) display_phone_number: string;
  @ApiProperty({ enum: ['connected'] }) status: string;
  @ApiProperty({ type: [SignupStepDto] }) steps: SignupStepDto[];
}

export class SignupSettingsDto {
  @ApiProperty({ description: 'Whether the operator set up Embedded Signup (EMBEDDED_SIGNUP_CONFIG_ID)' })
  available: boolean;
  @ApiProperty({ example: '1000000000000001' }) app_id: string;
  @ApiProperty({ nullable: true, type: String }) config_id: string | null;
  @ApiProperty({ description: "Meta's JavaScript SDK (the sandbox's stand-in in the demo and tests)" }) sdk_url: string;
  @ApiProperty({ type: [String], description: 'The origins whose WA_EMBEDDED_SIGNUP messages count' })
  message_origins: string[];
  @ApiProperty({ example: 'v23.0' }) graph_version: string;
}
