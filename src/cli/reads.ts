import { DataSource } from 'typeorm';
import { apiKeyView } from '../auth/api-key-json';
import { ApiKey } from '../auth/api-key.entity';
import type { ApiKeyView } from '../auth/api-keys.service';
import { ApiKeysRepository } from '../auth/api-keys.repository';
import { isUuid } from '../common/uuid';
import { DEFAULT_EMBEDDED_DATABASE_PORT, rawSettings } from '../config/raw-settings';
import { GraphError } from '../core/graph-error';
import { embeddedUrl, isListening } from '../database/embedded-postgres';
import { BusinessAccount } from '../tenancy/business-account.entity';
import { Organization } from '../tenancy/organization.entity';
import { PhoneNumber } from '../tenancy/phone-number.entity';
import { TenancyRepository } from '../tenancy/tenancy.repository';

/** What the CLI's list commands read (the full boot answers them from the services, these from the repositories). */
export interface Lists {
  organizations(): Promise<Organization[]>;
  /** Every business account, or one organization's (404 code 100 when it does not exist). */
  businessAccounts(tenantId?: string): Promise<BusinessAccount[]>;
  phoneNumbers(filter: { tenantId?: string; wabaId?: string }): Promise<PhoneNumber[]>;
  keys(tenantId?: string): Promise<ApiKeyView[]>;
}

/**
 * The database a read can use without starting anything: DATABASE_URL (with the ENCRYPTION_KEY every
 * CLI run needs, so that a list refuses incomplete settings as every command does), or a running
 * gateway's embedded PostgreSQL. Undefined otherwise: the command then boots in full (which starts
 * the embedded database, or says what the settings lack).
 */
async function readableDatabaseUrl(): Promise<string | undefined> {
  const env = rawSettings();
  if (env.DATABASE_URL) return env.ENCRYPTION_KEY ? env.DATABASE_URL : undefined;
  const port = Number(env.EMBEDDED_DATABASE_PORT || DEFAULT_EMBEDDED_DATABASE_PORT);
  return (await isListening(port)) ? embeddedUrl(port) : undefined;
}

/**
 * Runs a list command on the tables' owners' repositories over a bare data source: no Nest, no
 * settings validation, no Redis; about a third of a full boot's time (docs/cli.md). Undefined when
 * the database cannot be read that way (the caller boots in full).
 */
export async function withReads<T>(work: (lists: Lists) => Promise<T>): Promise<{ value: T } | undefined> {
  const url = await readableDatabaseUrl();
  if (!url) return undefined;
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    entities: [Organization, BusinessAccount, PhoneNumber, ApiKey],
    // One connection: the list commands read one statement at a time (and PGlite serves one session).
    extra: { max: 1, connectionTimeoutMillis: 5000 },
  });
  await dataSource.initialize();
  try {
    const tenancy = new TenancyRepository(dataSource);
    const keys = new ApiKeysRepository(dataSource);
    // As OnboardingService.getOrganization answers a missing one.
    const requireOrganization = async (id: string) => {
      if (!isUuid(id) || !(await tenancy.organization(id)))
        throw GraphError.notFound(`Organization ${id} does not exist`);
    };
    const lists: Lists = {
      organizations: () => tenancy.allOrganizations(),
      async businessAccounts(tenantId) {
        if (tenantId !== undefined) await requireOrganization(tenantId);
        return tenancy.allAccounts(tenantId);
      },
      async phoneNumbers(filter) {
        if (filter.tenantId !== undefined) await requireOrganization(filter.tenantId);
        return tenancy.allNumbers(filter);
      },
      keys: async (tenantId) => (await keys.all(tenantId)).map(apiKeyView),
    };
    return { value: await work(lists) };
  } finally {
    await dataSource.destroy();
  }
}
