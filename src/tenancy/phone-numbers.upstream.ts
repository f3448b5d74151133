import { Injectable } from '@nestjs/common';
import { type GraphPage, GraphTransport } from '../upstream/graph-transport';

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
