import type { DataSourceOptions } from 'typeorm';
import { DatabaseLogger } from './database-logger';
import { MIGRATIONS } from './migrations';

/** The timeouts of every pool of the gateway (the app's, and the hot path's: hot-path-sql.ts). */
export const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5000,
  idleTimeoutMillis: 30000,
  statement_timeout: 10000,
  // Client side too: a server that hangs (it cannot enforce its own statement timeout) never holds a
  // request forever.
  query_timeout: 12000,
};

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  migrationsRun: boolean;
  /**
   * The entity classes, for the TypeORM CLI (ormconfig.ts, src/entities.ts). The app leaves it empty:
   * each feature registers its own with TypeOrmModule.forFeature (autoLoadEntities).
   */
  entities?: DataSourceOptions['entities'];
  /** Close idle pooled connections after this long (0: keep them; the embedded database's one connection). */
  idleTimeoutMs?: number;
}

/**
 * One builder for the app, the CLI and the TypeORM CLI (ormconfig.ts). Schema only by migrations. It
 * knows no feature: the app's features register their entities with TypeOrmModule.forFeature.
 */
export function buildDataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: settings.entities ?? [],
    migrations: MIGRATIONS,
    migrationsRun: settings.migrationsRun,
    migrationsTableName: 'migrations',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    logging: ['error', 'warn', 'migration'],
    logger: new DatabaseLogger(),
    extra: {
      max: settings.poolSize,
      ...POOL_TIMEOUTS,
      idleTimeoutMillis: settings.idleTimeoutMs ?? POOL_TIMEOUTS.idleTimeoutMillis,
    },
  };
}
