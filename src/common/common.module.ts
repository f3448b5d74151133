import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Global, Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { Clock } from './clock';
import { SecretBox } from './secret-box';

/**
 * The encryption key comes from ENCRYPTION_KEY; outside production, when it is unset, one is
 * generated once and kept in DATA_DIR/encryption.key so a local install works with no set-up.
 */
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
      useFactory: (config: ConfigService<Environment, true>) => SecretBox.fromText(loadEncryptionKey(config)),
    },
    Clock,
  ],
  exports: [SecretBox, Clock],
})
export class CommonModule {}
