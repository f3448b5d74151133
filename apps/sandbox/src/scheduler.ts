/**
 * Every timer the sandbox starts (status webhooks, template reviews, injected latency, webhook
 * retries) goes through one Scheduler, so `close()` can cancel all of them at once.
 */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  /** Runs `task` after `delayMs`; returns a handle for `cancel`. Nothing runs once closed. */
  after(delayMs: number, task: () => void): NodeJS.Timeout | undefined {
    if (this.closed) return undefined;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        task();
      },
      Math.max(0, delayMs),
    );
    this.timers.add(timer);
    return timer;
  }

  /** A promise that resolves after `delayMs`, or at once when the scheduler closes. */
  sleep(delayMs: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        this.sleepers.delete(wake);
        resolve();
      };
      this.sleepers.add(wake);
      this.after(delayMs, wake);
    });
  }

  cancel(timer: NodeJS.Timeout | undefined): void {
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake();
  }
}
