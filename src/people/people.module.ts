import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { Invitation } from './invitation.entity';
import { MembersController } from './members.controller';
import { OrganizationInvitationsController } from './organization-invitations.controller';
import { Membership } from './membership.entity';
import { PeopleRepository } from './people.repository';
import { PeopleService } from './people.service';
import { SignInLockout } from './sign-in-lockout';
import { SingleSignOn } from './single-sign-on';
import { SignInPolicy } from './sign-in-policy.entity';
import { Mailer } from './mailer';
import { PasswordReset } from './password-reset.entity';
import { SsoDomain } from './sso-domain.entity';
import { User } from './user.entity';

/**
 * People, not keys: users, their memberships with roles (roles.ts) and invitations. Each membership
 * acts through a key of its own (auth's api_keys, `member_user_id`), so everything that checks keys
 * checks people too. The console signs people in (src/console).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([User, Membership, Invitation, SignInPolicy, PasswordReset, SsoDomain]),
    AuthModule,
    TenancyModule,
  ],
  controllers: [MembersController, OrganizationInvitationsController],
  providers: [PeopleRepository, PeopleService, SignInLockout, Mailer, SingleSignOn],
  exports: [PeopleService, SingleSignOn],
})
export class PeopleModule {}
