import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { HttpAdapterHost } from '@nestjs/core';
import type { Environment } from '../../../src/config/environment';
import { MetaApp } from '../../../src/config/meta-app';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SecretBox } from '../../../src/common/secret-box';
import { startSandbox, type Sandbox, type SandboxDirectory, type SandboxDirectoryEntry } from './sandbox-server';

/** Injection token of the running sandbox: a `Sandbox`, or null when UPSTREAM_MODE is `graph`. */
export const SANDBOX = Symbol('SANDBOX');

/** Where the gateway takes upstream webhooks, once its HTTP server listens. */
function gatewayWebhookUrl(adapterHost: HttpAdapterHost): string | undefined {
  const server = adapterHost.httpAdapter?.getHttpServer() as { address(): AddressInfo | string | null } | undefined;
  const address = server?.address();
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}/webhooks/whatsapp`;
}

/**
 * The in-process sandbox knows the gateway's business accounts and phone numbers (with their
 * upstream tokens) the way Meta knows a business's numbers: looked up on first use, so accounts
 * added by the CLI while the gateway runs work at once. Ids the gateway does not know stay unknown
 * (100 subcode 33).
 */
@Injectable()
class GatewayDirectory implements SandboxDirectory {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly secretBox: SecretBox,
  ) {}

  async lookup(id: string): Promise<SandboxDirectoryEntry | null> {
    if (!/^\d{1,32}$/.test(id)) return null;
    const [phone] = await this.dataSource.query<
      Array<{ phone_number_id: string; display_phone_number: string; waba_id: string; access_token_encrypted: string }>
    >(
      `SELECT p.phone_number_id, p.display_phone_number, b.waba_id, b.access_token_encrypted
       FROM phone_numbers p JOIN business_accounts b ON b.id = p.business_account_id WHERE p.phone_number_id = $1`,
      [id],
    );
    if (phone) {
      return {
        businessAccount: { id: phone.waba_id, accessToken: this.secretBox.decrypt(phone.access_token_encrypted) },
        phoneNumber: { id: phone.phone_number_id, displayPhoneNumber: phone.display_phone_number },
      };
    }
    const [waba] = await this.dataSource.query<Array<{ waba_id: string; access_token_encrypted: string }>>(
      'SELECT waba_id, access_token_encrypted FROM business_accounts WHERE waba_id = $1',
      [id],
    );
    return waba
      ? { businessAccount: { id: waba.waba_id, accessToken: this.secretBox.decrypt(waba.access_token_encrypted) } }
      : null;
  }
}

@Injectable()
class SandboxLifecycle implements OnApplicationShutdown {
  constructor(@Inject(SANDBOX) private readonly sandbox: Sandbox | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.sandbox?.close();
  }
}

/**
 * Starts the Cloud API simulator in sandbox mode (the default upstream), wired to the gateway:
 * the same app id and secret, and webhooks delivered to the gateway's own `/webhooks/whatsapp`.
 */
@Module({
  providers: [
    {
      provide: SANDBOX,
      inject: [ConfigService, MetaApp, HttpAdapterHost, GatewayDirectory],
      useFactory: async (
        config: ConfigService<Environment, true>,
        app: MetaApp,
        adapterHost: HttpAdapterHost,
        directory: GatewayDirectory,
      ): Promise<Sandbox | null> => {
        if (config.get('UPSTREAM_MODE', { infer: true }) !== 'sandbox') return null;
        const sandbox = await startSandbox({
          port: config.get('SANDBOX_PORT', { infer: true }),
          appId: app.appId,
          appSecret: app.appSecret,
          webhookUrl: () => gatewayWebhookUrl(adapterHost),
          statusDelaysMs: {
            sent: config.get('SANDBOX_SENT_DELAY_MS', { infer: true }),
            delivered: config.get('SANDBOX_DELIVERED_DELAY_MS', { infer: true }),
            read: config.get('SANDBOX_READ_DELAY_MS', { infer: true }),
          },
          reviewDelayMs: config.get('SANDBOX_REVIEW_DELAY_MS', { infer: true }),
          webhookRetry: {
            baseDelayMs: config.get('SANDBOX_WEBHOOK_RETRY_BASE_MS', { infer: true }),
            maxDelayMs: config.get('SANDBOX_WEBHOOK_RETRY_MAX_DELAY_MS', { infer: true }),
            windowMs: config.get('SANDBOX_WEBHOOK_RETRY_WINDOW_SECONDS', { infer: true }) * 1000,
          },
          directory,
        });
        new Logger('Sandbox').log(`Cloud API sandbox listening on ${sandbox.url} (control API at /_sandbox)`);
        return sandbox;
      },
    },
    GatewayDirectory,
    SandboxLifecycle,
  ],
  exports: [SANDBOX],
})
export class SandboxModule {}
