import { Injectable, Logger } from '@nestjs/common';
import type { AuthContext } from '../../core/gateway-request';
import { GraphError } from '../../core/graph-error';
import { InboxService } from '../../inbox/inbox.service';
import type { DeliveryRow } from '../../tenant-webhooks/delivery-row';
import type { ConversationStatus } from '../conversation.entity';
import { AutoAssignment } from './auto-assignment';
import { ConversationLive } from './conversation-live';
import type { ChangedBy } from './conversation-events';
import { ConversationEventsWriter } from './conversation-events.writer';
import { type ConversationKey, type ConversationRow, ConversationsRepository } from './conversations.repository';
import { ResolutionListeners } from './resolution-listeners';

/** A customer's WhatsApp id as the conversation routes take it. */
const WA_ID = /^\d{1,20}$/;
/** The longest snooze: a year. */
const SNOOZE_MAX_MS = 366 * 86_400_000;

/** What a caller may see of an organization's conversations. */
export interface Viewer {
  /** The person's user id (null: a machine's key). */
  userId: string | null;
  /** Only theirs and the unassigned: an agent, where the organization says agents see only those. */
  restricted: boolean;
}

/**
 * The team's writes on a conversation: who has it (assignee, team) and where it stands (open,
 * pending, snoozed until a time, resolved), each with its `conversation_update` webhook in the same
 * transaction; and what a caller may see (`viewer`, `visible`). A conversation the caller may not see
 * answers like a missing one (404 code 100).
 */
@Injectable()
export class ConversationWork {
  private readonly logger = new Logger('Inbox');

  constructor(
    private readonly repository: ConversationsRepository,
    private readonly inbox: InboxService,
    private readonly events: ConversationEventsWriter,
    private readonly autoAssignment: AutoAssignment,
    private readonly liveUpdates: ConversationLive,
    private readonly resolutions: ResolutionListeners,
  ) {}

  /** What the caller may see: every conversation, or (an agent, where the organization says so) theirs and the unassigned. */
  async viewer(auth: AuthContext, tenantId: string): Promise<Viewer> {
    if (auth.userId === null) return { userId: null, restricted: false };
    return { userId: auth.userId, restricted: await this.inbox.restricts(tenantId, auth.userId) };
  }

  /** The conversation, if the viewer may see it; else 404 as for one that does not exist. */
  async visible(viewer: Viewer, tenantId: string, phoneNumberId: string, waId: string): Promise<ConversationRow> {
    if (!WA_ID.test(waId))
      throw GraphError.invalidParameter('Invalid parameter', 'wa_id: a WhatsApp id is 1 to 20 digits');
    const row = await this.repository.one(tenantId, phoneNumberId, waId);
    if (!row || (viewer.restricted && row.assignee_id !== null && row.assignee_id !== viewer.userId))
      throw GraphError.notFound(`Conversation with ${waId} does not exist`);
    return row;
  }

  /**
   * Gives the conversation to a member (`assignee_id`; null: nobody) and, when `team_id` is given, to a
   * team (null: none). A member who only sees theirs may take one or hand theirs back, not give one to
   * somebody else.
   */
  async assign(
    auth: AuthContext,
    key: ConversationKey,
    input: { assignee_id?: string | null; team_id?: string | null },
    reason: 'manual' | 'automation' = 'manual',
  ): Promise<ConversationRow> {
    const viewer = await this.viewer(auth, key.tenantId);
    await this.visible(viewer, key.tenantId, key.phoneNumberId, key.waId);
    if (input.assignee_id === undefined && input.team_id === undefined)
      throw GraphError.invalidParameter('Invalid parameter', 'assignee_id, team_id: give one of them at least');
    if (input.assignee_id) await this.inbox.requireWorkers(key.tenantId, [input.assignee_id], 'assignee_id');
    if (input.team_id) await this.inbox.requireTeam(key.tenantId, input.team_id, 'team_id');
    if (viewer.restricted && input.assignee_id && input.assignee_id !== viewer.userId)
      throw GraphError.permissionDenied('An agent who sees only their conversations assigns them to themselves only');
    const deliveries: DeliveryRow[] = [];
    const row = await this.repository.transaction(async (manager) => {
      deliveries.length = 0;
      const changed = await this.repository.assign(manager, key, input.assignee_id, input.team_id);
      if (!changed) throw GraphError.notFound(`Conversation with ${key.waId} does not exist`);
      if (changed.assignee_id !== changed.previous_assignee_id || changed.team_id !== changed.previous_team_id)
        deliveries.push(
          ...(await this.events.assigned(
            manager,
            key.tenantId,
            key.phoneNumberId,
            changed,
            changed.previous_assignee_id,
            reason,
            changedBy(auth),
          )),
        );
      return changed;
    });
    this.events.dispatch(deliveries);
    this.liveUpdates.changed(key.tenantId, key.phoneNumberId, [row], () => row.previous_assignee_id);
    // A conversation handed back waits for the number's auto-assignment, if it has one.
    if (row.assignee_id === null && row.previous_assignee_id !== null)
      void this.autoAssignment.forOrganization(key.tenantId);
    return row;
  }

