import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PacingModule } from '../pacing/pacing.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { KeysController } from './keys.controller';
import { OrganizationsController } from './organizations.controller';

/** The management API: onboarding (platform keys) and API keys (admin and platform keys). */
@Module({
  imports: [AuthModule, TenancyModule, PacingModule],
  controllers: [OrganizationsController, KeysController],
})
export class ManagementModule {}
