import { eventually } from './eventually';

export interface StreamEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
  /** When it was read (performance.now()). */
  at: number;
}

/**
 * A Server-Sent Events reader over fetch, as a browser's EventSource reads one: `events` in order;
 * `next(predicate)` waits for one; `close()` drops the connection (a forced disconnect).
 */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  let buffer = '';
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const colon = line.indexOf(':');
            fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.event === undefined && fields.data === undefined) continue;
          events.push({
            ...(fields.id !== undefined && { id: fields.id }),
            event: fields.event ?? 'message',
            data: fields.data ? (JSON.parse(fields.data) as Record<string, unknown>) : {},
            at: performance.now(),
          });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    next: (predicate: (event: StreamEvent) => boolean, timeoutMs = 5_000) =>
      eventually(async () => events.find(predicate), timeoutMs),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;

/**
 * Whether an operation of /docs-json answers with a stream that stays open (Server-Sent Events):
 * the specs that call every route leave those out (each has a spec of its own).
 */
export function opensStream(operation: unknown): boolean {
  const responses = (operation as { responses?: Record<string, { content?: Record<string, unknown> }> })?.responses;
  return Object.values(responses ?? {}).some((response) => 'text/event-stream' in (response.content ?? {}));
}
