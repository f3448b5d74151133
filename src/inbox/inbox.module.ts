import { InboxEventsController } from './live/inbox-events.controller';
import { InboxLive } from './live/inbox-live.service';
import { SavedReply } from './saved-reply.entity';
import { SavedRepliesController } from './saved-replies.controller';
import { SavedRepliesRepository } from './saved-replies.repository';
import { SavedReplies } from './saved-replies.service';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PeopleModule } from '../people/people.module';
import { CustomerData } from '../retention/customer-data';
import { TenancyModule } from '../tenancy/tenancy.module';
import { AssignmentPolicy } from './assignment-policy.entity';
import { InboxAgent } from './inbox-agent.entity';
import { AssignmentPolicyController, InboxController } from './inbox.controller';
import { InboxRepository } from './inbox.repository';
import { InboxService } from './inbox.service';
import { InboxSettings } from './inbox-settings.entity';
import { TeamMember } from './team-member.entity';
import { Team } from './team.entity';
import { OrganizationData } from '../retention/organization-data';

/**
 * The team side of the inbox (issue 56): teams, members' availability as agents, the organization's
 * inbox settings, numbers' auto-assignment. The conversations (assignee, team, status) are
 * messages/conversations/', which asks InboxService who may take one.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Team, TeamMember, InboxAgent, InboxSettings, AssignmentPolicy, SavedReply]),
    PeopleModule,
    TenancyModule,
  ],
  controllers: [InboxController, AssignmentPolicyController, SavedRepliesController, InboxEventsController],
  providers: [InboxRepository, InboxService, SavedRepliesRepository, SavedReplies, InboxLive],
  exports: [InboxService, SavedReplies, InboxLive],
})
export class InboxModule {
  constructor(
    customers: CustomerData,
    live: InboxLive,
    organization: OrganizationData,
    savedReplies: SavedRepliesRepository,
  ) {
    organization.registerTables(savedReplies.exportedTables());
    organization.registerDeletion('live_updates', (tenantId) => live.forgetOrganization(tenantId));
    // A customer's erasure: the live updates about them, kept for an hour for consoles that resume.
    customers.registerEraser('live_updates', async (e) => ({
      removed: await live.eraseCustomer(e.tenantId, e.waId),
      next: null,
    }));
  }
}
