import { type DataSource, MigrationExecutor } from 'typeorm';

/**
 * One key for every instance of the gateway (and the CLI's `migrate`): PostgreSQL advisory lock
 * number of "whatsapp-gateway migrations".
 */
const MIGRATIONS_LOCK = 7_263_540_119;

/**
 * Runs the pending migrations while holding a PostgreSQL advisory lock, so instances that start
 * together (replicas of one deploy, a `migrate` job beside them) cannot race: the first migrates,
 * the others wait, then find nothing left to do. Each migration runs in its own transaction. The
 * names of the migrations applied now, in order.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    try {
      // On the connection that holds the lock: the embedded database has exactly one.
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      const applied = await executor.executePendingMigrations();
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
