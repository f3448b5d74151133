import { Injectable } from '@nestjs/common';
import { PreallocatedCache } from '../common/bounded-cache';
import type { EntityManager } from 'typeorm';
import { BlacklistRepository } from './blacklist.repository';
import { recipientOptedOut } from './blacklist.errors';
import type { OptOutSettingsDto, PutOptOutSettingsDto } from './dto/opt-out-settings.dto';
import { DEFAULT_OPT_IN_KEYWORDS, DEFAULT_OPT_OUT_KEYWORDS, KeywordMatcher } from './opt-out-keywords';

/**
 * How long an instance uses an organization's settings before reading them again: a change made on
 * another instance reaches this one's inbound path and sends within that (the instance that takes the
 * change uses it at once).
 */
const SETTINGS_TTL_MS = 10_000;

interface Settings {
  optOutKeywords: string[];
  optInKeywords: string[];
  refuseUtility: boolean;
  refuseAuthentication: boolean;
  updatedAt: Date | null;
  matcher: KeywordMatcher;
}

/** A customer's opt-out or opt-in, as an inbound message made it. */
export interface OptChange {
  change: 'opt_out' | 'opt_in';
  waId: string;
  keyword: string;
  messageId: string;
}

/**
 * Opt-out and opt-in by the customer's own word: an inbound message that is one of the organization's
 * keywords (opt-out-keywords.ts) puts the customer on the blacklist (reason `opt_out`) or takes them
 * off it (only what an opt-out made), in the transaction that stores the message. An opted-out
 * customer gets no marketing template whatever a send's `filter_blacklist` says, nor utility or
 * authentication ones when the organization's settings say so.
 */
@Injectable()
export class OptOutsService {
  /**
   * Read outside a transaction through `fetch`: lru-cache's single flight, so a burst of sends to an
   * organization whose settings are not cached reads them once, not once per send (each read waited
   * for a pool connection the sends themselves hold).
   */
  private readonly cache = new PreallocatedCache<string, Settings>({
    max: 10_000,
    ttl: SETTINGS_TTL_MS,
    fetchMethod: async (tenantId) => settingsOf(await this.repository.settings(tenantId)),
  });

  constructor(private readonly repository: BlacklistRepository) {}

  /** The organization's settings (the defaults while it has chosen none). */
  async settings(tenantId: string): Promise<OptOutSettingsDto> {
    return toDto(await this.load(tenantId));
  }

  async putSettings(tenantId: string, input: PutOptOutSettingsDto): Promise<OptOutSettingsDto> {
    const current = await this.load(tenantId);
    const saved = await this.repository.saveSettings({
      tenantId,
      optOutKeywords: input.opt_out_keywords ?? current.optOutKeywords,
      optInKeywords: input.opt_in_keywords ?? current.optInKeywords,
      refuseUtility: input.refuse_utility ?? current.refuseUtility,
      refuseAuthentication: input.refuse_authentication ?? current.refuseAuthentication,
    });
    this.cache.delete(tenantId);
    return toDto(settingsOf(saved));
  }

  /**
   * An inbound message, just stored in `manager`'s transaction: a keyword opts its sender out or back
   * in, and the change is returned (nothing when the message is no keyword, or changed nothing).
   */
  async apply(
    manager: EntityManager,
    tenantId: string,
    message: { id: string; from: string; [member: string]: unknown },
    sentAt: Date,
  ): Promise<OptChange | undefined> {
    const match = (await this.load(tenantId, manager)).matcher.match(message);
    if (!match) return undefined;
    const changed =
      match.change === 'opt_out'
        ? await this.repository.optOut(manager, tenantId, message.from, message.id, sentAt)
        : await this.repository.optIn(manager, tenantId, message.from);
    return changed ? { ...match, waId: message.from, messageId: message.id } : undefined;
  }

  /**
   * For a template send: refused (422 code 131000, `recipient_opted_out`) when the recipient opted out
   * and the category is marketing, or one the settings refuse too. One indexed read, for those only.
   */
  async checkTemplateSend(tenantId: string, recipient: string, category: string): Promise<void> {
    if (!(await this.refuses(tenantId, category))) return;
    if ((await this.repository.optedOutAmong(tenantId, [recipient])).size > 0) throw recipientOptedOut(category);
  }

  /** Which of `recipients` a template of `category` must not reach (a broadcast's batch, in one read). */
  async refusedAmong(tenantId: string, recipients: string[], category: string): Promise<Set<string>> {
    if (!(await this.refuses(tenantId, category))) return new Set();
    return this.repository.optedOutAmong(tenantId, recipients);
  }

  /** Which of `waIds` opted out (a conversation page). */
  optedOutAmong(tenantId: string, waIds: string[]): Promise<Set<string>> {
    return this.repository.optedOutAmong(tenantId, waIds);
  }

  /** Everyone who opted out of the organization's messages. */
  optedOut(tenantId: string): Promise<string[]> {
    return this.repository.optedOut(tenantId);
  }

  private async refuses(tenantId: string, category: string): Promise<boolean> {
    const upper = category.toUpperCase();
    if (upper === 'MARKETING') return true;
    if (upper !== 'UTILITY' && upper !== 'AUTHENTICATION') return false;
    const settings = await this.load(tenantId);
    return upper === 'UTILITY' ? settings.refuseUtility : settings.refuseAuthentication;
  }

  private async load(tenantId: string, manager?: EntityManager): Promise<Settings> {
    if (!manager) return (await this.cache.fetch(tenantId))!;
    // In a transaction: read through it (the embedded database has one connection).
    const cached = this.cache.get(tenantId);
    if (cached) return cached;
    const settings = settingsOf(await this.repository.settings(tenantId, manager));
    this.cache.set(tenantId, settings);
    return settings;
  }
}

function settingsOf(
  row: {
    optOutKeywords: string[];
    optInKeywords: string[];
    refuseUtility: boolean;
    refuseAuthentication: boolean;
    updatedAt: Date;
  } | null,
): Settings {
  const optOutKeywords = row?.optOutKeywords ?? DEFAULT_OPT_OUT_KEYWORDS;
  const optInKeywords = row?.optInKeywords ?? DEFAULT_OPT_IN_KEYWORDS;
  return {
    optOutKeywords,
    optInKeywords,
    refuseUtility: row?.refuseUtility ?? false,
    refuseAuthentication: row?.refuseAuthentication ?? false,
    updatedAt: row?.updatedAt ?? null,
    matcher: new KeywordMatcher(optOutKeywords, optInKeywords),
  };
}

function toDto(settings: Settings): OptOutSettingsDto {
  return {
    opt_out_keywords: settings.optOutKeywords,
    opt_in_keywords: settings.optInKeywords,
    refuse_utility: settings.refuseUtility,
    refuse_authentication: settings.refuseAuthentication,
    updated_at: settings.updatedAt?.toISOString() ?? null,
  };
}
