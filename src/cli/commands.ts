import 'reflect-metadata';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { DataSource } from 'typeorm';
import { apiKeyJson, issuedKeyJson } from '../auth/api-key-json';
import { isUuid } from '../common/uuid';
import type { ApiKeysService } from '../auth/api-keys.service';
import type { GraphError } from '../core/graph-error';
import { businessAccountJson, organizationJson, phoneNumberJson } from '../tenancy/tenancy-json';
import type { OnboardingService } from '../tenancy/onboarding.service';
import type { Lists } from './reads';

// What a command needs is loaded when it runs, not at start (Nest, TypeORM, the settings' validation,
// the embedded database): `--help` and a command line refused by its parser answer at once.

// Output contract: every command prints one JSON document to stdout (2-space indent) and exits 0;
// a failure prints {"error": {...}} to stdout too and exits 1. Nest's logs are off.

interface Services {
  keys: ApiKeysService;
  tenancy: OnboardingService;
  dataSource: DataSource;
}

/**
 * With no DATABASE_URL, a running gateway serves its embedded PostgreSQL on EMBEDDED_DATABASE_PORT:
 * use it when something listens there (PGlite is one session, so one connection). Otherwise
 * DatabaseModule starts the embedded database for this run and stops it on close. Never both: the
 * data folder must not be opened twice.
 */
async function useRunningEmbeddedDatabase(): Promise<void> {
  const { loadEnvironmentWithEnvFile, useEmbeddedDatabaseForThisProcess } = await import('../config/environment.js');
  const { embeddedUrl, isListening } = await import('../database/embedded-postgres.js');
  const env = loadEnvironmentWithEnvFile();
  if (env.DATABASE_URL) return;
  const port = env.EMBEDDED_DATABASE_PORT;
  if (await isListening(port)) useEmbeddedDatabaseForThisProcess(embeddedUrl(port));
}

/** Boots the services, runs `work`, and closes the context (stopping an embedded database it started). */
async function withServices<T>(work: (services: Services) => Promise<T>): Promise<T> {
  await useRunningEmbeddedDatabase();
  // Imported only now: AppConfigModule reads the environment when it is first loaded.
  const { CliModule } = await import('./cli.module.js');
  const { NestFactory } = await import('@nestjs/core');
  const { ApiKeysService } = await import('../auth/api-keys.service.js');
  const { OnboardingService } = await import('../tenancy/onboarding.service.js');
  const { DataSource } = await import('typeorm');
  const app = await NestFactory.createApplicationContext(CliModule, { logger: false, abortOnError: false });
  try {
    return await work({
      keys: app.get(ApiKeysService),
      tenancy: app.get(OnboardingService),
      dataSource: app.get(DataSource),
    });
  } finally {
    await app.close();
  }
}

function exitWith(code: number, document: unknown): void {
  process.stdout.write(JSON.stringify(document, null, 2) + '\n', () => process.exit(code));
}

/** A GraphError, told by its name (the class is not loaded until a command needs it). */
const isGraphError = (error: unknown): error is GraphError => error instanceof Error && error.name === 'GraphError';

