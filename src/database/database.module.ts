import { Global, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment';
import { DatabaseBreaker } from './database-breaker';
import { buildDataSourceOptions } from './data-source-options';
import { runMigrationsLocked } from './migrate';
import { DataSource } from 'typeorm';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { HotPathSql } from './hot-path-sql';

/** Holds the embedded server (when one was started) so it stops with the app. */
class EmbeddedDatabaseHolder {
  static current: EmbeddedPostgres | undefined;
}

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: async (config: ConfigService<Environment, true>) => {
        let url = config.get('DATABASE_URL', { infer: true });
        let poolSize = config.get('DATABASE_POOL_SIZE', { infer: true });
        let idleTimeoutMs: number | undefined;
        if (!url) {
          EmbeddedDatabaseHolder.current ??= await startEmbeddedPostgres(
            config.get('DATA_DIR', { infer: true }),
            config.get('EMBEDDED_DATABASE_PORT', { infer: true }),
          );
          url = EmbeddedDatabaseHolder.current.url;
          poolSize = 1;
          idleTimeoutMs = 0;
        }
        const migrationsRun = config.get('DATABASE_MIGRATIONS_RUN', { infer: true });
        return {
          ...buildDataSourceOptions({ url, poolSize, idleTimeoutMs, migrationsRun }),
          autoLoadEntities: true,
          retryAttempts: 3,
          retryDelay: 1000,
        };
      },
      // DATABASE_MIGRATIONS_RUN is carried in `migrationsRun`, but the migrations run here, under an
      // advisory lock (migrate.ts), not by TypeORM's own unlocked run at initialization.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource({ ...options!, migrationsRun: false }).initialize();
        if (options!.migrationsRun) {
          const applied = await runMigrationsLocked(dataSource);
          if (applied.length) new Logger('Migrations').log(`applied ${applied.join(', ')}`);
        }
        return dataSource;
      },
    }),
  ],
  providers: [DatabaseBreaker, HotPathSql],
  exports: [DatabaseBreaker, HotPathSql],
})
export class DatabaseModule implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    const embedded = EmbeddedDatabaseHolder.current;
    EmbeddedDatabaseHolder.current = undefined;
    await embedded?.stop().catch((error: Error) => new Logger('EmbeddedPostgres').warn(error.message));
  }
}
