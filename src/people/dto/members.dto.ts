import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
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
  @ApiProperty({ description: "The invitation link's token" })
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
  @ApiProperty({ description: 'Every member signs in with a second factor (TOTP)' }) require_totp: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updated_at: string | null;
}

export class PutSignInPolicyDto {
  @ApiProperty({ description: 'Every member signs in with a second factor (those without one set it up at sign-in)' })
  @IsBoolean()
  require_totp: boolean;
}

export class TotpCodeDto {
  @ApiProperty({ example: '123456', description: 'The 6-digit code of the authenticator app' })
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
  @ApiProperty({ description: "The reset link's token" })
  @IsString()
  @MaxLength(200)
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @Password()
  password: string;
}