function describeError(error: unknown): Record<string, unknown> {
  if (isGraphError(error)) {
    const details = error.options.data?.details;
    return { code: error.code, message: error.message, ...(details !== undefined && { details }) };
  }
  if (error instanceof CommanderError) {
    return { code: 100, message: '(#100) Invalid command line', details: error.message.replace(/^error: /, '') };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Runs a command against the services and prints its result or its error. */
function action<A extends unknown[]>(work: (services: Services, ...args: A) => Promise<unknown>) {
  return (...args: A): Promise<void> => answer(() => withServices((services) => work(services, ...args)));
}

/** Prints what `result` gives and exits 0, or its error and exits 1. */
async function answer(result: () => Promise<unknown>): Promise<void> {
  try {
    exitWith(0, await result());
  } catch (error) {
    exitWith(1, { error: describeError(error) });
  }
}

/**
 * Runs a list command: on the owners' repositories over a bare data source when the database can be
 * read that way (reads.ts: no Nest, a third of the time), else on the services of a full boot.
 */
function listAction<A extends unknown[]>(work: (lists: Lists, ...args: A) => Promise<unknown>) {
  return (...args: A): Promise<void> =>
    answer(async () => {
      const { withReads } = await import('./reads.js');
      const light = await withReads((lists) => work(lists, ...args));
      return light ? light.value : withServices((services) => work(servicesLists(services), ...args));
    });
}

/** The same lists from a full boot's services. */
function servicesLists({ tenancy, keys }: Services): Lists {
  return {
    organizations: () => tenancy.listAllOrganizations(),
    businessAccounts: (tenantId) => tenancy.listAllBusinessAccounts(tenantId),
    phoneNumbers: (filter) => tenancy.listAllPhoneNumbers(filter),
    keys: (tenantId) => keys.list({ tenantId }),
  };
}

// ---- argument parsers -------------------------------------------------------------------------

/** Repeatable, comma-separated list: `--x a,b --x c` is [a, b, c]. */
function list(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ];
}

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

function uuid(value: string): string {
  if (!isUuid(value)) throw new InvalidArgumentError('must be a UUID');
  return value;
}

function futureDate(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('must be an ISO 8601 date such as 2027-01-31 or 2027-01-31T12:00:00Z');
  }
  if (date.getTime() <= Date.now()) throw new InvalidArgumentError('must be in the future');
  return date;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `90m`, `12h`, `30d`, `2w` as milliseconds. */
function duration(value: string): number {
  const match = /^(\d+)([mhdw])$/.exec(value.trim());
  if (!match || Number(match[1]) === 0)
    throw new InvalidArgumentError('must be a number with m, h, d or w, such as 90m, 12h or 30d');
  return Number(match[1]) * UNIT_MS[match[2]];
}

/** `--token -` reads the token from stdin, so it stays out of the shell history and the process list. */
async function readSecret(value: string): Promise<string> {
  if (value !== '-') return value;
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.trim();
}

// Output shapes are the HTTP API's own (tenancy-json.ts, api-key-json.ts).

// ---- commands ---------------------------------------------------------------------------------

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
}

async function createKey({ keys }: Services, options: KeyCreateOptions): Promise<unknown> {
  const expiresAt = options.expiresIn !== undefined ? new Date(Date.now() + options.expiresIn) : options.expires;
  const issued = await keys.create({
    kind: options.kind,
    tenantIds: options.org ?? [],
    name: options.name,
    scopes: options.scopes,
    allowedPhoneNumberIds: options.phones,
    allowedIps: options.ips,
    rateLimitPerSecond: options.rateLimit,
    expiresAt,
    hmac: options.hmac ?? false,
  });
  return issuedKeyJson(issued);
}

const HELP_FOOTER = `
Examples:
  npm run cli -- bootstrap                           a new deployment's first platform key (once)
  npm run cli -- migrate                             apply pending migrations (a deploy step)
  npm run cli -- org:create --name "Acme Ltd"
  npm run cli -- waba:add --org <orgId> --waba-id 102290129340398 --token - < token.txt
  npm run cli -- phone:add --waba-id 102290129340398 --phone-number-id 106540352242922 --display "+1 555 0100"
  npm run cli -- waba:list --org <orgId>
  npm run cli -- number:list --waba-id 102290129340398
  npm run cli -- key:create --kind org --org <orgId> --scopes messages:send,messages:read --expires-in 90d
  npm run cli -- key:create --kind admin --org <orgA>,<orgB> --hmac
  npm run cli -- key:list --org <orgId>
  npm run cli -- key:rotate <keyId>                  new key text now, the old key refused at once
  npm run demo:cli -- org:list                       the same, on the running demo's embedded database
  npm run cli -- webhook:listen --port 8080 --secret <endpoint secret>   a handler that prints each delivery
  node dist/src/cli/main.js <command>                what npm run cli runs (in the image too)

Output:
  Every command prints one JSON document to stdout and exits 0. On failure it prints
  {"error": {"code": <Graph error code>, "message": "...", "details": "..."}} to stdout and
  exits 1 (an unexpected failure, such as an unreachable database, has only "message").
  Keys are snake_case. A key's text and signing secret are printed only by key:create and key:rotate.

Database:
  DATABASE_URL and ENCRYPTION_KEY (production, the default). With GATEWAY_MODE=demo (npm run demo:cli)
  and no DATABASE_URL: the running demo's embedded PostgreSQL on 127.0.0.1:EMBEDDED_DATABASE_PORT;
  when nothing listens there, the CLI opens DATA_DIR itself.`;

