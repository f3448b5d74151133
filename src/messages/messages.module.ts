import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment';
import { OrganizationPurges } from '../retention/organization-purges';
import { RecordRetention } from '../retention/record-retention';
import { BlacklistModule } from '../blacklist/blacklist.module';
import { TemplatesModule } from '../templates/templates.module';
import { PacingModule } from '../pacing/pacing.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { UsageModule } from '../usage/usage.module';
import { Conversation } from './conversation.entity';
import { FunnelButton } from './funnels/funnel-button.entity';
import { FunnelDay } from './funnels/funnel-day.entity';
import { FunnelFailure } from './funnels/funnel-failure.entity';
import { FunnelsRepository } from './funnels/funnels.repository';
import { ConversationsController } from './conversations/conversations.controller';
import { ConversationsRepository } from './conversations/conversations.repository';
import { ConversationsService } from './conversations/conversations.service';
import { ResolutionListeners } from './conversations/resolution-listeners';
import { AutoAssignment } from './conversations/auto-assignment';
import { ConversationEventsWriter } from './conversations/conversation-events.writer';
import { ConversationWork } from './conversations/conversation-work.service';
import { ConversationNotes } from './conversations/conversation-notes.service';
import { NotesController } from './conversations/notes.controller';
import { NotesRepository } from './conversations/notes.repository';
import { InboxModule } from '../inbox/inbox.module';
import { ContactsModule } from '../contacts/contacts.module';
import { SavedReplyFill } from './conversations/saved-reply-fill';
import { ConversationLive } from './conversations/conversation-live';
import { TeamFiguresController } from './conversations/team-figures.controller';
import { TeamFiguresRepository } from './conversations/team-figures.repository';
import { TeamFigures } from './conversations/team-figures.service';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { InboundApplier } from './inbound.applier';
import { MessageStatusApplier } from './message-status.applier';
import { InboundMessage } from './inbound-message.entity';
import { MessageStatusEvent } from './message-status.entity';
import { Message } from './message.entity';
import { MessageStatisticsController } from './message-statistics.controller';
import { InboundMessagesController } from './inbound-messages.controller';
import { MessagesController } from './messages.controller';
import { MessagesRepository, messagesPartitions } from './messages.repository';
import { BroadcastSendsService } from './broadcast-sends.service';
import { MessageReadsService } from './message-reads.service';
import { MessagesUpstream } from './messages.upstream';
import { SendMessageUseCase } from './send-message.use-case';
import { SendRecords } from './send-records';
import { SendOutcomeSweeper } from './send-outcome.sweeper';
import { ServiceWindowService } from './service-window.service';
import { batchOf, CustomerData } from '../retention/customer-data';
import { OrganizationData } from '../retention/organization-data';

