import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import type { Environment } from '../config/environment';

/**
 * Named (prepared) statements straight on the pg pool TypeORM manages, for the few queries every
 * send runs. It skips the ORM's per-query bookkeeping and lets PostgreSQL reuse the plan; the
 * benchmark showed both on the send path. Everything else goes through TypeORM.
 *
 * Not on the embedded database: PGlite is one session behind all its connections, so a statement
 * prepared by one connection would clash with the same name prepared again by the next one.
 */
@Injectable()
export class HotPathSql {
  private readonly pool: Pool;
  private readonly prepare: boolean;

  constructor(@InjectDataSource() dataSource: DataSource, config: ConfigService<Environment, true>) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
    this.prepare = Boolean(config.get('DATABASE_URL', { infer: true }));
  }

  async query<Row extends QueryResultRow>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    const result = await this.pool.query<Row>(this.prepare ? { name, text, values } : { text, values });
    return result.rows;
  }
}
