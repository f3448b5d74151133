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
import { AutomationCalls } from './automation-calls';
import { AutomationsRepository } from './automations.repository';
import type { Action } from './rule';

/** The event an action acts on: the customer's conversation with the number, and the job. */
export interface ActionTarget {
  jobId: string;
  tenantId: string;
  /** The number and the customer; null for an account's event (a template's review), which only calls. */
  phoneNumberId: string | null;
  waId: string | null;
  actingKeyId: string;
  /**
   * The rules' replies a conversation may get per clock hour (null: not counted: the away and welcome
   * messages, bounded by themselves).
   */
  repliesPerHour: number | null;
}

/**
 * A send whose outcome is not known yet, or that Meta's pace refused, or a call that failed: the job is
 * tried again later. `failedCall`: the call's try, for the run log (it is tried again with backoff).
 */
export class TryAgainLater extends Error {
  constructor(
    message: string,
    readonly failedCall?: AutomationAction,
  ) {
    super(message);
  }
}

/** What a call needs beyond its URL: the event it tells, and whether this is the job's last try. */
export interface CallContext {
  event: () => Record<string, unknown>;
  attempt: number;
  lastAttempt: boolean;
}

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
    private readonly calls: AutomationCalls,
  ) {}

  /**
   * `key`: what makes the action's effect once (the reply's Idempotency-Key, the call's `webhook-id`).
   * A target without a customer (an account's event) takes only calls: the rules' check says so at save.
   */
  async perform(target: ActionTarget, action: Action, key: string, call: CallContext): Promise<AutomationAction> {
    if (action.type === 'call_url') return this.callUrl(target, action.url, key, call);
    if (target.phoneNumberId === null || target.waId === null)
      return { type: action.type, outcome: 'refused', error: { code: 100, message: 'the event has no customer' } };
    if (action.type === 'reply') {
      const { type: _type, ...content } = action;
      const kind = 'text' in content ? 'text' : 'template' in content ? 'template' : 'interactive';
      const body =
        kind === 'text'
          ? { type: 'text', text: { body: (content as { text: string }).text } }
          : { type: kind, [kind]: (content as Record<string, unknown>)[kind] };
      return this.reply(target, body, key);
    }
    const waId = target.waId;
    const conversation = { tenantId: target.tenantId, phoneNumberId: target.phoneNumberId, waId };
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
          await this.contacts.change(target.tenantId, waId, { addTags: [action.tag] });
          break;
        case 'remove_tag':
          await this.contacts.change(target.tenantId, waId, { removeTags: [action.tag] });
          break;
        case 'set_attribute':
          await this.contacts.change(target.tenantId, waId, { attributes: { [action.name]: action.value } });
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
   * The event POSTed to the tenant's URL, signed (automation-calls.ts); a failure worth another try
   * throws (the job is tried again with backoff) unless this is the job's last try. An answer's reply
   * goes through the send path, keyed after the call (a job run again finds it sent).
   */
  private async callUrl(target: ActionTarget, url: string, key: string, call: CallContext): Promise<AutomationAction> {
    const outcome = await this.calls.call(
      target.tenantId,
      url,
      key,
      call.event(),
      await this.tenancy.isTest(target.tenantId),
    );
    const status = outcome.statusCode === null ? {} : { status_code: outcome.statusCode };
    if (outcome.kind === 'retry' && !call.lastAttempt)
      throw new TryAgainLater(outcome.error, {
        type: 'call_url',
        outcome: 'retrying',
        ...status,
        attempts: call.attempt,
        error: { code: outcome.statusCode ?? 0, message: outcome.error },
      });
    if (outcome.kind !== 'done')
      return {
        type: 'call_url',
        outcome: 'failed',
        ...status,
        attempts: call.attempt,
        error: {
          code: outcome.statusCode ?? 0,
          message: outcome.kind === 'retry' ? `gave up after ${call.attempt} tries: ${outcome.error}` : outcome.error,
        },
      };
    const done: AutomationAction = { type: 'call_url', outcome: 'done', ...status, attempts: call.attempt };
    if (outcome.reply && target.waId !== null) done.reply = await this.reply(target, outcome.reply, `${key}:reply`);
    return done;
  }

  /**
   * A reply through the one send path, keyed (`key`: found, not sent again, when the job runs again),
   * within the conversation's automatic replies for the hour.
   */
  async reply(target: ActionTarget, content: Record<string, unknown>, key: string): Promise<AutomationAction> {
    const { tenantId, phoneNumberId, waId } = target;
    const phone = phoneNumberId === null ? null : await this.tenancy.findPhoneNumber(phoneNumberId);
    if (!phone || phoneNumberId === null || waId === null)
      return { type: 'reply', outcome: 'failed', error: { code: 100, message: 'the number is gone' } };
    if (
      target.repliesPerHour !== null &&
      !(await this.repository.claimReply({ tenantId, phoneNumberId, waId }, target.repliesPerHour))
    )
      return {
        type: 'reply',
        outcome: 'capped',
        error: { code: 4, message: `the conversation had its ${target.repliesPerHour} automatic replies this hour` },
      };
    // The content never names the recipient (a call's answer could try): the conversation's customer.
    const body = { ...content, messaging_product: 'whatsapp', recipient_type: 'individual', to: target.waId };
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