function buildProgram(): Command {
  const program = new Command('cli')
    .description('Administration of the WhatsApp gateway: organizations, business accounts, phone numbers, API keys.')
    .exitOverride()
    .configureOutput({ outputError: () => undefined })
    .addHelpText('after', HELP_FOOTER);

  program
    .command('webhook:listen')
    .description(
      'A local webhook handler to try deliveries with: prints one JSON line per request (signature checked with --secret) ' +
        'and answers the hub.challenge handshake for --verify-token; runs until stopped. Register its URL with POST /v1/webhooks',
    )
    .option('--port <port>', 'port to listen on', wholeNumber, 8080)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--secret <secret>', "the endpoint's signing secret (X-Hub-Signature-256 is checked)")
    .option('--verify-token <token>', 'answer the subscribed_apps handshake for this token')
    .action(async (options: { port: number; host: string; secret?: string; verifyToken?: string }) => {
      try {
        const { startWebhookListener } = await import('./webhook-listener.js');
        const server = await startWebhookListener({ ...options, write: (line) => process.stdout.write(line + '\n') });
        const address = server.address() as { port: number };
        process.stderr.write(`listening on http://${options.host}:${address.port}/webhook (Ctrl-C stops)\n`);
        process.once('SIGINT', () => server.close(() => process.exit(0)));
        process.once('SIGTERM', () => server.close(() => process.exit(0)));
      } catch (error) {
        exitWith(1, { error: describeError(error) });
      }
    });

  program
    .command('bootstrap')
    .description(
      'A new deployment’s first platform key, printed this once (then onboard over HTTP: /v1/organizations). ' +
        'Refused once any active platform key exists: more come from key:create --kind platform',
    )
    .option('--name <name>', 'label', 'bootstrap')
    .action(
      action(async ({ keys }, options: { name: string }) => {
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
    .command('migrate')
    .description(
      'Apply pending database migrations and exit (one-shot, for a deploy step), under the advisory lock every starting ' +
        'instance also takes: concurrent runs wait for each other and migrate once',
    )
    .action(async () => {
      // Not at boot: this command applies them itself, and reports which.
      process.env.DATABASE_MIGRATIONS_RUN = 'false';
      await action(async ({ dataSource }) => {
        const { runMigrationsLocked } = await import('../database/migrate.js');
        const applied = await runMigrationsLocked(dataSource);
        return { applied, pending: await dataSource.showMigrations() };
      })();
    });

  program
    .command('org:create')
    .description('Create an organization (a tenant)')
    .requiredOption('--name <name>', 'display name')
    .action(
      action(async ({ tenancy }, options: { name: string }) =>
        organizationJson(await tenancy.createOrganization(options.name)),
      ),
    );

  program
    .command('org:list')
    .description('List every organization')
    .action(listAction(async (lists) => ({ data: (await lists.organizations()).map(organizationJson) })));

  program
    .command('waba:list')
    .description('List business accounts (never their upstream token)')
    .option('--org <orgId>', 'only this organization’s', uuid)
    .action(
      listAction(async (lists, options: { org?: string }) => ({
        data: (await lists.businessAccounts(options.org)).map(businessAccountJson),
      })),
    );

  program
    .command('number:list')
    .alias('phone:list')
    .description('List phone numbers')
    .option('--org <orgId>', 'only this organization’s', uuid)
    .option('--waba-id <wabaId>', 'only this business account’s')
    .action(
      listAction(async (lists, options: { org?: string; wabaId?: string }) => ({
        data: (await lists.phoneNumbers({ tenantId: options.org, wabaId: options.wabaId })).map(phoneNumberJson),
      })),
    );

  program
    .command('waba:add')
    .description('Register a WhatsApp Business Account with its upstream access token (stored encrypted)')
    .requiredOption('--org <orgId>', 'organization id')
    .requiredOption('--waba-id <wabaId>', "Meta's business account id")
    .requiredOption('--token <token>', "Meta access token for the account; '-' reads it from stdin")
    .option('--name <name>', 'display name')
    .action(
      action(async ({ tenancy }, options: { org: string; wabaId: string; token: string; name?: string }) => {
        const accessToken = await readSecret(options.token);
        const account = await tenancy.addBusinessAccount({
          tenantId: options.org,
          wabaId: options.wabaId,
          accessToken,
          name: options.name,
        });
        return businessAccountJson(account);
      }),
    );

  program
    .command('phone:add')
    .description('Register a phone number of a business account')
    .requiredOption('--waba-id <wabaId>', "Meta's business account id (registered with waba:add)")
    .requiredOption('--phone-number-id <id>', "Meta's phone number id")
    .requiredOption('--display <number>', 'the number as shown, such as "+1 555 0100"')
    .action(
      action(async ({ tenancy }, options: { wabaId: string; phoneNumberId: string; display: string }) => {
        const phone = await tenancy.addPhoneNumber({
          wabaId: options.wabaId,
          phoneNumberId: options.phoneNumberId,
          displayPhoneNumber: options.display,
        });
        return phoneNumberJson(phone);
      }),
    );

  program
    .command('phone:set')
    .description('Change a phone number setting')
    .requiredOption('--phone-number-id <id>', "Meta's phone number id")
    .addOption(
      new Option(
        '--service-window <mode>',
        'on: refuse non-template sends outside the 24-hour window locally; off: leave it to Meta',
      ).choices(['on', 'off']),
    )
    .option(
      '--throughput <mps>',
      "messages per second to pace the number at, in place of Meta's level (auto: Meta's level again)",
    )
    .action(
      action(
        async ({ tenancy }, options: { phoneNumberId: string; serviceWindow?: 'on' | 'off'; throughput?: string }) => {
          if (options.serviceWindow === undefined && options.throughput === undefined)
            throw new Error('phone:set needs --service-window or --throughput');
          let throughputOverrideMps: number | null | undefined;
          if (options.throughput === 'auto') throughputOverrideMps = null;
          else if (options.throughput !== undefined) {
            if (
              !/^\d{1,7}$/.test(options.throughput) ||
              Number(options.throughput) < 1 ||
              Number(options.throughput) > 1e6
            )
              throw new Error('--throughput must be a whole number from 1 to 1000000, or auto');
            throughputOverrideMps = Number(options.throughput);
          }
          const phone = await tenancy.setPhoneNumber(options.phoneNumberId, {
            enforceServiceWindow: options.serviceWindow === undefined ? undefined : options.serviceWindow === 'on',
            throughputOverrideMps,
          });
          return phoneNumberJson(phone);
        },
      ),
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
    .action(action(createKey));

  program
    .command('key:list')
    .description('List API keys (no key texts, no secrets)')
    .option('--org <orgId>', 'only the keys that reach this organization', uuid)
    .action(
      listAction(async (lists, options: { org?: string }) => ({
        data: (await lists.keys(options.org)).map(apiKeyJson),
      })),
    );

  program
    .command('key:revoke')
    .description('Revoke an API key (running gateways notice within AUTH_CACHE_TTL_MS)')
    .argument('<keyId>', 'the key record id')
    .action(action(async ({ keys }, keyId: string) => apiKeyJson(await keys.revoke(keyId))));

  program
    .command('key:rotate')
    .description('Issue a new key with the same settings and revoke the old one at once')
    .argument('<keyId>', 'the key record id')
    .action(action(async ({ keys }, keyId: string) => issuedKeyJson(await keys.rotate(keyId))));

  for (const command of program.commands) {
    if (command.name() === 'webhook:listen') continue;
    command.addHelpText(
      'after',
      '\nPrints one JSON document to stdout and exits 0, or {"error": {...}} and exits 1 (see: cli --help).',
    );
  }
  return program;
}

buildProgram()
  .parseAsync()
  .catch((error: unknown) => {
    // --help, --version and a bare `cli` have already printed their text.
    const printedHelp =
      error instanceof CommanderError &&
      ['commander.help', 'commander.helpDisplayed', 'commander.version'].includes(error.code);
    if (printedHelp) process.exit(error.exitCode);
    else exitWith(1, { error: describeError(error) });
  });
