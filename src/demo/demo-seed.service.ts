import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { WebhookEndpointsService } from '../tenant-webhooks/webhook-endpoints.service';
import { ApiKeysService } from '../auth/api-keys.service';
import type { Environment } from '../config/environment';
import { PeopleService } from '../people/people.service';
import { OnboardingService } from '../tenancy/onboarding.service';

import { DEMO_ACCOUNT } from './demo-account';

const { wabaId: DEMO_WABA_ID, phoneNumberId: DEMO_PHONE_NUMBER_ID } = DEMO_ACCOUNT;
/** The demo organization's owner (a person: email and a password generated and printed once). */
const DEMO_OWNER_EMAIL = 'owner@demo.example';

/**
 * On the first start with an empty database (and DEMO_SEED on), creates a demo organization with a
 * business account, a phone number, an organization key, an admin key and an owner who signs in with
 * email and password, and prints how to call
 * the gateway. The key texts are shown this once (only their hashes are kept in the database), and
 * written for the README's first walk to `source`: DATA_DIR/demo.env, readable by its owner only,
 * beside the demo's generated encryption key (demo data only: production seeds nothing).
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Demo');

  constructor(
    private readonly tenancy: OnboardingService,
    private readonly keys: ApiKeysService,
    private readonly config: ConfigService<Environment, true>,
    private readonly webhooks: WebhookEndpointsService,
    private readonly people: PeopleService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.get('DEMO_SEED', { infer: true })) return;
    if ((await this.tenancy.countOrganizations()) > 0) return;
    const organization = await this.tenancy.createOrganization('Demo organization');
    await this.tenancy.addBusinessAccount({
      tenantId: organization.id,
      wabaId: DEMO_WABA_ID,
      name: 'Demo business account',
      accessToken: DEMO_ACCOUNT.accessToken,
    });
    await this.tenancy.addPhoneNumber({
      wabaId: DEMO_WABA_ID,
      phoneNumberId: DEMO_PHONE_NUMBER_ID,
      displayPhoneNumber: DEMO_ACCOUNT.displayPhoneNumber,
    });
    const orgKey = await this.keys.create({ kind: 'org', tenantIds: [organization.id], name: 'demo organization key' });
    const adminKey = await this.keys.create({ kind: 'admin', tenantIds: [organization.id], name: 'demo admin key' });
    // A person too: the organization's owner, who signs in with email and password (and invites others).
    const ownerPassword = randomBytes(18).toString('base64url');
    await this.people.addOwner(organization.id, DEMO_OWNER_EMAIL, ownerPassword);
    const port = this.config.get('PORT', { infer: true });
    const base = `http://localhost:${port}`;
    const envFile = this.writeDemoEnv({
      KEY: orgKey.key,
      ADMIN_KEY: adminKey.key,
      ORG_ID: organization.id,
      WABA_ID: DEMO_WABA_ID,
      PHONE_NUMBER_ID: DEMO_PHONE_NUMBER_ID,
      OWNER_EMAIL: DEMO_OWNER_EMAIL,
      OWNER_PASSWORD: ownerPassword,
    });
    const receiver = await this.demoReceiver(organization.id);
    // Printed on purpose, once: the operator needs the key texts to make the first call.
    process.stdout.write(
      [
        '',
        '==================== demo data created ====================',
        `organization      ${organization.id}`,
        `business account  ${DEMO_WABA_ID}`,
        `phone number id   ${DEMO_PHONE_NUMBER_ID}`,
        `organization key  ${orgKey.key}`,
        `admin key         ${adminKey.key}`,
        ...(envFile
          ? [
              `(also in ${envFile}: source it for $KEY, $ADMIN_KEY, $ORG_ID, $WABA_ID, $PHONE_NUMBER_ID, $OWNER_EMAIL, $OWNER_PASSWORD)`,
            ]
          : []),
        '',
        'Console (signs in with the organization key in one click; the key stays out of the server logs):',
        `  open ${base}/console/#key=${encodeURIComponent(orgKey.key)}`,
        `  or as the organization's owner: ${base}/console/ with ${DEMO_OWNER_EMAIL} and password ${ownerPassword}`,
        '',
        'Try:',
        `  curl -s ${base}/v1/tenants -H 'Authorization: Bearer ${orgKey.key}'`,
        `  curl -s ${base}/v1/tenants -H 'Authorization: Bearer ${adminKey.key}'`,
        `  open ${base}/docs`,
        ...(receiver
          ? [
              '',
              "Webhooks: this organization's events go to the demo receiver (a stand-in for your handler):",
              `  curl -s ${receiver.url}      # what it received (signing secret ${receiver.secret})`,
              'Your own handler: start one that prints every delivery (another terminal), then register it:',
              `  npm run cli -- webhook:listen --port 8080 --secret my-handler-secret-0123`,
              `  curl -s ${base}/v1/webhooks -H 'Authorization: Bearer ${orgKey.key}' -H 'Content-Type: application/json' \\`,
              `    -d '{"url":"http://127.0.0.1:8080/webhook","secret":"my-handler-secret-0123"}'`,
            ]
          : []),
        'The keys are shown only now. Make more with: npm run demo:cli -- key:create --help',
        '============================================================',
        '',
      ].join('\n') + '\n',
    );
    this.logger.log(`demo organization ${organization.id} created`);
  }

  /** The demo's keys and ids as shell exports (DATA_DIR/demo.env, mode 0600); its path, or undefined when it could not be written. */
  private writeDemoEnv(values: Record<string, string>): string | undefined {
    const dir = this.config.get('DATA_DIR', { infer: true });
    const file = join(dir, 'demo.env');
    const lines = Object.entries(values).map(([name, value]) => `export ${name}=${value}`);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        file,
        `# The demo's keys and ids (npm run demo's first start): source ${file}\n${lines.join('\n')}\n`,
        {
          mode: 0o600,
        },
      );
      return file;
    } catch (error) {
      this.logger.warn(`${file} not written: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** An endpoint of the demo organization at DEMO_WEBHOOK_URL (`npm run demo`: the sandbox's demo receiver). */
  private async demoReceiver(tenantId: string): Promise<{ url: string; secret: string } | undefined> {
    const url = this.config.get('DEMO_WEBHOOK_URL', { infer: true });
    if (!url) return undefined;
    try {
      const endpoint = await this.webhooks.create(
        { tenantId, auth: { allowedPhoneNumberIds: null } },
        { url, description: 'demo receiver' },
      );
      return { url, secret: endpoint.secret };
    } catch (error) {
      this.logger.warn(`demo webhook receiver not registered: ${(error as Error).message}`);
      return undefined;
    }
  }
}
