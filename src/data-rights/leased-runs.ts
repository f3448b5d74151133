import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@nestjs/common';
import { decodeCursor, nextPageUrl, type Page, type PageQueryDto, toPage } from '../common/pagination';

/**
 * Rows a job's statement removes or changes at most (a customer's erasure, an organization's deletion),
 * and wamids a page: a statement short enough (a few milliseconds) that sends going on meanwhile do
 * not wait behind it.
 */
export const JOB_BATCH = 250;

/**
 * The runs of one kind of leased job (an erasure, an archive) on this instance: each job at most once
 * at a time; a run that throws is recorded through `failed` (its lease given up at once when the
 * instance is stopping, so the next instance's resume takes it over); at shutdown the runs are told to
 * stop between batches and waited for. The lease itself is the job's row, claimed by the owner.
 */
export class LeasedRuns {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
    private readonly run: (id: string) => Promise<void>,
    private readonly failed: (id: string, message: string, release: boolean) => Promise<void>,
  ) {}

  /** Runs the job in the background unless this instance runs it already or is stopping. */
  start(id: string): void {
    if (this.running.has(id) || this.stopping) return;
    const run = this.run(id)
      .catch(async (error: Error) => {
        // A Graph error's details say why (a refusal names what is left).
        const details = (error as { options?: { data?: { details?: string } } }).options?.data?.details;
        const message = details ? `${error.message}: ${details}` : error.message;
        this.logger.warn(`${this.what} ${id} stopped: ${message}`);
        await this.failed(id, message, this.stopping).catch(() => undefined);
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  /** Between batches: a run of an instance that is stopping ends there (its step is saved). */
  checkStopping(): void {
    if (this.stopping) throw new Error('the instance is stopping; another takes it over');
  }

  /**
   * After a batch that began at `startedAt`: waits as long as it took (at most a second), so that a
   * job holds a connection and the database's time at most half of its run and the sends going on
   * meanwhile keep their latency (the bench's erasure and deletion phases measure it); then checks
   * whether to stop.
   */
  async rest(startedAt: number): Promise<void> {
    await sleep(Math.min(Date.now() - startedAt, 1_000));
    this.checkStopping();
  }

  /** The runs going on now, finished. */
  idle(): Promise<unknown> {
    return Promise.all(this.running.values());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }
}

/** A page of an organization's jobs (erasures, archives), newest first, read through `read`. */
export async function pageOfJobs<Row extends { created_at: Date; id: string }, Out>(
  read: (limit: number, before: { at: Date; id: string } | null) => Promise<Row[]>,
  query: PageQueryDto,
  originalUrl: string,
  json: (row: Row) => Out,
): Promise<Page<Out>> {
  const after = decodeCursor(query.after);
  const rows = await read(query.limit + 1, after ? { at: new Date(after.at), id: after.id } : null);
  return toPage(
    rows,
    query.limit,
    (row) => ({ at: row.created_at.toISOString(), id: row.id }),
    json,
    (cursor) => nextPageUrl(originalUrl, cursor),
  );
}
