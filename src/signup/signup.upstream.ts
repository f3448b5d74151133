import { Injectable } from '@nestjs/common';
import { MetaApp } from '../config/meta-app';
import { GraphTransport } from '../upstream/graph-transport';

/**
 * Embedded Signup's calls to Meta that are not tenancy's: the code traded for the business token
 * (with the app's id and secret, on the server only; the transport logs paths, never queries), and a
 * number registered for the Cloud API with its two-step PIN.
 */
@Injectable()
export class SignupUpstream {
  constructor(
    private readonly graph: GraphTransport,
    private readonly app: MetaApp,
  ) {}

  exchangeCode(code: string): Promise<{ access_token?: unknown }> {
    return this.graph.call({
      method: 'GET',
      path: 'oauth/access_token',
      token: null,
      query: { client_id: this.app.appId, client_secret: this.app.appSecret, code },
    });
  }

  register(phoneNumberId: string, token: string, pin: string): Promise<{ success?: boolean }> {
    return this.graph.call({
      method: 'POST',
      path: `${phoneNumberId}/register`,
      token,
      json: { messaging_product: 'whatsapp', pin },
    });
  }

  /** What Meta shows of the number: its display number and verified name. */
  describe(phoneNumberId: string, token: string): Promise<{ display_phone_number?: unknown; verified_name?: unknown }> {
    return this.graph.call({
      method: 'GET',
      path: phoneNumberId,
      token,
      query: { fields: 'display_phone_number,verified_name' },
    });
  }
}
