// A tenant's webhook handler built on whatsapp-api-js's own verification and parsing: its `get()`
// answers the hub.challenge handshake, its `post()` checks X-Hub-Signature-256 with the endpoint's
// secret as the app secret (escaping non-ASCII characters of the raw body first, as it does for
// Meta) and hands each message and status to `on.message` / `on.status`. Prints its port, then
// serves what it received at GET /results: one entry a delivery, with whether it verified.
import { createServer } from 'node:http';
import { WhatsAppAPI } from 'whatsapp-api-js';

const { SECRET, VERIFY_TOKEN } = process.env;
const results = [];
// Deliveries arrive concurrently: each handler call finds its entry by the parsed body it is given.
const entries = new WeakMap();
const api = new WhatsAppAPI({
  v: 'v23.0',
  token: 'unused-by-a-receiver',
  appSecret: SECRET,
  webhookVerifyToken: VERIFY_TOKEN,
  secure: true,
});
api.on.message = ({ phoneID, from, name, message, raw }) => {
  entries.get(raw).message = { phoneID, from, name, message };
};
api.on.status = ({ phoneID, status, id, biz_opaque_callback_data, raw }) => {
  entries.get(raw).status = { phoneID, status, id, biz_opaque_callback_data };
};

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const url = new URL(req.url, 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/results')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results));
    if (req.method === 'GET') {
      try {
        const challenge = api.get(Object.fromEntries(url.searchParams));
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end(challenge);
      } catch (error) {
        return void res.writeHead(403).end(String(error?.message ?? error));
      }
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    const current = { path: url.pathname, verified: false };
    try {
      const data = JSON.parse(raw);
      entries.set(data, current);
      await api.post(data, raw, req.headers['x-hub-signature-256']);
      current.verified = true;
      results.push(current);
      res.writeHead(200).end('ok');
    } catch (error) {
      current.error = `${error?.constructor?.name}: ${error?.message}`;
      results.push(current);
      // Refused for good: the gateway would retry a 5xx, and a 4xx ends the delivery as failed.
      res.writeHead(400).end(current.error);
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
