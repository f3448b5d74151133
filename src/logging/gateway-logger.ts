import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** Start-up chatter that lists every route and module: shown from the debug level only. */
const DEBUG_ONLY_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader']);

/** Nest's logger on pino (nestjs-pino), with the route map moved to debug. */
@Injectable()
export class GatewayLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && DEBUG_ONLY_CONTEXTS.has(context)) super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}
