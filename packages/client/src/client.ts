import createClient, { type Client } from 'openapi-fetch';
import { GraphError } from './errors.js';
import type { paths } from './schema.js';
import { resilientFetch, type TransportOptions } from './transport.js';

export interface GatewayClientOptions extends TransportOptions {
  /** The gateway's address, such as `https://gateway.example.com` (its paths carry `/v1`). */
  baseUrl: string;
}

/** The gateway's API, typed from its OpenAPI description: `GET`, `POST`, `PUT`, `PATCH`, `DELETE` by path. */
export type GatewayClient = Client<paths>;

/**
 * A client of the gateway: every path and body typed from the gateway's description, every call
 * authenticated (and signed when the key requires it), POSTs made idempotent, 429, 503 and network
 * errors tried again, and an answer that is not a success thrown as a `GraphError`.
 *
 *     const gateway = createGatewayClient({ baseUrl, apiKey });
 *     const { data } = await gateway.POST('/v1/{phoneNumberId}/messages', { params: { path: { phoneNumberId } }, body });
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, ''), fetch: resilientFetch(options) });
  client.use({
    async onResponse({ response }) {
      if (response.ok) return undefined;
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      throw GraphError.of(response.status, body);
    },
  });
  return client;
}
