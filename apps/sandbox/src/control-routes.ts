import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { ControlError } from './control-error';
import { parseFaultSpec } from './faults';
import type { SandboxCore } from './sandbox-core';
import type { BusinessAccount } from './sandbox-state';

/**
 * The control API under `/_sandbox` (a prefix Graph never uses): register accounts and numbers,
 * play the user's side, force template reviews, inject faults, and read or clear the logs. Calls
 * here are not recorded in the request log.
 */
export function controlRoutes(core: SandboxCore): Router {
  const router = express.Router();

  // A demo tenant webhook handler: register its URL with the gateway (`/v1/webhooks`, or Meta's
  // subscribed_apps: it answers the hub.challenge handshake) and read here what it got.
  router.post('/receiver', express.text({ type: () => true, limit: '5mb' }), (req, res) => {
    const headers: Record<string, string> = {};
    for (const name of [
      'content-type',
      'user-agent',
      'x-hub-signature-256',
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let body: unknown = req.body;
    try {
      body = JSON.parse(String(req.body));
    } catch {
      // kept as text
    }
    core.received.push({ received_at: new Date().toISOString(), headers, body });
    res.json({ success: true });
  });

  router.get('/receiver', (req, res) => {
    if (req.query['hub.mode'] === 'subscribe' && typeof req.query['hub.challenge'] === 'string') {
      res.type('text/plain').send(req.query['hub.challenge']);
      return;
    }
    res.json({ data: core.received.entries() });
  });

  router.delete('/receiver', (_req, res) => {
    core.received.clear();
    res.json({ success: true });
  });

  router.use(express.json({ limit: '1mb' }));

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', app_id: core.options.appId });
  });

  // The app this sandbox acts as: test mode's gateway tells its simulator its own Meta app (its
  // META_APP_ID) before it makes a test number, so the subscription it then checks names that app.
  router.put('/app', (req, res) => {
    const appId = requiredString(objectBody(req), 'app_id');
    if (!/^\d{1,32}$/.test(appId)) throw new ControlError(400, 'app_id must be digits');
    core.renameApp(appId);
    res.json({ success: true, app_id: core.options.appId });
  });

  router.put('/business_accounts/:wabaId', (req, res) => {
    const body = objectBody(req);
    const token = requiredString(body, 'access_token');
    const name = optionalString(body, 'name');
    const subscribed = body.subscribed;
    if (subscribed !== undefined && typeof subscribed !== 'boolean')
      throw new ControlError(400, 'subscribed must be a boolean');
    const account = core.state.registerBusinessAccount(req.params.wabaId, token, name);
    if (subscribed === true) account.subscribedApps.add(core.options.appId);
    if (subscribed === false) account.subscribedApps.delete(core.options.appId);
    res.json({ success: true, ...businessAccountJson(account) });
  });

  router.get('/business_accounts/:wabaId', (req, res) => {
    res.json(businessAccountJson(knownAccount(req.params.wabaId)));
  });

  // Drops the app's subscription to an account's webhooks, as removing it in Meta's tools would:
  // from now on the sandbox sends the account's webhooks to nobody.
  router.delete('/business_accounts/:wabaId/subscribed_apps', (req, res) => {
    const account = knownAccount(req.params.wabaId);
    account.subscribedApps.delete(core.options.appId);
    res.json({ success: true, ...businessAccountJson(account) });
  });

  function knownAccount(wabaId: string): BusinessAccount {
    const account = core.state.businessAccount(wabaId);
    if (!account) throw new ControlError(404, `business account ${wabaId} is not registered here`);
    return account;
  }

  // What Meta knows of a number beyond messages: registration, the last code sent (as the SMS would
  // show it), whether it was verified, whether a two-step pin is set, settings and blocked users.
  router.get('/phone_numbers/:phoneNumberId', (req, res) => {
    const phone = core.state.phoneNumber(req.params.phoneNumberId);
    if (!phone) throw new ControlError(404, `phone number ${req.params.phoneNumberId} is not registered here`);
    const number = core.cloud.number(phone.id);
    res.json({
      id: phone.id,
      waba_id: phone.wabaId,
      display_phone_number: phone.displayPhoneNumber,
      registered: number.registered,
      verification_code: number.verificationCode ?? null,
      verified: number.verified,
      two_step_pin_set: number.pin !== undefined,
      settings: number.settings,
      blocked_users: [...number.blocked],
      limits: core.messages.limitsOf(phone),
    });
  });

  // Meta's limits of a number: throughput level (or coexistence), messaging limit tier, quality rating;
  // a change fires Meta's phone_number_quality_update webhook where Meta sends one.
  router.post('/phone_numbers/:phoneNumberId/limits', (req, res) => {
    const phone = core.state.phoneNumber(req.params.phoneNumberId);
    if (!phone) throw new ControlError(404, `phone number ${req.params.phoneNumberId} is not registered here`);
    core.messages.changeLimits(phone, req.body);
    res.json(core.messages.limitsOf(phone));
  });

  // When a number's statuses come (test mode): its own delays from the send, or only on demand.
  router.put('/phone_numbers/:phoneNumberId/status_delays', (req, res) => {
    const phone = core.state.phoneNumber(req.params.phoneNumberId);
    if (!phone) throw new ControlError(404, `phone number ${req.params.phoneNumberId} is not registered here`);
    res.json({ status_delays: core.messages.setStatusDelays(phone, req.body) });
  });

  // A status of a message whose number's statuses come on demand: sent, delivered, read or failed.
  router.post('/messages/:messageId/status', (req, res) => {
    res.json(core.messages.advanceStatus(req.params.messageId, req.body));
  });

  router.put('/phone_numbers/:phoneNumberId', (req, res) => {
    const body = objectBody(req);
    const phone = core.state.registerPhoneNumber(
      req.params.phoneNumberId,
      requiredString(body, 'waba_id'),
      requiredString(body, 'display_phone_number'),
      optionalString(body, 'verified_name'),
    );
    res.json({
      success: true,
      id: phone.id,
      waba_id: phone.wabaId,
      display_phone_number: phone.displayPhoneNumber,
      verified_name: phone.verifiedName,
    });
  });

  router.post('/inbound', (req, res) => {
    res.json(core.messages.simulateInbound(req.body));
  });

  router.post('/templates/:templateId/review', (req, res) => {
    res.json(core.templates.forceReview(req.params.templateId, req.body));
  });

  router.get('/faults', (_req, res) => {
    res.json({ data: core.faults.list() });
  });

  router.post('/faults', (req, res) => {
    res.status(201).json(core.faults.add(parseFaultSpec(req.body)));
  });

  router.delete('/faults', (_req, res) => {
    core.faults.clear();
    res.json({ success: true });
  });

  router.delete('/faults/:id', (req, res) => {
    if (!core.faults.remove(Number(req.params.id)))
      throw new ControlError(404, `fault ${req.params.id} does not exist`);
    res.json({ success: true });
  });

  router.get('/requests', (req, res) => {
    const method = typeof req.query.method === 'string' ? req.query.method : undefined;
    const path = typeof req.query.path === 'string' ? req.query.path : undefined;
    res.json({ data: core.requestLog.entries({ method, path }) });
  });

  router.delete('/requests', (_req, res) => {
    core.requestLog.clear();
    res.json({ success: true });
  });

  router.get('/webhooks', (_req, res) => {
    res.json({ data: core.webhooks.deliveries() });
  });

  router.delete('/webhooks', (_req, res) => {
    core.webhooks.clearDeliveries();
    res.json({ success: true });
  });

  // Embedded Signup without a browser: the business finishes the flow (the stand-in page's POST does
  // the same), or removes the partner again.
  router.post('/embedded_signup', (req, res) => {
    const body = objectBody(req);
    res.json(
      core.signup.finish({
        appId: core.options.appId,
        businessName: body.business_name,
        displayPhoneNumber: body.display_phone_number,
        wabaId: body.waba_id,
      }),
    );
  });

  router.post('/business_accounts/:wabaId/partner_removed', (req, res) => {
    core.signup.removePartner(req.params.wabaId);
    res.json({ success: true });
  });

  router.use((req) => {
    throw new ControlError(404, `no control route ${req.method} /_sandbox${req.path}`);
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof ControlError) return void res.status(error.status).json({ error: { message: error.message } });
    const bodyError = error as { type?: string; status?: number; message?: string };
    if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      return void res.status(bodyError.status).json({ error: { message: bodyError.message ?? 'bad request' } });
    }
    console.error('[sandbox] unexpected control API error', error);
    res.status(500).json({ error: { message: 'internal sandbox error' } });
  });

  return router;
}

function objectBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ControlError(400, 'body must be a JSON object');
  return body as Record<string, unknown>;
}

function requiredString(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '') throw new ControlError(400, `${key} is required (non-empty string)`);
  return value;
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw new ControlError(400, `${key} must be a non-empty string`);
  return value;
}

function businessAccountJson(account: BusinessAccount) {
  return { id: account.id, name: account.name, subscribed_apps: [...account.subscribedApps] };
}
