import { Option } from 'commander';
import type { DataSource } from 'typeorm';
import { type CommandKit, type CommandServices, readSecret, uuid } from '../common/command-kit';
import { businessAccountJson, organizationJson, phoneNumberJson } from './tenancy-json';

// Onboarding from the command line: organizations, business accounts and phone numbers, by the same
// OnboardingService as the management API (organizations.controller.ts). Output shapes are the API's
// own (tenancy-json.ts). Loaded at the CLI's start: what an action needs is imported when it runs.

const onboarding = async (services: CommandServices) => {
  const { OnboardingService } = await import('./onboarding.service.js');
  return services.get(OnboardingService);
};

const tenancyEntities = async () => {
  const [{ Organization }, { BusinessAccount }, { PhoneNumber }] = await Promise.all([
    import('./organization.entity.js'),
    import('./business-account.entity.js'),
    import('./phone-number.entity.js'),
  ]);
  return [Organization, BusinessAccount, PhoneNumber];
};

/**
 * The repository over `dataSource`; with an organization to filter by, that it exists (404 code 100 as the API
 * answers).
 */
async function repositoryFor(dataSource: DataSource, tenantId?: string) {
  const { TenancyRepository } = await import('./tenancy.repository.js');
  const repository = new TenancyRepository(dataSource);
  if (tenantId !== undefined) {
    const { isUuid } = await import('../common/uuid.js');
    const { GraphError } = await import('../core/graph-error.js');
    if (!isUuid(tenantId) || !(await repository.organization(tenantId)))
      throw GraphError.notFound(`Organization ${tenantId} does not exist`);
  }
  return repository;
}

/** `--throughput`: a whole number of messages per second from 1 to 1,000,000, or `auto` (null: Meta's level again). */
function throughputOverride(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'auto') return null;
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > 1e6)
    throw new Error('--throughput must be a whole number from 1 to 1000000, or auto');
  return Number(value);
}

export function tenancyCommands({ program, run, read }: CommandKit): void {
  program
    .command('org:create')
    .description('Create an organization (a tenant)')
    .requiredOption('--name <name>', 'display name')
    .action(
      run(async (services, options: { name: string }) =>
        organizationJson(await (await onboarding(services)).createOrganization(options.name)),
      ),
    );

  program
    .command('org:list')
    .description('List every organization')
    .action(
      read(tenancyEntities, async (dataSource) => ({
        data: (await (await repositoryFor(dataSource)).allOrganizations()).map(organizationJson),
      })),
    );

  program
    .command('waba:list')
    .description('List business accounts (never their upstream token)')
    .option('--org <orgId>', 'only this organization’s', uuid)
    .action(
      read(tenancyEntities, async (dataSource, options: { org?: string }) => ({
        data: (await (await repositoryFor(dataSource, options.org)).allAccounts(options.org)).map(businessAccountJson),
      })),
    );

  program
    .command('number:list')
    .alias('phone:list')
    .description('List phone numbers')
    .option('--org <orgId>', 'only this organization’s', uuid)
    .option('--waba-id <wabaId>', 'only this business account’s')
    .action(
      read(tenancyEntities, async (dataSource, options: { org?: string; wabaId?: string }) => {
        const repository = await repositoryFor(dataSource, options.org);
        const numbers = await repository.allNumbers({ tenantId: options.org, wabaId: options.wabaId });
        return { data: numbers.map(phoneNumberJson) };
      }),
    );

  program
    .command('waba:add')
    .description(
      "Register a WhatsApp Business Account with its upstream access token (stored encrypted); subscribes the gateway's Meta app to its webhooks first",
    )
    .requiredOption('--org <orgId>', 'organization id')
    .requiredOption('--waba-id <wabaId>', "Meta's business account id")
    .requiredOption('--token <token>', "Meta access token for the account; '-' reads it from stdin")
    .option('--name <name>', 'display name')
    .action(
      run(async (services, options: { org: string; wabaId: string; token: string; name?: string }) => {
        const accessToken = await readSecret(options.token);
        const account = await (
          await onboarding(services)
        ).addBusinessAccount({ tenantId: options.org, wabaId: options.wabaId, accessToken, name: options.name });
        return businessAccountJson(account);
      }),
    );

  program
    .command('waba:subscribe')
    .description("Subscribe the gateway's Meta app to a business account's webhooks again, and check it")
    .requiredOption('--waba-id <wabaId>', "Meta's business account id (registered with waba:add)")
    .action(
      run(async (services, options: { wabaId: string }) => {
        const service = await onboarding(services);
        const { tenantId } = await service.findBusinessAccountOwner(options.wabaId);
        return businessAccountJson(await service.resubscribeBusinessAccount(tenantId, options.wabaId));
      }),
    );

  program
    .command('phone:add')
    .description('Register a phone number of a business account, with its limits as Meta states them')
    .requiredOption('--waba-id <wabaId>', "Meta's business account id (registered with waba:add)")
    .requiredOption('--phone-number-id <id>', "Meta's phone number id")
    .requiredOption('--display <number>', 'the number as shown, such as "+1 555 0100"')
    .action(
      run(async (services, options: { wabaId: string; phoneNumberId: string; display: string }) => {
        const phone = await (
          await onboarding(services)
        ).addPhoneNumber({
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
      run(async (services, options: { phoneNumberId: string; serviceWindow?: 'on' | 'off'; throughput?: string }) => {
        if (options.serviceWindow === undefined && options.throughput === undefined)
          throw new Error('phone:set needs --service-window or --throughput');
        const throughputOverrideMps = throughputOverride(options.throughput);
        const phone = await (
          await onboarding(services)
        ).setPhoneNumber(options.phoneNumberId, {
          enforceServiceWindow: options.serviceWindow === undefined ? undefined : options.serviceWindow === 'on',
          throughputOverrideMps,
        });
        return phoneNumberJson(phone);
      }),
    );
}
