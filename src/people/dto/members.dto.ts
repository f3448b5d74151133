import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { PASSWORD_MAX, PASSWORD_MIN } from '../passwords';
import { ROLES, type Role } from '../roles';

/** An email as it is kept and compared: trimmed, lower case. */
export const lowerTrimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class InviteMemberDto {
  @ApiProperty({ example: 'maria@shop.example', description: 'Who may accept the invitation' })
  @Transform(lowerTrimmed)
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role: Role;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role: Role;
}

/** A password as the console takes it (the rule of passwords.ts). */
export function Password(): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      IsString(),
      MinLength(PASSWORD_MIN, { message: `password must be at least ${PASSWORD_MIN} characters` }),
      MaxLength(PASSWORD_MAX, { message: `password must be at most ${PASSWORD_MAX} characters` }),
      Matches(/\S/, { message: 'password must not be only spaces' }),
    ])
      decorate(target, key);
  };
}

export class AcceptInvitationDto {
  @ApiProperty({ writeOnly: true, description: "The invitation link's token" })
  @IsString()
  @MaxLength(200)
  token: string;

  @ApiProperty({
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
    description: 'A new password; a person who has an account already gives theirs',
  })
  @Password()
  password: string;

  @ApiPropertyOptional({
    writeOnly: true,
    example: '123456',
    description: 'An account with a second factor: its code now',
  })
  @IsOptional()
  @IsString()
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits of the authenticator app' })
  code?: string;
}

export class MemberDto {
  @ApiProperty({ format: 'uuid' }) user_id: string;
  @ApiProperty({ example: 'maria@shop.example' }) email: string;
  @ApiProperty({ enum: ROLES }) role: string;
  @ApiProperty({ format: 'date-time' }) joined_at: string;
}

export class MemberListDto {
  @ApiProperty({ type: [MemberDto] }) data: MemberDto[];
}

export class InvitationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ROLES }) role: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ description: 'Whether it can still be accepted' }) open: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class NewInvitationDto extends InvitationDto {
  @ApiProperty({ description: 'Whether the link was mailed to the person (SMTP_URL set); else it is in `link`' })
  mailed: boolean;

  @ApiPropertyOptional({
    description:
      'Without SMTP_URL: the link to give the person (shown to the inviter only now; only its hash is kept), ' +
      'the console path with the token after `#/invitation/`. With it, the link is mailed and not answered.',
    example: '/console/#/invitation/3q2-7wEAAAA…',
  })
  link?: string;
}

export class InvitationListDto {
  @ApiProperty({ type: [InvitationDto] }) data: InvitationDto[];
}

export class SignInPolicyDto {
  @ApiProperty({ description: 'Every member signs in with a second factor (TOTP) when they use a password' })
  require_totp: boolean;
  @ApiProperty({ description: "Members sign in through the operator's OpenID provider only" }) require_sso: boolean;
  @ApiProperty({
    type: [String],
    example: ['shop.example'],
    description: 'A person whose verified email is at one of these joins at their single sign-on',
  })
  sso_domains: string[];
  @ApiProperty({ enum: ROLES, description: 'The role of a person who joins by domain' }) sso_default_role: Role;
  @ApiProperty({ description: 'Whether the operator has set up single sign-on (OIDC_ISSUER)' }) sso_available: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updated_at: string | null;
}

/** A domain as people's emails end: lower case, at least one dot, no `@`. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export class PutSignInPolicyDto {
  @ApiPropertyOptional({
    description: 'Every member signs in with a second factor (those without one set it up at sign-in)',
  })
  @IsOptional()
  @IsBoolean()
  require_totp?: boolean;

  @ApiPropertyOptional({ description: 'Members sign in through single sign-on only (a password is refused)' })
  @IsOptional()
  @IsBoolean()
  require_sso?: boolean;

  @ApiPropertyOptional({ type: [String], example: ['shop.example'], description: 'Replaces the claimed domains' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((d: unknown) => (typeof d === 'string' ? d.trim().toLowerCase() : d)) : value,
  )
  @IsString({ each: true })
  @Matches(DOMAIN, { each: true, message: 'sso_domains must be domains such as shop.example' })
  sso_domains?: string[];

  @ApiPropertyOptional({ enum: ROLES.filter((role) => role !== 'owner') })
  @IsOptional()
  @IsIn(ROLES)
  sso_default_role?: Role;
}

export class TotpCodeDto {
  @ApiProperty({ writeOnly: true, example: '123456', description: 'The 6-digit code of the authenticator app' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits of the authenticator app' })
  code: string;
}

export class PasswordResetRequestDto {
  @ApiProperty({ example: 'maria@shop.example' })
  @Transform(lowerTrimmed)
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;
}

export class PasswordResetDto {
  @ApiProperty({ writeOnly: true, description: "The reset link's token" })
  @IsString()
  @MaxLength(200)
  token: string;

  @ApiProperty({ writeOnly: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @Password()
  password: string;
}
