import { useEffect, useRef } from 'preact/hooks';

/** One pushed update (ids and states only: what it names is read through the API). */
export interface LiveEvent {
  type: 'message' | 'status' | 'conversation' | 'note';
  phone_number_id: string;
  wa_id: string;
  assignee_id?: string | null;
  previous_assignee_id?: string | null;
  mentions?: string[];
}

/**
 * The gateway's pushed updates while the page is open (Server-Sent Events on the session's cookie).
 * The browser's EventSource reconnects by itself and sends the last id it saw, so nothing is missed;
 * `onReset` runs when the stream starts afresh (first connection, or too far behind to resume) and the
 * page must read what it shows again.
 */
export function useLiveUpdates(onEvent: (event: LiveEvent) => void, onReset: () => void, deps: unknown[]): void {
  const handlers = useRef({ onEvent, onReset });
  handlers.current = { onEvent, onReset };
  useEffect(() => {
    const source = new EventSource('/v1/inbox/events');
    for (const type of ['message', 'status', 'conversation', 'note'])
      source.addEventListener(type, (e) =>
        handlers.current.onEvent(JSON.parse((e as MessageEvent<string>).data) as LiveEvent),
      );
    source.addEventListener('ready', (e) => {
      if (!(JSON.parse((e as MessageEvent<string>).data) as { resumed: boolean }).resumed) handlers.current.onReset();
    });
    return () => source.close();
  }, deps);
}

/** `run`, at most once per `ms` however often it is asked for (a burst of updates reads once). */
export function useCoalesced(run: () => void, ms: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, ms);
  };
}
