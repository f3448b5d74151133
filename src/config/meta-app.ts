import { randomBytes } from 'node:crypto';
import { type ConfigService } from '@nestjs/config';
import type { Environment } from './environment';

/**
 * The Meta app the gateway acts as: its id (resumable uploads), its secret (X-Hub-Signature-256 on
 * webhooks) and the webhook verify token. In the demo, unset secrets are generated at start-up
 * (`npm run demo` generates the app secret itself and gives it to the sandbox app too).
 */
export class MetaApp {
  constructor(
    readonly appId: string,
    readonly appSecret: string,
    readonly verifyToken: string,
  ) {}

  static fromConfig(config: ConfigService<Environment, true>): MetaApp {
    const generate = () => randomBytes(24).toString('base64url');
    return new MetaApp(
      config.get('META_APP_ID', { infer: true }),
      config.get('META_APP_SECRET', { infer: true }) ?? generate(),
      config.get('WEBHOOK_VERIFY_TOKEN', { infer: true }) ?? generate(),
    );
  }
}
