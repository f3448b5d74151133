import { Option } from 'commander';
import {
  type CommandKit,
  type CommandServices,
  duration,
  futureDate,
  list,
  uuid,
  wholeNumber,
} from '../common/command-kit';
import { apiKeyJson, apiKeyView, issuedKeyJson } from './api-key-json';

// API keys from the command line, by the same ApiKeysService as /v1/keys (api-keys.controller.ts), but
// unbounded by an issuer: whoever runs the CLI holds the database. Output shapes are the API's own
// (api-key-json.ts). Loaded at the CLI's start: what an action needs is imported when it runs.

const apiKeys = async (services: CommandServices) => {
  const { ApiKeysService } = await import('./api-keys.service.js');
  return services.get(ApiKeysService);
};

interface KeyCreateOptions {
  kind: 'org' | 'admin' | 'platform';
  org?: string[];
  name?: string;
  scopes?: string[];
  phones?: string[];
  ips?: string[];
  rateLimit?: number;
  expires?: Date;
  expiresIn?: number;
  hmac?: boolean;
  test?: boolean;
}

export function apiKeyCommands({ program, run, read }: CommandKit): void {
  program
    .command('bootstrap')
    .description(
      'A new deployment’s first platform key, printed this once (then onboard over HTTP: /v1/organizations). ' +
        'Refused once any active platform key exists: more come from key:create --kind platform',
    )
    .option('--name <name>', 'label', 'bootstrap')
    .action(
      run(async (services, options: { name: string }) => {
        const keys = await apiKeys(services);
        const platform = (await keys.list()).filter((key) => key.kind === 'platform' && key.revokedAt === null);
        if (platform.length > 0) {
          const { GraphError } = await import('../core/graph-error.js');
          throw GraphError.conflict(
            'A platform key exists already',
            `${platform.length} active platform key(s), the first ${platform[0].prefix}…: issue another with key:create --kind platform`,
          );
        }
        return issuedKeyJson(await keys.create({ kind: 'platform', tenantIds: [], name: options.name }));
      }),
    );

  program
    .command('key:create')
    .description('Issue an API key; its text (and signing secret) is shown only now')
    .addOption(
      new Option(
        '--kind <kind>',
        'org: one organization; admin: one or more; platform: onboarding and keys over HTTP, no organization',
      )
        .choices(['org', 'admin', 'platform'])
        .makeOptionMandatory(),
    )
    .option('--org <ids>', 'organization id; repeat or comma-separate for an admin key (not for a platform key)', list)
    .option('--name <name>', 'label')
    .option('--scopes <scopes>', 'comma-separated scopes (default: every scope the kind may hold)', list)
    .option('--phones <ids>', 'allowed phone number ids (default: all of the organizations)', list)
    .option('--ips <cidrs>', 'allowed client IPs or CIDRs (default: any)', list)
    .option('--rate-limit <n>', 'requests per second (default: 80)', wholeNumber)
    .addOption(
      new Option('--expires <date>', 'expiry as an ISO 8601 date').argParser(futureDate).conflicts('expiresIn'),
    )
    .option('--expires-in <duration>', 'expiry from now: 90m, 12h, 30d, 2w', duration)
    .option('--hmac', 'require HMAC-signed requests (prints a signing secret)')
    .option('--test', "a test key (svc_test_…, svc_admin_test_…): the organizations' test data, made on first use")
    .action(
      run(async (services, options: KeyCreateOptions) => {
        const expiresAt = options.expiresIn !== undefined ? new Date(Date.now() + options.expiresIn) : options.expires;
        const keys = await apiKeys(services);
        const mode = options.test ? 'test' : 'live';
        const issued = await keys.create({
          kind: options.kind,
          mode,
          tenantIds: await keys.organizationsFor(mode, await keys.liveIdsOf(options.org ?? [])),
          name: options.name,
          scopes: options.scopes,
          allowedPhoneNumberIds: options.phones,
          allowedIps: options.ips,
          rateLimitPerSecond: options.rateLimit,
          expiresAt,
          hmac: options.hmac ?? false,
        });
        return issuedKeyJson(issued);
      }),
    );

  program
    .command('key:list')
    .description('List API keys (no key texts, no secrets)')
    .option('--org <orgId>', 'only the keys that reach this organization', uuid)
    .action(
      read(
        async () => [(await import('./api-key.entity.js')).ApiKey],
        async (dataSource, options: { org?: string }) => {
          const { ApiKeysRepository } = await import('./api-keys.repository.js');
          const rows = await new ApiKeysRepository(dataSource).all(options.org);
          return { data: rows.map((row) => apiKeyJson(apiKeyView(row))) };
        },
      ),
    );

  program
    .command('key:revoke')
    .description('Revoke an API key (running gateways notice within AUTH_CACHE_TTL_MS)')
    .argument('<keyId>', 'the key record id')
    .action(run(async (services, keyId: string) => apiKeyJson(await (await apiKeys(services)).revoke(keyId))));

  program
    .command('key:rotate')
    .description('Issue a new key with the same settings and revoke the old one at once')
    .argument('<keyId>', 'the key record id')
    .action(run(async (services, keyId: string) => issuedKeyJson(await (await apiKeys(services)).rotate(keyId))));
}
