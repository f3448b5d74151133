import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream, Logger } from 'pino';
import type { Environment } from '../config/environment';
import { GatewayLogger } from './gateway-logger';
import { createRootLogger, defaultDestination } from './root-logger';

/** Where log lines are written (tests override it to read them). */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');
/** The process's root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

const config = (c: ConfigService<Environment, true>) => ({
  level: c.get('LOG_LEVEL', { infer: true }),
  format: c.get('LOG_FORMAT', { infer: true }),
});

/** The root logger and its destination, in a module of their own so that LoggerModule's factory can use them. */
@Module({
  providers: [
    {
      provide: LOG_DESTINATION,
      inject: [ConfigService],
      useFactory: (c: ConfigService<Environment, true>) => defaultDestination(config(c).format),
    },
    {
      provide: ROOT_LOGGER,
      inject: [ConfigService, LOG_DESTINATION],
      useFactory: (c: ConfigService<Environment, true>, destination: DestinationStream) =>
        createRootLogger(config(c).level, destination),
    },
  ],
  exports: [ROOT_LOGGER],
})
class RootLoggerModule {}

/**
 * Logging on pino: nestjs-pino's Logger, as GatewayLogger, replaces Nest's logger (main.ts), on
 * the root logger below. The access line per request is a pino-http middleware (access-log.ts)
 * mounted early in app.setup.ts.
 */
@Global()
@Module({
  imports: [
    RootLoggerModule,
    LoggerModule.forRootAsync({
      imports: [RootLoggerModule],
      inject: [ROOT_LOGGER],
      useFactory: (root: Logger) => ({
        pinoHttp: { logger: root, autoLogging: false },
        // No request-scoped context: it is an AsyncLocalStorage around every request, which on Node 20
        // makes every promise of the process pay an async hook (measured: about a tenth of the
        // gateway's CPU in the message lifecycle). Logs about a request name its request id
        // themselves; the access line (access-log.ts) carries it.
        forRoutes: [],
      }),
    }),
  ],
  providers: [GatewayLogger],
  exports: [GatewayLogger, LoggerModule, RootLoggerModule],
})
export class LoggingModule {}
