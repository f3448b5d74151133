import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';

/**
 * The one-way digest an erased customer is named by from then on (the erasure's receipt, the blacklist's
 * kept opt-out, the audit log's entries): SHA-256 of the number salted with the organization's id, so
 * that a digest means nothing in another organization's data. The same number in one organization
 * always gives the same digest (the opt-out must still match it at send time).
 */
export function customerDigest(tenantId: string, waId: string): string {
  return createHash('sha256').update(`${tenantId}:${waId}`).digest('hex');
}

/** One customer of one organization: the subject of an export or an erasure. */
export interface Customer {
  tenantId: string;
  /** The customer's WhatsApp id (digits). */
  waId: string;
}

/** A page of a kind's rows about the customer, and where the next page starts (null: none). */
export interface CustomerPage {
  rows: Array<Record<string, unknown>>;
  next: string | null;
}

/** Reads a page of at most `limit` rows after `after` (a cursor the reader made; null: the first page). */
export type CustomerReader = (customer: Customer, after: string | null, limit: number) => Promise<CustomerPage>;

/**
 * A customer being erased: what was there before `before` (when the erasure began) goes; what the
 * customer sends after it starts afresh and stays. `digest` is the erasure's one-way digest of the
 * number, for what keeps a row (usage figures, the audit log) with the number replaced.
 */
export interface Erasure extends Customer {
  before: Date;
  digest: string;
}

/**
 * Erases a batch of a kind's rows about the customer (at most `limit`, or one slice of a table scanned
 * in slices) from `after` (the eraser's own cursor; null: the start): how many rows it removed or
 * changed, and where the next batch starts (null: done). A batch done twice (after a crash) finds
 * nothing left to remove.
 */
export type CustomerEraser = (erasure: Erasure, limit: number, after: string | null) => Promise<ErasedBatch>;
export interface ErasedBatch {
  removed: number;
  next: string | null;
}

/** The batch of an eraser that removes by an index, at most `limit` a statement: more while a batch was full. */
export const batchOf = (removed: number, limit: number): ErasedBatch => ({
  removed,
  next: removed < limit ? null : 'more',
});

/**
 * A page of the WhatsApp message ids (wamids) of the customer's messages, both ways: Meta's ids carry
 * the customer's number, and other owners' rows (usage entries, inbound media) name the messages only by
 * them. Read before any message is erased.
 */
export type WamidReader = (erasure: Erasure, after: string | null, limit: number) => Promise<WamidPage>;
export interface WamidPage {
  wamids: string[];
  /** The ids of the media in the customer's messages of the page (inbound media is named by them). */
  mediaIds: string[];
  next: string | null;
}

/** Erases what names one of a page's wamids or media ids: how many rows it removed or changed. */
export type WamidEraser = (erasure: Erasure, page: Omit<WamidPage, 'next'>) => Promise<number>;

/**
 * Where the owners of tables holding a customer's data say how to read them, by kind (`messages`,
 * `inbound_messages`, `contact`…), registered from their modules as they register their purges; data-rights/
 * reads every kind for an export without importing the features that hold the data. This folder owns
 * no table and knows no feature.
 */
@Injectable()
export class CustomerData {
  private readonly readers = new Map<string, CustomerReader>();
  private readonly erasers = new Map<string, CustomerEraser>();
  private readonly wamidReaders = new Map<string, WamidReader>();
  private readonly wamidErasers = new Map<string, WamidEraser>();

  register(kind: string, read: CustomerReader): void {
    if (this.readers.has(kind)) throw new Error(`customer data of kind ${kind} is registered twice`);
    this.readers.set(kind, read);
  }

  /** The kinds registered, in a stable order. */
  kinds(): string[] {
    return [...this.readers.keys()].sort();
  }

  read(kind: string, customer: Customer, after: string | null, limit: number): Promise<CustomerPage> {
    const reader = this.readers.get(kind);
    if (!reader) throw new Error(`no customer data of kind ${kind}`);
    return reader(customer, after, limit);
  }

  /** How to erase a kind of the customer's rows (a kind of its own: a receipt counts each). */
  registerEraser(kind: string, erase: CustomerEraser): void {
    if (this.erasers.has(kind) || this.wamidErasers.has(kind))
      throw new Error(`erasure of ${kind} is registered twice`);
    this.erasers.set(kind, erase);
  }

