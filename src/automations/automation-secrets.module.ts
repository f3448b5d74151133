import { Module } from '@nestjs/common';
import { EncryptedSecrets } from '../common/encrypted-secrets';
import { AutomationsRepository } from './automations.repository';

/**
 * The organizations' secrets that sign their rules' calls, known to key rotation
 * (common/encrypted-secrets.ts): imported by AutomationsModule and by the CLI, whose
 * `secrets:reencrypt` needs every encrypted column without the automations' machinery.
 */
@Module({ providers: [AutomationsRepository] })
export class AutomationSecretsModule {
  constructor(repository: AutomationsRepository, secrets: EncryptedSecrets) {
    secrets.register('automation signing secrets', repository.encryptedSecrets());
  }
}
