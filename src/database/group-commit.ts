/**
 * Group commit: work that arrives while a transaction is being written waits, and then goes in one
 * transaction together. The first submission on an idle committer is written at once (no added
 * latency when there is no load); under load, batches grow by themselves to what arrives during one
 * commit, so the number of transactions (and fsyncs) per second stays small.
 *
 * Each submission's promise settles after the transaction holding it has committed (or failed). If
 * a batch fails, its submissions are written again one by one, so one bad submission fails alone
 * instead of failing whoever shared its batch.
 *
 * (Written here rather than taken from a library: it is twenty lines around the caller's own
 * transaction, and the job-queue libraries batch jobs, not callers waiting on a commit.)
 */
export class GroupCommit<Item, Result> {
  private readonly waiting: Array<{ item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  /**
   * @param write writes the items in one transaction and returns one result per item, in order.
   * @param maxBatch most items in one transaction.
   */
  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 256,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const results = await this.write(batch.map((entry) => entry.item));
          batch.forEach((entry, i) => entry.resolve(results[i]));
        } catch (error) {
          if (batch.length === 1) {
            batch[0].reject(error);
            continue;
          }
          for (const entry of batch) {
            await this.write([entry.item]).then(([result]) => entry.resolve(result), entry.reject);
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}
