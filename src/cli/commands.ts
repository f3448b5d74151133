import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import type { DataSource } from 'typeorm';
import { apiKeyCommands } from '../auth/api-keys.commands';
import type { CommandEntity, CommandKit, CommandServices } from '../common/command-kit';
import { wholeNumber } from '../common/command-kit';
import type { GraphError } from '../core/graph-error';
import { secretsCommands } from '../common/secrets.commands';
import { peopleCommands } from '../people/people.commands';
import { tenancyCommands } from '../tenancy/tenancy.commands';

// The CLI: its boot, its output contract and its own commands (migrate, webhook:listen); each
// capability adds its commands from its folder (`<folder>.commands.ts`, given a CommandKit). What a
// command needs is loaded when it runs, not at start (Nest, TypeORM, the settings' validation, the
// embedded database): `--help` and a command line refused by its parser answer at once.

// Output contract: every command prints one JSON document to stdout (2-space indent) and exits 0;
// a failure prints {"error": {...}} to stdout too and exits 1. Nest's logs are off.

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
async function withServices<T>(work: (services: CommandServices) => Promise<T>): Promise<T> {
  await useRunningEmbeddedDatabase();
  // Imported only now: AppConfigModule reads the environment when it is first loaded.
  const { CliModule } = await import('./cli.module.js');
  const { NestFactory } = await import('@nestjs/core');
  const app = await NestFactory.createApplicationContext(CliModule, { logger: false, abortOnError: false });
  try {
    return await work(app);
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

/** Prints what `result` gives and exits 0, or its error and exits 1. */
async function answer(result: () => Promise<unknown>): Promise<void> {
  try {
    exitWith(0, await result());
  } catch (error) {
    exitWith(1, { error: describeError(error) });
  }
}

/** Runs a command against the booted services and prints its result or its error. */
function run<A extends unknown[]>(work: (services: CommandServices, ...args: A) => Promise<unknown>) {
  return (...args: A): Promise<void> => answer(() => withServices((services) => work(services, ...args)));
}

/**
 * Runs a read over a bare connection when the database can be read that way (reads.ts: no Nest, a
 * third of the time), else over the data source of a full boot.
 */
function read<A extends unknown[]>(
  entities: () => Promise<CommandEntity[]>,
  work: (dataSource: DataSource, ...args: A) => Promise<unknown>,
) {
  return (...args: A): Promise<void> =>
    answer(async () => {
      const { withBareDataSource } = await import('./reads.js');
      const light = await withBareDataSource(await entities(), (dataSource) => work(dataSource, ...args));
      if (light) return light.value;
      const typeorm = await import('typeorm');
      return withServices((services) => work(services.get(typeorm.DataSource), ...args));
    });
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
  npm run cli -- operator:add --email ops@example.com --password - < password.txt   a platform operator (a person)
  npm run cli -- secrets:reencrypt                   every stored secret under the current encryption key
  npm run cli -- secrets:status                      which encryption keys the stored secrets use
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
    .command('migrate')
    .description(
      'Apply pending database migrations and exit (one-shot, for a deploy step), under the advisory lock every starting ' +
        'instance also takes: concurrent runs wait for each other and migrate once',
    )
    .action(async () => {
      // Not at boot: this command applies them itself, and reports which.
      process.env.DATABASE_MIGRATIONS_RUN = 'false';
      await run(async (services) => {
        const typeorm = await import('typeorm');
        const dataSource = services.get(typeorm.DataSource);
        const { runMigrationsLocked } = await import('../database/migrate.js');
        const applied = await runMigrationsLocked(dataSource);
        return { applied, pending: await dataSource.showMigrations() };
      })();
    });

  const kit: CommandKit = { program, run, read };
  tenancyCommands(kit);
  apiKeyCommands(kit);
  secretsCommands(kit);
  peopleCommands(kit);

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