  /** Moves the conversation to `status`; `snoozed_until` (in the future, within a year) with `snoozed` only. */
  async setStatus(
    auth: AuthContext,
    key: ConversationKey,
    input: { status: ConversationStatus; snoozed_until?: string },
    reason: 'manual' | 'automation' = 'manual',
  ): Promise<ConversationRow> {
    const viewer = await this.viewer(auth, key.tenantId);
    await this.visible(viewer, key.tenantId, key.phoneNumberId, key.waId);
    let until: Date | null = null;
    if (input.status === 'snoozed') {
      if (input.snoozed_until === undefined)
        throw GraphError.invalidParameter('Invalid parameter', 'snoozed_until: a snooze needs the time it ends');
      until = new Date(input.snoozed_until);
      if (!(until.getTime() > Date.now()))
        throw GraphError.invalidParameter('Invalid parameter', 'snoozed_until: must be in the future');
      if (until.getTime() > Date.now() + SNOOZE_MAX_MS)
        throw GraphError.invalidParameter('Invalid parameter', 'snoozed_until: a snooze lasts a year at most');
    } else if (input.snoozed_until !== undefined)
      throw GraphError.invalidParameter('Invalid parameter', 'snoozed_until: only with status snoozed');
    const deliveries: DeliveryRow[] = [];
    let afterResolved = () => {};
    const row = await this.repository.transaction(async (manager) => {
      deliveries.length = 0;
      afterResolved = () => {};
      const changed = await this.repository.setStatus(manager, key, input.status, until, auth.userId);
      if (!changed) throw GraphError.notFound(`Conversation with ${key.waId} does not exist`);
      if (changed.status === 'resolved' && changed.previous_status !== 'resolved')
        afterResolved = await this.resolutions.write(manager, {
          ...key,
          assigneeId: changed.assignee_id,
          at: changed.resolved_at ?? new Date(),
        });
      if (changed.status !== changed.previous_status || input.status === 'snoozed')
        deliveries.push(
          ...(await this.events.statusChanged(
            manager,
            key.tenantId,
            key.phoneNumberId,
            changed,
            changed.previous_status,
            reason,
            changedBy(auth),
          )),
        );
      return changed;
    });
    this.events.dispatch(deliveries);
    afterResolved();
    this.liveUpdates.changed(key.tenantId, key.phoneNumberId, [row], () => row.previous_assignee_id);
    // A conversation that is no longer open or pending frees its agent for the next in the queue.
    const held = (s: ConversationStatus) => s === 'open' || s === 'pending';
    if (row.assignee_id !== null && held(row.previous_status) && !held(row.status))
      void this.autoAssignment.forOrganization(key.tenantId);
    return row;
  }

  /**
   * A person's reply to a customer whose conversation nobody has takes it, when the organization says
   * so (`take_on_reply`). Machines' sends never do; nothing here can fail the send, which Meta already
   * took.
   */
  async takeOnReply(auth: AuthContext, key: ConversationKey): Promise<void> {
    try {
      if (auth.userId === null || !(await this.inbox.settings(key.tenantId)).take_on_reply) return;
      const deliveries: DeliveryRow[] = [];
      const taken = await this.repository.transaction(async (manager) => {
        deliveries.length = 0;
        const taken = await this.repository.takeIfNobodys(manager, key, auth.userId!);
        if (taken)
          deliveries.push(
            ...(await this.events.assigned(
              manager,
              key.tenantId,
              key.phoneNumberId,
              taken,
              null,
              'reply',
              changedBy(auth),
            )),
          );
        return taken;
      });
      this.events.dispatch(deliveries);
      if (taken) this.liveUpdates.changed(key.tenantId, key.phoneNumberId, [taken], () => null);
    } catch (error) {
      this.logger.warn(`a reply's take of ${key.waId} not made: ${(error as Error).message}`);
    }
  }
}

function changedBy(auth: AuthContext): ChangedBy {
  return { user_id: auth.userId, key_id: auth.keyId };
}
