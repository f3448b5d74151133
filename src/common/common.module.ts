import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Global, Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { type Environment, encryptionKeysOf } from '../config/environment';
import { Clock } from './clock';
import { EncryptedSecrets } from './encrypted-secrets';
import { keyBytes, SecretBox, UNNAMED_KEY_ID } from './secret-box';

/**
 * The keyring: ENCRYPTION_KEYS (ids, the first current), or ENCRYPTION_KEY alone (id 0); in the demo,
 * when neither is set, a key generated once and kept in DATA_DIR/encryption.key so a local install
 * works with no set-up.
 */
function loadKeyring(config: ConfigService<Environment, true>): SecretBox {
  const keys = config.get('ENCRYPTION_KEYS', { infer: true });
  if (keys) return new SecretBox(encryptionKeysOf(keys).map(({ id, key }) => ({ id, key: keyBytes(key) })));
  return new SecretBox([{ id: UNNAMED_KEY_ID, key: keyBytes(loadEncryptionKey(config)) }]);
}

function loadEncryptionKey(config: ConfigService<Environment, true>): string {
  const configured = config.get('ENCRYPTION_KEY', { infer: true });
  if (configured) return configured;
  const dir = config.get('DATA_DIR', { infer: true });
  const file = join(dir, 'encryption.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  new Logger('Encryption').warn(
    `ENCRYPTION_KEY is not set: generated one in ${file}. Set ENCRYPTION_KEY in production.`,
  );
  return key;
}

@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [ConfigService],
      useFactory: loadKeyring,
    },
    EncryptedSecrets,
    Clock,
  ],
  exports: [SecretBox, EncryptedSecrets, Clock],
})
export class CommonModule {}
