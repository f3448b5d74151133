/** An append-only log that keeps only the newest `limit` entries (long benchmark runs stay bounded). */
export class BoundedLog<T> {
  private items: T[] = [];

  constructor(private readonly limit: number) {}

  push(item: T): void {
    this.items.push(item);
    // Trim in batches so a full log costs O(1) amortized per entry.
    if (this.items.length >= this.limit * 2) this.items = this.items.slice(-this.limit);
  }

  entries(): T[] {
    return this.items.slice(-this.limit);
  }

  clear(): void {
    this.items = [];
  }
}
