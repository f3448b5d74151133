import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  migrationsRun: boolean;
}

/** One builder for the app, the CLI and the TypeORM CLI (ormconfig.ts). Schema only by migrations. */
export function buildDataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: settings.migrationsRun,
    migrationsTableName: 'migrations',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    logging: ['error'],
    extra: {
      max: settings.poolSize,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      statement_timeout: 10000,
    },
  };
}
