import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import type { Environment } from '../config/environment';

/** Nest's level names as pino's (`log` is pino's `info`, `verbose` its `trace`). */
export const PINO_LEVEL: Record<Environment['LOG_LEVEL'], Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * Fields that may hold a secret, wherever a log call puts an object: replaced before the line is
 * written. Request lines never carry headers or bodies at all (see access-log.ts), so these guard
 * the objects application code logs.
 */
export const REDACTED_PATHS = [
  'access_token',
  '*.access_token',
  'accessToken',
  '*.accessToken',
  'authorization',
  '*.authorization',
  '*.headers.authorization',
  '*.headers["x-hub-signature-256"]',
  '*.headers["webhook-signature"]',
  '*.headers.cookie',
  'secret',
  '*.secret',
  'hmac_secret',
  '*.hmac_secret',
  'token',
  '*.token',
  'key',
  '*.key',
  'password',
  '*.password',
];

/** Where lines go: JSON to stdout in production; readable lines (pino-pretty, in-process) in development. */
export function defaultDestination(format: Environment['LOG_FORMAT']): DestinationStream {
  if (format === 'json') return pino.destination({ fd: 1, sync: false });
  // Loaded here only, synchronously (the destination is made before the app logs): a production
  // instance, whose lines are JSON, never loads it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pretty = require('pino-pretty') as (options: PrettyOptions) => DestinationStream;
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    ignore: 'pid,hostname,service,context',
    messageFormat: '{if context}[{context}] {end}{msg}',
  });
}

/** The one pino logger of the process's app: Nest's logs, request context and access lines all derive from it. */
export function createRootLogger(level: Environment['LOG_LEVEL'], destination: DestinationStream): Logger {
  return pino(
    {
      level: PINO_LEVEL[level],
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'whatsapp-gateway' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
