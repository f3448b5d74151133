import { Injectable } from '@nestjs/common';
import { ContactsService } from '../contacts/contacts.service';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { AutoAssignment } from '../messages/conversations/auto-assignment';
import { ConversationNotes } from '../messages/conversations/conversation-notes.service';
import { ConversationWork } from '../messages/conversations/conversation-work.service';
import { PACE_REFUSALS, SendMessageUseCase } from '../messages/send-message.use-case';
import { TenancyService } from '../tenancy/tenancy.service';
import type { AutomationAction } from './automation-log';
import { AutomationsRepository } from './automations.repository';
import type { Action } from './rule';

/** The event an action acts on: the customer's conversation with the number, and the job. */
export interface ActionTarget {
  jobId: string;
  tenantId: string;
  phoneNumberId: string;
  waId: string;
  actingKeyId: string;
  /**
   * The rules' replies a conversation may get per clock hour (null: not counted: the away and welcome
   * messages, bounded by themselves).
   */
  repliesPerHour: number | null;
}

/** A send whose outcome is not known yet, or that Meta's pace refused: the job is tried again later. */
export class TryAgainLater extends Error {}

/**
 * What automations do, each through the owner of what it changes: replies through the one send path
 * (keyed by job and action, so a job run again finds its reply), assignments and statuses through
 * the conversations' work (their webhooks, audit and pushed updates as for a person's), notes through
 * the notes, tags and attributes through the contacts. All as the organization's automations key.
 */
@Injectable()
export class AutomationActions {
  constructor(
    private readonly repository: AutomationsRepository,
    private readonly sends: SendMessageUseCase,
    private readonly tenancy: TenancyService,
    private readonly work: ConversationWork,
    private readonly notes: ConversationNotes,
    private readonly autoAssignment: AutoAssignment,
    private readonly contacts: ContactsService,
  ) {}

  /** `key`: what makes the action's effect once (the reply's Idempotency-Key). */
  async perform(target: ActionTarget, action: Action, key: string): Promise<AutomationAction> {
    if (action.type === 'reply') {
      const { type: _type, ...content } = action;
      const kind = 'text' in content ? 'text' : 'template' in content ? 'template' : 'interactive';
      const body =
        kind === 'text'
          ? { type: 'text', text: { body: (content as { text: string }).text } }
          : { type: kind, [kind]: (content as Record<string, unknown>)[kind] };
      return this.reply(target, body, key);
    }
    const conversation = { tenantId: target.tenantId, phoneNumberId: target.phoneNumberId, waId: target.waId };
    const actor = actorOf(target);
    try {
      switch (action.type) {
        case 'assign':
          if ('auto' in action)
            await this.autoAssignment.afterInbound([{ ...conversation, assigneeId: null, reopened: false }]);
          else
            await this.work.assign(
              actor,
              conversation,
              'assignee_id' in action ? { assignee_id: action.assignee_id } : { team_id: action.team_id },
              'automation',
            );
          break;
        case 'set_status':
          await this.work.setStatus(actor, conversation, { status: action.status }, 'automation');
          break;
        case 'note':
          await this.notes.add(actor, conversation, { body: action.body });
          break;
        case 'add_tag':
          await this.contacts.change(target.tenantId, target.waId, { addTags: [action.tag] });
          break;
        case 'remove_tag':
          await this.contacts.change(target.tenantId, target.waId, { removeTags: [action.tag] });
          break;
        case 'set_attribute':
          await this.contacts.change(target.tenantId, target.waId, { attributes: { [action.name]: action.value } });
          break;
        case 'stop':
          break;
      }
      return { type: action.type, outcome: 'done' };
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return { type: action.type, outcome: 'refused', error: { code: error.code, message: error.message } };
    }
  }

  /**
   * A reply through the one send path, keyed (`key`: found, not sent again, when the job runs again),
   * within the conversation's automatic replies for the hour.
   */
  async reply(target: ActionTarget, content: Record<string, unknown>, key: string): Promise<AutomationAction> {
    const phone = await this.tenancy.findPhoneNumber(target.phoneNumberId);
    if (!phone) return { type: 'reply', outcome: 'failed', error: { code: 100, message: 'the number is gone' } };
    if (target.repliesPerHour !== null && !(await this.repository.claimReply(target, target.repliesPerHour)))
      return {
        type: 'reply',
        outcome: 'capped',
        error: { code: 4, message: `the conversation had its ${target.repliesPerHour} automatic replies this hour` },
      };
    const body = { messaging_product: 'whatsapp', recipient_type: 'individual', to: target.waId, ...content };
    try {
      const answer = await this.sends.send({ tenantId: target.tenantId, apiKeyId: target.actingKeyId, phone }, body, {
        filterBlacklist: true,
        idempotencyKey: key,
      });
      const sent = answer.body as { messages?: Array<{ id?: string }> };
      return {
        type: 'reply',
        outcome: 'sent',
        ...(sent.messages?.[0]?.id && { message_id: sent.messages[0].id }),
        ...(answer.replayed && { recovered: true }),
      };
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      if (error.options.data?.reason === 'send_outcome_unknown' || PACE_REFUSALS.has(error.code) || error.status >= 500)
        throw new TryAgainLater(error.message);
      return { type: 'reply', outcome: 'refused', error: { code: error.code, message: error.message } };
    }
  }
}

/** The organization's automations key as a caller: what the conversations' work checks and names. */
function actorOf(target: ActionTarget): AuthContext {
  return {
    keyId: target.actingKeyId,
    keyPrefix: 'automations',
    kind: 'org',
    tenantIds: [target.tenantId],
    mode: 'live',
    liveTenantIds: [target.tenantId],
    scopes: new Set(['messages:send', 'conversations:write', 'contacts:write']),
    allowedPhoneNumberIds: null,
    ipAllowList: null,
    allowedIps: null,
    rateLimitPerSecond: 0,
    expiresAt: null,
    signs: false,
    person: null,
    userId: null,
  };
}