  /** Where the wamids of the customer's messages of `source` are read (before they are erased). */
  registerWamids(source: string, read: WamidReader): void {
    if (this.wamidReaders.has(source)) throw new Error(`wamids of ${source} are registered twice`);
    this.wamidReaders.set(source, read);
  }

  /** How to erase a kind of rows that name the customer's messages by wamid only. */
  registerWamidEraser(kind: string, erase: WamidEraser): void {
    if (this.erasers.has(kind) || this.wamidErasers.has(kind))
      throw new Error(`erasure of ${kind} is registered twice`);
    this.wamidErasers.set(kind, erase);
  }

  /**
   * The erasure's steps in order: first what is found by wamid (while the messages are there), then the
   * kinds in the order their owners registered them (an owner registers a kind that others' rows are
   * found through after them).
   */
  erasureKinds(): { byWamid: string[]; kinds: string[]; wamidSources: string[] } {
    return {
      byWamid: [...this.wamidErasers.keys()],
      kinds: [...this.erasers.keys()],
      wamidSources: [...this.wamidReaders.keys()],
    };
  }

  erase(kind: string, erasure: Erasure, limit: number, after: string | null): Promise<ErasedBatch> {
    const erase = this.erasers.get(kind);
    if (!erase) throw new Error(`no erasure of ${kind}`);
    return erase(erasure, limit, after);
  }

  wamids(source: string, erasure: Erasure, after: string | null, limit: number): Promise<WamidPage> {
    const read = this.wamidReaders.get(source);
    if (!read) throw new Error(`no wamids of ${source}`);
    return read(erasure, after, limit);
  }

  eraseByWamid(kind: string, erasure: Erasure, page: Omit<WamidPage, 'next'>): Promise<number> {
    const erase = this.wamidErasers.get(kind);
    if (!erase) throw new Error(`no erasure of ${kind}`);
    return erase(erasure, page);
  }
}

/** A keyset cursor of (time, id), as readers page by them. */
export const cursor = {
  of: (row: { at: Date; id: string }): string => `${row.at.toISOString()}|${row.id}`,
  parse: (after: string | null): { at: Date | null; id: string | null } => {
    if (after === null) return { at: null, id: null };
    const [at, id] = after.split('|');
    return { at: new Date(at), id };
  },
};

/** A page of rows read `limit + 1` at a time: the rows, and the cursor of the last one when there are more. */
export function pageOf<T extends { at: Date; id: string }>(
  rows: T[],
  limit: number,
  shown: (row: T) => Record<string, unknown>,
): CustomerPage {
  const page = rows.slice(0, limit);
  return { rows: page.map(shown), next: rows.length > limit ? cursor.of(page[page.length - 1]) : null };
}

const DAY_MS = 86_400_000;

/**
 * An eraser that scans a table for the customer's number in its text (webhook payloads, delivery
 * bodies: no column says whose they are) goes a day at a time, from the day the erasure began back
 * `days` days (what the table keeps): each batch at most `limit` of one day's rows of the organization,
 * read through the day's partition; a day stays the cursor while its batches come full.
 */
export async function eraseByDay(
  erasure: Erasure,
  after: string | null,
  days: number,
  limit: number,
  eraseDay: (from: Date, to: Date, limit: number) => Promise<number>,
): Promise<ErasedBatch> {
  const firstDay = Date.parse(erasure.before.toISOString().slice(0, 10));
  const day = after === null ? firstDay : Date.parse(after);
  const removed = await eraseDay(new Date(day), new Date(Math.min(day + DAY_MS, erasure.before.getTime())), limit);
  if (removed === limit) return { removed, next: new Date(day).toISOString().slice(0, 10) };
  const next = day - DAY_MS;
  return { removed, next: next < firstDay - days * DAY_MS ? null : new Date(next).toISOString().slice(0, 10) };
}

/** The customer's number as a JSON string value (`"15551234567"`) in a LIKE pattern: digits need no escape. */
export const numberInJson = (waId: string): string => `%"${waId}"%`;
