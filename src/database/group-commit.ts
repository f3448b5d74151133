/**
 * Group commit: work that arrives while transactions are being written (as many at once as the
 * `concurrency` allows) waits, and then goes in one transaction together. Below that many, a
 * submission is written at once (no added latency without load); under load, batches grow by
 * themselves to what arrives during one commit, so the number of transactions (and fsyncs) per
 * second stays small.
 *
 * Each submission's promise settles after the transaction holding it has committed (or failed). If
 * a batch fails, its submissions are written again one by one, so one bad submission fails alone
 * instead of failing whoever shared its batch.
 *
 * (Written here rather than taken from a library: it is twenty lines around the caller's own
 * transaction, and the job-queue libraries batch jobs, not callers waiting on a commit.)
 */
export class GroupCommit<Item, Result> {
  private readonly waiting: Array<{ item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }> =
    [];
  private running = 0;
  private lingering: NodeJS.Timeout | undefined;

  /**
   * @param write writes the items in one transaction and returns one result per item, in order.
   * @param maxBatch most items in one transaction.
   * @param concurrency transactions written at once. Below it a submission is written at once (no
   *   added latency at moderate load); at it, submissions wait and are written together.
   * @param lingerMs how long a submission that finds nothing being written waits for company before
   *   its transaction starts (0: at once). At low rates nothing arrives during a commit, so without
   *   it every submission is a transaction of its own; work whose caller can wait a few milliseconds
   *   (upstream webhooks, deliveries) trades them for fewer, larger transactions.
   * @param lingerUntil a linger ends as soon as this many wait (at most `maxBatch`). Whoever sends
   *   the submissions waits through the linger, so a sender with a fixed number of connections (Meta,
   *   delivering webhooks) gets at most that many answers per linger: under load the batch must go
   *   once it is worth a transaction, not when the time is up.
   */
  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 256,
    private readonly concurrency = 1,
    private readonly lingerMs = 0,
    private readonly lingerUntil = maxBatch,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.lingerMs <= 0 || this.waiting.length >= Math.min(this.lingerUntil, this.maxBatch)) this.pump();
      else
        this.lingering ??= setTimeout(() => {
          this.lingering = undefined;
          this.pump();
        }, this.lingerMs);
    });
  }

  private pump(): void {
    if (this.lingering) {
      clearTimeout(this.lingering);
      this.lingering = undefined;
    }
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.running++;
      void this.flush(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async flush(batch: typeof this.waiting): Promise<void> {
    try {
      const results = await this.write(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => entry.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      for (const entry of batch) {
        await this.write([entry.item]).then(([result]) => entry.resolve(result), entry.reject);
      }
    }
  }
}
