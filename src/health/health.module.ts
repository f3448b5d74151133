import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TenancyModule } from '../tenancy/tenancy.module';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), TenancyModule],
  controllers: [HealthController],
})
export class HealthModule {}
