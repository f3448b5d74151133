import { Module } from '@nestjs/common';
import { PhoneNumbersController } from './phone-numbers.controller';
import { PhoneNumbersService } from './phone-numbers.service';
import { TenancyModule } from './tenancy.module';

/**
 * Phone numbers and business profiles as Graph answers them (`/{wabaId}/phone_numbers`,
 * `/{phoneNumberId}/whatsapp_business_profile`, and `GET /{phoneNumberId}` through the node
 * dispatch). Apart from TenancyModule, which the CLI boots without the HTTP routes of these reads.
 */
@Module({
  imports: [TenancyModule],
  controllers: [PhoneNumbersController],
  providers: [PhoneNumbersService],
  exports: [PhoneNumbersService],
})
export class PhoneNumbersModule {}
