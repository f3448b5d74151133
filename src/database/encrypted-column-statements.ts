import type { DataSource } from 'typeorm';

/** What the statements need of the keyring (common/secret-box.ts), without knowing it. */
export interface Keyring {
  /** The start of every value written under the current key. */
  readonly currentPrefix: string;
  /** The value under the current key. */
  reencrypt(stored: string): string;
}

/**
 * The generic statements of key rotation over one table's encrypted columns (the owner names its table
 * and columns, and registers them with common/encrypted-secrets.ts; this file knows no feature): which
 * keys the stored values name, and a pass that moves them to the current key, by id, a batch at a time,
 * each row written only if its values did not change meanwhile (a live write is never overwritten).
 */
export class EncryptedColumnStatements {
  constructor(
    private readonly dataSource: DataSource,
    private readonly table: string,
    private readonly columns: string[],
    /** The key a value names; undefined for a value that is not one (it cannot be read under any key). */
    private readonly keyIdOf: (stored: string) => string | undefined,
    /** The table's key: one uuid column (`id` unless named). */
    private readonly idColumn = 'id',
  ) {}

  /** How many stored values name each key id (read whole: these tables hold accounts, keys, endpoints). */
  async countByKey(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const column of this.columns) {
      const rows = await this.dataSource.query<Array<{ value: string }>>(
        `SELECT "${column}" AS value FROM "${this.table}" WHERE "${column}" IS NOT NULL`,
      );
      for (const { value } of rows) {
        const keyId = this.keyIdOf(value);
        if (keyId !== undefined) counts.set(keyId, (counts.get(keyId) ?? 0) + 1);
      }
    }
    return counts;
  }

  async reencryptBatch(
    keyring: Keyring,
    limit: number,
    after: string | undefined,
  ): Promise<{ last?: string; written: number }> {
    const stale = this.columns.map((c) => `("${c}" IS NOT NULL AND NOT starts_with("${c}", $2))`).join(' OR ');
    const rows = await this.dataSource.query<Array<Record<string, string | null>>>(
      `SELECT "${this.idColumn}"::text AS id, ${this.columns.map((c) => `"${c}"`).join(', ')} FROM "${this.table}"
       WHERE ($1::uuid IS NULL OR "${this.idColumn}" > $1::uuid) AND (${stale}) ORDER BY "${this.idColumn}" LIMIT $3`,
      [after ?? null, keyring.currentPrefix, limit],
    );
    let written = 0;
    for (const row of rows) {
      const values = this.columns.map((c) => row[c]);
      const next = values.map((value) =>
        value === null || this.keyIdOf(value) === undefined ? value : keyring.reencrypt(value),
      );
      const sets = this.columns.map((c, i) => `"${c}" = $${i + 2}`).join(', ');
      const unchanged = this.columns
        .map((c, i) => `"${c}" IS NOT DISTINCT FROM $${i + 2 + this.columns.length}`)
        .join(' AND ');
      const [, affected] = await this.dataSource.query<[unknown, number]>(
        `UPDATE "${this.table}" SET ${sets} WHERE "${this.idColumn}" = $1::uuid AND ${unchanged}`,
        [row.id, ...next, ...values],
      );
      written += affected;
    }
    return { last: rows.length < limit ? undefined : (rows[rows.length - 1].id ?? undefined), written };
  }
}
