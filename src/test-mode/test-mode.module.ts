import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TestSimulationController } from './test-simulation.controller';
import { TestSimulationService } from './test-simulation.service';
import { SimulatorControl } from './simulator-control';
import { TestNumbersController } from './test-numbers.controller';
import { TestNumbersService } from './test-numbers.service';

/**
 * Test mode's own routes (`/v1/test/...`): test numbers at the simulator, and Meta's side of them on
 * demand (customers, statuses, reviews, quality). The split itself is not
 * here: it is tenancy's (test twins), auth's (test keys) and the transport's (simulator-token.ts).
 */
@Module({
  imports: [TenancyModule, TemplatesModule],
  controllers: [TestNumbersController, TestSimulationController],
  providers: [SimulatorControl, TestNumbersService, TestSimulationService],
  exports: [SimulatorControl],
})
export class TestModeModule {}
