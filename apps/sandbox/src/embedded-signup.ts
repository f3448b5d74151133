import { randomBytes } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { ControlError } from './control-error';
import { GraphApiError } from './graph-error';
import type { SandboxState } from './sandbox-state';
import { accountUpdateWebhook } from './webhook-payloads';
import type { WebhookSender } from './webhook-sender';

/** What a finished signup gave the business's browser (and, through the code, the partner's server). */
export interface SignupResult {
  waba_id: string;
  phone_number_id: string;
  business_id: string;
  code: string;
}

interface IssuedCode {
  wabaId: string;
  token: string;
  used: boolean;
  expiresAt: number;
}

/** A code works this long, as Meta's do (minutes, not hours). */
const CODE_TTL_MS = 10 * 60_000;

/**
 * Meta's Embedded Signup, as far as a partner's gateway meets it:
 * - the business finishes the flow (Meta's pages; here the sandbox's stand-in page, or the control
 *   API): a business account and a number are made at "Meta", with a token of their own that only an
 *   exchange of the flow's code reveals;
 * - `GET /{version}/oauth/access_token?client_id&client_secret&code`: the partner's server trades the
 *   code for the business token, once, with the app's secret (Meta's errors otherwise);
 * - the business removes the partner: Meta tells the app (`account_update`, `PARTNER_REMOVED`), then
 *   the token stops working and the app's subscription is gone.
 */
export class EmbeddedSignup {
  private readonly codes = new Map<string, IssuedCode>();

  constructor(
    private readonly state: SandboxState,
    private readonly webhooks: WebhookSender,
    private readonly app: { appId: string; appSecret: string },
  ) {}

  /**
   * A business finishes the flow: its account and number exist now, and the code is issued. With
   * `wabaId` (an account that finished before), the same account and its first number are chosen
   * again and granted anew: a new token (an old one the business revoked stays revoked).
   */
  finish(input: {
    appId: unknown;
    businessName?: unknown;
    displayPhoneNumber?: unknown;
    wabaId?: unknown;
  }): SignupResult {
    if (input.appId !== this.app.appId)
      throw new ControlError(400, `app_id must be this sandbox's app (${this.app.appId})`);
    if (input.wabaId !== undefined) {
      if (typeof input.wabaId !== 'string') throw new ControlError(400, 'waba_id must be a string');
      return this.grantAgain(input.wabaId);
    }
    const display = typeof input.displayPhoneNumber === 'string' ? input.displayPhoneNumber.replace(/\D/g, '') : '';
    if (display !== '' && !/^\d{8,15}$/.test(display))
      throw new ControlError(400, 'display_phone_number must have 8 to 15 digits');
    const wabaId = this.state.newObjectId();
    const token = `EAAsandbox${randomBytes(24).toString('base64url')}`;
    const name = typeof input.businessName === 'string' && input.businessName.trim() ? input.businessName.trim() : '';
    this.state.registerBusinessAccount(wabaId, token, name || undefined);
    const phoneNumberId = this.state.newObjectId();
    this.state.registerPhoneNumber(
      phoneNumberId,
      wabaId,
      display || `1555${String(Date.now()).slice(-7)}`,
      name || undefined,
    );
    const code = `AQ${randomBytes(32).toString('base64url')}`;
    this.codes.set(code, { wabaId, token, used: false, expiresAt: Date.now() + CODE_TTL_MS });
    return { waba_id: wabaId, phone_number_id: phoneNumberId, business_id: this.state.newObjectId(), code };
  }

  private grantAgain(wabaId: string): SignupResult {
    const account = this.state.businessAccount(wabaId);
    const [phone] = this.state.phoneNumbersOf(wabaId);
    if (!account || !phone) throw new ControlError(404, `business account ${wabaId} has not finished a signup here`);
    const token = `EAAsandbox${randomBytes(24).toString('base64url')}`;
    this.state.registerBusinessAccount(wabaId, token);
    const code = `AQ${randomBytes(32).toString('base64url')}`;
    this.codes.set(code, { wabaId, token, used: false, expiresAt: Date.now() + CODE_TTL_MS });
    return { waba_id: wabaId, phone_number_id: phone.id, business_id: this.state.newObjectId(), code };
  }

  /** The code traded for the business token, as Meta's `oauth/access_token` does. */
  exchange(query: Record<string, unknown>): { access_token: string; token_type: string } {
    if (query.client_id !== this.app.appId)
      throw new GraphApiError(400, {
        message: 'Error validating application. Invalid application ID.',
        type: 'OAuthException',
        code: 101,
      });
    if (query.client_secret !== this.app.appSecret)
      throw new GraphApiError(400, { message: 'Error validating client secret.', type: 'OAuthException', code: 1 });
    const issued = typeof query.code === 'string' ? this.codes.get(query.code) : undefined;
    if (!issued || issued.expiresAt <= Date.now())
      throw new GraphApiError(400, {
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        type: 'OAuthException',
        code: 100,
        error_subcode: 36008,
      });
    if (issued.used)
      throw new GraphApiError(400, {
        message: 'This authorization code has been used.',
        type: 'OAuthException',
        code: 100,
        error_subcode: 36009,
      });
    issued.used = true;
    return { access_token: issued.token, token_type: 'bearer' };
  }

