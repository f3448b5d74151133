import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * The settings as given, unvalidated: the `.env` file's, overridden by the process environment. The
 * validated settings (environment.ts) start from these; the CLI's reads use them alone, to answer
 * without loading the validation machinery.
 */
export function rawSettings(file = '.env'): Record<string, string | undefined> {
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/** Where a gateway without DATABASE_URL serves its embedded PostgreSQL, unless EMBEDDED_DATABASE_PORT says. */
export const DEFAULT_EMBEDDED_DATABASE_PORT = 54329;
