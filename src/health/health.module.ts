import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TenancyModule } from '../tenancy/tenancy.module';
import { HealthController } from './health.controller';
import { IdleMemory } from './idle-memory';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), TenancyModule],
  controllers: [HealthController],
  providers: [IdleMemory],
})
export class HealthModule {}
