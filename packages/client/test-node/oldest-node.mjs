// Run by test/client-package.e2e-spec.ts with the oldest Node the package supports (20): the built
// package's calls, errors, retries and webhook check work with that runtime's fetch and Web Crypto.
// Prints one JSON line of what it saw.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { createGatewayClient, GraphError, verifyWebhook } from '@whatsapp-gateway/client';

let calls = 0;
const server = createServer((req, res) => {
  calls++;
  // The first call is refused for now (503, Retry-After 0), the second gets Graph's answer to a bad parameter.
  if (calls === 1) return res.writeHead(503, { 'retry-after': '0' }).end();
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({ error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'T' } }),
  );
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const gateway = createGatewayClient({ baseUrl: `http://127.0.0.1:${server.address().port}`, apiKey: 'svc_live_x' });
const error = await gateway
  .POST('/v1/blacklist', { body: { phone_numbers: ['15551234567'] } })
  .catch((caught) => caught);
server.close();

const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
const signature = 'sha256=' + createHmac('sha256', 'secret').update(body).digest('hex');
const envelope = await verifyWebhook({ body, headers: { 'x-hub-signature-256': signature }, secrets: 'secret' });

console.log(
  JSON.stringify({
    node: process.versions.node,
    calls,
    graphError: error instanceof GraphError ? { status: error.status, code: error.code } : String(error),
    verified: envelope.object,
  }),
);