/**
 * Sending and the message records: the API's send (send-message.use-case.ts, its steps top to bottom),
 * the records' reads (message-reads.service.ts), broadcasts' sends (broadcast-sends.service.ts), what
 * both sends share to settle a record (send-records.ts), and Meta's statuses and customers' messages
 * applied to the records (the appliers), which keep each customer's conversation current; the Inbox's
 * reads and read mark (conversations/). The sweeper runs on the job engine's PeriodicJobs (global).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Message,
      MessageStatusEvent,
      InboundMessage,
      Conversation,
      FunnelDay,
      FunnelFailure,
      FunnelButton,
    ]),
    TenancyModule,
    PacingModule,
    BlacklistModule,
    TemplatesModule,
    UsageModule,
    InboxModule,
    ContactsModule,
    TenantWebhooksModule,
  ],
  controllers: [
    MessagesController,
    MessageStatisticsController,
    InboundMessagesController,
    ConversationsController,
    NotesController,
    TeamFiguresController,
  ],
  providers: [
    MessagesRepository,
    MessagesUpstream,
    SendRecords,
    SendMessageUseCase,
    MessageReadsService,
    BroadcastSendsService,
    ServiceWindowService,
    SendOutcomeSweeper,
    MessageStatusApplier,
    InboundApplier,
    ConversationsRepository,
    ConversationsService,
    ConversationEventsWriter,
    ConversationWork,
    ConversationNotes,
    SavedReplyFill,
    ConversationLive,
    TeamFigures,
    TeamFiguresRepository,
    NotesRepository,
    AutoAssignment,
    ResolutionListeners,
    FunnelsRepository,
  ],
  exports: [
    FunnelsRepository,
    TeamFigures,
    ResolutionListeners,
    BroadcastSendsService,
    ServiceWindowService,
    SendOutcomeSweeper,
    MessageStatusApplier,
    InboundApplier,
    AutoAssignment,
    SendMessageUseCase,
    ConversationWork,
    ConversationNotes,
    MessageReadsService,
  ],
})
export class MessagesModule {
  constructor(
    retention: RecordRetention,
    config: ConfigService<Environment, true>,
    repository: MessagesRepository,
    purges: OrganizationPurges,
    customers: CustomerData,
    notes: NotesRepository,
    organization: OrganizationData,
    funnels: FunnelsRepository,
  ) {
    // The organization's archive (data-rights/).
    organization.registerTables({ ...repository.exportedTables(), ...notes.exportedTables() }, [
      'messages',
      'message_statuses',
      'inbound_messages',
      'conversations',
      'conversation_resolutions',
      'notes',
    ]);
    // The funnels' rollups (no customer in them): archived, and gone with the organization.
    organization.registerTables(funnels.exportedTables(), ['funnel_days', 'funnel_failures', 'funnel_buttons']);
    // A customer's data, for an export (data-rights/).
    customers.register('messages', (c, after, limit) => repository.customerMessages(c, after, limit));
    customers.register('inbound_messages', (c, after, limit) => repository.customerInbound(c, after, limit));
    customers.register('conversations', (c) => repository.customerConversations(c));
    customers.register('notes', (c, after, limit) => notes.customerNotes(c, after, limit));
    // ... and its erasure: the wamids first (others' rows name the messages by them), then the rows,
    // the conversation last (the customer's inbound messages are found through its numbers).
    customers.registerWamids('messages', (e, after, limit) => repository.customerOutboundWamids(e, after, limit));
    customers.registerWamids('inbound_messages', (e, after, limit) =>
      repository.customerInboundWamids(e, after, limit),
    );
    customers.registerWamidEraser('message_statuses', (e, page) => repository.eraseCustomerStatuses(e, page.wamids));
    customers.registerEraser('messages', async (e, limit) =>
      batchOf(await repository.eraseCustomerMessages(e, limit), limit),
    );
    customers.registerEraser('inbound_messages', async (e, limit) =>
      batchOf(await repository.eraseCustomerInbound(e, limit), limit),
    );
    customers.registerEraser('notes', async (e) => ({ removed: await notes.eraseCustomerNotes(e), next: null }));
    customers.registerEraser('conversations', async (e) => ({
      removed: await repository.eraseCustomerConversations(e),
      next: null,
    }));
    const days = {
      messages: config.get('MESSAGE_RETENTION_DAYS', { infer: true }),
      inbound: config.get('INBOUND_MESSAGE_RETENTION_DAYS', { infer: true }),
    };
    for (const table of messagesPartitions(days)) retention.register(table);
    // A customer whose messages have all aged out leaves the conversation list.
    retention.afterPass(async (now) => {
      await repository.forgetAgedConversations(now, Math.max(days.messages, days.inbound));
    });
    // An organization that keeps less (data-rights/): bodies replaced, inbound messages gone.
    purges.register('message_bodies', 'messages', (tenantId, range, limit) =>
      repository.redactOutboundBodies(tenantId, range, limit),
    );
    purges.register('message_bodies', 'inbound_messages', (tenantId, range, limit) =>
      repository.redactInboundBodies(tenantId, range, limit),
    );
    purges.register('inbound_messages', 'inbound_messages', (tenantId, range, limit) =>
      repository.deleteInboundBefore(tenantId, range.before, limit),
    );
  }
}
