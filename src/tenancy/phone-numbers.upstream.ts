import { Injectable } from '@nestjs/common';
import { type GraphPage, GraphTransport } from '../upstream/graph-transport';
import type { LearnedLimits } from './tenancy.repository';

/** The fields of a number that say its limits, as `GET /{phone-number-id}?fields=` names them. */
export const LIMIT_FIELDS = 'throughput,messaging_limit_tier,quality_rating,is_on_biz_app';

/** Phone numbers' calls to the Cloud API: what Meta says of a number, its business profile, an account's numbers. */
@Injectable()
export class PhoneNumbersUpstream {
  constructor(private readonly graph: GraphTransport) {}

  listPhoneNumbers(wabaId: string, token: string): Promise<GraphPage<Record<string, unknown>>> {
    return this.graph.call({ method: 'GET', path: `${wabaId}/phone_numbers`, token });
  }

  getPhoneNumber(phoneNumberId: string, token: string, fields?: string): Promise<Record<string, unknown>> {
    return this.graph.call({ method: 'GET', path: phoneNumberId, token, query: { fields } });
  }

  /**
   * What Meta says of a number's limits (throughput level, coexistence, messaging limit tier, quality
   * rating); a field Meta leaves out is null.
   */
  async readLimits(phoneNumberId: string, token: string): Promise<LearnedLimits> {
    const record = await this.getPhoneNumber(phoneNumberId, token, LIMIT_FIELDS);
    const throughput = record.throughput as { level?: unknown } | undefined;
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return {
      throughputLevel: text(throughput?.level),
      isOnBizApp: typeof record.is_on_biz_app === 'boolean' ? record.is_on_biz_app : null,
      messagingLimitTier: text(record.messaging_limit_tier),
      qualityRating: text(record.quality_rating),
    };
  }

  getBusinessProfile(
    phoneNumberId: string,
    token: string,
    fields?: string,
  ): Promise<{ data: Array<Record<string, unknown>> }> {
    return this.graph.call({
      method: 'GET',
      path: `${phoneNumberId}/whatsapp_business_profile`,
      token,
      query: { fields },
    });
  }

  updateBusinessProfile(phoneNumberId: string, token: string, body: unknown): Promise<{ success: boolean }> {
    return this.graph.call({ method: 'POST', path: `${phoneNumberId}/whatsapp_business_profile`, token, json: body });
  }
}
