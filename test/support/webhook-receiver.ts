import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eventually } from './eventually';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A tenant's webhook handler on loopback: records every request, answers what the test says (a
 * status, a delay, or never), performs Meta's hub.challenge handshake for its verify token, and can
 * go down (port closed) and come back on the same port.
 */
export class WebhookReceiver {
  /**
   * Receivers started in this spec file and not yet stopped: stopped after its tests
   * (test/support/after-each-file.ts), so a test that fails before its own `stop()` does not leave a
   * port open that keeps Jest from exiting.
   */
  static readonly open = new Set<WebhookReceiver>();
  readonly requests: ReceivedRequest[] = [];
  /** Statuses to answer, in turn; when empty, `status`. */
  replies: number[] = [];
  status = 200;
  /** A JSON body to answer a 2xx with (instead of `ok`): an automation's call may answer with a reply. */
  answer: unknown = undefined;
  /** Answer nothing at all (the request hangs until the client gives up). */
  hang = false;
  verifyToken = 'receiver-verify-token';
  /** Answer the handshake with something else than the challenge. */
  echoWrongChallenge = false;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://receiver');
        const entry: ReceivedRequest = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.requests.push(entry);
        if (req.method === 'GET') {
          const ok =
            url.searchParams.get('hub.mode') === 'subscribe' &&
            url.searchParams.get('hub.verify_token') === this.verifyToken;
          if (!ok) return void res.writeHead(403).end('bad token');
          return void res
            .writeHead(200, { 'content-type': 'text/plain' })
            .end(this.echoWrongChallenge ? 'nope' : (url.searchParams.get('hub.challenge') ?? ''));
        }
        if (this.hang) return;
        const status = this.replies.shift() ?? this.status;
        if (status < 300 && this.answer !== undefined)
          return void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(this.answer));
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver says no' : 'ok');
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    WebhookReceiver.open.add(this);
    return this;
  }

  /** Closes the port (connections are refused until `start()`). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    WebhookReceiver.open.delete(this);
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** POSTed events, parsed. */
  events(): Array<ReceivedRequest & { json: WebhookEnvelope }> {
    return this.requests
      .filter((r) => r.method === 'POST')
      .map((r) => ({ ...r, json: JSON.parse(r.body) as WebhookEnvelope }));
  }

  /** Waits until `predicate` holds for the POSTed events. */
  waitFor(
    predicate: (events: ReturnType<WebhookReceiver['events']>) => boolean,
    ms = 8000,
  ): Promise<ReturnType<WebhookReceiver['events']>> {
    return eventually(async () => {
      const events = this.events();
      return predicate(events) ? events : undefined;
    }, ms);
  }

  clear(): void {
    this.requests.length = 0;
  }
}

export interface WebhookEnvelope {
  object: string;
  entry: Array<{ id: string; time?: number; changes: Array<{ field: string; value: Record<string, any> }> }>;
}

/** The value of the single change of a delivered envelope. */
export const valueOf = (envelope: WebhookEnvelope) => envelope.entry[0].changes[0].value;