  /**
   * The business removes the partner: Meta's `account_update` (`PARTNER_REMOVED`) goes to the app
   * while it is still subscribed, then the token stops working and the subscription is gone.
   */
  removePartner(wabaId: string): void {
    const account = this.state.businessAccount(wabaId);
    if (!account) throw new ControlError(404, `business account ${wabaId} is not registered here`);
    this.webhooks.enqueue(accountUpdateWebhook(wabaId, 'PARTNER_REMOVED'), `account:${wabaId}`);
    account.subscribedApps.delete(this.app.appId);
    this.state.registerBusinessAccount(wabaId, `revoked-${randomBytes(12).toString('base64url')}`);
  }
}

/**
 * The stand-in of Meta's JavaScript SDK and of its signup pages, served from the sandbox's origin (a
 * deployment points the gateway's SDK setting at connect.facebook.net; tests and the demo here):
 * - `/sdk.js` defines `FB.init` and `FB.login`; `FB.login` opens the signup page in a popup and calls
 *   back with `{ authResponse: { code } }` once the business finishes (or `{ authResponse: null }`
 *   when the popup closes without it);
 * - `/embedded-signup` is the page: the business's name and number, Finish or Cancel; it posts
 *   Meta's `WA_EMBEDDED_SIGNUP` message (FINISH with the ids, CANCEL with the step) to the opener, as
 *   Meta's pages do, from its own origin.
 */
export function embeddedSignupPages(signup: EmbeddedSignup, appId: string): Router {
  const router = express.Router();

  router.get('/sdk.js', (_req, res) => {
    // Loaded with crossorigin="anonymous", as Meta's snippet does: Meta's CDN answers it with CORS.
    res
      .type('application/javascript')
      .set({ 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' })
      .send(SDK_SCRIPT);
  });

  router.get('/embedded-signup', (req, res) => {
    const opener = typeof req.query.origin === 'string' ? req.query.origin : '';
    if (!/^https?:\/\/[^\s"'<>]+$/.test(opener)) {
      res.status(400).type('text/plain').send('origin: the opener page origin is required');
      return;
    }
    if (req.query.app_id !== appId) {
      res.status(400).type('text/plain').send(`app_id: not this sandbox's app (${appId})`);
      return;
    }
    res.type('text/html').set('Cache-Control', 'no-store').send(signupPage(opener, appId));
  });

  router.post('/embedded-signup', express.json(), (req: Request, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(
      signup.finish({
        appId: body.app_id,
        businessName: body.business_name,
        displayPhoneNumber: body.display_phone_number,
      }),
    );
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!(error instanceof ControlError)) return next(error);
    res.status(error.status).json({ error: error.message });
  });

  return router;
}

const SDK_SCRIPT = `(function () {
  var settings = {};
  var origin = new URL(document.currentScript.src).origin;
  window.FB = {
    init: function (options) { settings = options || {}; },
    login: function (callback, options) {
      var done = false;
      var popup = window.open(
        origin + '/embedded-signup?app_id=' + encodeURIComponent(settings.appId || '') +
          '&config_id=' + encodeURIComponent((options && options.config_id) || '') +
          '&origin=' + encodeURIComponent(location.origin),
        'embedded_signup', 'width=600,height=700');
      function onMessage(event) {
        if (event.origin !== origin || typeof event.data !== 'string') return;
        var data;
        try { data = JSON.parse(event.data); } catch (e) { return; }
        if (data.type !== 'SANDBOX_SDK_LOGIN' || done) return;
        done = true;
        window.removeEventListener('message', onMessage);
        callback(data.code ? { status: 'connected', authResponse: { code: data.code, userID: null, expiresIn: null } }
          : { status: 'unknown', authResponse: null });
      }
      window.addEventListener('message', onMessage);
      var watch = setInterval(function () {
        if (popup && !popup.closed) return;
        clearInterval(watch);
        setTimeout(function () {
          if (done) return;
          done = true;
          window.removeEventListener('message', onMessage);
          callback({ status: 'unknown', authResponse: null });
        }, 200);
      }, 250);
    }
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();
`;

function signupPage(opener: string, appId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Connect WhatsApp (sandbox)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head>
<body>
<main>
<h1>Connect your WhatsApp Business account</h1>
<p>The sandbox's stand-in for Meta's Embedded Signup.</p>
<form id="signup">
<p><label for="business">Business name</label><br><input id="business" value="Sandbox Business" required></p>
<p><label for="phone">Business phone number</label><br><input id="phone" inputmode="tel" value="+1 555 01${String(Date.now()).slice(-5)}" required></p>
<p><button type="submit">Finish</button> <button type="button" id="cancel">Cancel</button></p>
<p id="problem" role="alert"></p>
</form>
</main>
<script>
var openerOrigin = ${JSON.stringify(opener)};
function tell(message) { if (window.opener) window.opener.postMessage(JSON.stringify(message), openerOrigin); }
document.getElementById('cancel').addEventListener('click', function () {
  tell({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', version: 3, data: { current_step: 'PHONE_NUMBER_SETUP' } });
  tell({ type: 'SANDBOX_SDK_LOGIN', code: null });
  window.close();
});
document.getElementById('signup').addEventListener('submit', function (event) {
  event.preventDefault();
  fetch('/embedded-signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app_id: ${JSON.stringify(appId)}, business_name: document.getElementById('business').value,
      display_phone_number: document.getElementById('phone').value })
  }).then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
    .then(function (answer) {
      if (!answer.ok) { document.getElementById('problem').textContent = answer.body.error || 'refused'; return; }
      var r = answer.body;
      tell({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', version: 3,
        data: { phone_number_id: r.phone_number_id, waba_id: r.waba_id, business_id: r.business_id } });
      tell({ type: 'SANDBOX_SDK_LOGIN', code: r.code });
      window.close();
    });
});
</script>
</body></html>`;
}
