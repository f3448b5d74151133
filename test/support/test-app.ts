import type { DynamicModule, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { RedisStore } from '../../src/redis/redis-store';
import { SharedStore } from '../../src/redis/shared-store';

export interface TestApp {
  app: NestExpressApplication;
  /** Base URL of the app listening on loopback (real HTTP). */
  url: string;
  dataSource: DataSource;
  store: SharedStore;
  get<T>(token: Type<T> | string | symbol): T;
  close(): Promise<void>;
}

/**
 * Boots the real AppModule (plus test-only modules) exactly as main.ts does: rawBody, configureApp,
 * listening on a loopback port.
 */
export async function createTestApp(
  options: {
    imports?: Array<Type<unknown> | DynamicModule>;
    /** Point this app's shared store at another Redis (outage tests run their own server). */
    redisUrl?: string;
    /** Providers replaced by values (for example the log destination, to read the lines). */
    overrides?: Array<{ token: Type<unknown> | string | symbol; value: unknown }>;
  } = {},
): Promise<TestApp> {
  const builder = Test.createTestingModule({ imports: [AppModule, ...(options.imports ?? [])] });
  if (options.redisUrl) {
    const url = options.redisUrl;
    builder.overrideProvider(SharedStore).useFactory({
      factory: async () => {
        const store = new RedisStore({ url, commandTimeoutMs: 250, connectTimeoutMs: 500, keyPrefix: 'gwtest:' });
        await store.connect();
        return store;
      },
    });
  }
  for (const { token, value } of options.overrides ?? []) builder.overrideProvider(token).useValue(value);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ rawBody: true, logger: ['error'] });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    dataSource: app.get<DataSource>(getDataSourceToken()),
    store: app.get(SharedStore),
    get: <T>(token: Type<T> | string | symbol) => app.get<T>(token),
    close: () => app.close(),
  };
}

/** Empties every table (but the migrations log) and the test Redis database. */
export async function resetState(testApp: TestApp): Promise<void> {
  const tables = testApp.dataSource.entityMetadatas.map((m) => `"${m.tableName}"`);
  if (tables.length) await testApp.dataSource.query(`TRUNCATE ${tables.join(', ')} CASCADE`);
  if (testApp.store instanceof RedisStore) await testApp.store.client.flushdb();
}
