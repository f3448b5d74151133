import { Module } from '@nestjs/common';
import { PhoneNumbersUpstream } from '../tenancy/phone-numbers.upstream';
import { TenancyModule } from '../tenancy/tenancy.module';
import { NumberLimitsService } from './number-limits.service';
import { NumberPaceService } from './number-pace.service';

/** Meta's limits per phone number, honoured before Meta refuses: the shared pace and what it is learned from. */
@Module({
  imports: [TenancyModule],
  // Phone numbers' Meta calls (tenancy's client) where they are made: the CLI boots tenancy without Graph.
  providers: [NumberPaceService, NumberLimitsService, PhoneNumbersUpstream],
  exports: [NumberPaceService, NumberLimitsService],
})
export class PacingModule {}
