import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy/tenancy.module';
import { SimulatorControl } from './simulator-control';
import { TestNumbersController } from './test-numbers.controller';
import { TestNumbersService } from './test-numbers.service';

/**
 * Test mode's own routes (`/v1/test/...`): test numbers at the simulator. The split itself is not
 * here: it is tenancy's (test twins), auth's (test keys) and the transport's (simulator-token.ts).
 */
@Module({
  imports: [TenancyModule],
  controllers: [TestNumbersController],
  providers: [SimulatorControl, TestNumbersService],
  exports: [SimulatorControl],
})
export class TestModeModule {}
