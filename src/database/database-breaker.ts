import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { ErrorCode, GraphError } from '../core/graph-error';
import { isDatabaseUnavailable } from './database-errors';

/** How often the database is asked `SELECT 1` while it answers, and while it does not. */
const PROBE_EVERY_MS = 1_000;
const PROBE_EVERY_WHILE_DOWN_MS = 250;
/** A probe unanswered this long counts as a failure (a hung server, not only a refused connection). */
const PROBE_TIMEOUT_MS = 500;

/**
 * A circuit breaker around PostgreSQL. A background probe (`SELECT 1`) finds out when the database
 * stops answering, whether it refuses connections or hangs; while it does not answer, requests are
 * refused at once with 503 code 2 and Retry-After (retryable, nothing carried out), instead of each
 * one waiting out the pool's connection timeout. The first probe that succeeds closes it again.
 * Health and docs stay reachable (readiness reports the database itself).
 */
@Injectable()
export class DatabaseBreaker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Database');
  private open = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private probing: Promise<void> | undefined;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get unavailable(): boolean {
    return this.open;
  }

  onApplicationBootstrap(): void {
    this.schedule(PROBE_EVERY_MS);
  }

  /** Before the data source closes: no new probe, and the one running (if any) finishes first. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.probing;
  }

  /** Express middleware: while the circuit is open, 503 code 2 before anything runs. */
  middleware() {
    return (req: Request, _res: Response, next: NextFunction): void => {
      if (!this.open || /^\/(health|docs|docs-json)(\/|\?|$)/.test(req.url)) return next();
      next(
        new GraphError(ErrorCode.TemporarilyUnavailable, 'Service temporarily unavailable: retry later', {
          status: 503,
          data: { details: 'The database cannot be reached; the request was not carried out' },
          headers: { 'Retry-After': '1' },
        }),
      );
    };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.probing = this.probe().finally(() => (this.probing = undefined));
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Takes a connection (bounded by the pool's own connection timeout: waiting for a busy pool is
   * load, not an outage), then times `SELECT 1` on it. Down: the connection could not be made, or
   * the query failed for want of the server or did not answer in time.
   */
  private async probe(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await Promise.race([
        runner.query('SELECT 1'),
        new Promise(
          (_resolve, reject) =>
            (timeout = setTimeout(
              () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
              PROBE_TIMEOUT_MS,
            )),
        ),
      ]);
      this.setOpen(false);
    } catch (error) {
      const timedOut = /^no answer within/.test((error as Error).message);
      if (timedOut || isDatabaseUnavailable(error)) this.setOpen(true, error as Error);
    } finally {
      clearTimeout(timeout);
      await runner.release().catch(() => undefined);
      this.schedule(this.open ? PROBE_EVERY_WHILE_DOWN_MS : PROBE_EVERY_MS);
    }
  }

  private setOpen(open: boolean, cause?: Error): void {
    if (open && !this.open)
      this.logger.warn(`database circuit open (${cause?.message}): requests get 503 until it answers`);
    if (!open && this.open) this.logger.log('database circuit closed: PostgreSQL answers again');
    this.open = open;
  }
}
