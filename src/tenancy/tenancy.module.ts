import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppSubscriptionsService } from './app-subscriptions.service';
import { BusinessAccount } from './business-account.entity';
import { BusinessAccountsUpstream } from './business-accounts.upstream';
import { Organization } from './organization.entity';
import { PhoneNumber } from './phone-number.entity';
import { PhoneNumbersUpstream } from './phone-numbers.upstream';
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
  providers: [
    TenancyRepository,
    TenancyService,
    TenancyGuard,
    OnboardingService,
    AppSubscriptionsService,
    BusinessAccountsUpstream,
    PhoneNumbersUpstream,
  ],
  exports: [TenancyService, TenancyGuard, OnboardingService, AppSubscriptionsService, PhoneNumbersUpstream],
})
export class TenancyModule {}
