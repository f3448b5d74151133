import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { MessagesModule } from '../messages/messages.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TemplatesModule } from '../templates/templates.module';
import { AutomationJob } from './automation-job.entity';
import { AutomationRunner } from './automation-runner';
import { AutomationsController } from './automations.controller';
import { AutomationsRepository } from './automations.repository';
import { AutomationsService } from './automations.service';
import { AwayMark } from './away-mark.entity';
import { NumberAutomation } from './number-automation.entity';

/**
 * Automations (issue 57): what the gateway does by itself when a customer writes. Business hours and
 * the away and welcome messages per number; a job per event they answer, written with the event by the
 * ingest (webhooks/), run once across instances and through a crash; the replies through messages/'
 * send path; the run log.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([NumberAutomation, AutomationJob, AwayMark]),
    AuthModule,
    MessagesModule,
    TenancyModule,
    TemplatesModule,
  ],
  controllers: [AutomationsController],
  providers: [AutomationsRepository, AutomationsService, AutomationRunner],
  exports: [AutomationRunner],
})
export class AutomationsModule {}
