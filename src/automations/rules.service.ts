import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreallocatedCache } from '../common/bounded-cache';
import { SecretBox } from '../common/secret-box';
import { GraphError } from '../core/graph-error';
import { InboxService } from '../inbox/inbox.service';
import { SharedStore } from '../redis/shared-store';
import { TenancyService } from '../tenancy/tenancy.service';
import { generateWebhookSecret, isUsableSecret, secretHint } from '../tenant-webhooks/webhook-signing';
import { AutomationCalls } from './automation-calls';
import { AutomationsRepository } from './automations.repository';
import { AutomationsService } from './automations.service';
import { isOpen } from './business-hours';
import type { Rule } from './rule';
import { judge, textOf } from './rule-conditions';
import { checkFits, parseRule, type RuleInput } from './rule-input';

/** The organization's settings of its rules, as the API shows them. */
export interface RulesSettings {
  replies_per_conversation_per_hour: number;
  /** The last characters of the secret that signs the rules' calls (null: none made yet). */
  signing_secret_hint: string | null;
}

/** An organization's rules as the runner reads them, with what its actions are made as. */
export interface OrganizationRules {
  rules: Rule[];
  actingKeyId: string;
  repliesPerHour: number;
}

const CHANGED_CHANNEL = 'automations:rules';
const RULES_TTL_MS = 60_000;
const MAX_RULES = 200;

/** A rule as the API shows it. */
export function ruleJson(rule: Rule & { createdAt?: Date; updatedAt?: Date }): Record<string, unknown> {
  return {
    id: rule.id,
    name: rule.name,
    position: rule.position,
    enabled: rule.enabled,
    trigger: rule.trigger,
    conditions: rule.conditions,
    actions: rule.actions,
    created_at: rule.createdAt?.toISOString(),
    updated_at: rule.updatedAt?.toISOString(),
  };
}

/**
 * An organization's automation rules: their API (each checked against what it names: members, teams,
 * numbers, approved templates), the loop's cap, the dry run, and what each instance keeps of them (a
 * change is told to every instance through the shared store).
 */
@Injectable()
export class RulesService implements OnModuleInit {
  private readonly logger = new Logger('Automations');
  private readonly cache = new PreallocatedCache<string, { value: OrganizationRules | null }>({
    max: 10_000,
    ttl: RULES_TTL_MS,
  });

  constructor(
    private readonly repository: AutomationsRepository,
    private readonly automations: AutomationsService,
    private readonly inbox: InboxService,
    private readonly tenancy: TenancyService,
    private readonly store: SharedStore,
    private readonly calls: AutomationCalls,
    private readonly secretBox: SecretBox,
  ) {}

  async onModuleInit(): Promise<void> {
    try {
      await this.store.onBroadcast(CHANGED_CHANNEL, (tenantId) => this.cache.delete(tenantId));
    } catch (error) {
      this.logger.warn(`changes of rules are not heard (${(error as Error).message}): known within 60 s`);
    }
  }

  /** The organization's enabled rules, cached (null: none); read in `manager`'s transaction when not cached. */
  async enabled(tenantId: string, manager?: EntityManager): Promise<OrganizationRules | null> {
    const cached = this.cache.get(tenantId);
    if (cached) return cached.value;
    const organization = await this.repository.organization(tenantId, manager);
    const rules = organization ? await this.repository.rules(tenantId, true, manager) : [];
    const value =
      organization && rules.length > 0
        ? { rules, actingKeyId: organization.acting_key_id, repliesPerHour: organization.replies_per_hour }
        : null;
    this.cache.set(tenantId, { value });
    return value;
  }

  async list(tenantId: string): Promise<Record<string, unknown>[]> {
    return (await this.repository.rules(tenantId)).map(ruleJson);
  }

  async get(tenantId: string, id: string): Promise<Record<string, unknown>> {
    const rule = (await this.repository.rules(tenantId)).find((r) => r.id === id);
    if (!rule) throw GraphError.notFound(`Rule ${id} does not exist`);
    return ruleJson(rule);
  }

