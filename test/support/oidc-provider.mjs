// A real OpenID Connect provider for the single sign-on tests (oidc-provider, the certified
// implementation), run as a process of its own on loopback: `node oidc-provider.mjs <port>
// <redirect_uri>`. Its development sign-in page takes any login as the account: the login is the
// person's email, verified unless it starts with "unverified". Prints "ready" once it listens.
import Provider from 'oidc-provider';

const [port, redirectUri] = process.argv.slice(2);
export const CLIENT_ID = 'gateway-console';

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: 'a client secret for the tests only',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified') }),
  }),
  cookies: { keys: ['a cookie key for the tests only'] },
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
});
// The development pages warn on stdout: quiet, the tests read "ready" only.
provider.on('server_error', (_ctx, error) => process.stderr.write(`${error.stack}\n`));
provider.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
