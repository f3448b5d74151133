// Imported first by the single sign-on specs: the configuration is read when the app module is
// imported, so the OpenID provider's address (a real oidc-provider the spec starts on this loopback
// port, support/oidc-provider.mjs) must be set before.
export const OIDC_PORT = 25873;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
process.env.OIDC_ISSUER = OIDC_ISSUER;
process.env.OIDC_CLIENT_ID = 'gateway-console';
process.env.OIDC_CLIENT_SECRET = 'a client secret for the tests only';
process.env.OIDC_LABEL = 'Test IdP';
