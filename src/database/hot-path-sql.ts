import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool, type QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';
import { POOL_TIMEOUTS } from './data-source-options';

/**
 * Named (prepared) statements for the few that run for every message: a send's record and its
 * acceptance, the upstream webhook ingestion's one statement per batch, the tenant deliveries' claims
 * and ends, the send sweeper. They skip the ORM's per-query bookkeeping, and PostgreSQL parses and
 * plans each once per connection instead of on every run: for the ingestion's statement that was
 * most of its cost (docs/performance.md). Everything else goes through TypeORM.
 *
 * They run on a pool of their own whose sessions plan every statement once, generically
 * (`plan_cache_mode = force_generic_plan`: PostgreSQL would otherwise plan a statement anew on every
 * run whenever it guesses that cheaper, as it did for all of these), and never by scanning a table
 * whole (`enable_seqscan = off`). Each of these statements finds its rows by key, but a plan made
 * while a table was small (a new deployment, a test) scans it whole, and a prepared statement keeps
 * that plan as the table grows until statistics change: measured, the acceptance of every send
 * scanned the whole messages table, and more of it with every send. With scans off, their plans use
 * the indexes whatever the tables' sizes and statistics.
 *
 * Statements whose loss in a server crash costs nothing but a repeat may ask for a relaxed commit
 * (`durability: 'relaxed'`): they run on two connections of their own with `synchronous_commit =
 * off`, so their commit returns without waiting for the write-ahead log to reach the disk (the WAL
 * writer flushes it within `wal_writer_delay`, 200 ms by default). A commit that waits for its flush
 * cost PostgreSQL about 0.6 ms of CPU on the benchmark's machine, as much as the statement itself.
 * Only the ends of tenant delivery attempts use it (docs/decisions.md, "Lifecycle throughput"):
 * one lost in a crash leaves its row leased, and the sweep attempts it again after the lease, which
 * at-least-once delivery allows. Nothing acknowledged to Meta or to a client is written this way.
 *
 * Not on the embedded database: PGlite is one session behind all its connections (a statement
 * prepared by one connection would clash with the same name prepared again by the next one), so
 * there they run unprepared on the app's pool, planned on each run.
 */
/** Connections for relaxed commits: their only user writes at most two statements at once. */
const RELAXED_POOL_SIZE = 2;

@Injectable()
export class HotPathSql implements OnApplicationShutdown {
  private readonly logger = new Logger('HotPathSql');
  private readonly pool: Pool;
  /** `synchronous_commit = off` (the app's pool on the embedded database, where it means nothing). */
  private readonly relaxedPool: Pool;
  private readonly prepare: boolean;

  constructor(@InjectDataSource() dataSource: DataSource, config: ConfigService<Environment, true>) {
    const url = config.get('DATABASE_URL', { infer: true });
    this.prepare = Boolean(url);
    if (!url) {
      this.pool = (dataSource.driver as unknown as { master: Pool }).master;
      this.relaxedPool = this.pool;
      return;
    }
    const planning = '-c plan_cache_mode=force_generic_plan -c enable_seqscan=off';
    this.pool = this.openPool(url, config.get('DATABASE_POOL_SIZE', { infer: true }), planning);
    this.relaxedPool = this.openPool(url, RELAXED_POOL_SIZE, `${planning} -c synchronous_commit=off`);
  }

  async query<Row extends QueryResultRow>(
    name: string,
    text: string,
    values: unknown[],
    durability: 'durable' | 'relaxed' = 'durable',
  ): Promise<Row[]> {
    const pool = durability === 'relaxed' ? this.relaxedPool : this.pool;
    const result = await pool.query<Row>(this.prepare ? { name, text, values } : { text, values });
    return result.rows;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.prepare) await Promise.all([this.pool.end(), this.relaxedPool.end()]).catch(() => undefined);
  }

  private openPool(url: string, max: number, options: string): Pool {
    const pool = new Pool({ connectionString: url, max, ...POOL_TIMEOUTS, options });
    // An idle connection that breaks (the server restarted) is dropped by the pool; without a
    // listener its error would end the process.
    pool.on('error', (error) => this.logger.warn(`idle connection lost: ${error.message}`));
    return pool;
  }
}
