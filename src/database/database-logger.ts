import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/** How much of a statement a log line shows: enough to tell which one it was. */
const STATEMENT_HEAD_CHARS = 120;

/**
 * TypeORM's log lines through Nest's logger (pino in the app, so JSON lines in production). A
 * failed query is one line: its SQLSTATE, the error, the statement's first words, and never its
 * parameters (message texts, phone numbers, key hashes, encrypted secrets) nor a value PostgreSQL
 * quotes in its message. TypeORM's default console logger printed the whole statement with its
 * parameters, over several plain-text lines, outside the JSON log.
 */
export class DatabaseLogger implements TypeOrmLogger {
  private readonly logger = new Logger('Database');

  /** Every statement passes here; the gateway logs none of them (the access line times requests). */
  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    this.logger.error(describeQueryError(error, query));
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`slow query (${time} ms): ${statementHead(query)}`);
  }

  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.debug(String(message));
  }
}

/** The line of a failed query: `query failed (SQLSTATE): message [statement head]`, without values. */
export function describeQueryError(error: string | Error, query: string): string {
  const code = typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  const message = (typeof error === 'string' ? error : error.message)
    // PostgreSQL quotes the offending value at the end: `invalid input syntax for type uuid: "…"`.
    .replace(/: ".*"$/s, ': "…"')
    .replace(/\s+/g, ' ');
  return `query failed${typeof code === 'string' ? ` (${code})` : ''}: ${message} [${statementHead(query)}]`;
}

function statementHead(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  return flat.length > STATEMENT_HEAD_CHARS ? `${flat.slice(0, STATEMENT_HEAD_CHARS)}…` : flat;
}
