import { createServer, type Server } from 'node:http';
import { hubSignature, safeEqual } from '../../libs/meta/hub-signature';

export interface ListenerOptions {
  port: number;
  host: string;
  /** The endpoint's signing secret: each delivery's X-Hub-Signature-256 is checked when given. */
  secret?: string;
  /** Answer Meta's hub.challenge handshake (subscribed_apps) for this verify token. */
  verifyToken?: string;
  write: (line: string) => void;
}

/**
 * A tenant's webhook handler for trying the gateway (the CLI's `webhook:listen`): answers every
 * delivery 200 and writes one JSON line per request to stdout (its path, `webhook-id`, whether the
 * signature matched, the parsed body), and answers the hub.challenge handshake for its verify token.
 * Plain node:http on purpose: a few lines, nothing to install, loopback by default.
 */
export function startWebhookListener(options: ListenerOptions): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://listener');
      if (req.method === 'GET') {
        const token = url.searchParams.get('hub.verify_token') ?? '';
        const ok =
          url.searchParams.get('hub.mode') === 'subscribe' &&
          options.verifyToken !== undefined &&
          safeEqual(token, options.verifyToken);
        options.write(JSON.stringify({ handshake: url.pathname, answered: ok }));
        if (!ok) return void res.writeHead(403).end();
        return void res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(url.searchParams.get('hub.challenge') ?? '');
      }
      const raw = Buffer.concat(chunks);
      const signature = req.headers['x-hub-signature-256'];
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = raw.toString('utf8');
      }
      options.write(
        JSON.stringify({
          received_at: new Date().toISOString(),
          path: url.pathname,
          webhook_id: req.headers['webhook-id'] ?? null,
          signature:
            options.secret === undefined
              ? 'not checked (no --secret)'
              : typeof signature === 'string' && safeEqual(signature, hubSignature(options.secret, raw))
                ? 'valid'
                : 'INVALID',
          body,
        }),
      );
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
