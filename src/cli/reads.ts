import { DataSource } from 'typeorm';
import type { CommandEntity } from '../common/command-kit';
import { DEFAULT_EMBEDDED_DATABASE_PORT, rawSettings } from '../config/raw-settings';
import { embeddedUrl, isListening } from '../database/embedded-postgres';

/**
 * The database a read can use without starting anything: DATABASE_URL (with the ENCRYPTION_KEY every
 * CLI run needs, so that a list refuses incomplete settings as every command does), or a running
 * gateway's embedded PostgreSQL. Undefined otherwise: the command then boots in full (which starts
 * the embedded database, or says what the settings lack).
 */
async function readableDatabaseUrl(): Promise<string | undefined> {
  const env = rawSettings();
  if (env.DATABASE_URL) return env.ENCRYPTION_KEY ? env.DATABASE_URL : undefined;
  const port = Number(env.EMBEDDED_DATABASE_PORT || DEFAULT_EMBEDDED_DATABASE_PORT);
  return (await isListening(port)) ? embeddedUrl(port) : undefined;
}

/**
 * Runs a read command (a capability's, over its own repository) on a bare data source holding only
 * `entities`: no Nest, no settings validation, no Redis; about a third of a full boot's time
 * (docs/cli.md). Undefined when the database cannot be read that way (the caller boots in full).
 */
export async function withBareDataSource<T>(
  entities: CommandEntity[],
  work: (dataSource: DataSource) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const url = await readableDatabaseUrl();
  if (!url) return undefined;
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    entities,
    // One connection: the list commands read one statement at a time (and PGlite serves one session).
    extra: { max: 1, connectionTimeoutMillis: 5000 },
  });
  await dataSource.initialize();
  try {
    return { value: await work(dataSource) };
  } finally {
    await dataSource.destroy();
  }
}
