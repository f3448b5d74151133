import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsageReconciliation } from './usage-reconciliation.entity';

/** `usage_reconciliations`: each business account's day against Meta's pricing analytics. */
@Injectable()
export class ReconciliationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps a day's comparison (a later run of the same day replaces it). */
  async save(row: UsageReconciliation): Promise<void> {
    await this.dataSource.getRepository(UsageReconciliation).upsert(row, ['wabaId', 'day']);
  }

  /** The comparisons of `tenantIds` (null: all) from `from` to `to`, newest day first; only flagged ones if asked. */
  list(tenantIds: string[] | null, from: string, to: string, flaggedOnly: boolean): Promise<UsageReconciliation[]> {
    const query = this.dataSource
      .getRepository(UsageReconciliation)
      .createQueryBuilder('r')
      .where('r.day BETWEEN :from AND :to', { from, to })
      .orderBy('r.day', 'DESC')
      .addOrderBy('r.waba_id', 'ASC');
    if (tenantIds)
      query.andWhere('r.tenant_id IN (:...tenantIds)', { tenantIds: tenantIds.length ? tenantIds : [null] });
    if (flaggedOnly) query.andWhere('r.flagged');
    return query.getMany();
  }

  /** The accounts (WABA ids) whose `day` has been reconciled already. */
  async reconciledOn(day: string): Promise<Set<string>> {
    const rows = await this.dataSource.query<Array<{ waba_id: string }>>(
      `SELECT waba_id FROM usage_reconciliations WHERE day = $1`,
      [day],
    );
    return new Set(rows.map((row) => row.waba_id));
  }

  /** How many days are flagged since `day` (every account's). */
  async flaggedSince(day: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM usage_reconciliations WHERE flagged AND day >= $1`,
      [day],
    );
    return row?.n ?? 0;
  }
}
