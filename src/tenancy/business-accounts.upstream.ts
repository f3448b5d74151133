import { Injectable } from '@nestjs/common';
import { type GraphPage, GraphTransport } from '../upstream/graph-transport';

/** One entry of `GET /{waba-id}/subscribed_apps`. */
export interface SubscribedApp {
  whatsapp_business_api_data?: { id?: string; name?: string; link?: string };
}

/**
 * A business account's calls to the Cloud API about the gateway's own app: its subscription to the
 * account's webhooks (`subscribed_apps`), made with the account's token (Meta subscribes the token's app).
 */
@Injectable()
export class BusinessAccountsUpstream {
  constructor(private readonly graph: GraphTransport) {}

  /** The app the gateway acts as (its webhooks, its uploads). */
  get appId(): string {
    return this.graph.appId;
  }

  subscribeApp(wabaId: string, token: string): Promise<{ success?: boolean }> {
    return this.graph.call({ method: 'POST', path: `${wabaId}/subscribed_apps`, token });
  }

  subscribedApps(wabaId: string, token: string): Promise<GraphPage<SubscribedApp>> {
    return this.graph.call({ method: 'GET', path: `${wabaId}/subscribed_apps`, token });
  }

  unsubscribeApp(wabaId: string, token: string): Promise<{ success?: boolean }> {
    return this.graph.call({ method: 'DELETE', path: `${wabaId}/subscribed_apps`, token });
  }
}
