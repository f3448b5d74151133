import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SpendingLimit } from './spending-limit.entity';
import { SpendingThreshold } from './spending-threshold.entity';

/** `spending_limits` and `spending_thresholds`: the operator's limits and the thresholds each month reached. */
@Injectable()
export class SpendingLimitsRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(tenantId: string): Promise<SpendingLimit | null> {
    return this.dataSource.getRepository(SpendingLimit).findOneBy({ tenantId });
  }

  /** Every limit (the periodic seed reads them all: one row per limited organization). */
  all(): Promise<SpendingLimit[]> {
    return this.dataSource.getRepository(SpendingLimit).find();
  }

  /** Sets a limit; the month's thresholds reached under the one before are forgotten (the new one's come anew). */
  async save(tenantId: string, kind: 'amount' | 'messages', value: string, month: string): Promise<SpendingLimit> {
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(SpendingLimit).upsert({ tenantId, kind, value }, ['tenantId']);
      await manager.getRepository(SpendingThreshold).delete({ tenantId, month });
      return manager.getRepository(SpendingLimit).findOneByOrFail({ tenantId });
    });
  }

  async remove(tenantId: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(SpendingLimit).delete({ tenantId });
    return (result.affected ?? 0) > 0;
  }

  /** The thresholds reached in `month`. */
  async reached(tenantId: string, month: string): Promise<SpendingThreshold[]> {
    return this.dataSource
      .getRepository(SpendingThreshold)
      .find({ where: { tenantId, month }, order: { percent: 'ASC' } });
  }

  /** Notes a threshold reached, in the caller's transaction: true when this call noted it (first of all instances). */
  async noteReached(
    manager: EntityManager,
    row: { tenantId: string; month: string; percent: number; spend: string },
  ): Promise<boolean> {
    const inserted = await manager.query<unknown[]>(
      `INSERT INTO spending_thresholds (tenant_id, month, percent, spend) VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT "PK_spending_thresholds" DO NOTHING RETURNING percent`,
      [row.tenantId, row.month, row.percent, row.spend],
    );
    return inserted.length === 1;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
