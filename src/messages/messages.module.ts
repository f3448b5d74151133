import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment';
import { RecordRetention } from '../retention/record-retention';
import { BlacklistModule } from '../blacklist/blacklist.module';
import { TemplatesModule } from '../templates/templates.module';
import { PacingModule } from '../pacing/pacing.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { ConversationWindow } from './conversation-window.entity';
import { InboundApplier } from './inbound.applier';
import { MessageStatusApplier } from './message-status.applier';
import { InboundMessage } from './inbound-message.entity';
import { MessageStatusEvent } from './message-status.entity';
import { Message } from './message.entity';
import { MessageStatisticsController } from './message-statistics.controller';
import { MessagesController } from './messages.controller';
import { MessagesRepository, messagesPartitions } from './messages.repository';
import { MessagesService } from './messages.service';
import { MessagesUpstream } from './messages.upstream';
import { SendOutcomeSweeper } from './send-outcome.sweeper';
import { ServiceWindowService } from './service-window.service';

/** The sweeper runs on the job engine's PeriodicJobs (global: provided by `JobsModule`). */
@Module({
  imports: [
    TypeOrmModule.forFeature([Message, MessageStatusEvent, InboundMessage, ConversationWindow]),
    TenancyModule,
    PacingModule,
    BlacklistModule,
    TemplatesModule,
  ],
  controllers: [MessagesController, MessageStatisticsController],
  providers: [
    MessagesRepository,
    MessagesUpstream,
    MessagesService,
    ServiceWindowService,
    SendOutcomeSweeper,
    MessageStatusApplier,
    InboundApplier,
  ],
  exports: [MessagesService, ServiceWindowService, SendOutcomeSweeper, MessageStatusApplier, InboundApplier],
})
export class MessagesModule {
  constructor(retention: RecordRetention, config: ConfigService<Environment, true>) {
    const partitions = messagesPartitions({
      messages: config.get('MESSAGE_RETENTION_DAYS', { infer: true }),
      inbound: config.get('INBOUND_MESSAGE_RETENTION_DAYS', { infer: true }),
    });
    for (const table of partitions) retention.register(table);
  }
}
