// The gateway's API as types, generated from its OpenAPI description (GET /docs-json) by
// test/client-drift.e2e-spec.ts: `npm run client:generate` writes it again. Do not edit.

export interface paths {
  '/v1/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The keys this key manages, oldest first (never their text)
     * @description An admin key manages the keys of its own organizations only (a key that also reaches another organization is not its to manage, and reads as 404 like a missing one) and never issues, or rotates into being, a key with a scope, organization, phone number, IP range, rate limit or lifetime beyond its own, nor a key without request signing (`hmac`) when it must sign itself: each such attempt is 403 code 200. Omitted settings take its own bounds (a signing issuer's keys sign). A platform key manages organization and admin keys of every organization; platform keys themselves are issued and revoked only with the CLI. The key text appears only in the answer that issues it.
     *
     *     **Scopes:** `keys:read`. **Keys:** admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['ApiKeysController_list'];
    put?: never;
    /**
     * Issue a key (its text is in this answer only)
     * @description An admin key manages the keys of its own organizations only (a key that also reaches another organization is not its to manage, and reads as 404 like a missing one) and never issues, or rotates into being, a key with a scope, organization, phone number, IP range, rate limit or lifetime beyond its own, nor a key without request signing (`hmac`) when it must sign itself: each such attempt is 403 code 200. Omitted settings take its own bounds (a signing issuer's keys sign). A platform key manages organization and admin keys of every organization; platform keys themselves are issued and revoked only with the CLI. The key text appears only in the answer that issues it.
     *
     *     **Scopes:** `keys:write`. **Keys:** admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    post: operations['ApiKeysController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One key (never its text)
     * @description **Scopes:** `keys:read`. **Keys:** admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['ApiKeysController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a key: every instance refuses it within 5 seconds (401 code 190)
     * @description **Scopes:** `keys:write`. **Keys:** admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    post: operations['ApiKeysController_revoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/keys/{id}/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a new key with the same settings and revoke this one at once
     * @description Refused (403 code 200) when the key reaches beyond the rotating key, since rotating would issue such a key; 409 code 100 when it is revoked.
     *
     *     **Scopes:** `keys:write`. **Keys:** admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    post: operations['ApiKeysController_rotate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/tenants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organizations this key may reach (an organization key: its own)
     * @description **Scopes:** no scope (any valid key). **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['TenantsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every organization, oldest first
     * @description **Scopes:** `tenants:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['OrganizationsController_list'];
    put?: never;
    /**
     * Create an organization (a tenant), and invite its first owner with `owner_email`
     * @description The owner's invitation is mailed (SMTP_URL) or its link answered once in `owner_invitation.link`. Later invitations by the operator: `POST /v1/organizations/{organizationId}/invitations`.
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['OrganizationsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One organization
     * @description **Scopes:** `tenants:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['OrganizationsController_get'];
    put?: never;
    post?: never;
    /**
     * Delete an empty organization
     * @description Refused with 409 code 100 while records depend on it (`error_data.details` names them). Revoke its machines' keys and delete its business accounts first; its members' keys are revoked with it.
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    delete: operations['OrganizationsController_remove'];
    options?: never;
    head?: never;
    /**
     * Rename an organization
     * @description **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    patch: operations['OrganizationsController_update'];
    trace?: never;
  };
  '/v1/organizations/{organizationId}/business_accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's business accounts, oldest first
     * @description **Scopes:** `tenants:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['OrganizationsController_listAccounts'];
    put?: never;
    /**
     * Register a WhatsApp Business Account with its upstream access token (stored encrypted, never shown)
     * @description The gateway's Meta app is subscribed to the account's webhooks first (`POST /{waba-id}/subscribed_apps` with the token) and the subscription checked (`GET`): Meta's refusal, or an app Meta does not list (the token is another app's), is 400 code 100 naming Meta's answer, and nothing is stored.
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['OrganizationsController_addAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}/business_accounts/{accountId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One business account (another organization’s is 404, like a missing one)
     * @description **Scopes:** `tenants:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['OrganizationsController_getAccount'];
    put?: never;
    post?: never;
    /**
     * Delete a business account with no phone numbers and no templates
     * @description Refused with 409 code 100 while records depend on it (`error_data.details` names them). The app is then unsubscribed from the account's webhooks at Meta (a refusal is logged, the account is gone all the same).
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    delete: operations['OrganizationsController_removeAccount'];
    options?: never;
    head?: never;
    /**
     * Rename the account or replace its upstream access token
     * @description A new token subscribes the app again with it before it is stored (400 code 100 when Meta refuses it).
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    patch: operations['OrganizationsController_updateAccount'];
    trace?: never;
  };
  '/v1/organizations/{organizationId}/business_accounts/{accountId}/subscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscribe the gateway's Meta app to the account's webhooks again
     * @description What to do when `app_subscription.status` is `missing` (someone removed it at Meta): subscribes with the stored token and checks it, as onboarding does.
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['OrganizationsController_subscribeAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}/phone_numbers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's phone numbers, oldest first
     * @description **Scopes:** `tenants:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['OrganizationsController_listNumbers'];
    put?: never;
    /**
     * Register a phone number of one of the organization’s business accounts
     * @description **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['OrganizationsController_addNumber'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}/phone_numbers/{numberId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One phone number (another organization’s is 404, like a missing one)
     * @description **Scopes:** `tenants:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['OrganizationsController_getNumber'];
    put?: never;
    post?: never;
    /**
     * Delete a phone number that has no message records
     * @description Refused with 409 code 100 while records depend on it (`error_data.details` names them).
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    delete: operations['OrganizationsController_removeNumber'];
    options?: never;
    head?: never;
    /**
     * Change the displayed number, the local 24-hour window enforcement or an operator's throughput
     * @description **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    patch: operations['OrganizationsController_updateNumber'];
    trace?: never;
  };
  '/v1/phone_numbers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's phone numbers with their quality rating, throughput and messaging limit, oldest first
     * @description A key limited to some phone numbers lists those only.
     *
     *     **Scopes:** `business:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['OrganizationNumbersController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/business_accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's business accounts, oldest first
     * @description **Scopes:** `business:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['OrganizationAccountsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/audit_log': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Management writes, newest first: who, from where, when, and what they changed
     * @description Every successful write to keys, webhook endpoints and their overrides, templates, broadcasts, the blacklist, contacts, the media library and onboarding (organizations, business accounts, numbers). Sends are not here: they are message records. An organization key reads its organization’s entries; an admin key its organizations’ (or the one X-Svc-Tenant-Id names); a platform key every entry, or one organization’s with `organization_id`. Entries are kept AUDIT_LOG_RETENTION_DAYS (365 by default) and never hold a secret. Cursor paging: pass `paging.cursors.after` as `after`.
     *
     *     **Scopes:** `audit:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['AuditController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: PostgreSQL and Redis answer, and a Redis Cluster is `ok` (503 when not); `redis` shows the mode and, for a cluster, its slots and primaries; `meta_subscriptions` counts the business accounts by their app subscription as last checked (detail only: a `missing` one does not make the instance unready) */
    get: operations['HealthController_ready'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process serves requests */
    get: operations['HealthController_live'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/whatsapp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Meta's subscription handshake: answers hub.challenge when hub.verify_token matches */
    get: operations['UpstreamWebhooksController_verify'];
    put?: never;
    /** Event deliveries from Meta, signed with X-Hub-Signature-256 (statuses, inbound messages, template reviews) */
    post: operations['UpstreamWebhooksController_receive'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/simulator': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Event deliveries from the test mode simulator, signed with X-Hub-Signature-256 (test organizations only) */
    post: operations['SimulatorWebhooksController_receive'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's endpoints, oldest first (secrets are never shown again)
     * @description **Scopes:** `webhooks:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['WebhookEndpointsController_list'];
    put?: never;
    /**
     * Register an endpoint for the organization's events
     * @description Each event is POSTed as Meta's own webhook envelope (`object`, `entry[].id` = WABA id, `changes[].field`, `value` with `metadata`), exactly as upstream sent it (one change per delivery), so a handler written for Meta parses it unchanged. Headers: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, raw body)>` like Meta, and the Standard Webhooks headers `webhook-id` (the delivery id, the same on every retry: dedupe on it), `webhook-timestamp` (unix seconds of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256(key, id + "." + timestamp + "." + body)>`, where the key is the base64 after `whsec_` for generated secrets (the `standardwebhooks` package's default) and the secret's UTF-8 bytes otherwise (`{ format: 'raw' }`). A 2xx answer within 10 s delivers; 410 disables the endpoint; anything else is retried with exponential backoff and jitter (5 s, 10 s, 20 s, … up to 1 h apart) for 24 hours, then the delivery is failed and kept for redelivery. Delivery is at least once and not ordered.
     *
     *     **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['WebhookEndpointsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One endpoint
     * @description **Scopes:** `webhooks:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['WebhookEndpointsController_get'];
    put?: never;
    post?: never;
    /**
     * Delete the endpoint and its delivery log
     * @description Deliveries still pending are dropped with it. Safe while events are arriving: an event stored at the same moment is either delivered nowhere or removed with the endpoint.
     *
     *     **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['WebhookEndpointsController_remove'];
    options?: never;
    head?: never;
    /**
     * Change the URL, filters or description; disable or enable the endpoint
     * @description **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    patch: operations['WebhookEndpointsController_update'];
    trace?: never;
  };
  '/v1/webhooks/{id}/rotate_secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace the signing secret (given, or generated); the old one stops signing at once, or after an overlap window during which both sign
     * @description **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['WebhookEndpointsController_rotate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a signed sample event now
     * @description One attempt, signed like every delivery, not retried; the answer is the delivery with its outcome. It also shows in the delivery log.
     *
     *     **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['WebhookEndpointsController_test'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The delivery log, newest first: every attempt with its status code, error and latency, and the next attempt
     * @description **Scopes:** `webhooks:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['WebhookEndpointsController_deliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send every failed delivery of the endpoint in a time range again (oldest first, a fresh retry schedule)
     * @description **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['WebhookEndpointsController_redeliverFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivered or failed delivery again (same webhook-id and body, a fresh retry schedule)
     * @description **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['WebhookEndpointsController_redeliver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The deliveries that carried a message's events, to every endpoint of the organization, oldest first
     * @description Events of the wamid received within 7 days from `since` (the message’s creation; default: 7 days ago), among each endpoint’s first 20,000 deliveries from then on; at most 50.
     *
     *     **Scopes:** `webhooks:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['WebhookDeliveriesController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/subscribed_apps': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The subscribed app (the gateway) with its override, Meta's shape
     * @description **Scopes:** `webhooks:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['SubscribedAppsController_list'];
    put?: never;
    /**
     * Set the business account's callback, Meta's way
     * @description With `override_callback_uri` and `verify_token`, the gateway first calls the URL like Meta (`GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`) and refuses the registration (400 code 100) unless it answers 2xx with the challenge. Then every event of the business account goes there, signed as /v1/webhooks describes, except the events of numbers that have their own override. It replaces the account's earlier override; the endpoint also shows in /v1/webhooks. Without a URI the call is a no-op success (the gateway is always subscribed).
     *
     *     **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['SubscribedAppsController_subscribe'];
    /**
     * Remove the business account's callback override
     * @description **Scopes:** `webhooks:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['SubscribedAppsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Messages sent from this phone number, newest first
     * @description **Scopes:** `messages:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MessagesController_list'];
    put?: never;
    /**
     * Send a message (any Cloud API type), or mark one as read
     * @description The body is exactly what the Cloud API accepts. `?filter_blacklist=true` checks the organization blacklist first (422 code 131000 reason recipient_blacklisted, nothing sent). Non-template messages outside the 24-hour window: 400 code 131026.
     *
     *     **Scopes:** `messages:send`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['MessagesController_send'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/messages/{messageId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One message with its status history, by gateway id or wamid
     * @description **Scopes:** `messages:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MessagesController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/message_statistics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Messages sent in the last hours by status, and the top error codes, over the organization's numbers
     * @description A key limited to some phone numbers counts those numbers only.
     *
     *     **Scopes:** `messages:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MessageStatisticsController_statistics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/inbound_messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Messages customers sent to this phone number, newest first (Meta's time)
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InboundMessagesController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/inbound_messages/{wamid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One message a customer sent, by Meta's id (wamid)
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InboundMessagesController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The number's conversations, one per customer, newest activity first
     * @description Each with the last message, the unread count, the 24-hour window and whether the customer opted out. Filters: `unread`, `window=open|closed`, `opted_out`, `q` (a wa_id prefix or part of the profile name), `status`, `assignee_id`, `team_id`, and the views `mine`, `unassigned`, `team` and `all`. An agent of an organization whose agents see only theirs sees theirs and the unassigned.
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['ConversationsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations/{waId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One conversation
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['ConversationsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations/{waId}/assignments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Give the conversation to a member or a team, or take it back
     * @description `assignee_id`: a member who works conversations (null: nobody); `team_id`: a team (null: none); a field left out keeps its value. The organization’s endpoints get `conversation.assigned` (field `conversation_update`).
     *
     *     **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['ConversationsController_assign'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations/{waId}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open, pend (waiting on the customer), snooze until a time, or resolve the conversation
     * @description A customer’s new message opens a pending, snoozed or resolved conversation again (to its last assignee); a snooze opens it at its time. The organization’s endpoints get `conversation.status_changed`.
     *
     *     **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['ConversationsController_setStatus'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations/{waId}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A customer's thread: what they sent and what was sent them, newest first
     * @description Outbound messages carry their status, inbound ones whether they were read; replies name the message they quote (`context.id`), reactions join the message they react to, media link to the gateway’s download route. `paging.next` pages older, `paging.previous` newer; `at=<wamid>` starts at a message.
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['ConversationsController_thread'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations/{waId}/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark the customer's messages read, at Meta (blue ticks) and here
     * @description Meta gets the read status on the newest message (with the typing indicator when asked).
     *
     *     **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['ConversationsController_read'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations/{waId}/saved_replies/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A saved reply filled for this conversation (what `/name` puts in the composer)
     * @description The caller’s own reply of that name first, then the organization’s.
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['NotesController_fill'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversations/{waId}/notes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The conversation's private notes, newest first
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['NotesController_list'];
    put?: never;
    /**
     * Write a private note in the thread (never sent to the customer)
     * @description Up to 4,096 characters; `mentions` (members’ user ids) are told in the console and by mail. An agent’s note on a conversation nobody has takes it when the organization’s `take_on_reply` is on.
     *
     *     **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['NotesController_add'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/mentions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A member's mentions in notes, newest first
     * @description A person reads their own; a machine’s key names the member (`user_id`).
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['NotesController_mentions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/mentions/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark a member's mentions read (those of `note_ids`, or all)
     * @description A person marks their own; a machine’s key names the member (`user_id`).
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['NotesController_markRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/figures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The team's figures by day: conversations handled, first response and resolution times
     * @description Per agent (who had the conversation, else who resolved it), team or number (`by`), for each day (UTC) of `since`..`until` (at most 92 days; the last 7 by default). An episode counts on the day it was resolved: from the customer’s message that opened it to the first answer, and to its resolution.
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['TeamFiguresController_read'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/blacklist': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's blacklisted numbers, in the order they were added
     * @description Cursor paging: pass `paging.cursors.after` as `after` for the next page; `paging.next` is absent on the last page.
     *
     *     **Scopes:** `blacklist:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['BlacklistController_list'];
    put?: never;
    /**
     * Blacklist one or more numbers
     * @description Idempotent: a number already on the blacklist keeps its entry (id, created_at) and counts as `existing`; a `reason` given replaces its stored reason. Sends with `filter_blacklist=true` to these numbers are rejected (422, code 131000, error_data.reason = recipient_blacklisted).
     *
     *     **Scopes:** `blacklist:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BlacklistController_add'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/blacklist/{phoneNumber}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a number from the blacklist
     * @description **Scopes:** `blacklist:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['BlacklistController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/opt_out_settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's opt-out and opt-in keywords, and which templates an opt-out refuses
     * @description **Scopes:** `blacklist:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['OptOutSettingsController_get'];
    /**
     * Change the opt-out settings (members left out keep their value)
     * @description A keyword may not be in both lists. Marketing templates are always refused to customers who opted out; `refuse_utility` and `refuse_authentication` extend that to those categories.
     *
     *     **Scopes:** `blacklist:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['OptOutSettingsController_put'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/message_templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The local catalog of this business account
     * @description Not paginated unless `limit` is given (spec 4.3); then Meta's `paging` (`cursors.after`, `next`). Filters and `fields` as Graph takes them.
     *
     *     **Scopes:** `templates:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['TemplatesController_list'];
    put?: never;
    /**
     * Create a template (checked against Meta rules first, then submitted for review)
     * @description Meta's template-create body, plus `parameter_format` (set to NAMED automatically for {{word}} placeholders), `message_send_ttl_seconds`, `header_media_file_id` (a media library asset for the media header) and `group_name` (a smart template group). Answers `{ id, status: "PENDING", category }`. A name that exists in the language already (or is being created by a concurrent request) gets Meta's answer to a duplicate, 400 code 100 subcode 2388023, with no call upstream; 409 code 131000 when the business account holds its most templates.
     *
     *     **Scopes:** `templates:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TemplatesController_create'];
    /**
     * Delete a template, as Meta's DELETE /{waba-id}/message_templates
     * @description `name` deletes every language of the name; with `hsm_id` (the template id) only that one. Upstream first, then the catalog.
     *
     *     **Scopes:** `templates:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['TemplatesController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/message_templates/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reconcile the catalog with upstream's list now (templates created elsewhere, changed or deleted)
     * @description **Scopes:** `templates:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TemplatesController_sync'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload media for sends
     * @description Meta's `POST /{phone-number-id}/media`: multipart `file`, `type` (its MIME type) and `messaging_product=whatsapp`. The type and size are checked against Meta's limits per kind before anything goes upstream (400 code 100 naming `type` or `file`); a file over 100 MB is cut off while it arrives (413 code 100). The answer is the upstream media id, for `image.id`, `document.id` and so on in a send; it cannot serve as a template `header_handle`.
     *
     *     **Scopes:** `media:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['MediaController_upload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/template_media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a template header sample; get a header_handle
     * @description The file goes upstream through the resumable upload API. Types and limits of media headers: image/jpeg and image/png (5 MB), video/mp4 (16 MB), application/pdf (100 MB); the type is `type` when given, else the Content-Type of the file part. Put the answer in `components[].example.header_handle` of a template create on this business account: a handle serves one template.
     *
     *     **Scopes:** `templates:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TemplateMediaController_upload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/media_library': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's media assets, newest first
     * @description Cursor paging: pass `paging.cursors.after` as `after` for the next page; `paging.next` is absent on the last page.
     *
     *     **Scopes:** `media:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MediaLibraryController_list'];
    put?: never;
    /**
     * Store a file in the organization media library
     * @description Multipart `file` (any media type WhatsApp accepts, taken from the file part's Content-Type; up to 100 MB) and an optional `name`. The answer carries the asset id, usable as `header_media_file_id` when creating a template.
     *
     *     **Scopes:** `media:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['MediaLibraryController_upload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/media_library/{assetId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One asset's metadata
     * @description **Scopes:** `media:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MediaLibraryController_get'];
    put?: never;
    post?: never;
    /**
     * Delete an asset and its file
     * @description **Scopes:** `media:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['MediaLibraryController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/media_library/{assetId}/content': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The asset's bytes, with its content type (as an attachment)
     * @description **Scopes:** `media:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MediaLibraryController_content'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/rate_cards': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The rate cards, newest first
     * @description **Scopes:** `billing:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['RateCardsController_list'];
    put?: never;
    /**
     * Import Meta's price list: its markets (and their countries) and a price per market and category
     * @description JSON `{ currency, effective_from, source?, markets: [{ market, countries }], prices: [{ market, category, price }] }`, or CSV laid out as Meta's rate card (`market,countries,marketing,utility,authentication,authentication_international,service`, countries as ISO codes separated by spaces) with `currency`, `effective_from` and `source` in the query (docs/rate-cards/). A card needs an `Other` market. It is in force from its day until the next card's; one starting on another's day is 409, one starting before the latest card 400 (the past keeps its prices). Every problem names its row or line, and nothing is kept.
     *
     *     **Scopes:** `billing:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['RateCardsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/rate_cards/quote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What a message would cost an organization on a day: market by calling code, card and markup in force
     * @description **Scopes:** `billing:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['RateCardsController_quote'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/rate_cards/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A rate card with its markets, their countries, and its prices
     * @description **Scopes:** `billing:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['RateCardsController_get'];
    put?: never;
    post?: never;
    /**
     * Remove a card not yet in force (one in force has priced days: 409)
     * @description **Scopes:** `billing:write`. **Keys:** platform (`svc_platform_…`).
     */
    delete: operations['RateCardsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}/markups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An organization's markups on Meta's prices, newest first
     * @description **Scopes:** `billing:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['RateCardsController_markups'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}/markup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * An organization's markup from a day on (today or later: the past keeps its prices)
     * @description **Scopes:** `billing:write`. **Keys:** platform (`svc_platform_…`).
     */
    put: operations['RateCardsController_setMarkup'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the organization used and what it cost: messages, billable messages and cost by period
     * @description From the daily rollups of Meta's pricing in its statuses (each message and category counted once), priced by the rate card and markup in force on each day. At most 400 days. `Accept: text/csv` for the same as CSV. Organization keys report their own organization; admin keys theirs (or one, `organization_id`); platform keys every organization (or one).
     *
     *     **Scopes:** `usage:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['UsageController_report'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage/reconciliations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Each business account's days, metered by the gateway and as Meta's pricing_analytics reports them
     * @description Billable messages and their cost on both sides (the gateway at the rate card price, without markups), the difference in percent, and `flagged` when it is over 1 %, with the markets and categories that differ. Run once a day for yesterday. `from` and `to` default to the last 30 days; `flagged=true` for flagged days only.
     *
     *     **Scopes:** `usage:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['UsageController_listReconciliations'];
    put?: never;
    /**
     * Reconcile a day now against Meta's pricing_analytics (every account, or one organization's)
     * @description `{ "day": "YYYY-MM-DD", "organization_id"?: uuid }`: each account is asked of Meta and compared; an account Meta refused is listed with its error. A later run of the same day replaces it.
     *
     *     **Scopes:** `billing:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['UsageController_runReconciliation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage/limit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's monthly spending limit, what this month used and reserved, and the budget left
     * @description An organization key reads its own organization; an admin or platform key names one with `organization_id` (an admin key with a single organization may leave it out).
     *
     *     **Scopes:** `usage:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['SpendingLimitsController_read'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/spending_limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every organization's spending limit, with this month's used, reserved and left
     * @description **Scopes:** `billing:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['SpendingLimitsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}/spending_limit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set an organization's monthly spending limit: an amount, or a number of billable messages
     * @description Each calendar month (UTC) starts at zero. Past the limit, billable sends (templates, broadcasts) are refused with 400 code 131042 and nothing reaches Meta; running broadcasts pause (`spending_limit`). At 80 % and 100 % the organization gets a `usage.threshold` event (field `usage_update`) and the audit log an entry, once each; a new limit reaches its thresholds anew.
     *
     *     **Scopes:** `billing:write`. **Keys:** platform (`svc_platform_…`).
     */
    put: operations['SpendingLimitsController_set'];
    post?: never;
    /**
     * Remove an organization's spending limit
     * @description **Scopes:** `billing:write`. **Keys:** platform (`svc_platform_…`).
     */
    delete: operations['SpendingLimitsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/teams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's teams, their members and the numbers that give out among them
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InboxController_teams'];
    put?: never;
    /**
     * Make a team (a name unique in the organization; members who work conversations)
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['InboxController_createTeam'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/teams/{teamId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One team
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InboxController_team'];
    put?: never;
    post?: never;
    /**
     * Delete a team (its conversations keep their assignee and leave the team)
     * @description A team a number’s auto-assignment gives out among is refused (409) until that number changes.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['InboxController_deleteTeam'];
    options?: never;
    head?: never;
    /**
     * Rename a team, or set its members (those left out leave it; their conversations stay)
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    patch: operations['InboxController_updateTeam'];
    trace?: never;
  };
  '/v1/inbox/agents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every member who works conversations, with their availability and teams
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InboxController_agents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/agents/{userId}/availability': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * A member's availability: available (auto-assignment gives them conversations), away or offline
     * @description `me` is the caller (a person’s session). Another member’s needs `members:write`. A person whose last console session ends goes offline.
     *
     *     **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['InboxController_setAvailability'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's inbox settings
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InboxController_settings'];
    /**
     * Change the inbox settings (those left out keep their value)
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['InboxController_putSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/assignment_policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The number's auto-assignment
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['AssignmentPolicyController_get'];
    /**
     * Give the number’s new conversations out automatically
     * @description Round robin among the available agents (of `team_id`, when given), none beyond `cap` open or pending conversations; a returning customer goes back to their agent when that agent is available; what finds nobody waits unassigned and is given out, longest waiting first, as agents free up.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['AssignmentPolicyController_put'];
    post?: never;
    /**
     * Stop giving the number’s conversations out (those given keep their assignee)
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['AssignmentPolicyController_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/saved_replies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's saved replies and the caller's own, by name
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['SavedRepliesController_list'];
    put?: never;
    /**
     * Save a reply (`private`: the member’s own; else the organization’s, for those who manage members)
     * @description An unknown variable is refused (400 naming `body`); a name taken among the same owner’s is 409.
     *
     *     **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['SavedRepliesController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/inbox/saved_replies/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a saved reply
     * @description **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['SavedRepliesController_remove'];
    options?: never;
    head?: never;
    /**
     * Rename a saved reply or change its text
     * @description **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    patch: operations['SavedRepliesController_update'];
    trace?: never;
  };
  '/v1/inbox/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Updates of the organization’s conversations as they happen (Server-Sent Events)
     * @description Events `message` (a customer’s message or a send), `status` (a send’s status), `conversation` (assignee, team or status changed) and `note`, each with ids and states only, to be read through the API; `ready` once caught up (`resumed: false`: read everything again). A reconnect sends `Last-Event-ID` (or `?last_event_id=`) and gets what followed, within the last hour and 1,000 events. An agent who sees only theirs gets only what concerns theirs, the unassigned and notes that mention them; a key limited to some numbers, only theirs.
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InboxEventsController_stream'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's members and their roles, in the order they joined
     * @description **Scopes:** `members:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MembersController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/members/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Invitations not accepted yet (expired ones say so), newest first
     * @description **Scopes:** `members:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MembersController_invitations'];
    put?: never;
    /**
     * Invite a person with a role: a link to give them (valid 7 days, used once)
     * @description Only an owner invites an owner. The link is in this answer only; only its hash is kept.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['MembersController_invite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/members/sign_in_policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How the organization's people sign in (whether a second factor is required)
     * @description **Scopes:** `members:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['MembersController_policy'];
    /**
     * How members sign in: a second factor, single sign-on, domains that join (an owner only)
     * @description Fields not given stay. A member without a second factor sets it up at their next password sign-in. With require_sso a password sign-in (and accepting an invitation by password) is refused; sessions already open run out. sso_domains replaces the claimed domains: a person whose verified email is at one joins at their single sign-on with sso_default_role. 409 when another organization claims a domain (nothing changes).
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['MembersController_setPolicy'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/members/invitations/{invitationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Cancel an invitation not accepted yet
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['MembersController_cancel'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/members/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member (their sessions here end within 5 s)
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['MembersController_remove'];
    options?: never;
    head?: never;
    /**
     * Change a member's role (their sessions end: they sign in again with the new role)
     * @description Owners are made and unmade by owners; the last owner keeps the role.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    patch: operations['MembersController_changeRole'];
    trace?: never;
  };
  '/v1/organizations/{organizationId}/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite a person to an organization with any role, its first owner included (the platform's operator)
     * @description Mailed with SMTP_URL; else the link is in this answer only (only its hash is kept). A test twin has no people of its own (400 code 100).
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['OrganizationInvitationsController_invite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/contacts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's contacts, in the order they were created
     * @description Cursor paging: pass `paging.cursors.after` as `after` for the next page; `paging.next` is absent on the last page.
     *
     *     **Scopes:** `contacts:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['ContactsController_list'];
    put?: never;
    /**
     * Create or update contacts in bulk (1 to 1000)
     * @description Keyed by phone number within the organization. On an existing contact, each field given (name, tags, attributes) replaces the stored one and each field omitted is kept. All or nothing: one transaction. Tag caps: 50 tags per contact, 1000 distinct tags per organization; going over answers 409 code 131000 (error_data.reason contact_tag_limit or organization_tag_limit) and writes nothing.
     *
     *     **Scopes:** `contacts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['ContactsController_upsert'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/contacts/{phoneNumber}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One contact
     * @description **Scopes:** `contacts:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['ContactsController_get'];
    put?: never;
    post?: never;
    /**
     * Delete a contact
     * @description **Scopes:** `contacts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['ContactsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/business_hours': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The number's business hours
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['AutomationsController_hours'];
    /**
     * Set the number's business hours
     * @description A time zone (IANA), open spans per weekday ("HH:MM" to "HH:MM", close after open, not overlapping; a day left out is closed), holidays (dates closed all day). The away message is sent outside them.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['AutomationsController_putHours'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/automatic_replies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The number's away and welcome messages
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['AutomationsController_replies'];
    /**
     * Set the number's away and welcome messages (one left out keeps its value; null removes it)
     * @description Each is free text or an APPROVED template with its parameters. The away message goes to a customer who writes outside business hours, at most once per `once_every_hours`; the welcome message on a customer’s first message to the number. Both go through the send path like any send (window, blacklist, opt-outs, pace, spending limit), exactly once per message however many instances run.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['AutomationsController_putReplies'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/automation_runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the number’s automations did, newest first
     * @description One entry per event they answered: each automation, whether it matched and why, its actions and their outcomes.
     *
     *     **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['AutomationsController_runs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/automations/rules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's rules, in the order they are judged
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['RulesController_list'];
    put?: never;
    /**
     * Make a rule: when (trigger), if (conditions, all of them), then (actions, in order)
     * @description Triggers: `message_received`, `conversation_opened` (a customer’s first message, or one that opened a resolved, pending or snoozed conversation), `message_failed` (Meta reported an outbound message failed: the `error_code` condition), `opted_out` (the customer’s opt-out keyword), `conversation_resolved` (a person, a key or a rule resolved it), `template_status` (Meta reviewed a template: the `template_name` and `template_status` conditions; its actions `call_url` and `stop`, a review having no customer). Conditions: `text` (`contains_any` keywords: whole words, any case, accents and punctuation ignored; `matches` a regular expression run by RE2, in linear time), `message_type`, `button_payload`, `phone_number_id`, `business_hours`, `conversation_status`, `assignee`, `contact_tag`, `contact_attribute`. Actions: `reply` (text, interactive, or an APPROVED template: the rule then names its numbers), `assign` (`assignee_id`, `team_id` or `auto`), `add_tag`, `remove_tag`, `set_attribute`, `note`, `set_status`, `call_url` (POSTs the event to your URL, signed; a 5xx, timeout or no connection is tried again with backoff; an answer `{"reply": <message content>}` is sent as a reply), `stop` (no later rule is judged). Each rule runs once per event across instances and crashes; replies go through the send path and count toward the conversation’s automatic replies per hour.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['RulesController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/automations/rules/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One rule
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['RulesController_get'];
    put?: never;
    post?: never;
    /**
     * Delete a rule (its runs stay in the log)
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['RulesController_remove'];
    options?: never;
    head?: never;
    /**
     * Change a rule (what is left out keeps its value); `position` reorders
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    patch: operations['RulesController_update'];
    trace?: never;
  };
  '/v1/automations/rules/{id}/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The events the rule was judged on, newest first: whether it matched, why, what it did
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['RulesController_runs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/automations/dry_run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Which rules would act on a customer’s message, and what they would do: nothing is sent or changed
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['RulesController_dryRun'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/automations/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's automations settings
     * @description **Scopes:** `conversations:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['RulesController_settings'];
    /**
     * Change the organization's automations settings (the loop's cap)
     * @description **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['RulesController_putSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/automations/signing_secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make the secret that signs the rules' calls (call_url), replacing the last one: shown once
     * @description A rule’s `call_url` POSTs the event to the URL signed like the tenant webhooks: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, raw body)>` and the Standard Webhooks headers (`webhook-id` the same on every try of one call). A rule with `call_url` is refused until the organization has a secret.
     *
     *     **Scopes:** `members:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['RulesController_makeSigningSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/embedded_signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How the console opens Meta's Embedded Signup: the app, the configuration, the SDK and its origins
     * @description **Scopes:** `business:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['EmbeddedSignupController_settings'];
    put?: never;
    /**
     * Finish Embedded Signup: the flow's code and ids; the gateway does Meta's steps and connects the number
     * @description In order, each once: `exchange_code` (the code for the business token, with the app secret: on the server only), `subscribe_app` (the app subscribed to the account, the token kept encrypted), `register_number` (with the PIN given, or one the gateway makes and keeps encrypted), `add_number` (with its limits). A failure keeps Meta's code and names its step in `error_data.step`. Running it again for the same number adds no account, number or registration. An account or number of another organization is 409 before the code is spent.
     *
     *     **Scopes:** `numbers:connect`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['EmbeddedSignupController_complete'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The number's broadcasts, newest first
     * @description **Scopes:** `broadcasts:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['BroadcastsController_list'];
    put?: never;
    /**
     * Send an approved template to up to 10,000 recipients at the number’s pace
     * @description Each recipient is checked now, as its send would be: its number, a recipient twice, and its parameters by the template's send-time rules are errors of the request (naming the recipient: nothing is created); a blacklisted recipient is kept as skipped and listed in `refused`. Sent behind the API sends of the number, within Meta’s throughput, pair rule and messaging limit (recipients over it are deferred until the rolling 24 hours free room). Each send is a message record naming the broadcast. The Idempotency-Key header is honoured.
     *
     *     **Scopes:** `broadcasts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BroadcastsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts/preflight': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * What creating this broadcast would answer, with nothing written or sent
     * @description The same body and checks as the create (a request error is the same 400): the recipients that would be refused, how many would be sent, when it would finish at the number’s pace, and how many the messaging limit would defer.
     *
     *     **Scopes:** `broadcasts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BroadcastsController_preflight'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts/{broadcastId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A broadcast: its status, counts per recipient state, times and rate
     * @description **Scopes:** `broadcasts:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['BroadcastsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts/{broadcastId}/recipients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A broadcast's recipients in list order, each with its state, wamid and error
     * @description **Scopes:** `broadcasts:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['BroadcastsController_recipients'];
    put?: never;
    /**
     * Add recipients to a broadcast that has not started (scheduled), checked as at create time
     * @description **Scopes:** `broadcasts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BroadcastsController_append'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts/{broadcastId}/pause': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pause: no further upstream call within a second; resume picks up where it stopped
     * @description **Scopes:** `broadcasts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BroadcastsController_pause'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts/{broadcastId}/resume': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resume a paused broadcast
     * @description **Scopes:** `broadcasts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BroadcastsController_resume'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts/{broadcastId}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel: recipients not sent yet are skipped
     * @description **Scopes:** `broadcasts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BroadcastsController_cancel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/broadcasts/{broadcastId}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the failed recipients again where Meta's error allows it (throttling, transient errors)
     * @description **Scopes:** `broadcasts:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['BroadcastsController_retry'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/test/phone_numbers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization’s test numbers, oldest first
     * @description Test mode: with a test key (`svc_test_…`, or `svc_admin_test_…` naming the organization) only; a live key is 400 code 100. The number is answered by the simulator, never by Meta.
     *
     *     **Scopes:** `business:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['TestNumbersController_list'];
    put?: never;
    /**
     * Make a test number, in a test business account of its own (at most TEST_NUMBERS_PER_ORGANIZATION)
     * @description Test mode: with a test key (`svc_test_…`, or `svc_admin_test_…` naming the organization) only; a live key is 400 code 100. The number is answered by the simulator, never by Meta.
     *
     *     **Scopes:** `numbers:connect`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TestNumbersController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/test/phone_numbers/{phoneNumberId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a test number and its test business account
     * @description Test mode: with a test key (`svc_test_…`, or `svc_admin_test_…` naming the organization) only; a live key is 400 code 100. The number is answered by the simulator, never by Meta. Refused (409 code 100) while records depend on it, as for any number.
     *
     *     **Scopes:** `numbers:connect`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['TestNumbersController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/test/{phoneNumberId}/inbound': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A simulated customer writes to the test number (Meta’s inbound webhook follows; the window opens)
     * @description The message as Meta delivers it: `from`, `type` (text, button, interactive, image, document, audio, video, sticker, location, contacts, reaction), the type’s object (`text.body`; `location`; `contacts`; `button.payload`; `interactive.button_reply`/`list_reply`; `reaction.message_id` and `emoji`; media: `image.caption`, …, the file made by the simulator), `context.id` to reply to a message, `name` for the profile. Test numbers only (a live number is 400 code 100); what follows comes through the simulator’s webhooks.
     *
     *     **Scopes:** `conversations:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TestSimulationController_inbound'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/test/{phoneNumberId}/statuses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move a message of the test number to a status now (its statuses on demand: `status_delays` manual)
     * @description Test numbers only (a live number is 400 code 100); what follows comes through the simulator’s webhooks.
     *
     *     **Scopes:** `messages:send`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TestSimulationController_status'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/test/{phoneNumberId}/status_delays': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * When the test number’s statuses come: milliseconds from the send, or only on demand (`manual`)
     * @description Test numbers only (a live number is 400 code 100); what follows comes through the simulator’s webhooks.
     *
     *     **Scopes:** `business:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['TestSimulationController_statusDelays'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/test/{phoneNumberId}/quality': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change the test number’s quality rating, messaging limit tier or throughput (Meta’s phone_number_quality_update follows)
     * @description Test numbers only (a live number is 400 code 100); what follows comes through the simulator’s webhooks.
     *
     *     **Scopes:** `business:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TestSimulationController_quality'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/test/{wabaId}/message_templates/{templateId}/review': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Review a template of the test business account now: APPROVED, REJECTED (with a reason), PAUSED, DISABLED
     * @description Meta’s message_template_status_update follows: the catalog and the tenant’s webhook hear of it. Test numbers only (a live number is 400 code 100); what follows comes through the simulator’s webhooks.
     *
     *     **Scopes:** `templates:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['TestSimulationController_review'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/data_retention': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How long the organization keeps its customers' data, beside the platform's
     * @description **Scopes:** `privacy:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['RetentionController_get'];
    /**
     * Keep the organization's customers' data for less time than the platform does
     * @description Each field given replaces its value (null: the platform’s); the others stay. Never longer than the platform (`platform` in the answer). Applied at once, then every hour: bodies replaced (records keep their metadata, status history, wamid and usage), inbound messages, customers’ media and finished delivery logs deleted.
     *
     *     **Scopes:** `privacy:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    put: operations['RetentionController_put'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/customers/erasures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's erasures and their receipts, newest first
     * @description Cursor paging: pass `paging.cursors.after` as `after`.
     *
     *     **Scopes:** `privacy:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['CustomersController_list'];
    put?: never;
    /**
     * Erase everything the organization holds about a customer, as a job with a receipt
     * @description Their messages with their status history, inbound messages, what the gateway knows of their media, conversations, notes, contact, broadcast rows, automation runs, webhook events and deliveries that carry their data, cached answers and pacing state in Redis. Usage entries keep their figures and the audit log its entries, the number replaced by a digest; an opt-out stays under the digest (marketing stays refused). What the customer sends after it began starts afresh. The number is in the body, never in a path or the audit log. Asking again while it runs answers the erasure running. A number the organization never had is 404 code 100.
     *
     *     **Scopes:** `privacy:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['CustomersController_erase'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/customers/erasures/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An erasure: running with what it removed so far, or done with its receipt
     * @description **Scopes:** `privacy:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['CustomersController_erasure'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/customers/{waId}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Everything the organization holds about a customer, as one JSON file
     * @description Their contact, conversations, notes, messages (each with its status history), inbound messages as Meta sent them, broadcasts they were in, what automations did, the blacklist: `data` by kind, `counts` at the end. Streamed; audited naming who asked. A customer the organization never had is 404 code 100.
     *
     *     **Scopes:** `privacy:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['CustomersController_export'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organization_exports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's exports, newest first
     * @description Cursor paging.
     *
     *     **Scopes:** `privacy:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['OrganizationExportsController_list'];
    put?: never;
    /**
     * The organization's whole data as one archive, made as a job
     * @description Every kind of the organization’s rows as JSON Lines (`<kind>/part-0001.jsonl`, about 8 MB a part: messages with their statuses, inbound messages, conversations, notes, contacts, the blacklist, broadcasts and their recipients, templates, automations and their runs, webhook endpoints (not their secrets), deliveries and Meta’s events, usage, the audit log, the media library’s rows) and the media library’s files (`files/media_library/<id>/<name>`), with `manifest.json`, in one .tar.gz. Read the export for its progress, then its `download_url`. One runs at a time: 409 code 100 naming it.
     *
     *     **Scopes:** `privacy:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['OrganizationExportsController_start'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organization_exports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An export: its progress, then a download link (a new one each read)
     * @description **Scopes:** `privacy:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['OrganizationExportsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organization_exports/{id}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The archive, through the signed link an export gave (no key)
     * @description An altered or expired link, or an archive no longer kept: 404 code 100.
     */
    get: operations['OrganizationExportsController_download'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations/{organizationId}/deletion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete an organization with all its data, as a job with a receipt
     * @description Its messages and their statuses, inbound messages, conversations, notes, contacts, blacklist, broadcasts, templates, automation runs, webhook events and deliveries, media (the library’s bytes wherever they are kept), what Redis keeps for it, then its numbers, business accounts (unsubscribed at Meta), settings and members, and its test twin. Kept: usage figures for billing (wamids digested) and the audit log for its period. Refused with 409 code 100 while it has machine keys not revoked or broadcasts sending. Asking again while it runs answers the one running.
     *
     *     **Scopes:** `tenants:write`. **Keys:** platform (`svc_platform_…`).
     */
    post: operations['OrganizationDeletionsController_start'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organization_deletions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An organization’s deletion: running with what went so far, or done with its receipt
     * @description **Scopes:** `tenants:read`. **Keys:** platform (`svc_platform_…`).
     */
    get: operations['OrganizationDeletionsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/insights/funnels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Funnels per template, broadcast or number: sent, delivered, read, replied, button presses, failed
     * @description Messages of the days `since`..`until` (UTC, the day each was sent; the last 30 by default), each counted once per step however often Meta reports it; `replied`: the customer wrote within 24 hours. Rates between the steps, failures by Meta error code, presses by button payload. `granularity` day, week or total. `Accept: text/csv` for CSV. A key limited to some numbers reads theirs only.
     *
     *     **Scopes:** `insights:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InsightsController_funnels'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/insights/template_analytics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Each template's days as the gateway counted them and as Meta's template_analytics reports them
     * @description Sent, delivered, read and clicks on both sides, the difference in percent, `flagged` when over 1 %. Compared once a day for yesterday. `since`..`until` default to the last 30 days; `flagged=true` for flagged days only.
     *
     *     **Scopes:** `insights:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InsightsController_templateAnalyticsDays'];
    put?: never;
    /**
     * Compare a day now with Meta's template_analytics
     * @description `{ "day": "YYYY-MM-DD" }`: each business account of the organization is asked of Meta and compared; an account Meta refused is listed with its error. A later comparison of the same day replaces it.
     *
     *     **Scopes:** `insights:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['InsightsController_compare'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/insights/team': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The team's figures by day: conversations handled, first response and resolution times
     * @description The same figures as `GET /v1/inbox/figures`, for the Insights page: per agent, team or number (`by`).
     *
     *     **Scopes:** `insights:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['InsightsController_teamFigures'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The session: its key, organization and CSRF token (401 code 190 once it or its key has ended) */
    get: operations['ConsoleSessionController_read'];
    put?: never;
    /**
     * Sign in to the console with a key
     * @description JSON only (a form cannot sign anyone in). Answers the session and sets its cookie (HttpOnly, SameSite=Strict, Secure over HTTPS); a bad key is 401 code 190, as on the API, and counts against the per-IP limit.
     */
    post: operations['ConsoleSessionController_signIn'];
    /** Sign out: the session ends at once, and its cookie is of no use after (X-CSRF-Token) */
    delete: operations['ConsoleSessionController_signOut'];
    options?: never;
    head?: never;
    /** Switch an admin key's session to another of its organizations (X-CSRF-Token) */
    patch: operations['ConsoleSessionController_switchOrganization'];
    trace?: never;
  };
  '/console/session/invitation/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What an invitation link offers: the email it is for, the role, when it expires */
    get: operations['ConsoleSessionController_invitation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/invitation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation with a password, and sign in
     * @description A new account is made with the password; a person who has an account gives theirs. The invitation is used once.
     */
    post: operations['ConsoleSessionController_accept'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/password_reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a password reset link (used once, within an hour); the same answer whether the email has an account
     * @description Needs the operator to have set SMTP_URL (400 naming `email` otherwise). Counts against the per-IP limit.
     */
    post: operations['ConsoleSessionController_requestPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new password by a reset link's token: every session of the person ends; they sign in with it */
    post: operations['ConsoleSessionController_resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/totp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set up a second factor: the secret for the person's authenticator app (shown this once)
     * @description A person's session, or one that must set it up before signing in (X-CSRF-Token).
     */
    post: operations['ConsoleSessionController_setupTotp'];
    /** Remove the second factor (with a current code), unless an organization requires it */
    delete: operations['ConsoleSessionController_removeTotp'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/totp/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirm the second factor with its first code; a sign-in waiting on it then starts */
    post: operations['ConsoleSessionController_confirmTotp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/sso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether single sign-on is offered, and its button's words */
    get: operations['ConsoleSsoController_offered'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/sso/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sign in through the operator's OpenID provider (a browser navigation: answers a redirect)
     * @description Authorization code with PKCE. The flow is carried in its own short-lived cookie (SameSite=Lax, HttpOnly) until the provider sends the browser back.
     */
    get: operations['ConsoleSsoController_start'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/console/session/sso/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Where the provider sends the browser back: the person signed in, the console opened
     * @description The code is exchanged and the ID token checked; the person is matched by their verified email, joins the organizations they are invited to and the one that claims their email's domain, and their session starts. A refusal opens the console with its reason.
     */
    get: operations['ConsoleSsoController_callback'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/media/{mediaId}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a media file
     * @description The `url` of GET /v1/{mediaId}: the bytes, streamed from upstream. Send the same key, as Meta's download URL wants the token (a header is best; `?access_token=` is accepted as on Meta's download URLs). The bytes are a third party's, so they always come as an attachment (`Content-Disposition: attachment`, the inbound document's own name or `media-<id>.<ext>`), with `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox; default-src 'none'`, `Cache-Control: private, no-store` and `Referrer-Policy: no-referrer`: a file that holds script never runs it on this origin.
     *
     *     **Scopes:** `media:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['GraphNodesController_download'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{nodeId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a phone number, a template or a media object, as Graph reads /{id}
     * @description - a **phone number** (scope `business:read`): Meta's record from upstream (`verified_name`, `display_phone_number`, `quality_rating`, …), `fields` honoured;
     *     - a **template** (scope `templates:read`): the catalog record, `fields` honoured;
     *     - a **media object** (scope `media:read`): Meta's `{ messaging_product, url, mime_type, sha256, file_size, id }`, `url` pointing at the gateway's download route (same key).
     *
     *     An unknown id or another organization's is 401 code 190.
     *
     *     **Scopes:** no scope (any valid key). **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    get: operations['GraphNodesController_read'];
    put?: never;
    /**
     * Change a phone number's settings or edit a template, as Graph's POST /{id}
     * @description - a **phone number** (scope `webhooks:write`): `webhook_configuration.override_callback_uri` and `verify_token`, Meta's number-level webhook override. The gateway performs Meta's hub.challenge handshake against the URL and refuses it (400 code 100) unless it echoes the challenge; then the number's events go there instead of its business account's override. An empty URI removes the override.
     *     - a **template** (scope `templates:write`): an edit (`components`, `category`, `message_send_ttl_seconds`), checked with the same rules as a create, then sent upstream; the catalog follows upstream (an edit goes back to review).
     *
     *     **Scopes:** no scope (any valid key). **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    post: operations['GraphNodesController_update'];
    /**
     * Delete a media object, as Meta's DELETE /{media-id} (scope media:write)
     * @description **Scopes:** no scope (any valid key). **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`), platform (`svc_platform_…`).
     */
    delete: operations['GraphNodesController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/phone_numbers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The business account's phone numbers, as Meta's GET /{waba-id}/phone_numbers (those registered with the gateway)
     * @description **Scopes:** `business:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['PhoneNumbersController_list'];
    put?: never;
    /**
     * Create WhatsApp Business Account Phone Number
     * @description Meta's `createWhatsAppBusinessAccountPhoneNumber` (POST `/{Version}/{WABA-ID}/phone_numbers`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_createWhatsAppBusinessAccountPhoneNumber'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/whatsapp_business_profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The number's business profile, as Meta's GET /{phone-number-id}/whatsapp_business_profile
     * @description **Scopes:** `business:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['PhoneNumbersController_profile'];
    put?: never;
    /**
     * Update the number's business profile (forwarded to upstream, which checks the fields)
     * @description **Scopes:** `business:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['PhoneNumbersController_updateProfile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/block_users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get blocked users
     * @description Meta's `getBlockedUsers` (GET `/{Version}/{Phone-Number-ID}/block_users`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `blocking:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getBlockedUsers'];
    put?: never;
    /**
     * Block user(s)
     * @description Meta's `blockUserS` (POST `/{Version}/{Phone-Number-ID}/block_users`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `blocking:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_blockUserS'];
    /**
     * Unblock user(s)
     * @description Meta's `unblockUserS` (DELETE `/{Version}/{Phone-Number-ID}/block_users`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `blocking:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_unblockUserS'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/call_permissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check Call Permissions
     * @description Meta's `checkCallPermissions` (GET `/{Version}/{Phone-Number-ID}/call_permissions`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `calling:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_checkCallPermissions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/calls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Manage Calls
     * @description Meta's `manageCalls` (POST `/{Version}/{Phone-Number-ID}/calls`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `calling:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_manageCalls'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/groups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Active Groups
     * @description Meta's `getActiveGroups` (GET `/{Version}/{Phone-Number-ID}/groups`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getActiveGroups'];
    put?: never;
    /**
     * Create Group
     * @description Meta's `createGroup` (POST `/{Version}/{Phone-Number-ID}/groups`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_createGroup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/marketing_messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send Marketing Template Message
     * @description Meta's `sendMarketingMessage` (POST `/{Version}/{Phone-Number-ID}/marketing_messages`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `messages:send`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_sendMarketingMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/message_qrdls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List All Message QR Codes
     * @description Meta's `listAllQrCodes` (GET `/{Version}/{Phone-Number-ID}/message_qrdls`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `qr_codes:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_listAllQrCodes'];
    put?: never;
    /**
     * Create or Update Message QR Code
     * @description Meta's `createOrUpdateQrCode` (POST `/{Version}/{Phone-Number-ID}/message_qrdls`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `qr_codes:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_createOrUpdateQrCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/message_qrdls/{qrCodeId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Individual Message QR Code
     * @description Meta's `getIndividualQrCode` (GET `/{Version}/{Phone-Number-ID}/message_qrdls/{QR-Code-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `qr_codes:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getIndividualQrCode'];
    put?: never;
    post?: never;
    /**
     * Delete Individual Message QR Code
     * @description Meta's `deleteIndividualQrCode` (DELETE `/{Version}/{Phone-Number-ID}/message_qrdls/{QR-Code-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `qr_codes:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_deleteIndividualQrCode'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/messages_encrypted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send Encrypted Message
     * @description Meta's `sendEncryptedMessage` (POST `/{Version}/{Phone-Number-ID}/messages_encrypted`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `messages:send`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_sendEncryptedMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/official_business_account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Official Business Account Status
     * @description Meta's `getOfficialBusinessAccountStatus` (GET `/{Version}/{Phone-Number-ID}/official_business_account`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getOfficialBusinessAccountStatus'];
    put?: never;
    /**
     * Update Official Business Account Status
     * @description Meta's `GraphWhatsAppBusinessAccountToNumberCurrentStatusOfficialBusinessAccountPost` (POST `/{Version}/{Phone-Number-ID}/official_business_account`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_GraphWhatsAppBusinessAccountToNumberCurrentStatusOfficialBusinessAccountPost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Update WhatsApp Business Account Phone Number Status and Configuration
     * @description Meta's `updatePhoneNumberStatus` (POST `/{Version}/{Phone-Number-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it. A body with `webhook_configuration` is served by the gateway itself (the number’s callback override).
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_updatePhoneNumberStatus'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/deregister': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deregister WhatsApp Business Phone Number
     * @description Meta's `deregisterPhoneNumber` (POST `/{Version}/{Phone-Number-ID}/deregister`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_deregisterPhoneNumber'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/message_history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get WhatsApp Business Account Message History
     * @description Meta's `getMessageHistory` (GET `/{Version}/{Phone-Number-ID}/message_history`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `history:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getMessageHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register WhatsApp Business Phone Number
     * @description Meta's `registerWhatsAppBusinessPhoneNumber` (POST `/{Version}/{Phone-Number-ID}/register`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_registerWhatsAppBusinessPhoneNumber'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/request_code': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Request Phone Number Verification Code
     * @description Meta's `requestVerificationCode` (POST `/{Version}/{Phone-Number-ID}/request_code`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_requestVerificationCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get phone number settings
     * @description Meta's `getPhoneNumberSettings` (GET `/{Version}/{Phone-Number-ID}/settings`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getPhoneNumberSettings'];
    put?: never;
    /**
     * Update phone number settings
     * @description Meta's `updatePhoneNumberSettings` (POST `/{Version}/{Phone-Number-ID}/settings`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_updatePhoneNumberSettings'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/verify_code': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify Phone Number Verification Code
     * @description Meta's `verifyPhoneNumberCode` (POST `/{Version}/{Phone-Number-ID}/verify_code`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_verifyPhoneNumberCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/whatsapp_business_encryption': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Business Encryption Public Key
     * @description Meta's `getBusinessEncryptionPublicKey` (GET `/{Version}/{Phone-Number-ID}/whatsapp_business_encryption`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getBusinessEncryptionPublicKey'];
    put?: never;
    /**
     * Set Business Encryption Public Key
     * @description Meta's `setBusinessEncryptionPublicKey` (POST `/{Version}/{Phone-Number-ID}/whatsapp_business_encryption`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_setBusinessEncryptionPublicKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/whatsapp_commerce_settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get commerce settings
     * @description Meta's `getCommerceSettings` (GET `/{Version}/{Phone-Number-ID}/whatsapp_commerce_settings`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `commerce:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getCommerceSettings'];
    put?: never;
    /**
     * Set or update commerce settings
     * @description Meta's `setOrUpdateCommerceSettings` (POST `/{Version}/{Phone-Number-ID}/whatsapp_commerce_settings`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `commerce:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_setOrUpdateCommerceSettings'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/business_compliance_info': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Business Compliance Information
     * @description Meta's `getBusinessComplianceInfo` (GET `/{Version}/{Phone-Number-ID}/business_compliance_info`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getBusinessComplianceInfo'];
    put?: never;
    /**
     * Update Business Compliance Information
     * @description Meta's `updateBusinessComplianceInfo` (POST `/{Version}/{Phone-Number-ID}/business_compliance_info`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_updateBusinessComplianceInfo'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{groupId}/invite_link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create Group Invite Link
     * @description Meta's `createGroupInviteLink` (POST `/{Version}/{group_id}/invite_link`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_createGroupInviteLink'];
    /**
     * Delete Group Invite Link
     * @description Meta's `deleteGroupInviteLink` (DELETE `/{Version}/{group_id}/invite_link`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_deleteGroupInviteLink'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{groupId}/join_requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Join Requests
     * @description Meta's `getJoinRequests` (GET `/{Version}/{group_id}/join_requests`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getJoinRequests'];
    put?: never;
    /**
     * Approve Join Requests
     * @description Meta's `approveJoinRequests` (POST `/{Version}/{group_id}/join_requests`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_approveJoinRequests'];
    /**
     * Reject Join Requests
     * @description Meta's `rejectJoinRequests` (DELETE `/{Version}/{group_id}/join_requests`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_rejectJoinRequests'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{groupId}/participants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add Group Participants
     * @description Meta's `addGroupParticipants` (POST `/{Version}/{group_id}/participants`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_addGroupParticipants'];
    /**
     * Remove Group Participants
     * @description Meta's `removeGroupParticipants` (DELETE `/{Version}/{group_id}/participants`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_removeGroupParticipants'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{groupId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Group Info
     * @description Meta's `getGroupInfo` (GET `/{Version}/{group_id}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getGroupInfo'];
    put?: never;
    /**
     * Update Group Settings
     * @description Meta's `updateGroupSettings` (POST `/{Version}/{group_id}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_updateGroupSettings'];
    /**
     * Delete Group
     * @description Meta's `deleteGroup` (DELETE `/{Version}/{group_id}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `groups:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_deleteGroup'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{messageHistoryId}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get WhatsApp Message History Events
     * @description Meta's `getMessageHistoryEvents` (GET `/{Version}/{Message-History-ID}/events`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `history:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getMessageHistoryEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{migrationIntentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Migration Intent Details
     * @description Meta's `getMigrationIntentDetails` (GET `/{Version}/{Migration-Intent-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getMigrationIntentDetails'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/assigned_users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List Assigned Users
     * @description Meta's `getAssignedUsers` (GET `/{Version}/{WhatsApp-Business-Account-ID}/assigned_users`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getAssignedUsers'];
    put?: never;
    /**
     * Add User to WhatsApp Business Account
     * @description Meta's `addAssignedUser` (POST `/{Version}/{WhatsApp-Business-Account-ID}/assigned_users`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_addAssignedUser'];
    /**
     * Remove User from WhatsApp Business Account
     * @description Meta's `removeAssignedUser` (DELETE `/{Version}/{WhatsApp-Business-Account-ID}/assigned_users`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_removeAssignedUser'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{phoneNumberId}/conversational_automation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Configure Conversational Automation
     * @description Meta's `configureConversationalAutomation` (POST `/{Version}/{Phone-Number-ID}/conversational_automation`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_configureConversationalAutomation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/flows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List Flows
     * @description Meta's `listFlows` (GET `/{Version}/{WABA-ID}/flows`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_listFlows'];
    put?: never;
    /**
     * Create Flow
     * @description Meta's `createFlow` (POST `/{Version}/{WABA-ID}/flows`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_createFlow'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/migrate_flows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Migrate Flows
     * @description Meta's `migrateFlows` (POST `/{Version}/{WABA-ID}/migrate_flows`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_migrateFlows'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{flowId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get Flow
     * @description Meta's `getFlow` (GET `/{Version}/{Flow-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getFlow'];
    put?: never;
    /**
     * Update Flow Metadata
     * @description Meta's `updateFlowMetadata` (POST `/{Version}/{Flow-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_updateFlowMetadata'];
    /**
     * Delete Flow
     * @description Meta's `deleteFlow` (DELETE `/{Version}/{Flow-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    delete: operations['forwarded_deleteFlow'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{flowId}/assets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List Assets (Get Flow JSON URL)
     * @description Meta's `listAssetsGetFlowJsonUrl` (GET `/{Version}/{Flow-ID}/assets`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_listAssetsGetFlowJsonUrl'];
    put?: never;
    /**
     * Update Flow JSON
     * @description Meta's `updateFlowJson` (POST `/{Version}/{Flow-ID}/assets`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_updateFlowJson'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{flowId}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish Flow
     * @description Meta's `publishFlow` (POST `/{Version}/{Flow-ID}/publish`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_publishFlow'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{flowId}/deprecate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deprecate Flow
     * @description Meta's `deprecateFlow` (POST `/{Version}/{Flow-ID}/deprecate`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `flows:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_deprecateFlow'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/in_progress_onbehalf_request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get In-Progress On-Behalf Requests
     * @description Meta's `getInProgressOnBehalfRequests` (GET `/{Version}/{WABA-ID}/in_progress_onbehalf_request`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getInProgressOnBehalfRequests'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{oboMobilityIntentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get OBO Mobility Intent Details
     * @description Meta's `getOBOMobilityIntent` (GET `/{Version}/{OBO-Mobility-Intent-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getOBOMobilityIntent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/obo_mobility_intent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create OBO Mobility Intent
     * @description Meta's `createOBOMobilityIntent` (POST `/{Version}/{WABA-ID}/obo_mobility_intent`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_createOBOMobilityIntent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/schedules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get WhatsApp Business Account Schedules
     * @description Meta's `getWhatsAppBusinessAccountSchedules` (GET `/{Version}/{WABA-ID}/schedules`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getWhatsAppBusinessAccountSchedules'];
    put?: never;
    /**
     * Create WhatsApp Business Account Schedule
     * @description Meta's `createWhatsAppBusinessAccountSchedule` (POST `/{Version}/{WABA-ID}/schedules`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_createWhatsAppBusinessAccountSchedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/set_obo_mobility_intent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set OBO Mobility Intent
     * @description Meta's `setOBOMobilityIntent` (POST `/{Version}/{WABA-ID}/set_obo_mobility_intent`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_setOBOMobilityIntent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/set_solution_migration_intent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set Solution Migration Intent
     * @description Meta's `setSolutionMigrationIntent` (POST `/{Version}/{WABA-ID}/set_solution_migration_intent`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_setSolutionMigrationIntent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/solutions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List Multi-Partner Solutions for WABA
     * @description Meta's `listWabaSolutions` (GET `/{Version}/{WABA-ID}/solutions`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_listWabaSolutions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}/activities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get WhatsApp Business Account Activities
     * @description Meta's `getWhatsAppBusinessAccountActivities` (GET `/{Version}/{WABA-ID}/activities`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getWhatsAppBusinessAccountActivities'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/{wabaId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get WhatsApp Business Account Details
     * @description Meta's `getWhatsAppBusinessAccountDetails` (GET `/{Version}/{WABA-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:read`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    get: operations['forwarded_getWhatsAppBusinessAccountDetails'];
    put?: never;
    /**
     * Update WhatsApp Business Account
     * @description Meta's `updateWhatsAppBusinessAccount` (POST `/{Version}/{WABA-ID}`), forwarded through the checked pass-through: every id of the path must be the organization's (another organization's is answered like a missing one, 401 code 190, and never reaches Meta); the business account’s own token, the Graph version the client names; Meta's answer comes back as Meta wrote it.
     *
     *     **Scopes:** `account:write`. **Keys:** organization (`svc_live_…`), admin (`svc_admin_…`).
     */
    post: operations['forwarded_updateWhatsAppBusinessAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    CreateApiKeyDto: {
      /**
       * @description org: one organization (`svc_live_…`); admin: one or more (`svc_admin_…`). Platform keys come only from the CLI (asking for one is 403 code 200).
       * @enum {string}
       */
      kind: 'org' | 'admin';
      /**
       * @description live: the organizations’ data (`svc_live_…`, `svc_admin_…`); test: their test data, answered by the simulator (`svc_test_…`, `svc_admin_test_…`; test mode). Omitted: the issuing key’s mode. A test key issues test keys only.
       * @enum {string}
       */
      mode?: 'live' | 'test';
      /** @description The organizations the key reaches (exactly one for an org key), by their ids (a test key’s by the live organization’s id or its test twin’s). Omitted: the organization named by X-Svc-Tenant-Id. */
      tenant_ids?: string[];
      /** @example CRM integration */
      name?: string;
      /**
       * @description Omitted: every scope of the kind that the issuing key holds.
       * @example [
       *       "messages:send",
       *       "messages:read"
       *     ]
       */
      scopes?: (
        | 'messages:send'
        | 'messages:read'
        | 'templates:write'
        | 'templates:read'
        | 'media:write'
        | 'media:read'
        | 'blacklist:read'
        | 'blacklist:write'
        | 'contacts:read'
        | 'contacts:write'
        | 'webhooks:read'
        | 'webhooks:write'
        | 'business:read'
        | 'business:write'
        | 'conversations:read'
        | 'conversations:write'
        | 'members:read'
        | 'members:write'
        | 'numbers:connect'
        | 'broadcasts:read'
        | 'broadcasts:write'
        | 'account:read'
        | 'account:write'
        | 'blocking:read'
        | 'blocking:write'
        | 'calling:read'
        | 'calling:write'
        | 'commerce:read'
        | 'commerce:write'
        | 'flows:read'
        | 'flows:write'
        | 'groups:read'
        | 'groups:write'
        | 'qr_codes:read'
        | 'qr_codes:write'
        | 'history:read'
        | 'usage:read'
        | 'privacy:read'
        | 'privacy:write'
        | 'insights:read'
        | 'keys:read'
        | 'keys:write'
        | 'tenants:read'
        | 'tenants:write'
        | 'billing:read'
        | 'billing:write'
        | 'audit:read'
      )[];
      /**
       * @description Only these phone numbers (of the key’s organizations). Omitted: the issuing key’s own bound.
       * @example [
       *       "106540352242922"
       *     ]
       */
      allowed_phone_number_ids?: string[] | null;
      /**
       * @description Only calls from these IPs or CIDR ranges. Omitted: the issuing key’s own bound.
       * @example [
       *       "203.0.113.0/24"
       *     ]
       */
      allowed_ips?: string[] | null;
      /**
       * @description Requests per second. Omitted: 80, or the issuing key’s limit when lower.
       * @example 80
       */
      rate_limit_per_second?: number;
      /**
       * Format: date-time
       * @description When the key stops working (in the future). Omitted: the issuing key’s own bound.
       */
      expires_at?: string | null;
      /** @description Require HMAC-signed requests; the answer carries the signing secret, once. */
      hmac?: boolean;
    };
    ApiKeyDto: {
      /** Format: uuid */
      id: string;
      /** @example CRM integration */
      name: string;
      /** @enum {string} */
      kind: 'org' | 'admin' | 'platform';
      /**
       * @description test: a key of the organizations’ test twins (test mode)
       * @enum {string}
       */
      mode: 'live' | 'test';
      /**
       * @description The first characters of the key, to tell keys apart; never the key
       * @example svc_live_AbCdEf
       */
      prefix: string;
      tenant_ids: string[];
      /**
       * @example [
       *       "messages:send"
       *     ]
       */
      scopes: string[];
      allowed_phone_number_ids: string[] | null;
      allowed_ips: string[] | null;
      /** @example 80 */
      rate_limit_per_second: number;
      /** @description Whether requests must be HMAC-signed */
      hmac: boolean;
      /** Format: date-time */
      expires_at: string | null;
      /** Format: date-time */
      revoked_at: string | null;
      /**
       * Format: date-time
       * @description Updated at most once a minute
       */
      last_used_at: string | null;
      /**
       * Format: uuid
       * @description The key that issued this one over HTTP; null when the CLI did
       */
      issued_by_key_id: string | null;
      /**
       * Format: uuid
       * @description The key this one replaced by rotation
       */
      rotated_from_id: string | null;
      /** Format: date-time */
      created_at: string;
    };
    IssuedApiKeyDto: {
      /**
       * @description The key text: shown now and never again
       * @example svc_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd
       */
      key: string;
      /** @description The HMAC signing secret, when `hmac` is on: shown now and never again */
      hmac_secret?: string;
      record: components['schemas']['ApiKeyDto'];
    };
    GraphErrorDetail: {
      /** @example Invalid OAuth access token. */
      message: string;
      /** @enum {string} */
      type: 'OAuthException' | 'GraphMethodException';
      /** @example 190 */
      code: number;
      error_subcode?: number;
      /**
       * @example {
       *       "details": "to: must be a string"
       *     }
       */
      error_data?: {
        [key: string]: unknown;
      };
      /**
       * @description Echoes X-Request-Id
       * @example req-123
       */
      fbtrace_id: string;
    };
    GraphErrorResponse: {
      error: components['schemas']['GraphErrorDetail'];
    };
    PagingCursorsDto: {
      /** @description Cursor of the first entry of this page */
      before?: string;
      /** @description Cursor of the last entry of this page: pass it as `after` for the next page */
      after?: string;
    };
    PagingDto: {
      cursors: components['schemas']['PagingCursorsDto'];
      /**
       * @description Path and query of the next page; absent on the last page
       * @example /v1/contacts?limit=25&after=eyJhdCI6…
       */
      next?: string;
    };
    ApiKeyPageDto: {
      data: components['schemas']['ApiKeyDto'][];
      paging: components['schemas']['PagingDto'];
    };
    OrganizationDto: {
      /** Format: uuid */
      id: string;
      /** @example Acme Ltd */
      name: string;
      /**
       * Format: uuid
       * @description The live organization whose test twin this is (test mode); null for a live organization
       */
      test_of: string | null;
      /** Format: date-time */
      created_at: string;
    };
    TenantListDto: {
      data: components['schemas']['OrganizationDto'][];
    };
    CreateOrganizationDto: {
      /** @example Acme Ltd */
      name: string;
      /**
       * @description The organization's first owner: invited with the organization (mailed with SMTP_URL, else the link is in `owner_invitation.link`, this answer only)
       * @example owner@acme.example
       */
      owner_email?: string;
    };
    OwnerInvitationDto: {
      /** Format: uuid */
      id: string;
      /** @example owner@acme.example */
      email: string;
      /** @example owner */
      role: string;
      /** Format: date-time */
      expires_at: string;
      /** @description Whether the link was mailed (SMTP_URL set and the mail taken); else it is in `link` */
      mailed: boolean;
      /**
       * @description When not mailed: the console path of the link to give the owner (this answer only)
       * @example /console/#/invitation/3q2-7wEAAAA…
       */
      link?: string;
    };
    CreatedOrganizationDto: {
      /** Format: uuid */
      id: string;
      /** @example Acme Ltd */
      name: string;
      /**
       * Format: uuid
       * @description The live organization whose test twin this is (test mode); null for a live organization
       */
      test_of: string | null;
      /** Format: date-time */
      created_at: string;
      /** @description With `owner_email`: their invitation as owner */
      owner_invitation?: components['schemas']['OwnerInvitationDto'];
    };
    OrganizationPageDto: {
      data: components['schemas']['OrganizationDto'][];
      paging: components['schemas']['PagingDto'];
    };
    UpdateOrganizationDto: {
      /** @example Acme Ltd */
      name: string;
    };
    SuccessDto: {
      /** @example true */
      success: boolean;
    };
    CreateBusinessAccountDto: {
      /**
       * @description Meta's WhatsApp Business Account id
       * @example 102290129340398
       */
      waba_id: string;
      /**
       * @description Meta's access token for the account (a system user token). Stored encrypted, used for upstream calls, never shown again.
       * @example EAAJB…
       */
      access_token: string;
      /** @example Acme support */
      name?: string;
    };
    AppSubscriptionDto: {
      /**
       * @description `subscribed`; `missing`: Meta lists no subscription of the app, so none of the account’s webhooks arrive (subscribe again: `POST /v1/organizations/{id}/business_accounts/{wabaId}/subscribe`); `check_failed`: Meta did not answer the check (`error`); `unknown`: not checked yet
       * @enum {string}
       */
      status: 'subscribed' | 'missing' | 'check_failed' | 'unknown';
      /** Format: date-time */
      checked_at: string | null;
      /** @description Why the last check failed (Meta’s answer) */
      error: string | null;
    };
    BusinessAccountDto: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The organization
       */
      tenant_id: string;
      /** @example 102290129340398 */
      waba_id: string;
      /** @example Acme support */
      name: string;
      /** @description Whether the gateway's Meta app is subscribed to the account's webhooks, as last checked (onboarding subscribes it; a periodic check reads it again) */
      app_subscription: components['schemas']['AppSubscriptionDto'];
      /**
       * Format: date-time
       * @description When the business removed the gateway's app from the account (Meta's account_update PARTNER_REMOVED): its numbers send nothing until it is connected again
       */
      partner_removed_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    BusinessAccountPageDto: {
      data: components['schemas']['BusinessAccountDto'][];
      paging: components['schemas']['PagingDto'];
    };
    UpdateBusinessAccountDto: {
      /** @example Acme support */
      name?: string;
      /** @description A new upstream access token (for example after rotating the system user token); write-only */
      access_token?: string;
    };
    CreatePhoneNumberDto: {
      /**
       * @description The business account the number belongs to (registered in this organization)
       * @example 102290129340398
       */
      waba_id: string;
      /**
       * @description Meta's phone number id, as used in `/{phone-number-id}/messages`
       * @example 106540352242922
       */
      phone_number_id: string;
      /** @example +1 555 010 0001 */
      display_phone_number: string;
      /**
       * @description Refuse non-template sends outside the 24-hour window locally (131026); off for numbers whose webhooks do not reach the gateway
       * @default true
       */
      enforce_service_window?: boolean;
    };
    PhoneNumberDto: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      tenant_id: string;
      /**
       * Format: uuid
       * @description The gateway's id of the business account
       */
      business_account_id: string;
      /** @example 106540352242922 */
      phone_number_id: string;
      /** @example +1 555 010 0001 */
      display_phone_number: string;
      enforce_service_window: boolean;
      /**
       * @description Meta's throughput level, as last learned
       * @example STANDARD
       */
      throughput_level: string | null;
      /** @description Shared with the WhatsApp Business app (20 messages per second) */
      is_on_biz_app: boolean | null;
      /** @example TIER_1K */
      messaging_limit_tier: string | null;
      /** @example GREEN */
      quality_rating: string | null;
      /**
       * Format: date-time
       * @description When the limits above were read from Meta
       */
      limits_learned_at: string | null;
      /** @description An operator's messages per second for this number */
      throughput_override_mps: number | null;
      /** Format: date-time */
      created_at: string;
    };
    PhoneNumberPageDto: {
      data: components['schemas']['PhoneNumberDto'][];
      paging: components['schemas']['PagingDto'];
    };
    UpdatePhoneNumberSettingsDto: {
      /** @example +1 555 010 0001 */
      display_phone_number?: string;
      enforce_service_window?: boolean;
      /** @description Messages per second to pace this number at, in place of what Meta's throughput level gives (null: Meta's level again). Meta still refuses anything above its own level. */
      throughput_override_mps?: number | null;
    };
    AuditActorDto: {
      /**
       * @description The person whose console session made the change (null: a machine's key)
       * @example maria@shop.example
       */
      person: string | null;
      /**
       * Format: uuid
       * @description The key it was made with (a person's: their membership's)
       */
      key_id: string;
      /**
       * @description The key's display prefix, never its text
       * @example svc_live_AbCdEf
       */
      key_prefix: string;
      /** @enum {string} */
      key_kind: 'org' | 'admin' | 'platform';
      /** @example 203.0.113.7 */
      ip: string | null;
    };
    AuditEntryDto: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The organization the change belongs to
       */
      organization_id: string | null;
      /**
       * @description `<capability>.<verb>`
       * @example webhooks.create
       */
      action: string;
      actor: components['schemas']['AuditActorDto'];
      /** @example POST */
      method: string;
      /** @example /v1/webhooks */
      path: string;
      /** @description What changed: the answer's id, else the path's last id */
      target_id: string | null;
      /** @example 201 */
      status_code: number;
      /**
       * @description What the write asked for (`query`, `body`): secrets replaced by "[redacted]", lists past 20 items and texts past 1,000 characters shortened
       * @example {
       *       "body": {
       *         "url": "https://example.com/hook",
       *         "events": [
       *           "messages"
       *         ],
       *         "secret": "[redacted]"
       *       }
       *     }
       */
      changes: {
        [key: string]: unknown;
      } | null;
      request_id: string | null;
      /** Format: date-time */
      created_at: string;
    };
    AuditLogPageDto: {
      data: components['schemas']['AuditEntryDto'][];
      paging: components['schemas']['PagingDto'];
    };
    CreateWebhookEndpointDto: {
      /**
       * @description Where events are POSTed. `https`, except loopback and private addresses where the gateway allows them for development (WEBHOOK_ALLOW_PRIVATE_URLS); never a link-local or metadata address, nor the gateway itself.
       * @example https://example.com/whatsapp/webhook
       */
      url: string;
      /**
       * @description Meta's webhook fields to receive; omitted: all of them.
       * @example [
       *       "messages",
       *       "message_template_status_update"
       *     ]
       */
      events?: (
        | 'messages'
        | 'message_template_status_update'
        | 'message_template_quality_update'
        | 'message_template_components_update'
        | 'template_category_update'
        | 'phone_number_quality_update'
        | 'phone_number_name_update'
        | 'account_update'
        | 'account_alerts'
        | 'account_review_update'
        | 'business_capability_update'
        | 'business_status_update'
        | 'message_echoes'
        | 'flows'
        | 'security'
        | 'history'
        | 'smb_app_state_sync'
        | 'smb_message_echoes'
        | 'user_preferences'
        | 'partner_solutions'
        | 'payment_configuration_update'
        | 'campaign_status_update'
        | 'broadcast_status_update'
        | 'contact_opt_out_update'
        | 'usage_update'
        | 'conversation_update'
      )[];
      /**
       * @description Only events of these phone numbers of the organization (events about no number, such as template reviews, still come); omitted: every number. A key limited to some numbers can only select among them, and selects exactly them when this is omitted.
       * @example [
       *       "106540352242922"
       *     ]
       */
      phone_number_ids?: string[];
      /** @example CRM inbox */
      description?: string;
      /**
       * @description The signing secret; omitted: one is generated (`whsec_…`). Set it to your Meta app secret and your existing X-Hub-Signature-256 check works unchanged. Returned in full only now and on rotation.
       * @example my-meta-app-secret-0123456789
       */
      secret?: string;
    };
    WebhookEndpointWithSecretDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description `custom`: made with /v1/webhooks; `waba_override` / `phone_override`: made the Meta way (subscribed_apps, webhook_configuration)
       * @enum {string}
       */
      kind: 'custom' | 'waba_override' | 'phone_override';
      /** @example https://example.com/whatsapp/webhook */
      url: string;
      description: string | null;
      /** @description null: all fields */
      events: string[] | null;
      /** @description null: every number */
      phone_number_ids: string[] | null;
      /** @description Meta-style overrides: the business account they belong to */
      waba_id: string | null;
      /** @enum {string} */
      status: 'active' | 'disabled';
      /** @example the endpoint answered 410 Gone */
      disabled_reason: string | null;
      /**
       * @description Failed attempts in a row; past a threshold the endpoint is slowed to one probe at a time
       * @example 0
       */
      consecutive_failures: number;
      /**
       * @description The last characters of the secret, to recognise it
       * @example …Q2x=
       */
      secret_hint: string;
      /**
       * Format: date-time
       * @description While a rotation overlaps: when the old secret stops signing beside the current one
       */
      previous_secret_expires_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /**
       * @description The signing secret, shown in full only here
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    WebhookEndpointDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description `custom`: made with /v1/webhooks; `waba_override` / `phone_override`: made the Meta way (subscribed_apps, webhook_configuration)
       * @enum {string}
       */
      kind: 'custom' | 'waba_override' | 'phone_override';
      /** @example https://example.com/whatsapp/webhook */
      url: string;
      description: string | null;
      /** @description null: all fields */
      events: string[] | null;
      /** @description null: every number */
      phone_number_ids: string[] | null;
      /** @description Meta-style overrides: the business account they belong to */
      waba_id: string | null;
      /** @enum {string} */
      status: 'active' | 'disabled';
      /** @example the endpoint answered 410 Gone */
      disabled_reason: string | null;
      /**
       * @description Failed attempts in a row; past a threshold the endpoint is slowed to one probe at a time
       * @example 0
       */
      consecutive_failures: number;
      /**
       * @description The last characters of the secret, to recognise it
       * @example …Q2x=
       */
      secret_hint: string;
      /**
       * Format: date-time
       * @description While a rotation overlaps: when the old secret stops signing beside the current one
       */
      previous_secret_expires_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    WebhookEndpointPageDto: {
      data: components['schemas']['WebhookEndpointDto'][];
      paging: components['schemas']['PagingDto'];
    };
    UpdateWebhookEndpointDto: {
      /**
       * @description Where events are POSTed. `https`, except loopback and private addresses where the gateway allows them for development (WEBHOOK_ALLOW_PRIVATE_URLS); never a link-local or metadata address, nor the gateway itself.
       * @example https://example.com/whatsapp/webhook
       */
      url?: string;
      /** @description null: all fields */
      events?:
        | (
            | 'messages'
            | 'message_template_status_update'
            | 'message_template_quality_update'
            | 'message_template_components_update'
            | 'template_category_update'
            | 'phone_number_quality_update'
            | 'phone_number_name_update'
            | 'account_update'
            | 'account_alerts'
            | 'account_review_update'
            | 'business_capability_update'
            | 'business_status_update'
            | 'message_echoes'
            | 'flows'
            | 'security'
            | 'history'
            | 'smb_app_state_sync'
            | 'smb_message_echoes'
            | 'user_preferences'
            | 'partner_solutions'
            | 'payment_configuration_update'
            | 'campaign_status_update'
            | 'broadcast_status_update'
            | 'contact_opt_out_update'
            | 'usage_update'
            | 'conversation_update'
          )[]
        | null;
      /** @description null: every number the key may reach */
      phone_number_ids?: string[] | null;
      description?: string | null;
      /**
       * @description Disable to stop deliveries (pending ones fail and can be redelivered); enable to resume (clears the failure streak).
       * @enum {string}
       */
      status?: 'active' | 'disabled';
    };
    RotateWebhookSecretDto: {
      /** @description The new secret; omitted: one is generated. */
      secret?: string;
      /**
       * @description How long the old secret keeps signing beside the new one (each attempt carries both signatures in `webhook-signature`, as Standard Webhooks allows); 0: it stops at once. `X-Hub-Signature-256` holds one signature, always the new secret's.
       * @default 0
       */
      overlap_seconds?: number;
    };
    TestWebhookDto: {
      /**
       * @description The kind of sample event
       * @default messages
       * @enum {string}
       */
      field?: 'messages' | 'message_template_status_update';
    };
    WebhookAttemptDto: {
      /** Format: date-time */
      at: string;
      /**
       * @description HTTP status answered; null when none came (timeout, refused connection)
       * @example 503
       */
      status_code: number | null;
      /** @example HTTP 503: upstream unavailable */
      error: string | null;
      /** @example 42 */
      latency_ms: number;
    };
    WebhookDeliveryDto: {
      /**
       * Format: uuid
       * @description Also the `webhook-id` header of every attempt
       */
      id: string;
      /** Format: uuid */
      endpoint_id: string;
      /**
       * @description Meta's webhook field of the event
       * @example messages
       */
      event: string;
      /**
       * Format: uuid
       * @description The upstream event (null for test events)
       */
      event_id: string | null;
      /** @example false */
      test: boolean;
      /** @enum {string} */
      status: 'pending' | 'delivered' | 'failed';
      /** @example 2 */
      attempts: number;
      /** @description Every attempt, oldest first */
      attempt_log: components['schemas']['WebhookAttemptDto'][];
      last_status_code: number | null;
      last_error: string | null;
      /**
       * Format: date-time
       * @description When the next attempt is due (pending only)
       */
      next_attempt_at: string | null;
      /** Format: date-time */
      delivered_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** @description The body sent: Meta's webhook envelope */
      payload: {
        [key: string]: unknown;
      };
    };
    WebhookDeliveryPageDto: {
      data: components['schemas']['WebhookDeliveryDto'][];
      paging: components['schemas']['PagingDto'];
    };
    RedeliverFailedDto: {
      /**
       * Format: date-time
       * @description Failed deliveries created at or after this time
       */
      since?: string;
      /**
       * Format: date-time
       * @description Failed deliveries created before this time
       */
      until?: string;
    };
    RedeliveredDto: {
      /**
       * @description Failed deliveries made pending again, oldest first
       * @example 42
       */
      redelivered: number;
      /** @description Whether failed deliveries are left in the range (at most 10,000 are taken a call) */
      has_more: boolean;
    };
    WebhookDeliveryListDto: {
      data: components['schemas']['WebhookDeliveryDto'][];
    };
    SubscribeAppDto: {
      /**
       * @description The callback for this business account; omitted: no override
       * @example https://example.com/whatsapp/webhook
       */
      override_callback_uri?: string;
      /**
       * @description Echoed to the callback in the hub.challenge handshake
       * @example my-verify-token
       */
      verify_token?: string;
      /** @description Gateway extension: the signing secret (for example your Meta app secret); omitted: generated and returned once */
      secret?: string;
    };
    SubscriptionResultDto: {
      /** @example true */
      success: boolean;
      /**
       * Format: uuid
       * @description Gateway extension: the endpoint this made (see /v1/webhooks)
       */
      webhook_id?: string;
      /** @description Gateway extension: the generated signing secret, shown once (absent when you gave one) */
      secret?: string;
    };
    MessageContextDto: {
      /**
       * @description The message (wamid) this one replies to.
       * @example wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA
       */
      message_id: string;
    };
    TextObjectDto: {
      /**
       * @description Message text, 1 to 4096 characters; may contain URLs and formatting.
       * @example Hello! Your order #1042 has shipped.
       */
      body: string;
      /**
       * @description Render a link preview for the first URL in the body.
       * @example false
       */
      preview_url?: boolean;
    };
    ImageObjectDto: {
      /**
       * @description Media ID of a previously uploaded item. Exactly one of id or link.
       * @example 1479537139650973
       */
      id?: string;
      /**
       * @description Public http(s) URL Meta downloads the media from. Exactly one of id or link.
       * @example https://example.com/media/summer-sale.jpg
       */
      link?: string;
      /**
       * @description Caption shown under the media, up to 1024 characters.
       * @example Our summer sale starts today!
       */
      caption?: string;
    };
    DocumentObjectDto: {
      /**
       * @description Media ID of a previously uploaded item. Exactly one of id or link.
       * @example 1479537139650973
       */
      id?: string;
      /**
       * @description Public http(s) URL Meta downloads the media from. Exactly one of id or link.
       * @example https://example.com/media/summer-sale.jpg
       */
      link?: string;
      /**
       * @description Caption shown under the media, up to 1024 characters.
       * @example Our summer sale starts today!
       */
      caption?: string;
      /**
       * @description File name shown to the recipient (and its extension decides the icon).
       * @example invoice-1042.pdf
       */
      filename?: string;
    };
    VideoObjectDto: {
      /**
       * @description Media ID of a previously uploaded item. Exactly one of id or link.
       * @example 1479537139650973
       */
      id?: string;
      /**
       * @description Public http(s) URL Meta downloads the media from. Exactly one of id or link.
       * @example https://example.com/media/summer-sale.jpg
       */
      link?: string;
      /**
       * @description Caption shown under the media, up to 1024 characters.
       * @example Our summer sale starts today!
       */
      caption?: string;
    };
    AudioObjectDto: {
      /**
       * @description Media ID of a previously uploaded item. Exactly one of id or link.
       * @example 1479537139650973
       */
      id?: string;
      /**
       * @description Public http(s) URL Meta downloads the media from. Exactly one of id or link.
       * @example https://example.com/media/summer-sale.jpg
       */
      link?: string;
      /**
       * @deprecated
       * @description Not accepted: audio messages take no caption.
       */
      caption?: string;
    };
    StickerObjectDto: {
      /**
       * @description Media ID of a previously uploaded item. Exactly one of id or link.
       * @example 1479537139650973
       */
      id?: string;
      /**
       * @description Public http(s) URL Meta downloads the media from. Exactly one of id or link.
       * @example https://example.com/media/summer-sale.jpg
       */
      link?: string;
      /**
       * @deprecated
       * @description Not accepted: stickers take no caption.
       */
      caption?: string;
    };
    LocationObjectDto: {
      /**
       * @description Latitude in degrees, -90 to 90.
       * @example 37.758056
       */
      latitude: number;
      /**
       * @description Longitude in degrees, -180 to 180.
       * @example -122.425332
       */
      longitude: number;
      /** @example META HQ */
      name?: string;
      /** @example 1 Hacker Way, Menlo Park, CA 94025 */
      address?: string;
    };
    ContactNameDto: {
      /**
       * @description Full name as it should be displayed.
       * @example John Smith
       */
      formatted_name: string;
      /** @example John */
      first_name?: string;
      /** @example Smith */
      last_name?: string;
      /** @example D. */
      middle_name?: string;
      /** @example Jr */
      suffix?: string;
      /** @example Dr */
      prefix?: string;
    };
    ContactObjectDto: {
      name: components['schemas']['ContactNameDto'];
      /**
       * @description Entries like { phone, type: HOME|WORK, wa_id }.
       * @example [
       *       {
       *         "phone": "+1 (650) 555-1234",
       *         "type": "WORK",
       *         "wa_id": "16505551234"
       *       }
       *     ]
       */
      phones?: {
        [key: string]: unknown;
      }[];
      /**
       * @description Entries like { email, type: HOME|WORK }.
       * @example [
       *       {
       *         "email": "john@example.com",
       *         "type": "WORK"
       *       }
       *     ]
       */
      emails?: {
        [key: string]: unknown;
      }[];
      /**
       * @description Entries like { url, type: HOME|WORK }.
       * @example [
       *       {
       *         "url": "https://www.example.com",
       *         "type": "WORK"
       *       }
       *     ]
       */
      urls?: {
        [key: string]: unknown;
      }[];
      /**
       * @description Entries like { street, city, state, zip, country, country_code, type: HOME|WORK }.
       * @example [
       *       {
       *         "street": "1 Hacker Way",
       *         "city": "Menlo Park",
       *         "state": "CA",
       *         "zip": "94025",
       *         "country": "United States",
       *         "country_code": "us",
       *         "type": "WORK"
       *       }
       *     ]
       */
      addresses?: {
        [key: string]: unknown;
      }[];
      /**
       * @description Like { company, department, title }.
       * @example {
       *       "company": "WhatsApp",
       *       "department": "Design",
       *       "title": "Manager"
       *     }
       */
      org?: {
        [key: string]: unknown;
      };
      /**
       * @description YYYY-MM-DD.
       * @example 2012-08-18
       */
      birthday?: string;
    };
    ReactionObjectDto: {
      /**
       * @description The message (wamid) being reacted to.
       * @example wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA
       */
      message_id: string;
      /**
       * @description The emoji; an empty string removes the reaction.
       * @example 😀
       */
      emoji: string;
    };
    ReplyDto: {
      /**
       * @description Returned in the reply webhook; 1 to 256 characters.
       * @example confirm-yes
       */
      id: string;
      /**
       * @description Button label, 1 to 20 characters.
       * @example Yes
       */
      title: string;
    };
    ReplyButtonDto: {
      /**
       * @example reply
       * @enum {string}
       */
      type: 'reply';
      reply: components['schemas']['ReplyDto'];
    };
    ReplyButtonsActionDto: {
      buttons: components['schemas']['ReplyButtonDto'][];
    };
    ListRowDto: {
      /**
       * @description 1 to 200 characters.
       * @example pizza-margherita
       */
      id: string;
      /**
       * @description 1 to 24 characters.
       * @example Margherita
       */
      title: string;
      /**
       * @description Up to 72 characters.
       * @example Tomato, mozzarella and basil
       */
      description?: string;
    };
    ListSectionDto: {
      /**
       * @description Up to 24 characters; Meta requires it when there are several sections.
       * @example Pizzas
       */
      title?: string;
      rows: components['schemas']['ListRowDto'][];
    };
    ListActionDto: {
      /**
       * @description Label of the button that opens the list, 1 to 20 characters.
       * @example View options
       */
      button: string;
      /** @description At most 10 rows across all sections. */
      sections: components['schemas']['ListSectionDto'][];
    };
    CtaUrlParametersDto: {
      /**
       * @description Button label, 1 to 20 characters.
       * @example See dates
       */
      display_text: string;
      /**
       * @description http(s) URL opened when the button is tapped.
       * @example https://example.com/events?ref=wa
       */
      url: string;
    };
    CtaUrlActionDto: {
      /**
       * @example cta_url
       * @enum {string}
       */
      name: 'cta_url';
      parameters: components['schemas']['CtaUrlParametersDto'];
    };
    FlowParametersDto: {
      /**
       * @description Flow message version; "3" today.
       * @example 3
       */
      flow_message_version: string;
      /**
       * @description Text of the button that opens the Flow (advised 30 characters or fewer).
       * @example Book now
       */
      flow_cta: string;
      /**
       * @description Flow ID. Exactly one of flow_id or flow_name.
       * @example 1256843372179458
       */
      flow_id?: string;
      /**
       * @description Flow name. Exactly one of flow_id or flow_name.
       * @example appointment_booking
       */
      flow_name?: string;
      /**
       * @description Token identifying this Flow session, echoed in the completion webhook.
       * @example flow-token-8f14e45f
       */
      flow_token?: string;
      /**
       * @example published
       * @enum {string}
       */
      mode?: 'draft' | 'published';
      /**
       * @example navigate
       * @enum {string}
       */
      flow_action?: 'navigate' | 'data_exchange';
      /**
       * @example {
       *       "screen": "WELCOME_SCREEN",
       *       "data": {
       *         "customer_name": "Alex"
       *       }
       *     }
       */
      flow_action_payload?: {
        [key: string]: unknown;
      };
    };
    FlowActionDto: {
      /**
       * @example flow
       * @enum {string}
       */
      name: 'flow';
      parameters: components['schemas']['FlowParametersDto'];
    };
    ProductActionDto: {
      /** @example 367025965434465 */
      catalog_id: string;
      /** @example tshirt-blue-m */
      product_retailer_id: string;
    };
    ProductItemDto: {
      /** @example tshirt-blue-m */
      product_retailer_id: string;
    };
    ProductSectionDto: {
      /**
       * @description Up to 24 characters; Meta requires it when there are several sections.
       * @example T-shirts
       */
      title?: string;
      product_items: components['schemas']['ProductItemDto'][];
    };
    ProductListActionDto: {
      /** @example 146265584024623 */
      catalog_id: string;
      /** @description At most 30 products across all sections. */
      sections: components['schemas']['ProductSectionDto'][];
    };
    CatalogMessageActionDto: {
      /**
       * @example catalog_message
       * @enum {string}
       */
      name: 'catalog_message';
      parameters?: {
        [key: string]: unknown;
      };
    };
    LocationRequestActionDto: {
      /**
       * @example send_location
       * @enum {string}
       */
      name: 'send_location';
      parameters?: {
        [key: string]: unknown;
      };
    };
    AddressMessageActionDto: {
      /**
       * @example address_message
       * @enum {string}
       */
      name: 'address_message';
      parameters: {
        [key: string]: unknown;
      };
    };
    CallPermissionRequestActionDto: {
      /**
       * @example call_permission_request
       * @enum {string}
       */
      name: 'call_permission_request';
      parameters?: {
        [key: string]: unknown;
      };
    };
    OrderDetailsActionDto: {
      /**
       * @example review_and_pay
       * @enum {string}
       */
      name: 'review_and_pay';
      parameters: {
        [key: string]: unknown;
      };
    };
    OrderStatusActionDto: {
      /**
       * @example review_order
       * @enum {string}
       */
      name: 'review_order';
      parameters: {
        [key: string]: unknown;
      };
    };
    VoiceCallActionDto: {
      /**
       * @example voice_call
       * @enum {string}
       */
      name: 'voice_call';
      parameters?: {
        [key: string]: unknown;
      };
    };
    InteractiveActionDto: {
      /** @example cta_url */
      name?: string;
      parameters?: {
        [key: string]: unknown;
      };
    };
    MediaObjectDto: {
      /**
       * @description Media ID of a previously uploaded item. Exactly one of id or link.
       * @example 1479537139650973
       */
      id?: string;
      /**
       * @description Public http(s) URL Meta downloads the media from. Exactly one of id or link.
       * @example https://example.com/media/summer-sale.jpg
       */
      link?: string;
    };
    InteractiveHeaderDto: {
      /**
       * @example text
       * @enum {string}
       */
      type: 'text' | 'image' | 'video' | 'document';
      /**
       * @description Required when type is text; up to 60 characters.
       * @example Luigi's Pizzeria
       */
      text?: string;
      /** @description Required when type is image. */
      image?: components['schemas']['MediaObjectDto'];
      /** @description Required when type is video. */
      video?: components['schemas']['MediaObjectDto'];
      /** @description Required when type is document. */
      document?: components['schemas']['MediaObjectDto'];
    };
    InteractiveBodyDto: {
      /**
       * @description Body text, 1 to 4096 characters (1024 for some kinds).
       * @example What would you like to order today?
       */
      text: string;
    };
    InteractiveFooterDto: {
      /**
       * @description Footer text, up to 60 characters.
       * @example Reply STOP to opt out
       */
      text: string;
    };
    InteractiveObjectDto: {
      /**
       * @example button
       * @enum {string}
       */
      type:
        | 'button'
        | 'list'
        | 'cta_url'
        | 'product'
        | 'product_list'
        | 'catalog_message'
        | 'flow'
        | 'location_request_message'
        | 'address_message'
        | 'call_permission_request'
        | 'order_details'
        | 'order_status'
        | 'voice_call'
        | 'carousel';
      /** @description Required for product_list. */
      header?: components['schemas']['InteractiveHeaderDto'];
      /** @description Required for button, list, cta_url, product_list, catalog_message, location_request_message. */
      body?: components['schemas']['InteractiveBodyDto'];
      footer?: components['schemas']['InteractiveFooterDto'];
      /** @description Shape depends on type: buttons (button), button + sections (list), name + parameters (cta_url, flow, catalog_message, ...), catalog_id (product, product_list). */
      action:
        | components['schemas']['ReplyButtonsActionDto']
        | components['schemas']['ListActionDto']
        | components['schemas']['CtaUrlActionDto']
        | components['schemas']['FlowActionDto']
        | components['schemas']['ProductActionDto']
        | components['schemas']['ProductListActionDto']
        | components['schemas']['CatalogMessageActionDto']
        | components['schemas']['LocationRequestActionDto']
        | components['schemas']['AddressMessageActionDto']
        | components['schemas']['CallPermissionRequestActionDto']
        | components['schemas']['OrderDetailsActionDto']
        | components['schemas']['OrderStatusActionDto']
        | components['schemas']['VoiceCallActionDto']
        | components['schemas']['InteractiveActionDto'];
    };
    TemplateLanguageDto: {
      /**
       * @description Language or locale code of the approved template.
       * @example en_US
       */
      code: string;
      /**
       * @description Language policy; Meta only documents "deterministic".
       * @example deterministic
       */
      policy?: string;
    };
    TemplateParameterDto: {
      /**
       * @example text
       * @enum {string}
       */
      type:
        | 'text'
        | 'currency'
        | 'date_time'
        | 'image'
        | 'document'
        | 'video'
        | 'location'
        | 'payload'
        | 'action'
        | 'coupon_code'
        | 'limited_time_offer'
        | 'product'
        | 'order_status'
        | 'tap_target_configuration';
      /**
       * @description Named templates only: the placeholder this value fills.
       * @example customer_name
       */
      parameter_name?: string;
      /**
       * @description For type=text (also the URL suffix or one-time code of a button).
       * @example Alex
       */
      text?: string;
      /**
       * @description For type=payload (quick-reply buttons).
       * @example UNSUBSCRIBE_PROMOTIONS
       */
      payload?: string;
      /**
       * @example {
       *       "fallback_value": "$100.99",
       *       "code": "USD",
       *       "amount_1000": 100990
       *     }
       */
      currency?: {
        [key: string]: unknown;
      };
      /**
       * @example {
       *       "fallback_value": "February 25, 1977"
       *     }
       */
      date_time?: {
        [key: string]: unknown;
      };
      /**
       * @example {
       *       "link": "https://example.com/media/summer-sale.jpg"
       *     }
       */
      image?: {
        [key: string]: unknown;
      };
      /**
       * @example {
       *       "id": "1376223850470843",
       *       "filename": "invoice-1042.pdf"
       *     }
       */
      document?: {
        [key: string]: unknown;
      };
      /**
       * @example {
       *       "link": "https://example.com/media/product-tour.mp4"
       *     }
       */
      video?: {
        [key: string]: unknown;
      };
      /**
       * @example {
       *       "latitude": 37.483307,
       *       "longitude": -122.148981,
       *       "name": "Pablo Morales",
       *       "address": "1 Hacker Way"
       *     }
       */
      location?: {
        [key: string]: unknown;
      };
      /**
       * @example {
       *       "flow_token": "flow-token-8f14e45f"
       *     }
       */
      action?: {
        [key: string]: unknown;
      };
      /**
       * @description For type=coupon_code (copy-code buttons).
       * @example SUMMER25
       */
      coupon_code?: string;
      /**
       * @example {
       *       "expiration_time_ms": 1726559999000
       *     }
       */
      limited_time_offer?: {
        [key: string]: unknown;
      };
      /**
       * @example {
       *       "product_retailer_id": "tshirt-blue-m",
       *       "catalog_id": "146265584024623"
       *     }
       */
      product?: {
        [key: string]: unknown;
      };
      order_status?: {
        [key: string]: unknown;
      };
      tap_target_configuration?: {
        [key: string]: unknown;
      };
    };
    TemplateComponentDto: {
      /**
       * @example body
       * @enum {string}
       */
      type: 'header' | 'body' | 'footer' | 'button' | 'carousel' | 'limited_time_offer';
      /**
       * @description Buttons only (required there): quick_reply, url, copy_code, flow, catalog, ...
       * @example quick_reply
       */
      sub_type?: string;
      /**
       * @description Buttons only (required there): 0-based position in the template definition, as a string or number.
       * @example 0
       */
      index?: string | number;
      parameters?: components['schemas']['TemplateParameterDto'][];
      /** @description Carousel components: the cards and their components. */
      cards?: {
        [key: string]: unknown;
      }[];
    };
    TemplateObjectDto: {
      /**
       * @description Name of an APPROVED template. Exactly one of name or group_name.
       * @example order_shipped
       */
      name?: string;
      /**
       * @description Smart template group, in place of name.
       * @example order_updates
       */
      group_name?: string;
      language: components['schemas']['TemplateLanguageDto'];
      /** @description Any order; by convention header, body, buttons. */
      components?: components['schemas']['TemplateComponentDto'][];
    };
    TypingIndicatorDto: {
      /**
       * @example text
       * @enum {string}
       */
      type: 'text';
    };
    SendMessageDto: {
      /**
       * @example whatsapp
       * @enum {string}
       */
      messaging_product: 'whatsapp';
      /**
       * @default individual
       * @example individual
       * @enum {string}
       */
      recipient_type?: 'individual' | 'group';
      /**
       * @description Sends (required): recipient phone number in E.164 form, with or without "+" (a group id when recipient_type is group).
       * @example 15551234567
       */
      to?: string;
      /**
       * @description Sends: the message type; an object of the same name carries the content.
       * @default text
       * @example text
       * @enum {string}
       */
      type?:
        | 'text'
        | 'image'
        | 'document'
        | 'video'
        | 'audio'
        | 'sticker'
        | 'location'
        | 'contacts'
        | 'reaction'
        | 'interactive'
        | 'template';
      /** @description Sends: quote an earlier message. */
      context?: components['schemas']['MessageContextDto'];
      /**
       * @description Sends: opaque data echoed, unchanged, in status webhooks and in the message record; up to 470 characters (Meta allows 512, and the gateway's own reference to the record takes 42).
       * @example order-1042
       */
      biz_opaque_callback_data?: string;
      /** @description Required when type is text (or absent). */
      text?: components['schemas']['TextObjectDto'];
      /** @description Required when type is image. */
      image?: components['schemas']['ImageObjectDto'];
      /** @description Required when type is document. */
      document?: components['schemas']['DocumentObjectDto'];
      /** @description Required when type is video. */
      video?: components['schemas']['VideoObjectDto'];
      /** @description Required when type is audio. */
      audio?: components['schemas']['AudioObjectDto'];
      /** @description Required when type is sticker. */
      sticker?: components['schemas']['StickerObjectDto'];
      /** @description Required when type is location. */
      location?: components['schemas']['LocationObjectDto'];
      /** @description Required when type is contacts: at least one contact card. */
      contacts?: components['schemas']['ContactObjectDto'][];
      /** @description Required when type is reaction. */
      reaction?: components['schemas']['ReactionObjectDto'];
      /** @description Required when type is interactive. */
      interactive?: components['schemas']['InteractiveObjectDto'];
      /** @description Required when type is template. */
      template?: components['schemas']['TemplateObjectDto'];
      /**
       * @description Mark-as-read only: makes this body a read receipt for message_id.
       * @example read
       * @enum {string}
       */
      status?: 'read';
      /**
       * @description Mark-as-read (required): the inbound message (wamid) to mark as read.
       * @example wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA
       */
      message_id?: string;
      /** @description Mark-as-read: also show a typing indicator. */
      typing_indicator?: components['schemas']['TypingIndicatorDto'];
    };
    SentContactDto: {
      /**
       * @description `to` as given
       * @example +1 555 123 4567
       */
      input: string;
      /** @example 15551234567 */
      wa_id: string;
    };
    SentMessageDto: {
      /** @example wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1 */
      id: string;
      /**
       * @description A template's: Meta's `message_status`
       * @example accepted
       */
      message_status?: string;
    };
    SendResponseDto: {
      /** @example whatsapp */
      messaging_product: string;
      contacts: components['schemas']['SentContactDto'][];
      messages: components['schemas']['SentMessageDto'][];
    };
    StatusChangeDto: {
      /** @enum {string} */
      status: 'pending' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
      /** Format: date-time */
      timestamp: string;
      /** @description conversation, pricing, errors as upstream reported them; the error of a failed send */
      details?: {
        [key: string]: unknown;
      };
    };
    MessageRecordDto: {
      /**
       * Format: uuid
       * @description The gateway's id of the message
       */
      id: string;
      /**
       * @description The upstream message id
       * @example wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1
       */
      wamid?: string | null;
      /** @example 106540352242922 */
      phone_number_id: string;
      /** @example 15551234567 */
      recipient: string;
      /** @example text */
      type: string;
      /**
       * @description The furthest status reached
       * @enum {string}
       */
      status: 'pending' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
      /** @description The upstream error of a failed send */
      error?: {
        [key: string]: unknown;
      } | null;
      idempotency_key?: string | null;
      /**
       * Format: uuid
       * @description The broadcast it was sent for
       */
      broadcast_id: string | null;
      /**
       * Format: date-time
       * @description When the upstream outcome of the send became unknown (no answer in time, or the instance died); its status webhooks then settle it, or after SEND_OUTCOME_TIMEOUT_SECONDS it is failed with reason outcome_unknown
       */
      outcome_unknown_at?: string | null;
      /** @description The body sent upstream (the client's own `biz_opaque_callback_data`, without the gateway's reference) */
      payload: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description Every status reached, in status order, with its time (on GET of one message) */
      history?: components['schemas']['StatusChangeDto'][];
    };
    ErrorCountDto: {
      /** @example 131026 */
      code: number;
      /**
       * @description Meta's title of the code, where the gateway knows it
       * @example Message undeliverable
       */
      title: string;
      /** @example 3 */
      count: number;
    };
    MessageStatisticsDto: {
      /**
       * Format: date-time
       * @description Start of the window (messages created since)
       */
      since: string;
      /**
       * @description Messages sent in the window by their current status (statuses with none are left out)
       * @example {
       *       "accepted": 2,
       *       "sent": 10,
       *       "delivered": 40,
       *       "read": 120,
       *       "failed": 3
       *     }
       */
      by_status: {
        [key: string]: number;
      };
      /** @description The most frequent error codes of failed messages, at most 5 */
      top_errors: components['schemas']['ErrorCountDto'][];
    };
    InboundMessageDto: {
      /**
       * @description Meta's message id
       * @example wamid.HBgLMTU1NTEyMzQ1NjcVAgASGBQzQUY
       */
      id: string;
      /**
       * @description The customer's WhatsApp id
       * @example 15551234567
       */
      from: string;
      /** @enum {string} */
      type:
        | 'text'
        | 'image'
        | 'audio'
        | 'video'
        | 'document'
        | 'sticker'
        | 'location'
        | 'contacts'
        | 'button'
        | 'interactive'
        | 'reaction'
        | 'order'
        | 'system'
        | 'unsupported';
      /**
       * Format: date-time
       * @description Meta's time of the message
       */
      timestamp: string;
      /**
       * Format: date-time
       * @description When the gateway received it
       */
      received_at: string;
      /** @description A quick-reply button tap: its payload */
      button_payload: string | null;
      /** @description The message object as Meta sent it in the webhook (its media ids read with GET /v1/{media-id}) */
      message: {
        [key: string]: unknown;
      };
    };
    InboundMessagePageDto: {
      data: components['schemas']['InboundMessageDto'][];
      paging: components['schemas']['PagingDto'];
    };
    LastMessageDto: {
      /** @enum {string} */
      direction: 'inbound' | 'outbound';
      /** @example text */
      type: string;
      /** @description Its text, caption, template name, reply or reaction, up to 100 characters */
      preview: string;
      /** Format: date-time */
      timestamp: string;
      /** @description Meta's message id */
      id: string | null;
    };
    ServiceWindowDto: {
      /** @description Whether free-form messages may be sent now */
      open: boolean;
      /**
       * Format: date-time
       * @description When it closes (null: closed)
       */
      closes_at: string | null;
    };
    ConversationDto: {
      /** @example 15551234567 */
      wa_id: string;
      /** @description The customer's WhatsApp profile name */
      profile_name: string | null;
      last_message: components['schemas']['LastMessageDto'] | null;
      /** @description The customer's messages not read yet */
      unread_count: number;
      window: components['schemas']['ServiceWindowDto'];
      /** @description The customer opted out (an opt-out keyword): marketing templates are refused */
      opted_out: boolean;
      /** @enum {string} */
      status: 'open' | 'pending' | 'snoozed' | 'resolved';
      /**
       * Format: date-time
       * @description When a snooze ends
       */
      snoozed_until: string | null;
      /**
       * Format: uuid
       * @description The member who has it (a user id)
       */
      assignee_id: string | null;
      /** Format: date-time */
      assigned_at: string | null;
      /** Format: uuid */
      team_id: string | null;
      /**
       * Format: date-time
       * @description When it was last resolved
       */
      resolved_at: string | null;
      /**
       * Format: uuid
       * @description Who last resolved it (a member)
       */
      resolved_by: string | null;
    };
    ConversationPageDto: {
      data: components['schemas']['ConversationDto'][];
      paging: components['schemas']['PagingDto'];
    };
    AssignConversationDto: {
      /**
       * Format: uuid
       * @description A member; null: nobody
       */
      assignee_id?: string | null;
      /**
       * Format: uuid
       * @description A team; null: none
       */
      team_id?: string | null;
    };
    SetConversationStatusDto: {
      /** @enum {string} */
      status: 'open' | 'pending' | 'snoozed' | 'resolved';
      /**
       * Format: date-time
       * @description With `snoozed`: when it opens again (within a year)
       */
      snoozed_until?: string;
    };
    ReactionDto: {
      /** @example 👍 */
      emoji: string;
      /** @enum {string} */
      by: 'customer' | 'business';
      /** Format: date-time */
      timestamp: string;
    };
    ThreadMediaDto: {
      /** @description Meta's media id */
      id: string;
      mime_type: string | null;
      /**
       * @description The gateway's download route (the same key reads it)
       * @example /v1/media/123/download
       */
      url: string;
    };
    ThreadMessageDto: {
      /** @description Meta's id (wamid); a send Meta has not accepted has the gateway's record id */
      id: string;
      /** @enum {string} */
      direction: 'inbound' | 'outbound';
      /** @example text */
      type: string;
      /**
       * Format: date-time
       * @description Meta's time (inbound) or the record's (outbound)
       */
      timestamp: string;
      /** @description Outbound: the record status (pending, accepted, sent, delivered, read, failed) */
      status?: string;
      /** @description Outbound: the gateway's record id (GET /v1/{phone}/messages/{id}) */
      record_id?: string;
      /** @description Outbound, failed: the error */
      error?: {
        [key: string]: unknown;
      } | null;
      /** @description Inbound: whether it was marked read */
      read?: boolean;
      /** @description The message it replies to: `{ id }` (a wamid) */
      context: {
        id?: string;
      } | null;
      reactions: components['schemas']['ReactionDto'][];
      media: components['schemas']['ThreadMediaDto'] | null;
      /** @description Meta's message object (inbound) or the send's body (outbound) */
      message: {
        [key: string]: unknown;
      };
    };
    ThreadPagingDto: {
      /** @description `before`: the newest message of the page; `after`: the oldest */
      cursors: {
        before?: string;
        after?: string;
      };
      /** @description Older messages */
      next?: string;
      /** @description Newer messages */
      previous?: string;
    };
    ThreadPageDto: {
      /** @description Newest first */
      data: components['schemas']['ThreadMessageDto'][];
      paging: components['schemas']['ThreadPagingDto'];
    };
    MarkConversationReadDto: {
      /** @description Show the customer the typing indicator (Meta's, up to 25 s or until a reply) */
      typing_indicator?: boolean;
    };
    MarkReadResultDto: {
      /** @example true */
      success: boolean;
      /** @description The message Meta was told is read (null: nothing to read) */
      message_id: string | null;
      /** Format: date-time */
      read_through: string | null;
      unread_count: number;
    };
    FilledSavedReplyDto: {
      /** @example thanks */
      name: string;
      /**
       * @description The text with its variables filled
       * @example Thank you Maria! Sam here.
       */
      text: string;
    };
    CreateNoteDto: {
      /** @example Asked for the invoice: @Maria can you send it? */
      body: string;
      /** @description Members the note mentions (user ids): each is told in the console and by mail */
      mentions?: string[];
    };
    NoteAuthorDto: {
      /**
       * Format: uuid
       * @description The member who wrote it
       */
      user_id: string | null;
      /**
       * Format: uuid
       * @description The machine's key that wrote it (no member)
       */
      key_id: string | null;
    };
    NoteDto: {
      /** Format: uuid */
      id: string;
      /** @example 15551234567 */
      wa_id: string;
      body: string;
      author: components['schemas']['NoteAuthorDto'];
      mentions: string[];
      /** Format: date-time */
      created_at: string;
    };
    NotePageDto: {
      data: components['schemas']['NoteDto'][];
      paging: components['schemas']['PagingDto'];
    };
    MentionDto: {
      /** Format: uuid */
      note_id: string;
      phone_number_id: string;
      wa_id: string;
      /** Format: uuid */
      author_id: string | null;
      body: string;
      /** Format: date-time */
      created_at: string;
      read: boolean;
      /**
       * @description Its mail: sent; pending (being tried, again after a refusal: five tries); failed (the five were refused); off (the gateway sends no mail)
       * @enum {string}
       */
      mail: 'sent' | 'pending' | 'failed' | 'off';
    };
    MentionPageDto: {
      data: components['schemas']['MentionDto'][];
      paging: components['schemas']['PagingDto'];
    };
    MarkMentionsReadDto: {
      /** @description The notes whose mentions are read; all when left out */
      note_ids?: string[];
      /**
       * Format: uuid
       * @description A machine's key: the member whose mentions it marks
       */
      user_id?: string;
    };
    MarkMentionsReadResultDto: {
      /** @description How many mentions were unread and are read now */
      marked: number;
    };
    FirstResponseDto: {
      average_seconds: number | null;
      median_seconds: number | null;
      /** @description Episodes the customer had an answer in (the others were resolved unanswered) */
      answered: number;
    };
    SecondsDto: {
      average_seconds: number | null;
      median_seconds: number | null;
    };
    TeamFigureDto: {
      /** @example 2026-11-28 */
      day: string;
      /**
       * Format: uuid
       * @description With by=agent (null: resolved by a key)
       */
      agent_id?: string | null;
      /**
       * Format: uuid
       * @description With by=team (null: no team)
       */
      team_id?: string | null;
      /** @description With by=number */
      phone_number_id?: string;
      /** @description Conversations resolved (episodes) */
      handled: number;
      first_response: components['schemas']['FirstResponseDto'];
      /** @description From the episode’s first message to its resolution */
      resolution: components['schemas']['SecondsDto'];
    };
    TeamFiguresDto: {
      data: components['schemas']['TeamFigureDto'][];
      /** @example 2026-11-22 */
      since: string;
      /** @example 2026-11-28 */
      until: string;
      /** @enum {string} */
      by: 'agent' | 'team' | 'number';
    };
    BlacklistEntryDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description E.164 digits without the leading +
       * @example 15551234567
       */
      phone_number: string;
      /** @example Asked not to be contacted */
      reason: string | null;
      /**
       * @description Who made the entry: the tenant or an operator (`api`), or the customer's opt-out keyword (`opt_out`)
       * @enum {string}
       */
      source: 'api' | 'opt_out';
      /**
       * Format: date-time
       * @description When the customer opted out (an opt-out keyword): marketing templates are refused whatever filter_blacklist says
       */
      opted_out_at: string | null;
      /** @description The customer's message (wamid) that opted them out */
      opt_out_message_id: string | null;
      /**
       * Format: date-time
       * @description When the number was first added
       */
      created_at: string;
    };
    BlacklistPageDto: {
      data: components['schemas']['BlacklistEntryDto'][];
      paging: components['schemas']['PagingDto'];
    };
    AddBlacklistEntriesDto: {
      /**
       * @description Numbers in E.164 form; a leading + and separators (spaces, dashes, dots, parentheses) are removed. A number given twice (after normalization) counts once.
       * @example [
       *       "15551234567",
       *       "+44 7700 900123"
       *     ]
       */
      phone_numbers: string[];
      /**
       * @description Stored on every number of the request. On a number already blacklisted it replaces the stored reason; omitted, the stored reason stays.
       * @example Asked not to be contacted
       */
      reason?: string;
    };
    AddBlacklistEntriesResponseDto: {
      /** @description One entry per distinct number of the request, in request order */
      data: components['schemas']['BlacklistEntryDto'][];
      /**
       * @description Numbers that were not blacklisted before this request
       * @example 1
       */
      added: number;
      /**
       * @description Numbers that were already blacklisted (their entry is kept)
       * @example 1
       */
      existing: number;
    };
    OptOutSettingsDto: {
      /**
       * @example [
       *       "STOP",
       *       "UNSUBSCRIBE",
       *       "STOP PROMOTIONS"
       *     ]
       */
      opt_out_keywords: string[];
      /**
       * @example [
       *       "START",
       *       "SUBSCRIBE"
       *     ]
       */
      opt_in_keywords: string[];
      /** @description Marketing templates are always refused to opted-out customers; utility ones too? */
      refuse_utility: boolean;
      /** @description Authentication templates too? */
      refuse_authentication: boolean;
      /**
       * Format: date-time
       * @description Null: the defaults, never changed
       */
      updated_at: string | null;
    };
    PutOptOutSettingsDto: {
      /**
       * @description Whole messages that opt a customer out: compared without case, accents, extra spaces or closing punctuation. 1 to 50 keywords of 1 to 30 characters.
       * @example [
       *       "STOP"
       *     ]
       */
      opt_out_keywords?: string[];
      /**
       * @description Whole messages that opt them back in: compared without case, accents, extra spaces or closing punctuation. 1 to 50 keywords of 1 to 30 characters.
       * @example [
       *       "START"
       *     ]
       */
      opt_in_keywords?: string[];
      /** @description Refuse utility templates to opted-out customers too */
      refuse_utility?: boolean;
      /** @description Refuse authentication templates to opted-out customers too */
      refuse_authentication?: boolean;
    };
    MediaIdDto: {
      /**
       * @description Upstream media id: use it as `image.id` (and so on) in a send
       * @example 1037543291543636
       */
      id: string;
    };
    HeaderHandleDto: {
      /**
       * @description Put it in `components[].example.header_handle` of one template create (a handle is used once)
       * @example 4::aW1hZ2UvcG5n:ARZxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
       */
      header_handle: string;
    };
    MediaAssetDto: {
      /**
       * Format: uuid
       * @description Use it as `header_media_file_id` when creating a template
       */
      id: string;
      /** @example brochure.pdf */
      file_name: string;
      /** @example application/pdf */
      mime_type: string;
      /** @example 482113 */
      size_bytes: number;
      /**
       * @description Lower-case hex SHA-256 of the bytes
       * @example d2c8…
       */
      sha256: string;
      /** Format: date-time */
      created_at: string;
    };
    MediaAssetPageDto: {
      data: components['schemas']['MediaAssetDto'][];
      paging: components['schemas']['PagingDto'];
    };
    RateCardDto: {
      /** Format: uuid */
      id: string;
      /** @example USD */
      currency: string;
      /**
       * @description The first UTC day it prices (until the next card)
       * @example 2026-10-01
       */
      effective_from: string;
      /** @example Meta rate card, October 2026 */
      source: string;
      markets?: number;
      prices?: number;
      /** Format: date-time */
      created_at: string;
    };
    PriceQuoteDto: {
      /** Format: uuid */
      rate_card_id: string;
      /** @example USD */
      currency: string;
      /** @example 2026-11-27 */
      day: string;
      /**
       * @description The recipient's country, by calling code
       * @example IN
       */
      country: string | null;
      /** @example India */
      market: string;
      /** @enum {string} */
      category: 'marketing' | 'utility' | 'authentication' | 'authentication_international' | 'service';
      /**
       * @description The card's price (null: not priced)
       * @example 0.0107
       */
      base_price: number | null;
      /** @example 15 */
      markup_percent: number;
      /**
       * @description With the markup, 6 decimals
       * @example 0.012305
       */
      price: number | null;
    };
    PutMarkupDto: {
      /** @example 15 */
      percent: number;
      /**
       * @description Today or later (default today, UTC)
       * @example 2026-12-01
       */
      effective_from?: string;
    };
    MarkupDto: {
      /**
       * @description Percent added to Meta’s price (−100 to 1,000)
       * @example 15
       */
      percent: number;
      /** @example 2026-12-01 */
      effective_from: string;
    };
    SpendingThresholdDto: {
      /** @example 80 */
      percent: number;
      /** Format: date-time */
      reached_at: string;
    };
    SpendingLimitDto: {
      /** Format: uuid */
      organization_id: string;
      /**
       * @description The calendar month (UTC) the figures are of
       * @example 2026-11
       */
      month: string;
      /** @enum {string|null} */
      kind: 'amount' | 'messages' | null;
      /** @description No limit: null */
      limit: number | null;
      /** @example USD */
      currency: string | null;
      /** @description What Meta's statuses priced this month */
      used?: number;
      /** @description Estimated for sends on their way to Meta, not yet priced */
      reserved?: number;
      /** @description The budget left: limit − used − reserved (not below 0) */
      left?: number;
      /** @description Used and reserved, as a percentage of the limit */
      percent?: number;
      thresholds_reached: components['schemas']['SpendingThresholdDto'][];
      /** Format: date-time */
      updated_at?: string;
    };
    PutSpendingLimitDto: {
      /**
       * @description `amount`: in the rate cards' currency, markup included; `messages`: billable messages
       * @enum {string}
       */
      kind: 'amount' | 'messages';
      /**
       * @description The monthly limit (0 refuses every billable send)
       * @example 500
       */
      limit: number;
    };
    TeamDto: {
      /** Format: uuid */
      id: string;
      name: string;
      member_ids: string[];
      /** @description The numbers whose auto-assignment gives out among this team */
      phone_number_ids: string[];
      /** Format: date-time */
      created_at: string;
    };
    TeamListDto: {
      data: components['schemas']['TeamDto'][];
    };
    CreateTeamDto: {
      /** @example Support */
      name: string;
      /** @description Members' user ids */
      member_ids?: string[];
    };
    UpdateTeamDto: {
      /** @example Support */
      name?: string;
      /** @description The team's members from now on */
      member_ids?: string[];
    };
    AgentDto: {
      /** Format: uuid */
      user_id: string;
      email: string;
      /** @enum {string} */
      role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer';
      /** @enum {string} */
      availability: 'available' | 'away' | 'offline';
      /** Format: date-time */
      availability_changed_at: string | null;
      team_ids: string[];
    };
    AgentListDto: {
      /** @description Every member who may work conversations */
      data: components['schemas']['AgentDto'][];
    };
    SetAvailabilityDto: {
      /** @enum {string} */
      availability: 'available' | 'away' | 'offline';
    };
    InboxSettingsDto: {
      /**
       * @description Members whose role is agent see every conversation (all), or theirs and the unassigned (assigned)
       * @enum {string}
       */
      agent_visibility: 'all' | 'assigned';
      /** @description A reply by a member on an unassigned conversation assigns it to them */
      take_on_reply: boolean;
    };
    PutInboxSettingsDto: {
      /** @enum {string} */
      agent_visibility?: 'all' | 'assigned';
      take_on_reply?: boolean;
    };
    AssignmentPolicyDto: {
      phone_number_id: string;
      /** @description Whether new conversations are given out now */
      enabled: boolean;
      /**
       * Format: uuid
       * @description Only this team (null: every agent)
       */
      team_id: string | null;
      /** @description Open conversations an agent may hold before they are passed by */
      cap: number;
      /** Format: date-time */
      updated_at: string;
    };
    PutAssignmentPolicyDto: {
      /** @default true */
      enabled?: boolean;
      /** Format: uuid */
      team_id?: string | null;
      /** @example 10 */
      cap: number;
    };
    SavedReplyDto: {
      /** Format: uuid */
      id: string;
      /** @example thanks */
      name: string;
      body: string;
      /** @description The member's own */
      private: boolean;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    SavedReplyListDto: {
      data: components['schemas']['SavedReplyDto'][];
    };
    CreateSavedReplyDto: {
      /**
       * @description The shortcut, typed as `/thanks` in the composer
       * @example thanks
       */
      name: string;
      /**
       * @description Up to 4,096 characters; variables: {{contact.name}}, {{contact.wa_id}}, {{contact.attributes.<key>}}, {{agent.name}}, {{agent.email}}
       * @example Thank you {{contact.name}}! {{agent.name}} here.
       */
      body: string;
      /**
       * @description The member's own (only they see it); else the organization's
       * @default false
       */
      private?: boolean;
    };
    UpdateSavedReplyDto: {
      /** @example thanks */
      name?: string;
      /** @description Up to 4,096 characters; variables: {{contact.name}}, {{contact.wa_id}}, {{contact.attributes.<key>}}, {{agent.name}}, {{agent.email}} */
      body?: string;
    };
    MemberDto: {
      /** Format: uuid */
      user_id: string;
      /** @example maria@shop.example */
      email: string;
      /** @enum {string} */
      role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer';
      /** Format: date-time */
      joined_at: string;
    };
    MemberListDto: {
      data: components['schemas']['MemberDto'][];
    };
    InviteMemberDto: {
      /**
       * @description Who may accept the invitation
       * @example maria@shop.example
       */
      email: string;
      /** @enum {string} */
      role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer';
    };
    NewInvitationDto: {
      /** Format: uuid */
      id: string;
      email: string;
      /** @enum {string} */
      role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer';
      /** Format: date-time */
      expires_at: string;
      /** @description Whether it can still be accepted */
      open: boolean;
      /** Format: date-time */
      created_at: string;
      /** @description Whether the link was mailed to the person (SMTP_URL set); else it is in `link` */
      mailed: boolean;
      /**
       * @description Without SMTP_URL: the link to give the person (shown to the inviter only now; only its hash is kept), the console path with the token after `#/invitation/`. With it, the link is mailed and not answered.
       * @example /console/#/invitation/3q2-7wEAAAA…
       */
      link?: string;
    };
    SignInPolicyDto: {
      /** @description Every member signs in with a second factor (TOTP) when they use a password */
      require_totp: boolean;
      /** @description Members sign in through the operator's OpenID provider only */
      require_sso: boolean;
      /**
       * @description A person whose verified email is at one of these joins at their single sign-on
       * @example [
       *       "shop.example"
       *     ]
       */
      sso_domains: string[];
      /**
       * @description The role of a person who joins by domain
       * @enum {string}
       */
      sso_default_role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer';
      /** @description Whether the operator has set up single sign-on (OIDC_ISSUER) */
      sso_available: boolean;
      /** Format: date-time */
      updated_at: string | null;
    };
    PutSignInPolicyDto: {
      /** @description Every member signs in with a second factor (those without one set it up at sign-in) */
      require_totp?: boolean;
      /** @description Members sign in through single sign-on only (a password is refused) */
      require_sso?: boolean;
      /**
       * @description Replaces the claimed domains
       * @example [
       *       "shop.example"
       *     ]
       */
      sso_domains?: string[];
      /** @enum {string} */
      sso_default_role?: 'admin' | 'developer' | 'agent' | 'viewer';
    };
    InvitationDto: {
      /** Format: uuid */
      id: string;
      email: string;
      /** @enum {string} */
      role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer';
      /** Format: date-time */
      expires_at: string;
      /** @description Whether it can still be accepted */
      open: boolean;
      /** Format: date-time */
      created_at: string;
    };
    InvitationListDto: {
      data: components['schemas']['InvitationDto'][];
    };
    ChangeRoleDto: {
      /** @enum {string} */
      role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer';
    };
    ContactInputDto: {
      /**
       * @description E.164, normalized like a send recipient (a leading + and separators removed); the contact key within the organization
       * @example +1 555 123 4567
       */
      phone_number: string;
      /**
       * @description Replaces the stored name; null clears it; omitted keeps it
       * @example Ada Lovelace
       */
      name?: string | null;
      /**
       * @description Replaces the stored tags ([] removes them all); omitted keeps them. Each tag is trimmed and lowercased, 1 to 64 characters, no control characters; repeats count once. At most 50 tags per contact and 1000 distinct tags per organization (409, code 131000).
       * @example [
       *       "vip",
       *       "newsletter"
       *     ]
       */
      tags?: string[];
      /**
       * @description Replaces the stored attributes ({} removes them all); omitted keeps them. A JSON object, at most 100 keys, 16384 bytes as JSON.
       * @example {
       *       "plan": "gold",
       *       "locale": "en_US"
       *     }
       */
      attributes?: {
        [key: string]: unknown;
      };
    };
    UpsertContactsDto: {
      /** @description Each phone number at most once per request. */
      contacts: components['schemas']['ContactInputDto'][];
    };
    ContactDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description E.164 digits without the leading +
       * @example 15551234567
       */
      phone_number: string;
      /** @example Ada Lovelace */
      name: string | null;
      /**
       * @example [
       *       "vip",
       *       "newsletter"
       *     ]
       */
      tags: string[];
      /**
       * @example {
       *       "plan": "gold"
       *     }
       */
      attributes: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      created_at: string;
      /**
       * Format: date-time
       * @description The last upsert of this contact
       */
      updated_at: string;
    };
    UpsertContactsResponseDto: {
      /** @description The contacts of the request as stored, in request order */
      data: components['schemas']['ContactDto'][];
      /**
       * @description Contacts that did not exist before
       * @example 1
       */
      created: number;
      /**
       * @description Existing contacts updated
       * @example 1
       */
      updated: number;
    };
    ContactPageDto: {
      data: components['schemas']['ContactDto'][];
      paging: components['schemas']['PagingDto'];
    };
    OpenSpanDto: {
      /**
       * @description HH:MM in the time zone
       * @example 09:00
       */
      open: string;
      /**
       * @description HH:MM after open (24:00: midnight at the day’s end)
       * @example 17:30
       */
      close: string;
    };
    WeeklyHoursDto: {
      monday?: components['schemas']['OpenSpanDto'][];
      tuesday?: components['schemas']['OpenSpanDto'][];
      wednesday?: components['schemas']['OpenSpanDto'][];
      thursday?: components['schemas']['OpenSpanDto'][];
      friday?: components['schemas']['OpenSpanDto'][];
      saturday?: components['schemas']['OpenSpanDto'][];
      sunday?: components['schemas']['OpenSpanDto'][];
    };
    BusinessHoursDto: {
      /**
       * @description IANA time zone
       * @example Europe/Madrid
       */
      time_zone: string | null;
      /** @description Open spans per weekday; a day left out is closed */
      weekly: components['schemas']['WeeklyHoursDto'];
      /**
       * @description Dates closed all day (in the time zone)
       * @example [
       *       "2026-12-25"
       *     ]
       */
      holidays: string[];
    };
    ReplyTemplateDto: {
      /** @example after_hours */
      name: string;
      language?: {
        /** @example en_US */
        code: string;
      };
      components?: {
        [key: string]: unknown;
      }[];
    };
    AutomaticReplyDto: {
      /** @default true */
      enabled: boolean;
      /** @description Free text (one of text and template) */
      text?: string;
      /** @description An APPROVED template (one of text and template) */
      template?: components['schemas']['ReplyTemplateDto'];
      /**
       * @description Away only: at most once per customer in this many hours
       * @default 24
       */
      once_every_hours?: number;
    };
    AutomaticRepliesDto: {
      /** @description Sent when a customer writes outside business hours */
      away: components['schemas']['AutomaticReplyDto'] | null;
      /** @description Sent on a customer's first message to the number */
      welcome: components['schemas']['AutomaticReplyDto'] | null;
    };
    AutomationActionDto: {
      /** @example reply */
      type: string;
      /** @enum {string} */
      outcome: 'sent' | 'done' | 'refused' | 'capped' | 'failed' | 'retrying';
      /** @description Meta's id of the reply */
      message_id?: string;
      /** @description Found sent by an earlier attempt of the job (its instance died after sending) */
      recovered?: boolean;
      /**
       * @example {
       *       "code": 131026,
       *       "message": "Message undeliverable"
       *     }
       */
      error?: {
        code?: number;
        message?: string;
      };
      /**
       * @description A call's answer (or its last try's)
       * @example 200
       */
      status_code?: number;
      /**
       * @description A call's tries so far
       * @example 1
       */
      attempts?: number;
      /**
       * Format: date-time
       * @description When a call that failed is tried again
       */
      next_attempt_at?: string;
      /** @description The reply a call's answer carried */
      reply?: components['schemas']['AutomationActionDto'];
    };
    AutomationStepDto: {
      /**
       * @description `welcome`, `away` or `rule`
       * @example rule
       */
      automation: string;
      /** Format: uuid */
      rule_id?: string;
      /** @example Prices */
      rule_name?: string;
      matched: boolean;
      /** @example outside business hours (sunday 2026-11-29 23:04 Europe/Madrid) */
      reason: string;
      actions: components['schemas']['AutomationActionDto'][];
    };
    AutomationRunDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description What happened (a customer’s message, an outbound message Meta failed, a resolution, a review)
       * @example message
       * @enum {string}
       */
      event: 'message' | 'message_failed' | 'conversation_resolved' | 'template_status';
      /** @example message:wamid.HBgL… */
      event_id: string;
      /**
       * @description Null: a template review
       * @example 106540352242922
       */
      phone_number_id: string | null;
      /**
       * @description Null: a template review
       * @example 15551234567
       */
      wa_id: string | null;
      /**
       * @description running: not finished (a failed call waits for its next try)
       * @enum {string}
       */
      state: 'running' | 'done';
      /** @description Runs of the job (more than one: its instance died, a reply had to wait, a call failed) */
      attempts: number;
      steps: components['schemas']['AutomationStepDto'][];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      finished_at: string | null;
    };
    AutomationRunListDto: {
      data: components['schemas']['AutomationRunDto'][];
      paging: components['schemas']['PagingDto'];
    };
    AutomationRuleDto: {
      /** @example Prices */
      name: string;
      /** @default true */
      enabled?: boolean;
      /** @enum {string} */
      trigger:
        | 'message_received'
        | 'conversation_opened'
        | 'message_failed'
        | 'opted_out'
        | 'conversation_resolved'
        | 'template_status';
      /**
       * @description All must hold (at most 20)
       * @example [
       *       {
       *         "field": "text",
       *         "operator": "contains_any",
       *         "values": [
       *           "price",
       *           "how much"
       *         ]
       *       }
       *     ]
       */
      conditions: {
        [key: string]: unknown;
      }[];
      /**
       * @description In order (1 to 10)
       * @example [
       *       {
       *         "type": "reply",
       *         "text": "Our prices are at https://example.com/prices"
       *       },
       *       {
       *         "type": "stop"
       *       }
       *     ]
       */
      actions: {
        [key: string]: unknown;
      }[];
      /** @description Where it is judged among the rules (0: first); absent: last */
      position?: number;
      /** Format: uuid */
      id: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    AutomationRuleListDto: {
      data: components['schemas']['AutomationRuleDto'][];
    };
    RuleInputDto: {
      /** @example Prices */
      name: string;
      /** @default true */
      enabled?: boolean;
      /** @enum {string} */
      trigger:
        | 'message_received'
        | 'conversation_opened'
        | 'message_failed'
        | 'opted_out'
        | 'conversation_resolved'
        | 'template_status';
      /**
       * @description All must hold (at most 20)
       * @example [
       *       {
       *         "field": "text",
       *         "operator": "contains_any",
       *         "values": [
       *           "price",
       *           "how much"
       *         ]
       *       }
       *     ]
       */
      conditions: {
        [key: string]: unknown;
      }[];
      /**
       * @description In order (1 to 10)
       * @example [
       *       {
       *         "type": "reply",
       *         "text": "Our prices are at https://example.com/prices"
       *       },
       *       {
       *         "type": "stop"
       *       }
       *     ]
       */
      actions: {
        [key: string]: unknown;
      }[];
      /** @description Where it is judged among the rules (0: first); absent: last */
      position?: number;
    };
    DryRunDto: {
      /** @example 106540352242922 */
      phone_number_id: string;
      /**
       * @description A text message (or give `message`)
       * @example What is the price?
       */
      text?: string;
      /** @description A Cloud API message object */
      message?: {
        [key: string]: unknown;
      };
      /**
       * @description The customer (their contact’s tags and attributes)
       * @example 15551234567
       */
      from?: string;
      /** @description The customer's first message (conversation_opened rules too) */
      first?: boolean;
    };
    DryRunRuleDto: {
      /** Format: uuid */
      rule_id: string;
      rule_name: string;
      matched: boolean;
      reason: string;
      /** @description What it would do */
      actions: {
        [key: string]: unknown;
      }[];
    };
    DryRunResultDto: {
      inside_business_hours: boolean;
      rules: components['schemas']['DryRunRuleDto'][];
    };
    AutomationSettingsReadDto: {
      /**
       * @description The rules' automatic replies a conversation gets per clock hour at most
       * @default 10
       */
      replies_per_conversation_per_hour: number;
      /**
       * @description The last characters of the secret that signs the rules' calls (`call_url`); null until one is made (POST /v1/automations/signing_secret)
       * @example …k3Q=
       */
      signing_secret_hint: string | null;
    };
    AutomationSettingsDto: {
      /**
       * @description The rules' automatic replies a conversation gets per clock hour at most
       * @default 10
       */
      replies_per_conversation_per_hour: number;
    };
    SigningSecretInputDto: {
      /** @description Your own secret (at least 16 characters); without it the gateway makes one (`whsec_…`) */
      secret?: string;
    };
    SigningSecretDto: {
      /**
       * @description The secret that signs the rules' calls from now on, shown this once: verify `X-Hub-Signature-256` (HMAC-SHA256 of the raw body, hex) or the Standard Webhooks headers with it, as for /v1/webhooks
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      signing_secret: string;
    };
    SignupSettingsDto: {
      /** @description Whether the operator set up Embedded Signup (EMBEDDED_SIGNUP_CONFIG_ID) */
      available: boolean;
      /** @example 1000000000000001 */
      app_id: string;
      config_id: string | null;
      /** @description Meta's JavaScript SDK (the sandbox's stand-in in the demo and tests) */
      sdk_url: string;
      /** @description The origins whose WA_EMBEDDED_SIGNUP messages count */
      message_origins: string[];
      /** @example v23.0 */
      graph_version: string;
    };
    CompleteSignupDto: {
      /** @description The code Meta's SDK answered FB.login with (exchanged by the gateway, once) */
      code: string;
      /**
       * @description The WA_EMBEDDED_SIGNUP message's waba_id
       * @example 102290129340398
       */
      waba_id: string;
      /**
       * @description The WA_EMBEDDED_SIGNUP message's phone_number_id
       * @example 106540352242922
       */
      phone_number_id: string;
      /**
       * @description The number's two-step verification PIN (six digits); unset: the gateway makes one and keeps it
       * @example 246810
       */
      pin?: string;
    };
    SignupStepDto: {
      /** @enum {string} */
      step: 'exchange_code' | 'subscribe_app' | 'register_number' | 'add_number';
      /**
       * @description skipped: done by an earlier run
       * @enum {string}
       */
      outcome: 'done' | 'skipped';
    };
    CompletedSignupDto: {
      waba_id: string;
      phone_number_id: string;
      /** @example +1 555 0100 */
      display_phone_number: string;
      /** @enum {string} */
      status: 'connected';
      steps: components['schemas']['SignupStepDto'][];
    };
    BroadcastTemplateDto: {
      /** @example order_update */
      name: string;
      language?: {
        /** @example en_US */
        code: string;
      };
    };
    BroadcastRecipientInputDto: {
      /**
       * @description As a send takes `to`
       * @example +1 555 123 4567
       */
      to: string;
      /**
       * @description This recipient's template components (parameters), as in a Cloud API template send
       * @example [
       *       {
       *         "type": "body",
       *         "parameters": [
       *           {
       *             "type": "text",
       *             "text": "Ada"
       *           }
       *         ]
       *       }
       *     ]
       */
      components?: {
        [key: string]: unknown;
      }[];
    };
    CreateBroadcastDto: {
      /** @example November order updates */
      name: string;
      /** @description An APPROVED template of the catalog */
      template: components['schemas']['BroadcastTemplateDto'];
      recipients: components['schemas']['BroadcastRecipientInputDto'][];
      /**
       * Format: date-time
       * @description When to start (recipients may be added until then); absent: now
       */
      scheduled_at?: string;
    };
    BroadcastCountsDto: {
      /** @description Not sent yet (or sent, with no answer from Meta yet) */
      queued: number;
      accepted: number;
      sent: number;
      delivered: number;
      read: number;
      failed: number;
      /** @description Refused at create time (blacklist), or left when cancelled */
      skipped: number;
      /** @description Over the messaging limit: sent as the rolling 24 hours free room */
      deferred: number;
    };
    RefusedRecipientDto: {
      /** @description Its place in the request (or in the broadcast, for appended ones) */
      index: number;
      to: string;
      /**
       * @example {
       *       "message": "(#131000) …",
       *       "type": "GraphMethodException",
       *       "code": 131000
       *     }
       */
      error: {
        [key: string]: unknown;
      };
    };
    BroadcastEstimateDto: {
      /** @description The number's pace */
      rate_per_second: number;
      recipients_sendable: number;
      /** @description Recipients the messaging limit would defer */
      deferred_by_messaging_limit: number;
      /**
       * Format: date-time
       * @description At the pace, without API traffic and deferrals
       */
      finishes_at: string;
      messaging_limit_tier: string | null;
    };
    CreatedBroadcastDto: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @example 106540352242922 */
      phone_number_id: string;
      template: components['schemas']['BroadcastTemplateDto'];
      /** @enum {string} */
      status: 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled';
      /** @enum {string|null} */
      pause_reason: 'requested' | 'quality_red' | 'spam_rate_limit' | null;
      recipients: number;
      counts: components['schemas']['BroadcastCountsDto'];
      /** @description Messages recorded per second since it started */
      rate_per_second: number | null;
      /** Format: date-time */
      scheduled_at: string | null;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description Recipients kept as skipped, never sent */
      refused: components['schemas']['RefusedRecipientDto'][];
      estimate: components['schemas']['BroadcastEstimateDto'];
    };
    BroadcastBudgetDto: {
      /** @enum {string} */
      kind: 'amount' | 'messages';
      /** @description The organization's monthly spending limit */
      limit: number;
      /** @description What is left of it this month (used and reserved taken off) */
      left: number;
      /** @description What these recipients would cost (their market's price, or one message each) */
      needed: number;
      /** @description Whether what is left covers them: otherwise the broadcast pauses at the limit */
      enough: boolean;
    };
    PreflightDto: {
      /** @description Recipients that would be kept (the refused ones among them, as skipped) */
      recipients: number;
      /** @description Recipients that would be kept as skipped, never sent */
      refused: components['schemas']['RefusedRecipientDto'][];
      estimate: components['schemas']['BroadcastEstimateDto'];
      /** @description Null: the organization has no spending limit */
      budget: components['schemas']['BroadcastBudgetDto'] | null;
    };
    BroadcastDto: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @example 106540352242922 */
      phone_number_id: string;
      template: components['schemas']['BroadcastTemplateDto'];
      /** @enum {string} */
      status: 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled';
      /** @enum {string|null} */
      pause_reason: 'requested' | 'quality_red' | 'spam_rate_limit' | null;
      recipients: number;
      counts: components['schemas']['BroadcastCountsDto'];
      /** @description Messages recorded per second since it started */
      rate_per_second: number | null;
      /** Format: date-time */
      scheduled_at: string | null;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    BroadcastPageDto: {
      data: components['schemas']['BroadcastDto'][];
      paging: components['schemas']['PagingDto'];
    };
    RecipientDto: {
      index: number;
      to: string;
      /** @enum {string} */
      status: 'queued' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped' | 'deferred';
      /**
       * Format: uuid
       * @description Its message record
       */
      message_id: string | null;
      wamid: string | null;
      /** @description Meta's error, or why it was refused or skipped */
      error: {
        [key: string]: unknown;
      } | null;
      /**
       * Format: date-time
       * @description Deferred: not before then
       */
      not_before?: string;
      /** Format: date-time */
      updated_at: string;
    };
    RecipientPageDto: {
      data: components['schemas']['RecipientDto'][];
      paging: components['schemas']['PagingDto'];
    };
    AppendRecipientsDto: {
      recipients: components['schemas']['BroadcastRecipientInputDto'][];
    };
    RetriedDto: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @example 106540352242922 */
      phone_number_id: string;
      template: components['schemas']['BroadcastTemplateDto'];
      /** @enum {string} */
      status: 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled';
      /** @enum {string|null} */
      pause_reason: 'requested' | 'quality_red' | 'spam_rate_limit' | null;
      recipients: number;
      counts: components['schemas']['BroadcastCountsDto'];
      /** @description Messages recorded per second since it started */
      rate_per_second: number | null;
      /** Format: date-time */
      scheduled_at: string | null;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description Recipients queued again */
      retried: number;
    };
    CreateTestNumberDto: {
      /**
       * @description The name customers see (the number’s verified name at the simulator). Omitted: the organization’s.
       * @example Acme Support
       */
      verified_name?: string;
    };
    TestNumberDto: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      tenant_id: string;
      /**
       * Format: uuid
       * @description The gateway's id of the business account
       */
      business_account_id: string;
      /** @example 106540352242922 */
      phone_number_id: string;
      /** @example +1 555 010 0001 */
      display_phone_number: string;
      enforce_service_window: boolean;
      /**
       * @description Meta's throughput level, as last learned
       * @example STANDARD
       */
      throughput_level: string | null;
      /** @description Shared with the WhatsApp Business app (20 messages per second) */
      is_on_biz_app: boolean | null;
      /** @example TIER_1K */
      messaging_limit_tier: string | null;
      /** @example GREEN */
      quality_rating: string | null;
      /**
       * Format: date-time
       * @description When the limits above were read from Meta
       */
      limits_learned_at: string | null;
      /** @description An operator's messages per second for this number */
      throughput_override_mps: number | null;
      /** Format: date-time */
      created_at: string;
      /**
       * @description The test business account the number is in (its templates’ WABA id)
       * @example 102290129340398
       */
      waba_id: string;
    };
    TestStatusDto: {
      /**
       * @description A message sent from the test number
       * @example wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1
       */
      message_id: string;
      /**
       * @description The status now; the ones before it that did not come yet come first, as Meta never skips one
       * @enum {string}
       */
      status: 'sent' | 'delivered' | 'read' | 'failed';
      /**
       * @description A failed status’s error (default 131026)
       * @enum {number}
       */
      error_code?: 131000 | 131026 | 131047 | 131049;
    };
    TestStatusDelaysDto: {
      /** @description true: statuses come only on demand (POST /v1/test/{phoneNumberId}/statuses) */
      manual?: boolean;
      /**
       * @description Milliseconds from the send to `sent` (with the other two, unless `manual`)
       * @example 200
       */
      sent_ms?: number;
      /**
       * @description Milliseconds from the send to `delivered`
       * @example 500
       */
      delivered_ms?: number;
      /**
       * @description Milliseconds from the send to `read`
       * @example 1500
       */
      read_ms?: number;
    };
    TestQualityDto: {
      /** @enum {string} */
      quality_rating?: 'GREEN' | 'YELLOW' | 'RED';
      /** @enum {string} */
      messaging_limit_tier?: 'TIER_50' | 'TIER_250' | 'TIER_1K' | 'TIER_10K' | 'TIER_100K' | 'TIER_UNLIMITED';
      /** @enum {string} */
      throughput_level?: 'STANDARD' | 'HIGH';
    };
    TestReviewDto: {
      /** @enum {string} */
      status: 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
      /**
       * @description REJECTED: Meta’s reason (INVALID_FORMAT, ABUSIVE_CONTENT, TAG_CONTENT_MISMATCH, …)
       * @example INVALID_FORMAT
       */
      reason?: string;
      /** @description What the review says (other_info.description) */
      description?: string;
    };
    PlatformRetentionDto: {
      /** @example 90 */
      message_bodies_days: number;
      /** @example 90 */
      inbound_messages_days: number;
      /** @example 90 */
      media_days: number;
      /** @example 30 */
      webhook_deliveries_days: number;
    };
    RetentionDto: {
      message_bodies_days: number | null;
      inbound_messages_days: number | null;
      media_days: number | null;
      webhook_deliveries_days: number | null;
      /** @description What the platform keeps: the most an organization may keep */
      platform: components['schemas']['PlatformRetentionDto'];
      /**
       * Format: date-time
       * @description Bodies before this time are replaced (the last complete pass; null: none yet)
       */
      bodies_replaced_before: string | null;
    };
    RetentionDaysDto: {
      /**
       * @description Days the bodies of messages are kept (text, captions, template parameters, interactive content, media links; both ways, and Meta’s copies of them); after it a record keeps its metadata, status history, wamid and usage. Null: the platform’s
       * @example 30
       */
      message_bodies_days?: number | null;
      /** @description Days inbound messages are kept at all. Null: the platform’s */
      inbound_messages_days?: number | null;
      /** @description Days the media customers sent stay reachable through the gateway. Null: the platform’s */
      media_days?: number | null;
      /** @description Days the webhook delivery logs are kept (finished ones; never longer than the bodies they carry). Null: the platform’s */
      webhook_deliveries_days?: number | null;
    };
    EraseCustomerDto: {
      /**
       * @description The customer's WhatsApp id (digits; a leading + is dropped)
       * @example 15551234567
       */
      wa_id: string;
    };
    ErasureRequesterDto: {
      /** Format: uuid */
      key_id: string;
      /** @example svc_live_AbCdEf */
      key_prefix: string;
      /** @description The person whose console session asked */
      person: string | null;
    };
    ErasureDto: {
      /** Format: uuid */
      id: string;
      /** @example customer_erasure */
      object: string;
      /** @enum {string} */
      status: 'running' | 'done';
      /**
       * @description The customer's one-way digest: what the blacklist and the audit log keep instead of the number
       * @example erased:3f1c…
       */
      customer: string;
      /** @description The number while the erasure runs; null once done */
      wa_id: string | null;
      /**
       * Format: date-time
       * @description What was there from then back is erased; what the customer sends after starts afresh
       */
      began_at: string;
      /** Format: date-time */
      finished_at: string | null;
      /**
       * @description Rows removed by kind (so far, while running). `usage_entries`, `audit_log`, `blacklist` and `pacing` count rows kept with the number replaced by the digest.
       * @example {
       *       "messages": 120,
       *       "message_statuses": 360,
       *       "inbound_messages": 40,
       *       "conversations": 1
       *     }
       */
      removed: {
        [key: string]: number;
      };
      requested_by: components['schemas']['ErasureRequesterDto'];
      /** @description Runs of the job (more than 1: an instance stopped and another went on) */
      attempts: number;
      /** @description Why the last run stopped, while it is taken over */
      last_error: string | null;
    };
    ErasurePageDto: {
      data: components['schemas']['ErasureDto'][];
      paging: components['schemas']['PagingDto'];
    };
    CustomerExportDto: {
      /** @example customer_export */
      object: string;
      /** Format: uuid */
      organization_id: string;
      /** @example 15551234567 */
      wa_id: string;
      /** Format: date-time */
      exported_at: string;
      /** @description By kind: automation_runs, blacklist, broadcast_recipients, contact, conversations, inbound_messages, messages (each with `statuses`), notes */
      data: {
        [key: string]: {
          [key: string]: unknown;
        }[];
      };
      /**
       * @example {
       *       "messages": 12,
       *       "notes": 1
       *     }
       */
      counts: {
        [key: string]: number;
      };
    };
    ExportProgressDto: {
      /** @description Kinds written (rows of a table, or files) of all */
      kinds_done: number;
      kinds_total: number;
      /**
       * @example {
       *       "messages": 120000
       *     }
       */
      rows: {
        [key: string]: number;
      };
      /** @description Media library files written */
      files: number;
      /** @description Bytes of the archive so far (compressed) */
      bytes: number;
    };
    ExportRequesterDto: {
      /** Format: uuid */
      key_id: string;
      /** @example svc_live_AbCdEf */
      key_prefix: string;
      person: string | null;
    };
    OrganizationExportDto: {
      /** Format: uuid */
      id: string;
      /** @example organization_export */
      object: string;
      /** @enum {string} */
      status: 'running' | 'done' | 'expired';
      progress: components['schemas']['ExportProgressDto'];
      size_bytes: number | null;
      /** @description Once done: where to download the .tar.gz (no key needed: the link is signed) until it expires, within the hour; read the export again for a new link while the archive is kept */
      download_url: string | null;
      /** @description When the archive is deleted (24 hours after done) */
      expires_at: string | null;
      /** Format: date-time */
      created_at: string;
      finished_at: string | null;
      requested_by: components['schemas']['ExportRequesterDto'];
      attempts: number;
      last_error: string | null;
    };
    OrganizationExportPageDto: {
      data: components['schemas']['OrganizationExportDto'][];
      paging: components['schemas']['PagingDto'];
    };
    DeletionRequesterDto: {
      /** Format: uuid */
      key_id: string;
      /** @example svc_platform_AbCdEf */
      key_prefix: string;
      person: string | null;
    };
    OrganizationDeletionDto: {
      /** Format: uuid */
      id: string;
      /** @example organization_deletion */
      object: string;
      /** Format: uuid */
      organization_id: string;
      organization_name: string;
      /** @enum {string} */
      status: 'running' | 'done';
      /**
       * @description Rows (or Redis keys, files) removed by kind so far; `usage_entries` counts entries kept with their wamid digested; `phone_numbers`, `business_accounts`, `organizations` once the organization itself went
       * @example {
       *       "messages": 120000,
       *       "contacts": 10000,
       *       "organizations": 1
       *     }
       */
      removed: {
        [key: string]: number;
      };
      /** Format: date-time */
      created_at: string;
      finished_at: string | null;
      requested_by: components['schemas']['DeletionRequesterDto'];
      attempts: number;
      last_error: string | null;
    };
    SignInDto: {
      /** @description An organization, admin or platform key: exchanged once, never kept by the browser (or email and password) */
      key?: string;
      /**
       * @description A person's email (with their password)
       * @example maria@shop.example
       */
      email?: string;
      /** @description The person's password */
      password?: string;
      /**
       * @description With a second factor: the code of the authenticator app
       * @example 123456
       */
      code?: string;
      /**
       * Format: uuid
       * @description Admin keys and people: the organization to act for (one of the key's or the person's own)
       */
      organization_id?: string;
      /** @description A platform operator: act for the platform */
      platform?: boolean;
    };
    SessionKeyDto: {
      /** Format: uuid */
      id: string;
      /** @example svc_live_AbCdEf */
      prefix: string;
      /** @enum {string} */
      kind: 'org' | 'admin' | 'platform';
      scopes: string[];
      /** @description The organizations it reaches */
      tenant_ids: string[];
    };
    SessionPersonDto: {
      email: string;
      /**
       * @description Their role in the organization the session acts for (operator: acting for the platform)
       * @enum {string}
       */
      role: 'owner' | 'admin' | 'developer' | 'agent' | 'viewer' | 'operator';
      /**
       * @description How they signed in
       * @enum {string}
       */
      method: 'password' | 'sso';
      /** @description Their organizations, names and roles (switch with PATCH) */
      memberships: unknown[];
      /** @description They are a platform operator too (PATCH with platform: true) */
      operator: boolean;
    };
    ConsoleSessionDto: {
      key: components['schemas']['SessionKeyDto'];
      /** @description A person's session (null: a key's) */
      person: components['schemas']['SessionPersonDto'] | null;
      /**
       * Format: uuid
       * @description The organization the session acts for
       */
      organization_id: string | null;
      /** @description Send as X-CSRF-Token on every write of this session */
      csrf_token: string;
      /**
       * @description The Test data switch: test shows the test data
       * @enum {string}
       */
      mode: 'live' | 'test';
    };
    AcceptInvitationDto: {
      /** @description The invitation link's token */
      token: string;
      /** @description A new password; a person who has an account already gives theirs */
      password: string;
      /**
       * @description An account with a second factor: its code now
       * @example 123456
       */
      code?: string;
    };
    PasswordResetRequestDto: {
      /** @example maria@shop.example */
      email: string;
    };
    PasswordResetDto: {
      /** @description The reset link's token */
      token: string;
      password: string;
    };
    TotpCodeDto: {
      /**
       * @description The 6-digit code of the authenticator app
       * @example 123456
       */
      code: string;
    };
    SwitchOrganizationDto: {
      /**
       * Format: uuid
       * @description One of the admin key's (or the person's) organizations
       */
      organization_id?: string;
      /**
       * @description The Test data switch: `test` shows and changes the organization's test data (its test twin, test numbers at the simulator) with the same key and role; `live` goes back
       * @enum {string}
       */
      mode?: 'live' | 'test';
      /** @description A person who is a platform operator: act for the platform */
      platform?: boolean;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  ApiKeysController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only the keys that reach this organization */
        organization_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ApiKeysController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IssuedApiKeyDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ApiKeysController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The key record id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ApiKeysController_revoke: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The key record id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ApiKeysController_rotate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The key record id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IssuedApiKeyDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TenantsController_list: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantListDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateOrganizationDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedOrganizationDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_update: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateOrganizationDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_listAccounts: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessAccountPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_addAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateBusinessAccountDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessAccountDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_getAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
        /** @description Meta's WhatsApp Business Account id */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessAccountDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_removeAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
        /** @description Meta's WhatsApp Business Account id */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_updateAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
        /** @description Meta's WhatsApp Business Account id */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateBusinessAccountDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessAccountDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_subscribeAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
        /** @description Meta's WhatsApp Business Account id */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessAccountDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_listNumbers: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only the numbers of this business account */
        waba_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PhoneNumberPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_addNumber: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreatePhoneNumberDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PhoneNumberDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_getNumber: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
        /** @description Meta's phone number id */
        numberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PhoneNumberDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_removeNumber: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
        /** @description Meta's phone number id */
        numberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationsController_updateNumber: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
        /** @description Meta's phone number id */
        numberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdatePhoneNumberSettingsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PhoneNumberDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationNumbersController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only the numbers of this business account */
        waba_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PhoneNumberPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationAccountsController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessAccountPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AuditController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only this action */
        action?: string;
        /** @description Only the writes of this key */
        key_id?: string;
        /** @description Only the writes to this id (a key, an endpoint, a broadcast…) */
        target_id?: string;
        /** @description From this time on (inclusive) */
        since?: string;
        /** @description Before this time */
        until?: string;
        /** @description Platform keys: only this organization's entries. Other keys read their organization's (an admin key's, all of its organizations' unless X-Svc-Tenant-Id names one). */
        organization_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditLogPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  HealthController_ready: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The Health Check is successful */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @example ok
             * @enum {string}
             */
            status?: 'ok' | 'degraded';
            /**
             * @example {
             *       "database": {
             *         "status": "up",
             *         "responseTime": 12
             *       }
             *     }
             */
            info?: {
              [key: string]: {
                /** @enum {string} */
                status: 'up' | 'degraded' | 'down';
                /** @description Time the health indicator took to respond, in ms */
                responseTime?: number;
              } & {
                [key: string]: unknown;
              };
            } | null;
            /** @example {} */
            error?: {
              [key: string]: {
                /** @enum {string} */
                status: 'up' | 'degraded' | 'down';
                /** @description Time the health indicator took to respond, in ms */
                responseTime?: number;
              } & {
                [key: string]: unknown;
              };
            } | null;
            /**
             * @example {
             *       "database": {
             *         "status": "up",
             *         "responseTime": 12
             *       }
             *     }
             */
            details?: {
              [key: string]: {
                /** @enum {string} */
                status: 'up' | 'degraded' | 'down';
                /** @description Time the health indicator took to respond, in ms */
                responseTime?: number;
              } & {
                [key: string]: unknown;
              };
            };
          };
        };
      };
      /** @description The Health Check is not successful */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @example error
             * @enum {string}
             */
            status?: 'error' | 'shutting_down';
            /**
             * @example {
             *       "database": {
             *         "status": "up",
             *         "responseTime": 12
             *       }
             *     }
             */
            info?: {
              [key: string]: {
                /** @enum {string} */
                status: 'up' | 'degraded' | 'down';
                /** @description Time the health indicator took to respond, in ms */
                responseTime?: number;
              } & {
                [key: string]: unknown;
              };
            } | null;
            /**
             * @example {
             *       "redis": {
             *         "status": "down",
             *         "message": "Could not connect",
             *         "responseTime": 3005
             *       }
             *     }
             */
            error?: {
              [key: string]: {
                /** @enum {string} */
                status: 'up' | 'degraded' | 'down';
                /** @description Time the health indicator took to respond, in ms */
                responseTime?: number;
              } & {
                [key: string]: unknown;
              };
            } | null;
            /**
             * @example {
             *       "database": {
             *         "status": "up",
             *         "responseTime": 12
             *       },
             *       "redis": {
             *         "status": "down",
             *         "message": "Could not connect",
             *         "responseTime": 3005
             *       }
             *     }
             */
            details?: {
              [key: string]: {
                /** @enum {string} */
                status: 'up' | 'degraded' | 'down';
                /** @description Time the health indicator took to respond, in ms */
                responseTime?: number;
              } & {
                [key: string]: unknown;
              };
            };
          };
        };
      };
    };
  };
  HealthController_live: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  UpstreamWebhooksController_verify: {
    parameters: {
      query: {
        'hub.challenge': string;
        'hub.verify_token': string;
        'hub.mode': string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  UpstreamWebhooksController_receive: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Acknowledged once stored. A signed delivery the gateway cannot apply (a change that is not an object, text PostgreSQL cannot store) is acknowledged too, kept as received and counted in `unprocessable`: Meta must not retry what will never parse. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  SimulatorWebhooksController_receive: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  WebhookEndpointsController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpointDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointWithSecretDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_update: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookEndpointDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_rotate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RotateWebhookSecretDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointWithSecretDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_test: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestWebhookDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_deliveries: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        status?: 'pending' | 'delivered' | 'failed';
        /** @description Only deliveries created at or after this time */
        since?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_redeliverFailed: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RedeliverFailedDto'];
      };
    };
    responses: {
      /** @description Queued again */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RedeliveredDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookEndpointsController_redeliver: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The endpoint id */
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued again */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  WebhookDeliveriesController_list: {
    parameters: {
      query: {
        /** @description The message’s upstream id */
        wamid: string;
        /** @description Start of the 7-day window searched (the message’s creation); default: 7 days ago */
        since?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryListDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SubscribedAppsController_list: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Upstream business account id of the organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SubscribedAppsController_subscribe: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Upstream business account id of the organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubscribeAppDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionResultDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SubscribedAppsController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Upstream business account id of the organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MessagesController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Recipient phone number (normalized like `to`) */
        recipient?: string;
        status?: 'pending' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
        /** @description unknown: sends still pending whose upstream outcome is unknown (no answer, no status webhook yet), to watch or reconcile */
        outcome?: 'unknown';
        /** @description Failed with this error code (Meta's or the gateway's, as the record's `error.code`) */
        error_code?: number;
        /** @description Sent with this Idempotency-Key (by any key of the organization) */
        idempotency_key?: string;
        /** @description Created at or after (ISO 8601) */
        since?: string;
        /** @description Created before (ISO 8601) */
        until?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MessagesController_send: {
    parameters: {
      query?: {
        filter_blacklist?: boolean;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Upstream phone number id of the organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SendMessageDto'];
      };
    };
    responses: {
      /** @description Send: contacts and messages. Mark as read: { success: true } */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SendResponseDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rejected (code 131000) */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MessagesController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        messageId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageRecordDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MessageStatisticsController_statistics: {
    parameters: {
      query?: {
        /** @description The last this many hours */
        hours?: number;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageStatisticsDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboundMessagesController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description The customer's WhatsApp id (digits) */
        from?: string;
        type?:
          | 'text'
          | 'image'
          | 'audio'
          | 'video'
          | 'document'
          | 'sticker'
          | 'location'
          | 'contacts'
          | 'button'
          | 'interactive'
          | 'reaction'
          | 'order'
          | 'system'
          | 'unsupported';
        /** @description Sent at or after (ISO 8601; Meta's time of the message) */
        since?: string;
        /** @description Sent before (ISO 8601) */
        until?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundMessagePageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboundMessagesController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        wamid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundMessageDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConversationsController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only conversations with unread customer messages (true) or none (false) */
        unread?: boolean;
        /** @description The 24-hour customer service window */
        window?: 'open' | 'closed';
        /** @description Only customers who opted out (true), or only those who did not (false) */
        opted_out?: boolean;
        /** @description The start of a WhatsApp id, or part of the profile name */
        q?: string;
        /** @description mine: the caller's (a person's session); unassigned: nobody's; team: their teams' (or `team_id`'s); all */
        view?: 'mine' | 'unassigned' | 'team' | 'all';
        /** @description Any of these statuses, comma-separated */
        status?: string[];
        /** @description A member's user id (their conversations) */
        assignee_id?: string;
        /** @description A team's id (its conversations) */
        team_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConversationsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConversationsController_assign: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AssignConversationDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConversationsController_setStatus: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetConversationStatusDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConversationsController_thread: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Newer messages than this cursor (`paging.cursors.before` of a page) */
        before?: string;
        /** @description Start at this message (wamid) and go older; page newer with `before` */
        at?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConversationsController_read: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MarkConversationReadDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarkReadResultDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  NotesController_fill: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
        /** @description The saved reply's name */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FilledSavedReplyDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  NotesController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotePageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  NotesController_add: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateNoteDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NoteDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  NotesController_mentions: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only the mentions not read yet */
        unread?: boolean;
        /** @description A machine's key: the member whose mentions it reads */
        user_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MentionPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  NotesController_markRead: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MarkMentionsReadDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarkMentionsReadResultDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TeamFiguresController_read: {
    parameters: {
      query?: {
        /** @description First day (UTC); a week before `until` by default */
        since?: string;
        /** @description Last day, included (UTC); today by default */
        until?: string;
        by?: 'agent' | 'team' | 'number';
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TeamFiguresDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BlacklistController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only the entry for this number (normalized like a send recipient: separators and a leading + removed). */
        phone_number?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BlacklistPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BlacklistController_add: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddBlacklistEntriesDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AddBlacklistEntriesResponseDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BlacklistController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The number, normalized like a send recipient */
        phoneNumber: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OptOutSettingsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OptOutSettingsDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OptOutSettingsController_put: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutOptOutSettingsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OptOutSettingsDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TemplatesController_list: {
    parameters: {
      query?: {
        /** @description Exact, case-sensitive name */
        name?: string;
        /** @description Fields of each template (id is always included) */
        fields?: string;
        /** @description Page size; given, the answer has Meta's `paging` */
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description One status or a comma-separated list */
        status?: string;
        category?: string;
        language?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TemplatesController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Meta's business account id of the organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @example en_US */
          language: string;
          /** @description UTILITY, MARKETING, AUTHENTICATION (any case) */
          category: string;
          components: {
            [key: string]: unknown;
          }[];
          /** @description POSITIONAL, NAMED (any case) */
          parameter_format?: string;
          message_send_ttl_seconds?: number;
          header_media_file_id?: string;
          group_name?: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TemplatesController_remove: {
    parameters: {
      query: {
        /** @description The template name (every language) */
        name: string;
        /** @description The template id: only this language */
        hsm_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TemplatesController_sync: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MediaController_upload: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Upstream phone number id of the organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The file. Limits per kind: audio: audio/aac, audio/amr, audio/mpeg, audio/mp4, audio/ogg (max 16777216 bytes); document: text/plain, application/pdf, application/vnd.ms-powerpoint, application/msword, application/vnd.ms-excel, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/vnd.openxmlformats-officedocument.presentationml.presentation, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (max 104857600 bytes); image: image/jpeg, image/png (max 5242880 bytes); sticker: image/webp (max 512000 bytes); video: video/mp4, video/3gpp (max 16777216 bytes).
           */
          file: string;
          /**
           * @description MIME type of the file; it decides the kind and its size limit
           * @example image/jpeg
           * @enum {string}
           */
          type:
            | 'audio/aac'
            | 'audio/amr'
            | 'audio/mpeg'
            | 'audio/mp4'
            | 'audio/ogg'
            | 'text/plain'
            | 'application/pdf'
            | 'application/vnd.ms-powerpoint'
            | 'application/msword'
            | 'application/vnd.ms-excel'
            | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
            | 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
            | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            | 'image/jpeg'
            | 'image/png'
            | 'image/webp'
            | 'video/mp4'
            | 'video/3gpp';
          /** @enum {string} */
          messaging_product: 'whatsapp';
        };
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaIdDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description File over 100 MB, the most any media type allows (code 100) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": {
           *         "message": "(#100) Param file is too large",
           *         "type": "GraphMethodException",
           *         "code": 100,
           *         "error_data": {
           *           "details": "file: larger than 100 MB (104857600 bytes), the most any media type allows"
           *         },
           *         "fbtrace_id": "Zq3vVx1oTbS-2c9kq7m1Aw"
           *       }
           *     }
           */
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TemplateMediaController_upload: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Upstream business account id of the organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The header sample: image/jpeg (IMAGE, max 5242880 bytes), image/png (IMAGE, max 5242880 bytes), video/mp4 (VIDEO, max 16777216 bytes), application/pdf (DOCUMENT, max 104857600 bytes).
           */
          file: string;
          /**
           * @description MIME type of the file; defaults to the file part's Content-Type
           * @enum {string}
           */
          type?: 'image/jpeg' | 'image/png' | 'video/mp4' | 'application/pdf';
        };
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HeaderHandleDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description File over 100 MB, the most any media type allows (code 100) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": {
           *         "message": "(#100) Param file is too large",
           *         "type": "GraphMethodException",
           *         "code": 100,
           *         "error_data": {
           *           "details": "file: larger than 100 MB (104857600 bytes), the most any media type allows"
           *         },
           *         "fbtrace_id": "Zq3vVx1oTbS-2c9kq7m1Aw"
           *       }
           *     }
           */
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MediaLibraryController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaAssetPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MediaLibraryController_upload: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description Any media type WhatsApp accepts, as the file part's Content-Type, up to 104857600 bytes (100 MB).
           */
          file: string;
          /** @description The asset's file name; defaults to the uploaded file's name */
          name?: string;
        };
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaAssetDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description File over 100 MB, the most any media type allows (code 100) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": {
           *         "message": "(#100) Param file is too large",
           *         "type": "GraphMethodException",
           *         "code": 100,
           *         "error_data": {
           *           "details": "file: larger than 100 MB (104857600 bytes), the most any media type allows"
           *         },
           *         "fbtrace_id": "Zq3vVx1oTbS-2c9kq7m1Aw"
           *       }
           *     }
           */
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MediaLibraryController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Asset id (uuid) */
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaAssetDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MediaLibraryController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Asset id (uuid) */
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MediaLibraryController_content: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description Asset id (uuid) */
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'audio/aac': string;
          'audio/amr': string;
          'audio/mpeg': string;
          'audio/mp4': string;
          'audio/ogg': string;
          'text/plain': string;
          'application/pdf': string;
          'application/vnd.ms-powerpoint': string;
          'application/msword': string;
          'application/vnd.ms-excel': string;
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': string;
          'application/vnd.openxmlformats-officedocument.presentationml.presentation': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'image/jpeg': string;
          'image/png': string;
          'image/webp': string;
          'video/mp4': string;
          'video/3gpp': string;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'audio/aac': components['schemas']['GraphErrorResponse'];
          'audio/amr': components['schemas']['GraphErrorResponse'];
          'audio/mpeg': components['schemas']['GraphErrorResponse'];
          'audio/mp4': components['schemas']['GraphErrorResponse'];
          'audio/ogg': components['schemas']['GraphErrorResponse'];
          'text/plain': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-powerpoint': components['schemas']['GraphErrorResponse'];
          'application/msword': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-excel': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.presentationml.presentation': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'image/png': components['schemas']['GraphErrorResponse'];
          'image/webp': components['schemas']['GraphErrorResponse'];
          'video/mp4': components['schemas']['GraphErrorResponse'];
          'video/3gpp': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'audio/aac': components['schemas']['GraphErrorResponse'];
          'audio/amr': components['schemas']['GraphErrorResponse'];
          'audio/mpeg': components['schemas']['GraphErrorResponse'];
          'audio/mp4': components['schemas']['GraphErrorResponse'];
          'audio/ogg': components['schemas']['GraphErrorResponse'];
          'text/plain': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-powerpoint': components['schemas']['GraphErrorResponse'];
          'application/msword': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-excel': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.presentationml.presentation': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'image/png': components['schemas']['GraphErrorResponse'];
          'image/webp': components['schemas']['GraphErrorResponse'];
          'video/mp4': components['schemas']['GraphErrorResponse'];
          'video/3gpp': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'audio/aac': components['schemas']['GraphErrorResponse'];
          'audio/amr': components['schemas']['GraphErrorResponse'];
          'audio/mpeg': components['schemas']['GraphErrorResponse'];
          'audio/mp4': components['schemas']['GraphErrorResponse'];
          'audio/ogg': components['schemas']['GraphErrorResponse'];
          'text/plain': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-powerpoint': components['schemas']['GraphErrorResponse'];
          'application/msword': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-excel': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.presentationml.presentation': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'image/png': components['schemas']['GraphErrorResponse'];
          'image/webp': components['schemas']['GraphErrorResponse'];
          'video/mp4': components['schemas']['GraphErrorResponse'];
          'video/3gpp': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'audio/aac': components['schemas']['GraphErrorResponse'];
          'audio/amr': components['schemas']['GraphErrorResponse'];
          'audio/mpeg': components['schemas']['GraphErrorResponse'];
          'audio/mp4': components['schemas']['GraphErrorResponse'];
          'audio/ogg': components['schemas']['GraphErrorResponse'];
          'text/plain': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-powerpoint': components['schemas']['GraphErrorResponse'];
          'application/msword': components['schemas']['GraphErrorResponse'];
          'application/vnd.ms-excel': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.presentationml.presentation': components['schemas']['GraphErrorResponse'];
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'image/png': components['schemas']['GraphErrorResponse'];
          'image/webp': components['schemas']['GraphErrorResponse'];
          'video/mp4': components['schemas']['GraphErrorResponse'];
          'video/3gpp': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RateCardsController_list: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RateCardsController_create: {
    parameters: {
      query?: {
        /** @description CSV only */
        source?: string;
        /** @description CSV only */
        effective_from?: string;
        /** @description CSV only */
        currency?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RateCardDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RateCardsController_quote: {
    parameters: {
      query: {
        date?: string;
        category: string;
        wa_id: string;
        organization_id: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PriceQuoteDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RateCardsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RateCardsController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RateCardsController_markups: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RateCardsController_setMarkup: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutMarkupDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarkupDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  UsageController_report: {
    parameters: {
      query: {
        organization_id?: string;
        /** @description Comma-separated: organization, category, phone_number, market, country, broadcast */
        group_by?: string;
        granularity?: 'day' | 'month';
        to: string;
        from: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  UsageController_listReconciliations: {
    parameters: {
      query?: {
        organization_id?: string;
        flagged?: 'true' | 'false';
        to?: string;
        from?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  UsageController_runReconciliation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SpendingLimitsController_read: {
    parameters: {
      query?: {
        organization_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SpendingLimitDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SpendingLimitsController_list: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SpendingLimitsController_set: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutSpendingLimitDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SpendingLimitDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SpendingLimitsController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_teams: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TeamListDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_createTeam: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTeamDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TeamDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_team: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TeamDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_deleteTeam: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_updateTeam: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateTeamDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TeamDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_agents: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgentListDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_setAvailability: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A member’s user id, or `me` */
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetAvailabilityDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SetAvailabilityDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_settings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboxSettingsDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxController_putSettings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutInboxSettingsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboxSettingsDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AssignmentPolicyController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssignmentPolicyDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AssignmentPolicyController_put: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutAssignmentPolicyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssignmentPolicyDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AssignmentPolicyController_delete: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SavedRepliesController_list: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedReplyListDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SavedRepliesController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateSavedReplyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedReplyDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SavedRepliesController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  SavedRepliesController_update: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateSavedReplyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedReplyDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InboxEventsController_stream: {
    parameters: {
      query?: {
        /** @description The id of the last event seen */
        last_event_id?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A text/event-stream that stays open */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_list: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemberListDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_invitations: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvitationListDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_invite: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InviteMemberDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewInvitationDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description The mail server refused the mail or did not answer: nothing was sent, retry later (code 1) */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_policy: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignInPolicyDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_setPolicy: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutSignInPolicyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignInPolicyDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_cancel: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        invitationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  MembersController_changeRole: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChangeRoleDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationInvitationsController_invite: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The organization id */
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InviteMemberDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewInvitationDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description The mail server refused the mail or did not answer: nothing was sent, retry later (code 1) */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ContactsController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        /** @description Only contacts carrying this tag (trimmed and lowercased like stored tags) */
        tag?: string;
        /** @description Only the contact with this number (normalized like a send recipient) */
        phone_number?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ContactsController_upsert: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpsertContactsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpsertContactsResponseDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ContactsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The contact number, normalized like a send recipient */
        phoneNumber: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ContactsController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The contact number, normalized like a send recipient */
        phoneNumber: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AutomationsController_hours: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessHoursDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AutomationsController_putHours: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BusinessHoursDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BusinessHoursDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AutomationsController_replies: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomaticRepliesDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AutomationsController_putReplies: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AutomaticRepliesDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomaticRepliesDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  AutomationsController_runs: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationRunListDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_list: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationRuleListDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RuleInputDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationRuleDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationRuleDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_update: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RuleInputDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationRuleDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_runs: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationRunListDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_dryRun: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DryRunDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DryRunResultDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_settings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationSettingsReadDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_putSettings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AutomationSettingsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AutomationSettingsReadDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RulesController_makeSigningSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['SigningSecretInputDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SigningSecretDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  EmbeddedSignupController_settings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignupSettingsDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  EmbeddedSignupController_complete: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CompleteSignupDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CompletedSignupDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description The mail server refused the mail or did not answer: nothing was sent, retry later (code 1) */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        status?: 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled';
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BroadcastPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateBroadcastDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBroadcastDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_preflight: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateBroadcastDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PreflightDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The broadcast's id */
        broadcastId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BroadcastDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_recipients: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
        status?: 'queued' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped' | 'deferred';
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The broadcast's id */
        broadcastId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecipientPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_append: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The broadcast's id */
        broadcastId: string;
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AppendRecipientsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedBroadcastDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_pause: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The broadcast's id */
        broadcastId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BroadcastDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_resume: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The broadcast's id */
        broadcastId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BroadcastDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_cancel: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The broadcast's id */
        broadcastId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BroadcastDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  BroadcastsController_retry: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
        /** @description The broadcast's id */
        broadcastId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RetriedDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestNumbersController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PhoneNumberPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestNumbersController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTestNumberDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TestNumberDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestNumbersController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestSimulationController_inbound: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A test number of the organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': unknown;
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestSimulationController_status: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A test number of the organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestStatusDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestSimulationController_statusDelays: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A test number of the organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestStatusDelaysDto'];
      };
    };
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestSimulationController_quality: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A test number of the organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestQualityDto'];
      };
    };
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  TestSimulationController_review: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A test business account of the organization */
        wabaId: string;
        /** @description The template’s id (as created) */
        templateId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestReviewDto'];
      };
    };
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RetentionController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RetentionDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  RetentionController_put: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RetentionDaysDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RetentionDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  CustomersController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErasurePageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  CustomersController_erase: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EraseCustomerDto'];
      };
    };
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErasureDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  CustomersController_erasure: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErasureDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  CustomersController_export: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description The customer's WhatsApp id */
        waId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerExportDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationExportsController_list: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The `paging.cursors.after` of the previous page */
        after?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationExportPageDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationExportsController_start: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationExportDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationExportsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationExportDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationExportsController_download: {
    parameters: {
      query: {
        /** @description As the link gives it */
        signature: string;
        /** @description As the link gives it */
        expires: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/gzip': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationDeletionsController_start: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationDeletionDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  OrganizationDeletionsController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrganizationDeletionDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Not found (code 100) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InsightsController_funnels: {
    parameters: {
      query?: {
        phone_number_id?: string;
        broadcast_id?: string;
        template_language?: string;
        template_name?: string;
        until?: string;
        since?: string;
        granularity?: 'day' | 'week' | 'total';
        by?: 'template' | 'broadcast' | 'phone_number';
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
          'text/csv': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InsightsController_templateAnalyticsDays: {
    parameters: {
      query?: {
        flagged?: 'true' | 'false';
        until?: string;
        since?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InsightsController_compare: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  InsightsController_teamFigures: {
    parameters: {
      query?: {
        /** @description First day (UTC); a week before `until` by default */
        since?: string;
        /** @description Last day, included (UTC); today by default */
        until?: string;
        by?: 'agent' | 'team' | 'number';
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TeamFiguresDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /**
       * @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       *
       *     Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_read: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleSessionDto'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_signIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignInDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleSessionDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_signOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  ConsoleSessionController_switchOrganization: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SwitchOrganizationDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleSessionDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_invitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_accept: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AcceptInvitationDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleSessionDto'];
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_requestPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetRequestDto'];
      };
    };
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description The mail server refused the mail or did not answer: nothing was sent, retry later (code 1) */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetDto'];
      };
    };
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_setupTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_removeTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TotpCodeDto'];
      };
    };
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Conflict (code 100 or 131000) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSessionController_confirmTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TotpCodeDto'];
      };
    };
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSsoController_offered: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  ConsoleSsoController_start: {
    parameters: {
      query?: {
        /** @description The organization to sign in to */
        organization_id?: string;
        /** @description true: a platform operator signs in to the platform */
        platform?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description The mail server refused the mail or did not answer: nothing was sent, retry later (code 1) */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  ConsoleSsoController_callback: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  GraphNodesController_download: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        mediaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, with its Content-Type */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': components['schemas']['GraphErrorResponse'];
          'image/jpeg': components['schemas']['GraphErrorResponse'];
          'application/pdf': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  GraphNodesController_read: {
    parameters: {
      query?: {
        fields?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A phone number id, a template id, or a media id (from an inbound webhook or POST /v1/{phoneNumberId}/media) of the organization */
        nodeId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  GraphNodesController_update: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A phone number id, a template id, or a media id (from an inbound webhook or POST /v1/{phoneNumberId}/media) of the organization */
        nodeId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': unknown;
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  GraphNodesController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        /** @description A phone number id, a template id, or a media id (from an inbound webhook or POST /v1/{phoneNumberId}/media) of the organization */
        nodeId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  PhoneNumbersController_list: {
    parameters: {
      query?: {
        /** @description Comma-separated fields, as Graph takes them (id is always included) */
        fields?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  forwarded_createWhatsAppBusinessAccountPhoneNumber: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "phone_number": "16315551000",
         *       "verified_name": "My Business Name",
         *       "cc": "1"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "1906385232743451"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  PhoneNumbersController_profile: {
    parameters: {
      query?: {
        /** @description Comma-separated fields, as Graph takes them (id is always included) */
        fields?: string;
      };
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  PhoneNumbersController_updateProfile: {
    parameters: {
      query?: never;
      header?: {
        /** @description Admin keys: the organization to act for when the path names no phone number or business account. */
        'X-Svc-Tenant-Id'?: string;
      };
      path: {
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GraphErrorResponse'];
        };
      };
    };
  };
  forwarded_getBlockedUsers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "messaging_product": "whatsapp",
           *           "wa_id": "16505551234"
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "eyJvZAmZAzZAXQiOjAsInZAlcnNpb25JZACI6IjE3Mzc2Nzk2ODgzODM1ODQifQZDZD",
           *           "before": "eyJvZAmZAzZAXQiOjAsInZAlcnNpb25JZACI6IjE3Mzc2Nzk2ODgzODM1ODQifQZDZD"
           *         }
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_blockUserS: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "block_users": [
         *         {
         *           "user": "+16505551234"
         *         }
         *       ],
         *       "messaging_product": "whatsapp"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "block_users": {
           *         "added_users": [
           *           {
           *             "input": "+16505551234",
           *             "wa_id": "16505551234"
           *           }
           *         ]
           *       },
           *       "messaging_product": "whatsapp"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_unblockUserS: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "block_users": [
         *         {
         *           "user": "+16505551234"
         *         }
         *       ],
         *       "messaging_product": "whatsapp"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "block_users": {
           *         "removed_users": [
           *           {
           *             "input": "+16505551234",
           *             "wa_id": "16505551234"
           *           }
           *         ]
           *       },
           *       "messaging_product": "whatsapp"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_checkCallPermissions: {
    parameters: {
      query: {
        user_wa_id: string;
      };
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "permission": {
           *         "status": "granted",
           *         "expiration_time": 1735689600
           *       },
           *       "actions": [
           *         {
           *           "action_name": "start_call",
           *           "can_perform_action": true,
           *           "limits": [
           *             {
           *               "time_period": "24h",
           *               "current_usage": 5,
           *               "max_allowed": 100,
           *               "limit_expiration_time": 1735689600
           *             }
           *           ]
           *         },
           *         {
           *           "action_name": "send_call_permission_request",
           *           "can_perform_action": false,
           *           "limits": null
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_manageCalls: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "to": "14085551234",
         *       "action": "connect",
         *       "session": {
         *         "sdp_type": "offer",
         *         "sdp": "v=0\no=- 3626166318745852955 2 IN IP4 127.0.0.1\ns=-\nt=0 0\na=group:BUNDLE 0\na=extmap-allow-mixed\na=msid-semantic: WMS d8b26053-4474-4eb7-b3c3-c93d6c8c9b2e\nm=audio 9 UDP/TLS/RTP/SAVPF 111 63 9 0 8 110 126\nc=IN IP4 0.0.0.0\na=rtcp:9 IN IP4 0.0.0.0\na=ice-ufrag:4g1c\na=ice-pwd:qY/Bb+jQzg5ICn6X4fhJQetk\na=ice-options:trickle\na=fingerprint:sha-256 35:47:24:24:9F:93:C4:3E:DB:37:7F:BB:ED:F8:20:B5:AD:AC:DC:35:C2:7D:67:EE:6C:35:54:DF:A6:00:5C:4A\na=setup:actpass\na=mid:0\na=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level\na=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time\na=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\na=extmap:4 urn:ietf:params:rtp-hdrext:sdes:mid\na=sendrecv\na=msid:d8b26053-4474-4eb7-b3c3-c93d6c8c9b2e 5b4d3d96-ea9b-44a8-87e6-11a1ad21a3bc\na=rtcp-mux\na=rtpmap:111 opus/48000/2\na=rtcp-fb:111 transport-cc\na=fmtp:111 minptime=10;useinbandfec=1\na=rtpmap:63 red/48000/2\na=fmtp:63 111/111\na=rtpmap:9 G722/8000\na=rtpmap:0 PCMU/8000\na=rtpmap:8 PCMA/8000\na=rtpmap:110 telephone-event/48000\na=rtpmap:126 telephone-event/8000\na=ssrc:2220762577 cname:w/zwpg3jXNiTFTdZ\na=ssrc:2220762577 msid:d8b26053-4474-4eb7-b3c3-c93d6c8c9b2e 5b4d3d96-ea9b-44a8-87e6-11a1ad21a3bc\n"
         *       },
         *       "biz_opaque_callback_data": "0fS5cePMok"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "calls": [
           *         {
           *           "id": "wacid.ABGGFjFVU2AfAgo6V"
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getActiveGroups: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "groups": [
           *           {
           *             "id": "string",
           *             "subject": "string",
           *             "created_at": "string"
           *           }
           *         ]
           *       },
           *       "paging": {
           *         "cursors": {
           *           "before": "string",
           *           "after": "string"
           *         },
           *         "previous": "string",
           *         "next": "string"
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_createGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "subject": "New Purchase Inquiry",
         *       "description": "Jim, an existing client, would like to learn about new car purchase options for current year models.",
         *       "join_approval_mode": "approval_required"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "request_id": "106540352242922"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_sendMarketingMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "recipient_type": "individual",
         *       "to": "16315552222",
         *       "type": "template",
         *       "template": {
         *         "name": "hello_world",
         *         "language": {
         *           "code": "en"
         *         }
         *       }
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "contacts": [
           *         {
           *           "input": "16315552222",
           *           "wa_id": "16315552222"
           *         }
           *       ],
           *       "messages": [
           *         {
           *           "id": "wamid.gBGGSFcCNEOPAgkO_KJ55r4w_ww"
           *         }
           *       ],
           *       "messaging_product": "whatsapp",
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_listAllQrCodes: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "code": "5QBPAD2DC6L5A1",
           *           "prefilled_message": "Show me Cyber Tuesday deals!",
           *           "deep_link_url": "https://wa.me/message/5QBPAD2DC6L5A1"
           *         },
           *         {
           *           "code": "ANED2T5QRU7HG1",
           *           "prefilled_message": "Show me Cyber Monday deals!",
           *           "deep_link_url": "https://wa.me/message/ANED2T5QRU7HG1"
           *         },
           *         {
           *           "code": "WOMVT6TJ2BP7A1",
           *           "prefilled_message": "Tell me more about your production workshop",
           *           "deep_link_url": "https://wa.me/message/WOMVT6TJ2BP7A1"
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_createOrUpdateQrCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "prefilled_message": "Hi! I'm interested in your products. Can you help me?",
         *       "generate_qr_image": "SVG"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "code": "ANED2T5QRU7HG1",
           *       "prefilled_message": "Hi! I'm interested in your products. Can you help me?",
           *       "deep_link_url": "https://wa.me/message/ANED2T5QRU7HG1",
           *       "qr_image_url": "https://scontent-iad3-2.xx.fbcdn.net/m1/v/t6/An-psFmLBls2NFXnhhkSVqwIHEqCTQoNKTLxxlOeci0Wbsukd2RLiwZalHrXwqT5RTFSzOhyw6OLvJJO0itaQtJI1BS2WkNcV67wR3GNx7ZX1tFSNCbpo1e6KPptKF1GbVGzmUfkgSPX?ccb=10-5&oh=00_AfAOAr6oRA2OKV_Ur3GUh4em57sACxUkfhXHsObiFrxOsA&oe=64DCCEF6&_nc_sid=5a413f"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getIndividualQrCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A QR code of the path's phone number */
        qrCodeId: string;
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "code": "ANED2T5QRU7HG1",
           *           "prefilled_message": "Show me Cyber Monday deals!",
           *           "deep_link_url": "https://wa.me/message/ANED2T5QRU7HG1"
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_deleteIndividualQrCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A QR code of the path's phone number */
        qrCodeId: string;
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_sendEncryptedMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "encrypted_contents": "eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkExMjhDQkMtSFMyNTYifQ..."
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "encrypted_contents": "eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkExMjhDQkMtSFMyNTYifQ.encrypted_response_payload..."
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getOfficialBusinessAccountStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "1234567890123456",
           *       "oba_status": "PENDING",
           *       "status_message": "Your Official Business Account application is under review"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_GraphWhatsAppBusinessAccountToNumberCurrentStatusOfficialBusinessAccountPost: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "action": "SUBMIT_APPLICATION",
         *       "application_data": {
         *         "business_name": "Acme Corporation Ltd",
         *         "business_description": "Leading provider of innovative business solutions and consulting services",
         *         "website_url": "https://www.acmecorp.com",
         *         "contact_email": "business@acmecorp.com"
         *       }
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "message": "Official Business Account application submitted successfully",
           *       "updated_status": {
           *         "id": "1234567890123456",
           *         "oba_status": "PENDING",
           *         "status_message": "Your Official Business Account application is under review"
           *       },
           *       "tracking_id": "oba_req_1234567890abcdef"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_updatePhoneNumberStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "connection_status": "CONNECTED"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "contacts": [
           *         {
           *           "input": "+1234567890",
           *           "wa_id": "1234567890"
           *         }
           *       ],
           *       "messages": [
           *         {
           *           "id": "wamid.HBgLMTY3NzE4NDM4NjAVAgARGBI5QTRCMEM4RjA2NzY4RTlBNAA="
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_deregisterPhoneNumber: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getMessageHistory: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "1234567890123456",
           *           "message_id": "wamid.HBgLMTY0NzM3Nzc3NzUVAgARGBI5QTNEQTA2RjdGMEY4RTRGAA==",
           *           "events": {
           *             "data": [
           *               {
           *                 "id": "2345678901234567",
           *                 "delivery_status": "SENT",
           *                 "timestamp": 1640995200,
           *                 "webhook_update_state": "DELIVERED",
           *                 "application": {
           *                   "id": "9876543210987654"
           *                 },
           *                 "webhook_uri": "https://example.com/webhook"
           *               },
           *               {
           *                 "id": "3456789012345678",
           *                 "delivery_status": "DELIVERED",
           *                 "timestamp": 1640995260,
           *                 "webhook_update_state": "DELIVERED",
           *                 "application": {
           *                   "id": "9876543210987654"
           *                 },
           *                 "webhook_uri": "https://example.com/webhook"
           *               }
           *             ]
           *           }
           *         },
           *         {
           *           "id": "4567890123456789",
           *           "message_id": "wamid.HBgLMTY0NzM3Nzc3NzUVAgARGBI5QTNEQTA2RjdGMEY4RTJHAA==",
           *           "events": {
           *             "data": [
           *               {
           *                 "id": "5678901234567890",
           *                 "delivery_status": "READ",
           *                 "timestamp": 1640995320,
           *                 "webhook_update_state": "DELIVERED",
           *                 "application": {
           *                   "id": "9876543210987654"
           *                 },
           *                 "webhook_uri": "https://example.com/webhook"
           *               }
           *             ]
           *           }
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "MTAxNTExOTQ1MjAwNzI5NDE=",
           *           "before": "MAZDZD"
           *         },
           *         "next": "https://graph.facebook.com/v23.0/1234567890123456/message_history?after=MTAxNTExOTQ1MjAwNzI5NDE="
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_registerWhatsAppBusinessPhoneNumber: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "pin": "123456"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_requestVerificationCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code_method": "SMS",
         *       "language": "en_US"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getPhoneNumberSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "calling": {
           *         "status": "enabled",
           *         "call_icon_visibility": "visible",
           *         "ip_addresses": {
           *           "default": [
           *             "157.240.0.1",
           *             "157.240.0.2"
           *           ]
           *         },
           *         "callback_permission_status": "enabled",
           *         "video": {
           *           "status": "enabled"
           *         }
           *       },
           *       "payload_encryption": {
           *         "status": "disabled"
           *       },
           *       "storage_configuration": {
           *         "status": "default"
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_updatePhoneNumberSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "calling": {
         *         "status": "enabled",
         *         "call_icon_visibility": "visible",
         *         "video": {
         *           "status": "enabled"
         *         }
         *       }
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_verifyPhoneNumberCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "123456"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "id": "1234567890123456"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getBusinessEncryptionPublicKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "business_public_key": "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA...\n-----END PUBLIC KEY-----\n",
           *           "business_public_key_signature_status": "VALID"
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_setBusinessEncryptionPublicKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "business_public_key": "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA...\n-----END PUBLIC KEY-----\n"
         *     }
         */
        'multipart/form-data': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getCommerceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "527759822865714",
           *           "is_cart_enabled": true,
           *           "is_catalog_visible": true
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_setOrUpdateCommerceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getBusinessComplianceInfo: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "whatsapp_business_account_id": "1234567890123456",
           *           "messaging_product": "whatsapp",
           *           "entity_name": "Lucky Shrub Private Limited",
           *           "entity_type": "Partnership",
           *           "entity_type_custom": null,
           *           "is_registered": true,
           *           "grievance_officer_details": {
           *             "name": "Chandravati P.",
           *             "email": "chandravati@luckyshrub.com",
           *             "mobile_number": "+913854559033",
           *             "landline_number": "+913857614343"
           *           },
           *           "customer_care_details": {
           *             "email": "support@luckyshrub.com",
           *             "mobile_number": "+913854559033",
           *             "landline_number": "+913857614343"
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_updateBusinessComplianceInfo: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "entity_name": "Lucky Shrub Private Limited",
         *       "entity_type": "PARTNERSHIP",
         *       "is_registered": true,
         *       "grievance_officer_details": {
         *         "name": "Chandravati P.",
         *         "email": "chandravati@luckyshrub.com",
         *         "mobile_number": "+913854559033",
         *         "landline_number": "+913857614343"
         *       },
         *       "customer_care_details": {
         *         "email": "support@luckyshrub.com",
         *         "mobile_number": "+913854559033",
         *         "landline_number": "+913857614343"
         *       }
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_createGroupInviteLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "invite_link": "https://chat.whatsapp.com/LINK_ID"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_deleteGroupInviteLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "success": "true"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getJoinRequests: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "join_request_id": "MTY0NjcwNDM1OTU6MTIwMzYzNDA0Njk0MjMzODIw",
           *           "wa_id": "16505551234",
           *           "creation_timestamp": 1755548877
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "before": "string",
           *           "after": "string"
           *         },
           *         "previous": "string",
           *         "next": "string"
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_approveJoinRequests: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "join_requests": [
         *         "MTY0NjcwNDM1OTU6MTIwMzYzNDA0Njk0MjMzODIw"
         *       ]
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "approved_join_requests": [
           *         "string"
           *       ],
           *       "failed_join_requests": [
           *         {
           *           "join_request_id": "string",
           *           "errors": [
           *             {
           *               "code": 0,
           *               "message": "string",
           *               "title": "string",
           *               "error_data": {
           *                 "details": "string"
           *               }
           *             }
           *           ]
           *         }
           *       ],
           *       "errors": [
           *         {
           *           "code": 0,
           *           "message": "string",
           *           "title": "string",
           *           "error_data": {
           *             "details": "string"
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_rejectJoinRequests: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "join_requests": [
         *         "string"
         *       ]
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "messaging_product": "whatsapp",
           *       "rejected_join_requests": [
           *         "string"
           *       ],
           *       "failed_join_requests": [
           *         {
           *           "join_request_id": "string",
           *           "errors": [
           *             {
           *               "code": 0,
           *               "message": "string",
           *               "title": "string",
           *               "error_data": {
           *                 "details": "string"
           *               }
           *             }
           *           ]
           *         }
           *       ],
           *       "errors": [
           *         {
           *           "code": 0,
           *           "message": "string",
           *           "title": "string",
           *           "error_data": {
           *             "details": "string"
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_addGroupParticipants: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "participants": [
         *         {
         *           "user": "+17865347866"
         *         }
         *       ]
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_removeGroupParticipants: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "participants": [
         *         {
         *           "user": "+17865347866"
         *         }
         *       ]
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getGroupInfo: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "string",
           *       "messaging_product": "whatsapp",
           *       "join_approval_mode": "approval_required",
           *       "subject": "Artificial Intelligence Insights",
           *       "description": "Explore AI developments, share knowledge, and discuss the future of artificial intelligence with fellow enthusiasts and experts.",
           *       "suspended": true,
           *       "creation_timestamp": 683731200,
           *       "participants": [
           *         {
           *           "wa_id": "string"
           *         }
           *       ],
           *       "total_participant_count": 6
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_updateGroupSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messaging_product": "whatsapp",
         *       "subject": "Watch Enthusiasts",
         *       "description": "Join our community to discuss the latest timepieces, share watch reviews, and connect with fellow horology enthusiasts.",
         *       "profile_picture_file": "string"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_deleteGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A group id the organization listed (GET /v1/{phoneNumberId}/groups) */
        groupId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getMessageHistoryEvents: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A message history id the organization listed */
        messageHistoryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "cursor": "MTAxNTExOTQ1MjAwNzI5NDE=",
           *           "node": {
           *             "id": "2345678901234567",
           *             "delivery_status": "SENT",
           *             "occurrence_timestamp": 1640995200,
           *             "status_timestamp": 1640995205,
           *             "application": {
           *               "id": "9876543210987654",
           *               "name": "WhatsApp Business API Client"
           *             }
           *           }
           *         },
           *         {
           *           "cursor": "MTAxNTExOTQ1MjAwNzI5NDI=",
           *           "node": {
           *             "id": "3456789012345678",
           *             "delivery_status": "DELIVERED",
           *             "occurrence_timestamp": 1640995260,
           *             "status_timestamp": 1640995265,
           *             "application": {
           *               "id": "9876543210987654",
           *               "name": "WhatsApp Business API Client"
           *             }
           *           }
           *         },
           *         {
           *           "cursor": "MTAxNTExOTQ1MjAwNzI5NDM=",
           *           "node": {
           *             "id": "4567890123456789",
           *             "delivery_status": "READ",
           *             "occurrence_timestamp": 1640995320,
           *             "status_timestamp": 1640995325,
           *             "application": {
           *               "id": "9876543210987654",
           *               "name": "WhatsApp Business API Client"
           *             }
           *           }
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "MTAxNTExOTQ1MjAwNzI5NDM=",
           *           "before": "MTAxNTExOTQ1MjAwNzI5NDE="
           *         },
           *         "next": "https://graph.facebook.com/v23.0/1234567890123456/events?after=MTAxNTExOTQ1MjAwNzI5NDM"
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getMigrationIntentDetails: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A migration intent id the organization created */
        migrationIntentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "1234567890123456",
           *       "status": "INITIATED"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getAssignedUsers: {
    parameters: {
      query: {
        business: string;
      };
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "1234567890123456",
           *           "name": "John Smith",
           *           "business": {
           *             "id": "9876543210987654",
           *             "name": "Example Business Inc"
           *           },
           *           "user_type": "BUSINESS_USER"
           *         },
           *         {
           *           "id": "2345678901234567",
           *           "name": "System User Bot",
           *           "business": {
           *             "id": "9876543210987654",
           *             "name": "Example Business Inc"
           *           },
           *           "user_type": "SYSTEM_USER"
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "QVFIUjJ5M2wwdmtONVFHbDZAMVQ4OGJBQUFBQQ",
           *           "before": "QVFIUmx1WTBpMGpJWXprYzVYaVhabW9PVVhF"
           *         },
           *         "next": "https://graph.facebook.com/v23.0/1234567890123456/assigned_users?access_token=YOUR_SYSTEM_USER_ACCESS_TOKEN&limit=25&after=QVFIUjJ5M2wwdmtONVFHbDZAMVQ4OGJBQUFBQQ"
           *       },
           *       "summary": {
           *         "total_count": 15
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_addAssignedUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "user": "2345678901234567",
         *       "tasks": [
         *         "MANAGE",
         *         "VIEW_INSIGHTS"
         *       ]
         *     }
         */
        'application/x-www-form-urlencoded': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_removeAssignedUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "user": "2345678901234567"
         *     }
         */
        'application/x-www-form-urlencoded': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_configureConversationalAutomation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's phone number id, of the key's organization */
        phoneNumberId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "enable_welcome_message": true,
         *       "prompts": [
         *         "How can I help you today?",
         *         "What product are you interested in?"
         *       ],
         *       "commands": []
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_listFlows: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "categories": [
           *             "SIGN_UP"
           *           ],
           *           "id": "flow-1",
           *           "name": "my first flow",
           *           "status": "DRAFT",
           *           "validation_errors": []
           *         },
           *         {
           *           "categories": [
           *             "SIGN_UP",
           *             "SIGN_IN"
           *           ],
           *           "id": "flow-2",
           *           "name": "my second flow",
           *           "status": "DRAFT",
           *           "validation_errors": [
           *             {
           *               "column_end": 30,
           *               "column_start": 17,
           *               "error": "INVALID_PROPERTY",
           *               "error_type": "JSON_SCHEMA_ERROR",
           *               "line_end": 46,
           *               "line_start": 46,
           *               "message": "The property \"initial-text\" cannot be specified at \"$root/screens/0/layout/children/2/children/0\"."
           *             }
           *           ]
           *         },
           *         {
           *           "categories": [
           *             "CONTACT_US"
           *           ],
           *           "id": "flow-3",
           *           "name": "another flow",
           *           "status": "PUBLISHED",
           *           "validation_errors": []
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "QVFIUnZAWV...",
           *           "before": "QVFIUnpKT..."
           *         }
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_createFlow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "categories": "[\"OTHER\"]",
         *       "clone_flow_id": "<EXISTING_FLOW_ID>",
         *       "endpoint_uri": "https://example.com",
         *       "name": "<FLOW_NAME>"
         *     }
         */
        'multipart/form-data': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "flow-1"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_migrateFlows: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "source_flow_names": "[\"appointment\", \"leadgen\"]",
         *       "source_waba_id": "<SOURCE_WABA_ID>"
         *     }
         */
        'multipart/form-data': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "failed_flows": [
           *         {
           *           "error_code": "4233041",
           *           "error_message": "Flows Migration Error: Flow name not found in source WABA.",
           *           "source_name": "leadgen"
           *         }
           *       ],
           *       "migrated_flows": [
           *         {
           *           "migrated_id": "dest-flow-1",
           *           "source_id": "source-flow-1",
           *           "source_name": "appointment"
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getFlow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A flow id the organization created or listed */
        flowId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "flow-1",
           *       "metric": {
           *         "data_points": [
           *           {
           *             "data": [
           *               {
           *                 "key": "succeeded",
           *                 "value": 713
           *               },
           *               {
           *                 "key": "failed",
           *                 "value": 335
           *               }
           *             ],
           *             "timestamp": "2024-01-28T08:00:00+0000"
           *           },
           *           {
           *             "data": [
           *               {
           *                 "key": "succeeded",
           *                 "value": 623
           *               },
           *               {
           *                 "key": "failed",
           *                 "value": 2
           *               }
           *             ],
           *             "timestamp": "2024-01-29T08:00:00+0000"
           *           }
           *         ],
           *         "granularity": "DAY",
           *         "name": "ENDPOINT_AVAILABILITY"
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_updateFlowMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A flow id the organization created or listed */
        flowId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "categories": "[\"OTHER\"]",
         *       "endpoint_uri": "https://example.com",
         *       "name": "<NEW_FLOW_NAME>"
         *     }
         */
        'multipart/form-data': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_deleteFlow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A flow id the organization created or listed */
        flowId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_listAssetsGetFlowJsonUrl: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A flow id the organization created or listed */
        flowId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "asset_type": "FLOW_JSON",
           *           "download_url": "https://scontent.xx.fbcdn.net/m1/v/t0.57323-24/An_Hq0jnfJ...",
           *           "name": "flow.json"
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "QVFIU...",
           *           "before": "QVFIU..."
           *         }
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_updateFlowJson: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A flow id the organization created or listed */
        flowId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "asset_type": "FLOW_JSON",
         *       "file": "string",
         *       "name": "flow.json"
         *     }
         */
        'multipart/form-data': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "validation_errors": [
           *         {
           *           "column_end": 30,
           *           "column_start": 17,
           *           "error": "INVALID_PROPERTY",
           *           "error_type": "JSON_SCHEMA_ERROR",
           *           "line_end": 46,
           *           "line_start": 46,
           *           "message": "The property \"initial-text\" cannot be specified at \"$root/screens/0/layout/children/2/children/0\"."
           *         }
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_publishFlow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A flow id the organization created or listed */
        flowId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_deprecateFlow: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A flow id the organization created or listed */
        flowId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getInProgressOnBehalfRequests: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "1234567890123456",
           *           "status": "IN_PROGRESS",
           *           "business_owned_object": "9876543210987654",
           *           "receiving_business": {
           *             "id": "5678901234567890",
           *             "name": "Partner Business LLC"
           *           },
           *           "requesting_business": {
           *             "id": "2345678901234567",
           *             "name": "My Business Inc"
           *           }
           *         },
           *         {
           *           "id": "2345678901234567",
           *           "status": "IN_PROGRESS",
           *           "business_owned_object": "9876543210987654",
           *           "receiving_business": {
           *             "id": "3456789012345678",
           *             "name": "Another Partner Corp"
           *           },
           *           "requesting_business": {
           *             "id": "2345678901234567",
           *             "name": "My Business Inc"
           *           }
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "CURSOR_AFTER_PLACEHOLDER",
           *           "before": "CURSOR_BEFORE_PLACEHOLDER"
           *         },
           *         "paging": {
           *           "next": "https://graph.facebook.com/v23.0/1234567890123456/in_progress_onbehalf_request?after=CURSOR_AFTER_PLACEHOLDER"
           *         }
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getOBOMobilityIntent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An OBO mobility intent id the organization created */
        oboMobilityIntentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "1234567890123456",
           *       "waba": {
           *         "id": "1234567890123456",
           *         "name": "My Business Account",
           *         "status": "ACTIVE"
           *       },
           *       "solution": {
           *         "id": "2345678901234567",
           *         "name": "My Business Solution",
           *         "partner_id": "3456789012345678",
           *         "status": "ACTIVE"
           *       },
           *       "status": "ACTIVE",
           *       "created_time": "2024-01-15T10:30:00Z",
           *       "updated_time": "2024-01-15T14:45:00Z"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_createOBOMobilityIntent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "solution_id": "2345678901234567",
         *       "intent_type": "INITIATE_TRANSFER",
         *       "target_solution_id": "3456789012345678",
         *       "mobility_reason": "Transferring account management to new solution provider",
         *       "metadata": {
         *         "partner_approval_id": "approval_123456",
         *         "business_justification": "Business restructuring"
         *       }
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "mobility_intent_id": "obo_mobility_123456789",
           *       "status": "PENDING",
           *       "estimated_completion_time": "2024-12-01T12:00:00Z",
           *       "approval_required": true,
           *       "next_steps": [
           *         "Await partner approval",
           *         "Confirm transfer details"
           *       ]
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getWhatsAppBusinessAccountSchedules: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "1234567890123456",
           *           "name": "Business Hours Schedule",
           *           "status": "ACTIVE",
           *           "schedule_type": "BUSINESS_HOURS",
           *           "description": "Standard business operating hours",
           *           "start_time": "09:00",
           *           "end_time": "17:00",
           *           "timezone": "America/New_York",
           *           "days_of_week": [
           *             "MONDAY",
           *             "TUESDAY",
           *             "WEDNESDAY",
           *             "THURSDAY",
           *             "FRIDAY"
           *           ],
           *           "created_time": "2024-01-15T10:30:00Z",
           *           "updated_time": "2024-01-20T14:45:00Z",
           *           "is_active": true,
           *           "recurrence_pattern": {
           *             "frequency": "WEEKLY",
           *             "interval": 1
           *           }
           *         },
           *         {
           *           "id": "2345678901234567",
           *           "name": "Weekend Maintenance",
           *           "status": "INACTIVE",
           *           "schedule_type": "MAINTENANCE_WINDOW",
           *           "description": "System maintenance window",
           *           "start_time": "02:00",
           *           "end_time": "04:00",
           *           "timezone": "UTC",
           *           "days_of_week": [
           *             "SATURDAY",
           *             "SUNDAY"
           *           ],
           *           "created_time": "2024-01-10T08:00:00Z",
           *           "updated_time": "2024-01-15T12:00:00Z",
           *           "is_active": false
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "MTAxNTExOTQ1MjAwNzI5NDE="
           *         }
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_createWhatsAppBusinessAccountSchedule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Business Hours Schedule",
         *       "schedule_type": "BUSINESS_HOURS",
         *       "description": "Standard business operating hours",
         *       "start_time": "09:00",
         *       "end_time": "17:00",
         *       "timezone": "America/New_York",
         *       "days_of_week": [
         *         "MONDAY",
         *         "TUESDAY",
         *         "WEDNESDAY",
         *         "THURSDAY",
         *         "FRIDAY"
         *       ],
         *       "is_active": true,
         *       "recurrence_pattern": {
         *         "frequency": "WEEKLY",
         *         "interval": 1
         *       }
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "1234567890123456"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_setOBOMobilityIntent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "waba_id": "1234567890123456",
         *       "solution_id": "2345678901234567",
         *       "app_id": "3456789012345678",
         *       "client_mutation_id": "obo_mobility_intent_mutation_123"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "intent_id": "obo_intent_987654321",
           *       "client_mutation_id": "obo_mobility_intent_mutation_123",
           *       "error_msg": null
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_setSolutionMigrationIntent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "solution_id": "1234567890123456",
         *       "migration_intent": "INITIATE_MIGRATION",
         *       "target_solution_id": "2345678901234567",
         *       "migration_reason": "Migrating to new solution provider for enhanced features"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "migration_intent_id": "migration_intent_123456789",
           *       "status": "PENDING",
           *       "estimated_completion_time": "2024-12-01T12:00:00Z"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_listWabaSolutions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "1234567890123456",
           *           "name": "E-commerce Integration Solution",
           *           "status": "ACTIVE",
           *           "status_for_pending_request": "NONE",
           *           "owner_app": {
           *             "id": "9876543210987654",
           *             "name": "Solution Partner App"
           *           },
           *           "owner_permissions": [
           *             "MANAGE",
           *             "DEVELOP",
           *             "MANAGE_TEMPLATES",
           *             "VIEW_INSIGHTS"
           *           ]
           *         },
           *         {
           *           "id": "2345678901234567",
           *           "name": "Customer Support Solution",
           *           "status": "DRAFT",
           *           "status_for_pending_request": "NONE"
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "before": "FAKE_CURSOR_BEFORE_123ABC",
           *           "after": "FAKE_CURSOR_AFTER_456DEF"
           *         },
           *         "next": "https://graph.facebook.com/v23.0/1234567890123456/solutions?limit=25&after=FAKE_CURSOR_AFTER_456DEF"
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getWhatsAppBusinessAccountActivities: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "1234567890123456",
           *           "activity_type": "PHONE_NUMBER_VERIFIED",
           *           "timestamp": "2023-10-15T14:30:00Z",
           *           "actor_type": "USER",
           *           "actor_id": "9876543210987654",
           *           "actor_name": "John Smith",
           *           "description": "Phone number +1234567890 was successfully verified",
           *           "details": {
           *             "phone_number": "+1234567890",
           *             "verification_method": "SMS"
           *           },
           *           "ip_address": "192.168.1.100"
           *         },
           *         {
           *           "id": "1234567890123457",
           *           "activity_type": "USER_ADDED",
           *           "timestamp": "2023-10-15T13:15:00Z",
           *           "actor_type": "ADMIN",
           *           "actor_id": "1111222233334444",
           *           "actor_name": "Admin User",
           *           "description": "New user Jane Doe was added to the account",
           *           "details": {
           *             "user_id": "5555666677778888",
           *             "user_name": "Jane Doe",
           *             "role": "DEVELOPER"
           *           }
           *         }
           *       ],
           *       "paging": {
           *         "cursors": {
           *           "after": "NDMyNzQyODI3OTQw",
           *           "before": "MTAxNTExOTQ1MjAwNzI5NDE="
           *         },
           *         "next": "https://graph.facebook.com/v23.0/1234567890123456/activities?limit=25&after=NDMyNzQyODI3OTQw"
           *       }
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_getWhatsAppBusinessAccountDetails: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "1234567890123456",
           *       "name": "My Business WhatsApp Account",
           *       "timezone_id": "1",
           *       "message_template_namespace": "ba30dd89_2ebd_41e4_b805_f2c05ae04cc9",
           *       "account_review_status": "APPROVED",
           *       "business_verification_status": "VERIFIED",
           *       "country": "US",
           *       "ownership_type": "SELF_OWNED",
           *       "primary_business_location": "US"
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
  forwarded_updateWhatsAppBusinessAccount: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Meta's WhatsApp Business Account id, of the key's organization */
        wabaId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "Updated Business Name"
         *     }
         */
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Meta's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true
           *     }
           */
          'application/json': unknown;
        };
      };
      /** @description Invalid parameter or organization selection (code 100) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Rate limit exceeded (code 4), see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Upstream or internal failure (code 131000) */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
    };
  };
}
