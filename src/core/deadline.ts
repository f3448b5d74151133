/**
 * A signal that aborts an outbound call after `ms` (a `TimeoutError`, as `AbortSignal.timeout`
 * gives), unless the call ends first and clears it. `AbortSignal.timeout` cannot be cleared: its
 * timer fires after every call however fast the call was, waking the process and building a
 * DOMException (a stack trace) each time; with a send and three tenant deliveries per message that
 * was four wasted timers per message (1 % of a send's CPU in the profile, docs/performance.md).
 */
export function deadline(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
  );
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