  async create(tenantId: string, body: unknown): Promise<Record<string, unknown>> {
    const input = parseRule(body, false) as Required<Omit<RuleInput, 'position' | 'enabled'>> & RuleInput;
    await this.check(tenantId, input);
    if ((await this.repository.rules(tenantId)).length >= MAX_RULES)
      throw GraphError.invalidParameter('Invalid parameter', `rules: an organization has at most ${MAX_RULES}`);
    await this.automations.actingKey(tenantId);
    const id = await this.repository.addRule(tenantId, { ...input, enabled: input.enabled ?? true });
    await this.changed(tenantId);
    return this.get(tenantId, id);
  }

  async update(tenantId: string, id: string, body: unknown): Promise<Record<string, unknown>> {
    const input = parseRule(body, true);
    const existing = (await this.repository.rules(tenantId)).find((r) => r.id === id);
    if (!existing) throw GraphError.notFound(`Rule ${id} does not exist`);
    checkFits({ ...existing, ...input });
    await this.check(tenantId, input, id);
    if (!(await this.repository.updateRule(tenantId, id, input)))
      throw GraphError.notFound(`Rule ${id} does not exist`);
    await this.changed(tenantId);
    return this.get(tenantId, id);
  }

  async remove(tenantId: string, id: string): Promise<void> {
    if (!(await this.repository.removeRule(tenantId, id))) throw GraphError.notFound(`Rule ${id} does not exist`);
    await this.changed(tenantId);
  }

  async settings(tenantId: string): Promise<RulesSettings> {
    const secret = await this.repository.signingSecret(tenantId);
    return {
      replies_per_conversation_per_hour: (await this.repository.organization(tenantId))?.replies_per_hour ?? 10,
      signing_secret_hint: secret === null ? null : secretHint(this.secretBox.decrypt(secret)),
    };
  }

