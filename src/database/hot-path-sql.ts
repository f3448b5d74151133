import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';

/**
 * Named (prepared) statements straight on the pg pool TypeORM manages, for the few queries every
 * send runs. It skips the ORM's per-query bookkeeping and lets PostgreSQL reuse the plan; the
 * benchmark showed both on the send path. Everything else goes through TypeORM.
 */
@Injectable()
export class HotPathSql {
  private readonly pool: Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
  }

  async query<Row extends QueryResultRow>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    const result = await this.pool.query<Row>({ name, text, values });
    return result.rows;
  }
}
