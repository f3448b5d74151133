import type { Abstract, DynamicModule, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { startSandbox, type Sandbox } from '../../apps/sandbox/src/sandbox-server';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import type { Environment } from '../../src/config/environment';
import { MetaApp } from '../../src/config/meta-app';
import { BullPeriodicJobs, PeriodicJobs } from '../../src/jobs/periodic-jobs';
import { RedisStore } from '../../src/redis/redis-store';
import { SharedStore } from '../../src/redis/shared-store';
import { SimulatorTarget, UpstreamTarget } from '../../src/upstream/upstream-target';
import { upstreamTargetFrom } from '../../src/upstream/upstream.module';

export interface TestApp {
  app: NestExpressApplication;
  /** Base URL of the app listening on loopback (real HTTP). */
  url: string;
  dataSource: DataSource;
  store: SharedStore;
  /**
   * The app's upstream: the sandbox app's server, started beside it on a loopback port of its own
   * (reached over HTTP like Meta; its webhooks go to this app's /webhooks/whatsapp). The handle is
   * the sandbox's control API in process: request log, faults, inbound messages, registrations.
   */
  sandbox: Sandbox;
  /**
   * Test mode's simulator (with `simulator: true`): a second sandbox at SIMULATOR_BASE_URL, signing with
   * SIMULATOR_APP_SECRET and delivering to this app's /webhooks/simulator. Then `sandbox`, the app's
   * upstream, is the recording stand-in that proves test traffic never reaches it.
   */
  simulator?: Sandbox;
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
    overrides?: Array<{ token: Type<unknown> | Abstract<unknown> | string | symbol; value: unknown }>;
    /** Another app's sandbox, shared (two instances of the gateway in front of one Meta). */
    sandbox?: Sandbox;
    /** Start test mode's simulator beside the app (or share another app's); false or omitted: none. */
    simulator?: Sandbox | boolean;
  } = {},
): Promise<TestApp> {
  let url = '';
  const sandbox = options.sandbox ?? (await startTestSandbox(() => url));
  const simulator =
    options.simulator === true
      ? await startTestSimulator(() => url)
      : options.simulator === false
        ? undefined
        : options.simulator;
  const builder = Test.createTestingModule({ imports: [AppModule, ...(options.imports ?? [])] });
  builder.overrideProvider(SimulatorTarget).useValue(new SimulatorTarget(simulator?.url ?? null));
  builder.overrideProvider(UpstreamTarget).useFactory({
    inject: [ConfigService, MetaApp],
    factory: (config: ConfigService<Environment, true>, app: MetaApp) => upstreamTargetFrom(config, app, sandbox.url),
  });
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
  url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    sandbox,
    simulator,
    dataSource: app.get<DataSource>(getDataSourceToken()),
    store: app.get(SharedStore),
    get: <T>(token: Type<T> | string | symbol) => app.get<T>(token),
    close: async () => {
      await app.close();
      if (!options.sandbox) await sandbox.close();
      if (options.simulator === true) await simulator?.close();
    },
  };
}

/** Meta's pace, compressed for tests: statuses within 150 ms of a send, reviews at 200 ms. */
export const TEST_SANDBOX_TIMINGS = {
  statusDelaysMs: { sent: 50, delivered: 100, read: 150 },
  reviewDelayMs: 200,
  // Meta's retry schedule, compressed: from 50 ms, at most 1 s apart, for 10 minutes.
  webhookRetry: { baseDelayMs: 50, maxDelayMs: 1000, windowMs: 600_000 },
};

/** The sandbox app's server on a free loopback port, signing with the test app secret, delivering to `gatewayUrl`. */
export function startTestSandbox(gatewayUrl: () => string): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    appId: process.env.META_APP_ID ?? '1000000000000001',
    appSecret: process.env.META_APP_SECRET!,
    webhookUrl: () => (gatewayUrl() ? `${gatewayUrl()}/webhooks/whatsapp` : undefined),
    ...TEST_SANDBOX_TIMINGS,
  });
}

/** Test mode's simulator on a free loopback port: its own app secret, delivering to `gatewayUrl`'s simulator door. */
export function startTestSimulator(gatewayUrl: () => string): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    appId: process.env.META_APP_ID ?? '1000000000000001',
    appSecret: process.env.SIMULATOR_APP_SECRET!,
    webhookUrl: () => (gatewayUrl() ? `${gatewayUrl()}/webhooks/simulator` : undefined),
    magicRecipients: true,
    ...TEST_SANDBOX_TIMINGS,
  });
}

/**
 * Empties every table (but the migrations log) and the test Redis database. The periodic jobs'
 * schedules live in that Redis database: they are put back at once (a running gateway would put them
 * back within a minute, as after any Redis that lost its data).
 */
export async function resetState(testApp: TestApp): Promise<void> {
  const tables = testApp.dataSource.entityMetadatas.map((m) => `"${m.tableName}"`);
  // TRUNCATE locks every table in turn while the apps' own work runs (a broadcast poll's statement
  // over two tables, a sweep): PostgreSQL may break the wait as a deadlock (40P01); it is tried again.
  for (let attempt = 1; tables.length; attempt++) {
    try {
      await testApp.dataSource.query(`TRUNCATE ${tables.join(', ')} CASCADE`);
      break;
    } catch (error) {
      const code = (error as { driverError?: { code?: string } }).driverError?.code;
      if (code !== '40P01' || attempt >= 5) throw error;
    }
  }
  if (testApp.store instanceof RedisStore) {
    await testApp.store.client.flushdb();
    const jobs = testApp.get(PeriodicJobs as unknown as Type<PeriodicJobs>);
    if (jobs instanceof BullPeriodicJobs) await jobs.ensureSchedules();
  }
}
