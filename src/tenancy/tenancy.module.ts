import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessAccount } from './business-account.entity';
import { Organization } from './organization.entity';
import { PhoneNumber } from './phone-number.entity';
import { TenancyGuard } from './tenancy.guard';
import { OnboardingService } from './onboarding.service';
import { OrganizationAccountsController } from './organization-accounts.controller';
import { OrganizationNumbersController } from './organization-numbers.controller';
import { OrganizationsController } from './organizations.controller';
import { TenancyRepository } from './tenancy.repository';
import { TenancyService } from './tenancy.service';
import { TenantsController } from './tenants.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Organization, BusinessAccount, PhoneNumber])],
  controllers: [
    TenantsController,
    OrganizationsController,
    OrganizationNumbersController,
    OrganizationAccountsController,
  ],
  providers: [TenancyRepository, TenancyService, TenancyGuard, OnboardingService],
  exports: [TenancyService, TenancyGuard, OnboardingService],
})
export class TenancyModule {}
