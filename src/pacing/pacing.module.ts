import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy/tenancy.module';
import { NumberLimitsService } from './number-limits.service';
import { NumberPaceService } from './number-pace.service';

/** Meta's limits per phone number, honoured before Meta refuses: the shared pace and what it is learned from. */
@Module({
  imports: [TenancyModule],
  providers: [NumberPaceService, NumberLimitsService],
  exports: [NumberPaceService, NumberLimitsService],
})
export class PacingModule {}
