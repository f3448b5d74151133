import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiKeysService } from '../auth/api-keys.service';
import { PreallocatedCache } from '../common/bounded-cache';
import { GraphError } from '../core/graph-error';
import { SharedStore } from '../redis/shared-store';
import { OnboardingService } from '../tenancy/onboarding.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { checkTemplateSend } from '../templates/template-send-rules';
import { TemplatesService } from '../templates/templates.service';
import { parseAutomaticReplies, parseBusinessHours } from './automation-input';
import { type AutomationSettingsRow, AutomationsRepository } from './automations.repository';
import type { AutomaticReply, BusinessHours } from './business-hours';

/** A number's settings as the runner reads them (null: the number has none). */
export interface NumberAutomations {
  tenantId: string;
  actingKeyId: string;
  hours: BusinessHours | null;
  away: AutomaticReply | null;
  welcome: AutomaticReply | null;
}

/** Where instances tell each other that a number's settings changed (their caches drop it). */
const CHANGED_CHANNEL = 'automations:changed';
/** How long an instance takes a number's settings as known when nobody said they changed (a safety net). */
const SETTINGS_TTL_MS = 60_000;

export interface NumberRef {
  tenantId: string;
  phoneNumberId: string;
  businessAccountId: string;
}

/**
 * A number's business hours and automatic replies: their API, and what each instance keeps of them.
 * A change is told to every instance through the shared store, so an inbound message on any instance
 * is judged by the settings saved on any other.
 */
@Injectable()
export class AutomationsService implements OnModuleInit {
  private readonly logger = new Logger('Automations');
  private readonly cache = new PreallocatedCache<string, { value: NumberAutomations | null }>({
    max: 10_000,
    ttl: SETTINGS_TTL_MS,
  });

  constructor(
    private readonly repository: AutomationsRepository,
    private readonly keys: ApiKeysService,
    private readonly tenancy: TenancyService,
    private readonly templates: TemplatesService,
    private readonly store: SharedStore,
    onboarding: OnboardingService,
  ) {
    // A number that goes takes its settings, jobs and away marks with it.
    onboarding.onPhoneNumberRemoved(async (manager, phoneNumberId) => {
      await this.repository.forgetNumber(manager, phoneNumberId);
      this.cache.delete(phoneNumberId);
    });
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.store.onBroadcast(CHANGED_CHANNEL, (phoneNumberId) => this.cache.delete(phoneNumberId));
    } catch (error) {
      this.logger.warn(`changes of automations are not heard (${(error as Error).message}): known within 60 s`);
    }
  }

  /** The number's settings, cached; read in `manager`'s transaction when not cached (the ingest's). */
  async forNumber(phoneNumberId: string, manager?: EntityManager): Promise<NumberAutomations | null> {
    const cached = this.cache.get(phoneNumberId);
    if (cached) return cached.value;
    const row = await this.repository.settings(phoneNumberId, manager);
    const value = row && toSettings(row);
    this.cache.set(phoneNumberId, { value });
    return value;
  }

  /** Whether a customer's message to the number has anything to run. */
  static answersMessages(settings: NumberAutomations | null): boolean {
    return Boolean(settings && (settings.away?.enabled || settings.welcome?.enabled));
  }

  async hours(number: NumberRef): Promise<Record<string, unknown>> {
    const row = await this.repository.settings(number.phoneNumberId);
    return hoursView(row);
  }

  async putHours(number: NumberRef, body: unknown): Promise<Record<string, unknown>> {
    const input = parseBusinessHours(body);
    await this.repository.putHours(await this.keyed(number), input);
    await this.changed(number.phoneNumberId);
    return this.hours(number);
  }

  async replies(number: NumberRef): Promise<Record<string, unknown>> {
    const row = await this.repository.settings(number.phoneNumberId);
    return { away: row?.away ?? null, welcome: row?.welcome ?? null };
  }

  /**
   * The away and welcome messages: a template must be APPROVED in the catalog in that language, with
   * its parameters as its send would need them; the away message needs the number's business hours.
   */
  async putReplies(number: NumberRef, body: unknown): Promise<Record<string, unknown>> {
    const input = parseAutomaticReplies(body);
    const current = await this.repository.settings(number.phoneNumberId);
    const away = input.away === undefined ? (current?.away ?? null) : input.away;
    const welcome = input.welcome === undefined ? (current?.welcome ?? null) : input.welcome;
    if (away?.enabled && !current?.time_zone)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'away: the number has no business hours (PUT /v1/{phone-number-id}/business_hours first)',
      );
    for (const [kind, reply] of [
      ['away', input.away],
      ['welcome', input.welcome],
    ] as const)
      if (reply?.template) await this.checkTemplate(number, `${kind}.template`, reply.template);
    await this.repository.putReplies(await this.keyed(number), { away, welcome });
    await this.changed(number.phoneNumberId);
    return this.replies(number);
  }

  /**
   * A template reply's template: APPROVED in the business account's catalog in that language, with its
   * parameters as its send needs them; else 400 naming `field`.
   */
  async checkTemplate(
    number: { businessAccountId: string },
    field: string,
    template: NonNullable<AutomaticReply['template']>,
  ): Promise<void> {
    try {
      const approved = await this.templates.findForSend(number.businessAccountId, {
        name: template.name,
        language: template.language.code,
      });
      checkTemplateSend(approved, template);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      const details = error.options.data?.details;
      throw GraphError.invalidParameter(
        'Invalid parameter',
        `${field}: ${error.message}${typeof details === 'string' ? ` (${details})` : ''}`,
      );
    }
  }

  /** The number, once its organization has its automations settings (and key). */
  private async keyed(number: NumberRef): Promise<NumberRef> {
    await this.actingKey(number.tenantId);
    return number;
  }

  /**
   * The organization's automations key, made with its first settings or rule: what its automatic
   * replies and actions are made as. Never shown (its text is dropped here).
   */
  async actingKey(tenantId: string): Promise<string> {
    const existing = await this.repository.organization(tenantId);
    if (existing) return existing.acting_key_id;
    const issued = await this.keys.create({
      kind: 'org',
      mode: (await this.tenancy.isTest(tenantId)) ? 'test' : 'live',
      tenantIds: [tenantId],
      name: 'Automations (the gateway’s automatic replies and actions)',
      scopes: ['messages:send', 'conversations:write', 'contacts:write'],
    });
    const held = await this.repository.startOrganization(tenantId, issued.record.id);
    // Another request made them first: its key stays, this one goes.
    if (held !== issued.record.id) await this.keys.revoke(issued.record.id);
    return held;
  }

  private async changed(phoneNumberId: string): Promise<void> {
    this.cache.delete(phoneNumberId);
    await this.store
      .broadcast(CHANGED_CHANNEL, phoneNumberId)
      .catch((error: Error) => this.logger.warn(`a change of automations was not told: ${error.message}`));
  }
}

function toSettings(row: AutomationSettingsRow): NumberAutomations {
  return {
    tenantId: row.tenant_id,
    actingKeyId: row.acting_key_id,
    hours: row.time_zone ? { timeZone: row.time_zone, weekly: row.weekly, holidays: row.holidays } : null,
    away: row.away,
    welcome: row.welcome,
  };
}

function hoursView(row: AutomationSettingsRow | null): Record<string, unknown> {
  if (!row?.time_zone) return { time_zone: null, weekly: {}, holidays: [] };
  return { time_zone: row.time_zone, weekly: row.weekly, holidays: row.holidays };
}
