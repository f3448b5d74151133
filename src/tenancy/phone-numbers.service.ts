import { Injectable } from '@nestjs/common';
import { encodeKeyset } from '../common/keyset';
import { projectFields } from '../core/graph-fields';
import { PhoneNumbersUpstream } from './phone-numbers.upstream';
import { TenancyService } from './tenancy.service';

/**
 * Phone numbers and their business profiles, as Graph answers them. The registry says which
 * numbers an organization has; upstream says what they look like now (verified name, quality
 * rating, throughput...), asked with the business account's token on every call. `fields` is
 * applied here too, so a client gets what it asked for whatever upstream returns.
 */
@Injectable()
export class PhoneNumbersService {
  constructor(
    private readonly tenancy: TenancyService,
    private readonly graph: PhoneNumbersUpstream,
  ) {}

  /** `GET /{wabaId}/phone_numbers`: the account's numbers that are registered with the gateway. */
  async list(
    account: { id: string; wabaId: string },
    fields?: string,
  ): Promise<{ data: Array<Record<string, unknown>>; paging: Record<string, unknown> }> {
    const registered = await this.tenancy.numbersOfAccount(account.id);
    const token = await this.tenancy.accessToken(account.id);
    const upstream = await this.graph.listPhoneNumbers(account.wabaId, token);
    const byId = new Map(upstream.data.map((record) => [String(record.id), record]));
    const data = registered.map((row) =>
      projectFields(
        { display_phone_number: row.displayPhoneNumber, ...byId.get(row.phoneNumberId), id: row.phoneNumberId },
        fields,
      ),
    );
    const cursor = (id: unknown) => encodeKeyset([String(id)]);
    return {
      data,
      paging: { cursors: data.length ? { before: cursor(data[0].id), after: cursor(data[data.length - 1].id) } : {} },
    };
  }

  /** `GET /{phoneNumberId}`. */
  async get(
    phone: { phoneNumberId: string; businessAccountId: string },
    fields?: string,
  ): Promise<Record<string, unknown>> {
    const token = await this.tenancy.accessToken(phone.businessAccountId);
    const record = await this.graph.getPhoneNumber(phone.phoneNumberId, token);
    return projectFields({ ...record, id: phone.phoneNumberId }, fields);
  }

  /** `GET /{phoneNumberId}/whatsapp_business_profile`. */
  async profile(
    phone: { phoneNumberId: string; businessAccountId: string },
    fields?: string,
  ): Promise<{ data: Array<Record<string, unknown>> }> {
    const token = await this.tenancy.accessToken(phone.businessAccountId);
    return this.graph.getBusinessProfile(phone.phoneNumberId, token, fields);
  }

  /** `POST /{phoneNumberId}/whatsapp_business_profile`: forwarded as given (upstream checks the fields). */
  async updateProfile(
    phone: { phoneNumberId: string; businessAccountId: string },
    body: unknown,
  ): Promise<{ success: boolean }> {
    const token = await this.tenancy.accessToken(phone.businessAccountId);
    return this.graph.updateBusinessProfile(phone.phoneNumberId, token, body);
  }
}
