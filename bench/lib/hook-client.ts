import type { ManagedProcess } from './processes';

/** Sends one command to the bench hook in the gateway (bench/hooks/instrument.ts) and waits for its answer. */
export function askHook<T extends object = Record<string, unknown>>(
  gateway: ManagedProcess,
  message: { cmd: string } & Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<T> {
  const child = gateway.child;
  if (!child.send) return Promise.reject(new Error('the gateway was not started with the bench hook (no IPC channel)'));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`the bench hook did not answer ${message.cmd} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (reply: { cmd?: string; ok?: boolean; error?: string }) => {
      if (reply.cmd !== message.cmd) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      if (reply.ok) resolve(reply as T);
      else reject(new Error(`bench hook: ${reply.error}`));
    };
    child.on('message', onMessage);
    child.send(message);
  });
}
