import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MetaApp } from '../config/meta-app';
import { GraphTransport } from './graph-transport';
import { SimulatorTarget, UpstreamTarget } from './upstream-target';

/** The upstream as the settings describe it; `baseUrl` replaces UPSTREAM_BASE_URL (the e2e tests' own sandbox). */
export function upstreamTargetFrom(
  config: ConfigService<Environment, true>,
  app: MetaApp,
  baseUrl = config.get('UPSTREAM_BASE_URL', { infer: true }),
): UpstreamTarget {
  return new UpstreamTarget(
    baseUrl.replace(/\/+$/, ''),
    config.get('UPSTREAM_API_VERSION', { infer: true }),
    config.get('UPSTREAM_TIMEOUT_MS', { infer: true }),
    config.get('UPSTREAM_CONNECTIONS', { infer: true }),
    app.appId,
  );
}

/** Test mode's simulator as the settings describe it; `baseUrl` replaces SIMULATOR_BASE_URL (the e2e tests' own). */
export function simulatorTargetFrom(
  config: ConfigService<Environment, true>,
  baseUrl = config.get('SIMULATOR_BASE_URL', { infer: true }),
): SimulatorTarget {
  return new SimulatorTarget(baseUrl ? baseUrl.replace(/\/+$/, '') : null);
}

/**
 * The Graph API transport, pointed at UPSTREAM_BASE_URL (Meta, or the sandbox app), and at SIMULATOR_BASE_URL for
 * test organizations' accounts (simulator-token.ts); each capability's client names its calls over it.
 */
@Global()
@Module({
  providers: [
    { provide: UpstreamTarget, inject: [ConfigService, MetaApp], useFactory: upstreamTargetFrom },
    { provide: SimulatorTarget, inject: [ConfigService], useFactory: simulatorTargetFrom },
    GraphTransport,
  ],
  exports: [GraphTransport, UpstreamTarget, SimulatorTarget],
})
export class UpstreamModule {}
