import { Module } from '@nestjs/common';
import { PhoneNumbersController } from './phone-numbers.controller';
import { PhoneNumbersService } from './phone-numbers.service';
import { PhoneNumbersUpstream } from './phone-numbers.upstream';
import { TenancyModule } from './tenancy.module';

/**
 * Phone numbers and business profiles as Graph answers them (`/{wabaId}/phone_numbers`,
 * `/{phoneNumberId}/whatsapp_business_profile`, and `GET /{phoneNumberId}` through the node
 * dispatch), with the numbers' Meta calls. Apart from TenancyModule, which the CLI boots without Graph.
 */
@Module({
  imports: [TenancyModule],
  controllers: [PhoneNumbersController],
  providers: [PhoneNumbersService, PhoneNumbersUpstream],
  exports: [PhoneNumbersService, PhoneNumbersUpstream],
})
export class PhoneNumbersModule {}