  /**
   * A new secret for the rules' calls (`secret` given: that one, if it can sign), replacing the
   * organization's: shown here once, never again (the settings show its last four characters).
   */
  async makeSigningSecret(tenantId: string, body: unknown): Promise<{ signing_secret: string }> {
    const given = (body as Record<string, unknown> | null)?.secret;
    if (given !== undefined && (typeof given !== 'string' || !isUsableSecret(given)))
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'secret: at least 16 characters without spaces (a whsec_ secret carries base64 of at least 16 bytes)',
      );
    const secret = given ?? generateWebhookSecret();
    await this.automations.actingKey(tenantId);
    await this.repository.setSigningSecret(tenantId, this.secretBox.encrypt(secret));
    return { signing_secret: secret };
  }

  async putSettings(tenantId: string, body: unknown): Promise<RulesSettings> {
    const value = (body as Record<string, unknown> | null)?.replies_per_conversation_per_hour;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'replies_per_conversation_per_hour: a whole number from 1 to 100',
      );
    await this.automations.actingKey(tenantId);
    await this.repository.setRepliesPerHour(tenantId, value);
    await this.changed(tenantId);
    return this.settings(tenantId);
  }

  /**
   * Which rules would act on a customer's message, and what they would do, without doing anything:
   * `phone_number_id`, `message` (a Cloud API message object, or `text`), and the conversation as it
   * would be (`conversation_status`, `assignee_id`), the contact as it is.
   */
  async dryRun(
    tenantId: string,
    body: unknown,
    contact: (waId: string) => Promise<{ tags: string[]; attributes: Record<string, unknown> } | null>,
  ): Promise<Record<string, unknown>> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const phoneNumberId = typeof input.phone_number_id === 'string' ? input.phone_number_id : '';
    if (!(await this.tenancy.numbersOf(tenantId, [phoneNumberId])).has(phoneNumberId))
      throw GraphError.invalidParameter('Invalid parameter', 'phone_number_id: not a number of this organization');
    const message =
      typeof input.message === 'object' && input.message !== null
        ? (input.message as Record<string, unknown>)
        : typeof input.text === 'string'
          ? { type: 'text', text: { body: input.text } }
          : null;
    if (!message) throw GraphError.invalidParameter('Invalid parameter', 'text: give the message (text, or message)');
    const from = typeof input.from === 'string' ? input.from : '15550000000';
    const first = input.first === true;
    const hours = (await this.automations.forNumber(phoneNumberId))?.hours ?? null;
    const at = new Date();
    const facts = {
      text: textOf(message),
      messageType: typeof message.type === 'string' ? message.type : 'text',
      errorCode: null,
      buttonPayload:
        ((message.button as Record<string, unknown> | undefined)?.payload as string | undefined) ??
        (message.interactive as { button_reply?: { id?: string } } | undefined)?.button_reply?.id ??
        null,
      phoneNumberId,
      template: null,
      insideHours: hours ? isOpen(hours, at) : true,
      conversationStatus: typeof input.conversation_status === 'string' ? input.conversation_status : 'open',
      assigneeId: typeof input.assignee_id === 'string' ? input.assignee_id : null,
      contact: () => contact(from),
    };
    const triggers = new Set(['message_received', ...(first ? ['conversation_opened'] : [])]);
    const results = [];
    let stopped = false;
    for (const rule of await this.repository.rules(tenantId)) {
      if (!triggers.has(rule.trigger)) continue;
      if (stopped || !rule.enabled) {
        results.push({
          rule_id: rule.id,
          rule_name: rule.name,
          matched: false,
          reason: stopped ? 'an earlier rule stopped the rules' : 'disabled',
          actions: [],
        });
        continue;
      }
      const verdict = await judge(rule.conditions, facts);
      results.push({
        rule_id: rule.id,
        rule_name: rule.name,
        ...verdict,
        actions: verdict.matched ? rule.actions : [],
      });
      if (verdict.matched && rule.actions.some((a) => a.type === 'stop')) stopped = true;
    }
    return { inside_business_hours: facts.insideHours, rules: results };
  }

  /** What a rule names exists in the organization: numbers, members, teams, approved templates. */
  private async check(tenantId: string, rule: RuleInput, id?: string): Promise<void> {
    const numbers = (rule.conditions ?? []).flatMap((c) => (c.field === 'phone_number_id' ? c.values : []));
    if (numbers.length > 0) {
      const known = await this.tenancy.numbersOf(tenantId, numbers);
      const stranger = numbers.find((n) => !known.has(n));
      if (stranger !== undefined)
        throw GraphError.invalidParameter(
          'Invalid parameter',
          `conditions: ${stranger} is not a number of this organization`,
        );
    }
    for (const [i, c] of (rule.conditions ?? []).entries())
      if (c.field === 'assignee' && c.operator === 'equals')
        await this.inbox.requireMembers(tenantId, [c.value], `conditions[${i}].value`);
    for (const [i, action] of (rule.actions ?? []).entries()) {
      if (action.type === 'call_url') {
        const problem = await this.calls.urlProblem(action.url);
        if (problem) throw GraphError.invalidParameter('Invalid parameter', `actions[${i}].url: ${problem}`);
        if ((await this.repository.signingSecret(tenantId)) === null)
          throw GraphError.invalidParameter(
            'Invalid parameter',
            `actions[${i}].url: make the organization's signing secret first ` +
              '(POST /v1/automations/signing_secret), so that its calls can be verified',
          );
      }
      if (action.type === 'assign' && 'assignee_id' in action)
        await this.inbox.requireWorkers(tenantId, [action.assignee_id], `actions[${i}].assignee_id`);
      if (action.type === 'assign' && 'team_id' in action)
        await this.inbox.requireTeam(tenantId, action.team_id, `actions[${i}].team_id`);
      if (action.type === 'reply' && 'template' in action) {
        // A template is a business account's: the rule names the numbers it replies from.
        const scope = numbers.length
          ? numbers
          : id
            ? ((await this.repository.rules(tenantId)).find((r) => r.id === id)?.conditions ?? []).flatMap((c) =>
                c.field === 'phone_number_id' ? c.values : [],
              )
            : [];
        if (scope.length === 0)
          throw GraphError.invalidParameter(
            'Invalid parameter',
            `actions[${i}].template: a template reply needs the rule limited to numbers ` +
              '(a phone_number_id condition): ' +
              'templates are each business account’s',
          );
        for (const phoneNumberId of scope)
          await this.automations.checkTemplate(
            (await this.tenancy.findPhoneNumber(phoneNumberId))!,
            `actions[${i}].template`,
            action.template,
          );
      }
    }
  }

  private async changed(tenantId: string): Promise<void> {
    this.cache.delete(tenantId);
    await this.store
      .broadcast(CHANGED_CHANNEL, tenantId)
      .catch((error: Error) => this.logger.warn(`a change of rules was not told: ${error.message}`));
  }
}
