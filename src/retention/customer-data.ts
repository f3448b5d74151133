import { Injectable } from '@nestjs/common';

/** One customer of one organization: the subject of an export (and, next, of an erasure). */
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
 * Where the owners of tables holding a customer's data say how to read them, by kind (`messages`,
 * `inbound_messages`, `contact`…), registered from their modules as they register their purges; data-rights/
 * reads every kind for an export without importing the features that hold the data. This folder owns
 * no table and knows no feature.
 */
@Injectable()
export class CustomerData {
  private readonly readers = new Map<string, CustomerReader>();

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
