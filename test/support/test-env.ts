import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Runs before every spec file: the environment the e2e app boots with. Real PostgreSQL and Redis on
// loopback; override with TEST_DATABASE_URL / TEST_REDIS_URL.
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gateway_test';
const databaseName = new URL(databaseUrl).pathname.slice(1);
if (!/test/i.test(databaseName)) {
  throw new Error(`Refusing to run tests against database "${databaseName}": its name must contain "test"`);
}

Object.assign(process.env, {
  // The demo's mode, every dependency given explicitly, nothing seeded; each test app's upstream is a
  // sandbox server the harness starts beside it (test-app.ts). Production's refusals are tested on
  // their own (production-start.e2e-spec).
  GATEWAY_MODE: 'demo',
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
  REDIS_KEY_PREFIX: 'gwtest:',
  // A loaded test process can fire a 250 ms command timer before reading a reply that came; the
  // outage tests run their own stores at 250 ms, so the suites on the shared Redis need not.
  REDIS_COMMAND_TIMEOUT_MS: '1000',
  ENCRYPTION_KEY: '0000000000000000000000000000000000000000000000000000000000000001',
  DEMO_SEED: 'false',
  LOG_LEVEL: 'error',
  DATABASE_POOL_SIZE: '5',
  META_APP_SECRET: 'test-app-secret',
  // Test mode's simulator signs with a secret of its own (a test app's second sandbox, test-app.ts).
  SIMULATOR_APP_SECRET: 'test-simulator-secret',
  WEBHOOK_VERIFY_TOKEN: 'test-verify-token',
  UPSTREAM_TIMEOUT_MS: '1000',
  TEMPLATE_SYNC_INTERVAL_SECONDS: '0',
  // Numbers' limits are learned when a spec asks (pacing.e2e-spec), not by a periodic refresh whose
  // upstream calls would land in other specs' request logs.
  PACE_REFRESH_INTERVAL_SECONDS: '0',
  // Likewise the business accounts' subscription check (going-live.e2e-spec runs it when it asks).
  SUBSCRIPTION_CHECK_INTERVAL_SECONDS: '0',
  // And the daily usage reconciliation, which runs at once when its schedule is made (every reset).
  USAGE_RECONCILIATION_INTERVAL_SECONDS: '0',
  INSIGHTS_INTERVAL_SECONDS: '0',
  // Many apps in one busy process: none gives back idle memory (idle-memory.e2e-spec starts a gateway that does).
  IDLE_MEMORY_RELEASE_SECONDS: '0',
  WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_RETRY_MAX_DELAY_MS: '1000',
  WEBHOOK_SWEEP_INTERVAL_MS: '500',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  // An automation's failed call is tried again within a second (the sweep takes it).
  AUTOMATION_SWEEP_INTERVAL_MS: '300',
  AUTOMATION_CALL_RETRY_BASE_MS: '200',
  // A mention's refused mail is tried again within a second or two.
  MENTION_MAIL_RETRY_SECONDS: '1',
  // Many apps in one process: no metrics listener of their own (metrics.e2e-spec starts one).
  METRICS_PORT: '0',
  MEDIA_INCOMING_DIR: join(tmpdir(), `gateway-test-media-${process.pid}`),
});
