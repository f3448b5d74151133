import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { decodeCursor, nextPageUrl, type Page, toPage } from '../common/pagination';
import { normalizeRecipient } from '../common/recipient';
import { ErrorCode, GraphError } from '../core/graph-error';
import { MAX_DISTINCT_TAGS_PER_ORGANIZATION, MAX_TAGS_PER_CONTACT } from './contact-limits';
import { OnboardingService } from '../tenancy/onboarding.service';
import { type ContactRow, ContactsRepository, type ContactUpsert } from './contacts.repository';
import type {
  ContactDto,
  ListContactsQueryDto,
  UpsertContactsDto,
  UpsertContactsResponseDto,
} from './dto/contacts.dto';

function toContact(row: ContactRow): ContactDto {
  return {
    id: row.id,
    phone_number: row.phone_number,
    name: row.name,
    tags: row.tags,
    attributes: row.attributes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A resource limit: 409 code 131000 (spec 7.2), with which cap in `error_data.reason`. */
function tagLimitReached(
  reason: 'contact_tag_limit' | 'organization_tag_limit',
  message: string,
  details: string,
): GraphError {
  return new GraphError(ErrorCode.SendFailure, `(#131000) ${message}`, {
    status: HttpStatus.CONFLICT,
    data: { reason, details },
  });
}

/**
 * Contact sync: bulk upsert (a field given replaces the stored one, a field omitted keeps it),
 * list with tag and number filters, get, delete. Tag caps: MAX_TAGS_PER_CONTACT per contact and
 * MAX_DISTINCT_TAGS_PER_ORGANIZATION across the organization; a request that would exceed either
 * writes nothing.
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly repository: ContactsRepository,
    onboarding: OnboardingService,
  ) {
    onboarding.registerDependent('organization', 'contacts', (m, id) => repository.hasContacts(m, id));
  }

  async list(tenantId: string, query: ListContactsQueryDto, originalUrl: string): Promise<Page<ContactDto>> {
    const rows = await this.repository.list(tenantId, {
      limit: query.limit,
      after: decodeCursor(query.after),
      tag: query.tag,
      phoneNumber:
        query.phone_number === undefined ? undefined : normalizeRecipient(query.phone_number, 'phone_number'),
    });
    return toPage(
      rows,
      query.limit,
      (row) => ({ at: row.cursor_at, id: row.id }),
      toContact,
      (after) => nextPageUrl(originalUrl, after),
    );
  }

  /** The organization's contact of a WhatsApp id, if it has one (a saved reply's variables). */
  async find(tenantId: string, waId: string): Promise<ContactDto | undefined> {
    const row = await this.repository.findOne(tenantId, waId);
    return row && toContact(row);
  }

  /** One contact; an unknown number (or another organization's) is 404 code 100. */
  async get(tenantId: string, phoneNumber: string): Promise<ContactDto> {
    const normalized = normalizeRecipient(phoneNumber, 'phoneNumber');
    const row = await this.repository.findOne(tenantId, normalized);
    if (!row) throw GraphError.notFound(`Contact ${normalized} does not exist`);
    return toContact(row);
  }

  async remove(tenantId: string, phoneNumber: string): Promise<void> {
    const normalized = normalizeRecipient(phoneNumber, 'phoneNumber');
    if (!(await this.repository.remove(tenantId, normalized)))
      throw GraphError.notFound(`Contact ${normalized} does not exist`);
  }

  /**
   * Creates or updates every contact of the request in one transaction, or none of them. Upserts of
   * one organization run one at a time (an advisory lock), so the distinct-tag cap holds under
   * concurrent requests.
   */
  async upsert(tenantId: string, input: UpsertContactsDto): Promise<UpsertContactsResponseDto> {
    const contacts = this.prepare(input);
    const withTags = contacts.filter((c) => c.tags !== undefined);
    const requestTags = [...new Set(withTags.flatMap((c) => c.tags ?? []))];

    const rows = await this.repository.transaction(async (manager) => {
      await this.repository.lockOrganization(manager, tenantId);
      if (requestTags.length > 0) {
        const unknown = await this.repository.unknownTags(manager, tenantId, requestTags);
        // Without a new tag the organization's distinct tags cannot grow.
        if (unknown.length > 0) {
          const total = await this.repository.distinctTagsAfter(
            manager,
            tenantId,
            withTags.map((c) => c.phone_number),
            requestTags,
          );
          if (total > MAX_DISTINCT_TAGS_PER_ORGANIZATION) {
            throw tagLimitReached(
              'organization_tag_limit',
              `Tag limit reached: an organization may use at most ${MAX_DISTINCT_TAGS_PER_ORGANIZATION} distinct tags`,
              `tags: this request would bring the organization to ${total} distinct tags (${unknown.length} new), ` +
                `over the limit of ${MAX_DISTINCT_TAGS_PER_ORGANIZATION}; nothing was written`,
            );
          }
        }
      }
      return this.write(manager, tenantId, contacts);
    });

    const byNumber = new Map(rows.map((r) => [r.row.phone_number, r]));
    const ordered = contacts.map((c) => byNumber.get(c.phone_number)).filter((r) => r !== undefined);
    const created = ordered.filter((r) => r.created).length;
    return { data: ordered.map((r) => toContact(r.row)), created, updated: ordered.length - created };
  }

  /**
   * One contact's tags added or removed and attributes set, made when missing (automations' actions).
   * Under the organization's lock like any contact write: the tag limits hold (409 code 131000).
   */
  async change(
    tenantId: string,
    phoneNumber: string,
    change: { addTags?: string[]; removeTags?: string[]; attributes?: Record<string, unknown> },
  ): Promise<ContactDto> {
    const row = await this.repository.transaction(async (manager) => {
      await this.repository.lockOrganization(manager, tenantId);
      const current = await this.repository.findOne(tenantId, phoneNumber, manager);
      const removed = new Set((change.removeTags ?? []).map((t) => t.trim().toLowerCase()));
      const tags = [
        ...new Set([...(current?.tags ?? []), ...(change.addTags ?? []).map((t) => t.trim().toLowerCase())]),
      ].filter((t) => !removed.has(t));
      const added = tags.filter((t) => !(current?.tags ?? []).includes(t));
      if (tags.length > MAX_TAGS_PER_CONTACT)
        throw tagLimitReached(
          'contact_tag_limit',
          `Tag limit reached: a contact may carry at most ${MAX_TAGS_PER_CONTACT} tags`,
          `tags: ${tags.length} distinct tags, over the limit of ${MAX_TAGS_PER_CONTACT}; nothing was written`,
        );
      if (added.length > 0 && (await this.repository.unknownTags(manager, tenantId, added)).length > 0) {
        const total = await this.repository.distinctTagsAfter(manager, tenantId, [phoneNumber], tags);
        if (total > MAX_DISTINCT_TAGS_PER_ORGANIZATION)
          throw tagLimitReached(
            'organization_tag_limit',
            `Tag limit reached: an organization may use at most ${MAX_DISTINCT_TAGS_PER_ORGANIZATION} distinct tags`,
            `tags: the organization would have ${total} distinct tags; nothing was written`,
          );
      }
      const [written] = await this.write(manager, tenantId, [
        {
          phone_number: phoneNumber,
          set_name: false,
          tags,
          attributes: { ...(current?.attributes ?? {}), ...(change.attributes ?? {}) },
        },
      ]);
      return written.row;
    });
    return toContact(row);
  }

  /** Normalizes numbers, refuses repeats (400 code 100) and contacts over the per-contact tag cap (409 code 131000). */
  private prepare(input: UpsertContactsDto): ContactUpsert[] {
    const seen = new Map<string, number>();
    return input.contacts.map((contact, i) => {
      const phoneNumber = normalizeRecipient(contact.phone_number, `contacts.${i}.phone_number`);
      const first = seen.get(phoneNumber);
      if (first !== undefined) {
        throw GraphError.invalidParameter(
          'Invalid parameter: the same phone number appears twice',
          `contacts.${i}.phone_number: ${phoneNumber} is already given at contacts.${first}.phone_number`,
        );
      }
      seen.set(phoneNumber, i);
      if (contact.tags !== undefined && contact.tags.length > MAX_TAGS_PER_CONTACT) {
        throw tagLimitReached(
          'contact_tag_limit',
          `Tag limit reached: a contact may carry at most ${MAX_TAGS_PER_CONTACT} tags`,
          `contacts.${i}.tags: ${contact.tags.length} distinct tags, over the limit of ${MAX_TAGS_PER_CONTACT}; nothing was written`,
        );
      }
      return {
        phone_number: phoneNumber,
        set_name: contact.name !== undefined,
        ...(contact.name !== undefined && { name: contact.name }),
        ...(contact.tags !== undefined && { tags: contact.tags }),
        ...(contact.attributes !== undefined && { attributes: contact.attributes }),
      };
    });
  }

  /**
   * Inserts the missing contacts, then updates the others. A contact deleted concurrently between
   * the two statements is inserted on the next round.
   */
  private async write(
    manager: EntityManager,
    tenantId: string,
    contacts: ContactUpsert[],
  ): Promise<Array<{ row: ContactRow; created: boolean }>> {
    const written: Array<{ row: ContactRow; created: boolean }> = [];
    let pending = contacts;
    for (let round = 0; pending.length > 0 && round < 3; round++) {
      const inserted = await this.repository.insertMissing(manager, tenantId, pending);
      written.push(...inserted.map((row) => ({ row, created: true })));
      const insertedNumbers = new Set(inserted.map((row) => row.phone_number));
      const existing = pending.filter((c) => !insertedNumbers.has(c.phone_number));
      if (existing.length === 0) break;
      const updated = await this.repository.update(manager, tenantId, existing);
      written.push(...updated.map((row) => ({ row, created: false })));
      const updatedNumbers = new Set(updated.map((row) => row.phone_number));
      pending = existing.filter((c) => !updatedNumbers.has(c.phone_number));
    }
    return written;
  }
}
