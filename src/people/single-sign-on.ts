import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type * as OpenIdClient from 'openid-client';
import { SecretBox } from '../common/secret-box';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';

/** Where the provider sends the browser back (below the gateway's public base URL). */
export const SSO_CALLBACK_PATH = '/console/session/sso/callback';
/** The cookie that carries a sign-in in flight from its start to its callback (SameSite=Lax: it comes back cross-site). */
export const SSO_FLOW_COOKIE = 'gw_sso';
/** How long a sign-in may take at the provider. */
export const SSO_FLOW_SECONDS = 600;
/** Each call to the provider (discovery, the token, its keys, userinfo): seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What the provider says of the person, once their code is exchanged and the ID token checked. */
export interface SsoIdentity {
  email: string;
  emailVerified: boolean;
  subject: string;
}

/** A sign-in in flight, sealed into its cookie (the browser cannot read or change it). */
interface Flow {
  verifier: string;
  state: string;
  nonce: string;
  /** The organization asked for (else the person's first), or the platform. */
  target?: string;
  /** Where the provider sends the browser back (the code is exchanged for the same). */
  redirectUri: string;
  expiresAt: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

let openIdClient: Promise<typeof OpenIdClient> | undefined;
/**
 * openid-client, loaded on the first sign-in: most deployments set no provider, and an instance that
 * never signs anyone in through one does not hold its code (and jose's) in memory.
 */
function loadOpenIdClient(): Promise<typeof OpenIdClient> {
  return (openIdClient ??= import('openid-client'));
}

/**
 * Single sign-on through the operator's OpenID Connect provider (OIDC_ISSUER), by openid-client: the
 * authorization code flow with PKCE (S256), state and nonce. The flow's secrets travel sealed in a
 * short-lived cookie of their own (encrypted and authenticated with the gateway's key ring), so any
 * instance finishes a sign-in another started, and no store is written before the person comes back.
 * The provider is discovered on first use and again after a failure (an operator may start the
 * gateway before the provider).
 */
@Injectable()
export class SingleSignOn {
  private readonly logger = new Logger(SingleSignOn.name);
  private readonly issuer?: string;
  private readonly clientId?: string;
  private readonly clientSecret?: string;
  readonly label: string;
  private discovered?: Promise<OpenIdClient.Configuration>;

  constructor(
    private readonly box: SecretBox,
    config: ConfigService<Environment, true>,
  ) {
    this.issuer = config.get('OIDC_ISSUER', { infer: true });
    this.clientId = config.get('OIDC_CLIENT_ID', { infer: true });
    this.clientSecret = config.get('OIDC_CLIENT_SECRET', { infer: true });
    this.label = config.get('OIDC_LABEL', { infer: true });
  }

  get enabled(): boolean {
    return this.issuer !== undefined && this.clientId !== undefined;
  }

  /** Refuses where the operator has not set a provider: 400 naming `field`. */
  requireEnabled(field: string): void {
    if (!this.enabled)
      throw GraphError.invalidParameter(
        'Single sign-on is not offered here',
        `${field}: single sign-on needs the operator to set OIDC_ISSUER and OIDC_CLIENT_ID`,
      );
  }

  /** The provider's sign-in page for a new flow, and the sealed flow for its cookie. */
  async start(redirectUri: string, target?: string): Promise<{ url: string; sealed: string }> {
    this.requireEnabled('sso');
    const config = await this.configuration();
    const oidc = await loadOpenIdClient();
    const flow: Flow = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      target,
      redirectUri,
      expiresAt: Date.now() + SSO_FLOW_SECONDS * 1000,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, sealed: this.box.encrypt(JSON.stringify(flow)) };
  }

  /**
   * The provider's answer (`query`: the callback's query string, with its code and state) checked against the flow of this
   * browser's cookie: the code exchanged (with the PKCE verifier), the ID token's signature, issuer,
   * audience, expiry and nonce checked; the email from the ID token, else from userinfo.
   */
  async finish(query: string, sealed: string | undefined): Promise<{ identity: SsoIdentity; target?: string }> {
    this.requireEnabled('sso');
    const flow = this.open(sealed);
    const config = await this.configuration();
    const oidc = await loadOpenIdClient();
    const callbackUrl = new URL(`${flow.redirectUri}${query}`);
    let tokens: Awaited<ReturnType<typeof OpenIdClient.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw refusal(oidc, error);
    }
    const claims = tokens.claims()!;
    let email = claims.email;
    let verified = claims.email_verified;
    if (typeof email !== 'string') {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch((error: unknown) => {
        throw refusal(oidc, error);
      });
      email = info.email;
      verified = info.email_verified;
    }
    if (typeof email !== 'string' || email.length === 0)
      throw GraphError.permissionDenied('The sign-in provider did not give an email for this account');
    return {
      identity: { email: email.trim().toLowerCase(), emailVerified: verified === true, subject: claims.sub },
      target: flow.target,
    };
  }

  private open(sealed: string | undefined): Flow {
    let flow: Flow | undefined;
    try {
      flow = sealed ? (JSON.parse(this.box.decrypt(sealed)) as Flow) : undefined;
    } catch {
      flow = undefined;
    }
    if (!flow || flow.expiresAt <= Date.now())
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'state: no sign-in was started in this browser, or it took over 10 minutes: start again',
      );
    return flow;
  }

  private configuration(): Promise<OpenIdClient.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.issuer!);
      // http only for a provider on this machine (development, tests); anywhere else, https.
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      this.discovered = loadOpenIdClient()
        .then((oidc) =>
          oidc.discovery(
            issuer,
            this.clientId!,
            this.clientSecret,
            this.clientSecret ? oidc.ClientSecretBasic(this.clientSecret) : oidc.None(),
            { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: PROVIDER_TIMEOUT_SECONDS },
          ),
        )
        .catch((error: unknown) => {
          this.discovered = undefined;
          this.logger.warn(`OpenID provider discovery failed: ${(error as Error).message}`);
          throw new GraphError(1, 'The sign-in provider did not answer', {
            status: 502,
            data: { details: 'sso: the OpenID provider could not be reached; try again' },
          });
        });
    }
    return this.discovered;
  }
}

/** The provider refused (the person cancelled, a code used twice, a token that does not check out). */
function refusal(oidc: typeof OpenIdClient, error: unknown): GraphError {
  if (error instanceof oidc.AuthorizationResponseError)
    return GraphError.permissionDenied(`The sign-in provider refused: ${error.error_description ?? error.error}`);
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.ClientError)
    return GraphError.permissionDenied(`The sign-in could not be checked: ${error.message}`);
  return new GraphError(1, 'The sign-in provider did not answer', {
    status: 502,
    data: { details: `sso: ${(error as Error).message}` },
  });
}
