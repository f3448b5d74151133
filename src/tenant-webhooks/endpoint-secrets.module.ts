import { Module } from '@nestjs/common';
import { EncryptedSecrets } from '../common/encrypted-secrets';
import { TenantWebhooksRepository } from './tenant-webhooks.repository';

/**
 * The endpoints' signing secrets, known to key rotation (common/encrypted-secrets.ts): imported by the
 * gateway (through TenantWebhooksModule) and by the CLI, whose `secrets:reencrypt` needs every
 * encrypted column without the delivery machinery.
 */
@Module({ providers: [TenantWebhooksRepository] })
export class EndpointSecretsModule {
  constructor(repository: TenantWebhooksRepository, secrets: EncryptedSecrets) {
    secrets.register('webhook endpoint signing secrets', repository.encryptedSecrets());
  }
}
