import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MetaApp } from '../config/meta-app';
import { Sandbox } from '../../apps/sandbox/src/sandbox-server';
import { SANDBOX, SandboxModule } from '../../apps/sandbox/src/sandbox.module';
import { GraphClient } from './graph-client';
import { UpstreamTarget } from './upstream-target';

/** The Graph API client, pointed at Meta or at the in-process sandbox (UPSTREAM_MODE). */
@Global()
@Module({
  imports: [SandboxModule],
  providers: [
    {
      provide: UpstreamTarget,
      inject: [ConfigService, MetaApp, SANDBOX],
      useFactory: (config: ConfigService<Environment, true>, app: MetaApp, sandbox: Sandbox | null) => {
        const graphUrl = config.get('UPSTREAM_BASE_URL', { infer: true }).replace(/\/+$/, '');
        return new UpstreamTarget(
          sandbox ? () => sandbox.url : () => graphUrl,
          config.get('UPSTREAM_API_VERSION', { infer: true }),
          config.get('UPSTREAM_TIMEOUT_MS', { infer: true }),
          config.get('UPSTREAM_CONNECTIONS', { infer: true }),
          app.appId,
        );
      },
    },
    GraphClient,
  ],
  exports: [GraphClient, UpstreamTarget],
})
export class UpstreamModule {}
