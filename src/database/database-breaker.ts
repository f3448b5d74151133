import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';
import { ErrorCode, GraphError } from '../core/graph-error';
import { isDatabaseUnavailable } from './database-errors';

/** How often the database is asked `SELECT 1` while it answers, and while it does not. */
const PROBE_EVERY_MS = 1_000;
const PROBE_EVERY_WHILE_DOWN_MS = 250;
/** A probe unanswered this long counts as a failure (a hung server, not only a refused connection). */
const PROBE_TIMEOUT_MS = 500;

/**
 * A probe's deadline: PROBE_TIMEOUT_MS, then the answers already read off the socket go first. After
 * the process itself stalled past the deadline (a long synchronous task: the specs' process builds
 * OpenAPI documents), the timer and the database's answer are both due; timers run before I/O in an
 * iteration of the event loop, so a bare timer would call a database that answered in time down, and
 * refuse requests with 503 until the next probe (seen in CI). Rejected from `setImmediate`, which runs
 * after that iteration's I/O, an answer that arrived wins.
 */
function probeDeadline(reject: (error: Error) => void): NodeJS.Timeout {
  return setTimeout(
    () => setImmediate(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`))),
    PROBE_TIMEOUT_MS,
  );
}

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
  /** The probe's own connection (outside the embedded database), made again after a failure. */
  private connection: Client | undefined;
  private readonly url: string | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<Environment, true>,
  ) {
    this.url = config.get('DATABASE_URL', { infer: true }) || undefined;
  }

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
    this.dropConnection();
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
      // A timer that fires once the app is shutting down starts nothing (seen once in CI: a probe after
      // the test's environment was gone, whose new connection could no longer load its module).
      if (this.stopped) return;
      this.probing = this.probe().finally(() => (this.probing = undefined));
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Times `SELECT 1` on a connection of the probe's own, made when there is none (its connecting
   * bounded by the same time): a pool busy with requests hung on a frozen server would otherwise make
   * the probe wait out the pool's connection timeout before it could notice (seen in CI, once the hot
   * statements had a pool of their own and the app's pool kept fewer idle connections). Down: the
   * connection could not be made, or the query failed for want of the server or did not answer in time.
   * The embedded database serves one session, so there the probe takes a connection of the app's pool
   * (bounded by the pool's own connection timeout: waiting for a busy pool is load, not an outage).
   */
  private async probe(): Promise<void> {
    if (!this.url) return this.probePool();
    let timeout: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_resolve, reject) => (timeout = probeDeadline(reject)));
      if (!this.connection) {
        const connection = new Client({ connectionString: this.url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
        connection.on('error', () => this.dropConnection(connection));
        this.connection = connection;
        await Promise.race([connection.connect(), deadline]);
      }
      await Promise.race([this.connection.query('SELECT 1'), deadline]);
      this.setOpen(false);
    } catch (error) {
      this.dropConnection();
      const timedOut = /^no answer within/.test((error as Error).message);
      if (timedOut || isDatabaseUnavailable(error)) this.setOpen(true, error as Error);
    } finally {
      clearTimeout(timeout);
      this.schedule(this.open ? PROBE_EVERY_WHILE_DOWN_MS : PROBE_EVERY_MS);
    }
  }

  /** Closes the probe's connection (without waiting: the server may not answer). */
  private dropConnection(which: Client | undefined = this.connection): void {
    if (!which) return;
    if (which === this.connection) this.connection = undefined;
    which.end().catch(() => undefined);
  }

  private async probePool(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await Promise.race([
        runner.query('SELECT 1'),
        new Promise((_resolve, reject) => (timeout = probeDeadline(reject))),
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
