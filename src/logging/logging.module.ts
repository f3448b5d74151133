import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream, Logger } from 'pino';
import type { Environment } from '../config/environment';
import type { GatewayRequest } from '../core/gateway-request';
import { GatewayLogger } from './gateway-logger';
import { createRootLogger, defaultDestination } from './root-logger';

/** Where log lines are written (tests override it to read them). */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');
/** The process's root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

const config = (c: ConfigService<Environment, true>) => ({ level: c.get('LOG_LEVEL', { infer: true }), format: c.get('LOG_FORMAT', { infer: true }) });

/** The root logger and its destination, in a module of their own so that LoggerModule's factory can use them. */
@Module({
  providers: [
    { provide: LOG_DESTINATION, inject: [ConfigService], useFactory: (c: ConfigService<Environment, true>) => defaultDestination(config(c).format) },
    {
      provide: ROOT_LOGGER,
      inject: [ConfigService, LOG_DESTINATION],
      useFactory: (c: ConfigService<Environment, true>, destination: DestinationStream) => createRootLogger(config(c).level, destination),
    },
  ],
  exports: [ROOT_LOGGER],
})
class RootLoggerModule {}

/**
 * Logging on pino: nestjs-pino carries each request's id into the logs written while it runs, and
 * GatewayLogger replaces Nest's logger (main.ts). The access line per request is a separate pino-http
 * middleware (access-log.ts) mounted early in app.setup.ts.
 */
@Global()
@Module({
  imports: [
    RootLoggerModule,
    LoggerModule.forRootAsync({
      imports: [RootLoggerModule],
      inject: [ROOT_LOGGER],
      useFactory: (root: Logger) => ({
        pinoHttp: {
          logger: root,
          // Context only: the access line is written by access-log.ts.
          autoLogging: false,
          quietReqLogger: true,
          customAttributeKeys: { reqId: 'request_id' },
          genReqId: (req) => (req as GatewayRequest).id,
        },
      }),
    }),
  ],
  providers: [GatewayLogger],
  exports: [GatewayLogger, LoggerModule, RootLoggerModule],
})
export class LoggingModule {}
