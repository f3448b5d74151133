// The DataSource the TypeORM CLI uses (migration:run, migration:generate). Needs DATABASE_URL.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadEnvironment } from './src/config/environment';
import { buildDataSourceOptions } from './src/database/data-source-options';
import { ENTITIES } from './src/entities';

const env = loadEnvironment();
if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL to run the TypeORM CLI');

export default new DataSource(
  buildDataSourceOptions({ url: env.DATABASE_URL, poolSize: 2, migrationsRun: false, entities: ENTITIES }),
);
