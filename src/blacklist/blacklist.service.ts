import { Injectable } from '@nestjs/common';
import { decodeCursor, nextPageUrl, type Page, toPage } from '../common/pagination';
import { normalizeRecipient } from '../common/recipient';
import { GraphError } from '../core/graph-error';
import type {
  AddBlacklistEntriesDto,
  AddBlacklistEntriesResponseDto,
  BlacklistEntryDto,
  ListBlacklistQueryDto,
} from './dto/blacklist.dto';
import { OnboardingService } from '../tenancy/onboarding.service';
import { BlacklistRepository, type BlacklistRow } from './blacklist.repository';

function toEntry(row: BlacklistRow): BlacklistEntryDto {
  return {
    id: row.id,
    phone_number: row.phone_number,
    reason: row.reason,
    source: row.source,
    opted_out_at: row.opted_out_at?.toISOString() ?? null,
    opt_out_message_id: row.opt_out_message_id,
    created_at: row.created_at.toISOString(),
  };
}

/** The per-organization recipient blacklist (spec 1 and 4.1 `filter_blacklist`). */
@Injectable()
export class BlacklistService {
  constructor(
    private readonly repository: BlacklistRepository,
    onboarding: OnboardingService,
  ) {
    onboarding.registerDependent('organization', 'blacklist entries', (m, id) => repository.hasEntries(m, id));
  }

  /** The organization's entries in the order they were added, `limit` at a time. */
  async list(tenantId: string, query: ListBlacklistQueryDto, originalUrl: string): Promise<Page<BlacklistEntryDto>> {
    const rows = await this.repository.list(tenantId, {
      limit: query.limit,
      after: decodeCursor(query.after),
      phoneNumber:
        query.phone_number === undefined ? undefined : normalizeRecipient(query.phone_number, 'phone_number'),
    });
    return toPage(
      rows,
      query.limit,
      (row) => ({ at: row.cursor_at, id: row.id }),
      toEntry,
      (after) => nextPageUrl(originalUrl, after),
    );
  }

  /**
   * Adds numbers; adding one already present is not an error: its entry is kept (same id and
   * created_at) and a given reason replaces the stored one.
   */
  async add(tenantId: string, input: AddBlacklistEntriesDto): Promise<AddBlacklistEntriesResponseDto> {
    const numbers = [...new Set(input.phone_numbers.map((n, i) => normalizeRecipient(n, `phone_numbers.${i}`)))];
    const rows = await this.repository.add(tenantId, numbers, input.reason ?? null);
    const byNumber = new Map(rows.map((row) => [row.phone_number, row]));
    const ordered = numbers.map((n) => byNumber.get(n)).filter((row) => row !== undefined);
    const added = ordered.filter((row) => row.inserted).length;
    return { data: ordered.map(toEntry), added, existing: ordered.length - added };
  }

  /** Removes one number; an unknown one (or another organization's) is 404 code 100. */
  async remove(tenantId: string, phoneNumber: string): Promise<void> {
    const normalized = normalizeRecipient(phoneNumber, 'phoneNumber');
    if (!(await this.repository.remove(tenantId, normalized))) {
      throw GraphError.notFound(`Phone number ${normalized} is not on the blacklist`);
    }
  }

  /**
   * For sends with `filter_blacklist=true`: one indexed lookup. `phoneNumber` is the recipient as
   * normalizeRecipient returns it; it is normalized again (a no-op then) so that a caller passing
   * the raw `to` cannot slip past the check, and an invalid one is 400 code 100 naming `to`.
   */
  /** Which of `phoneNumbers` (normalized recipients) are blacklisted: a broadcast's list, in one read. */
  listedAmong(tenantId: string, phoneNumbers: string[]): Promise<Set<string>> {
    return this.repository.listedAmong(tenantId, phoneNumbers);
  }

  async isBlacklisted(tenantId: string, phoneNumber: string): Promise<boolean> {
    return this.repository.exists(tenantId, normalizeRecipient(phoneNumber, 'to'));
  }
}
