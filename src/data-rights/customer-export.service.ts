import { Injectable } from '@nestjs/common';
import { GraphError } from '../core/graph-error';
import { type Customer, CustomerData } from '../retention/customer-data';

/** Rows read per page of a kind: an export of a customer with 100,000 messages holds 100 pages of them. */
const PAGE = 1_000;
/** Kinds that say the organization has (or had) the customer: one row of any is enough. */
const PRESENCE = ['contact', 'conversations', 'messages', 'inbound_messages', 'blacklist'];

/** A customer's WhatsApp id as a path gives it: digits (a leading + is dropped), 5 to 20 of them. */
export function customerWaId(value: string): string {
  const digits = value.startsWith('+') ? value.slice(1) : value;
  if (!/^\d{5,20}$/.test(digits))
    throw GraphError.invalidParameter('Invalid parameter', "wa_id: a customer's WhatsApp id, 5 to 20 digits");
  return digits;
}

/**
 * A customer's data, every kind the owners registered (customer-data.ts), as one JSON document written
 * a page at a time: `{ object, organization_id, wa_id, exported_at, data: { <kind>: [rows] }, counts }`.
 */
@Injectable()
export class CustomerExportService {
  constructor(private readonly data: CustomerData) {}

  /** The customer, if the organization has or had them (404 code 100 otherwise, as for a missing id). */
  async customer(tenantId: string, waId: string): Promise<Customer> {
    const customer = { tenantId, waId: customerWaId(waId) };
    for (const kind of PRESENCE.filter((k) => this.data.kinds().includes(k)))
      if ((await this.data.read(kind, customer, null, 1)).rows.length > 0) return customer;
    throw GraphError.notFound(`Customer ${customer.waId} does not exist`);
  }

  /** Writes the export through `write` (backpressure: it resolves when the chunk may be followed). */
  async write(customer: Customer, write: (chunk: string) => Promise<void>): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    await write(
      `{"object":"customer_export","organization_id":${JSON.stringify(customer.tenantId)},` +
        `"wa_id":${JSON.stringify(customer.waId)},"exported_at":${JSON.stringify(new Date().toISOString())},"data":{`,
    );
    for (const [k, kind] of this.data.kinds().entries()) {
      await write(`${k ? ',' : ''}${JSON.stringify(kind)}:[`);
      let after: string | null = null;
      let n = 0;
      do {
        const page = await this.data.read(kind, customer, after, PAGE);
        if (page.rows.length) await write((n ? ',' : '') + page.rows.map((row) => JSON.stringify(row)).join(','));
        n += page.rows.length;
        after = page.next;
      } while (after !== null);
      counts[kind] = n;
      await write(']');
    }
    await write(`},"counts":${JSON.stringify(counts)}}`);
    return counts;
  }
}
