import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiKeysService, type CreateApiKeyInput, type IssuedApiKey } from '../../src/auth/api-keys.service';
import { OnboardingService } from '../../src/tenancy/onboarding.service';
import { eventually } from './eventually';
import type { TestApp } from './test-app';

export interface TestTenant {
  id: string;
  name: string;
  wabaId: string;
  phoneNumberId: string;
  /** A second phone number of the same business account. */
  otherPhoneNumberId: string;
  /** The business account's upstream token (what Meta knows it by; the sandbox checks it). */
  accessToken: string;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/** An organization with one business account and two phone numbers, all with fresh upstream ids. */
export async function createTenant(t: TestApp, name = 'Tenant ' + digits(4)): Promise<TestTenant> {
  const tenancy = t.get(OnboardingService);
  const org = await tenancy.createOrganization(name);
  const wabaId = '1' + digits(14);
  const accessToken = 'upstream-token-' + digits(6);
  const phoneNumberId = '2' + digits(14);
  const otherPhoneNumberId = '3' + digits(14);
  const numbers = [phoneNumberId, otherPhoneNumberId].map((id) => ({ id, display: '+1 555 ' + digits(7) }));
  // As in life: the account exists at Meta first; onboarding subscribes the app and reads the numbers' limits.
  registerAtUpstream(t, { wabaId, accessToken, phoneNumbers: numbers });
  await tenancy.addBusinessAccount({ tenantId: org.id, wabaId, accessToken });
  for (const number of numbers)
    await tenancy.addPhoneNumber({ wabaId, phoneNumberId: number.id, displayPhoneNumber: number.display });
  return { id: org.id, name, wabaId, phoneNumberId, otherPhoneNumberId, accessToken };
}

/**
 * What exists at Meta before a business onboards it: the account (with the token that owns it) and
 * its numbers, registered at the app's sandbox (onboarding then subscribes the app to the account).
 */
export function registerAtUpstream(
  t: TestApp,
  account: { wabaId: string; accessToken: string; phoneNumbers?: Array<{ id: string; display: string }> },
): void {
  t.sandbox.registerBusinessAccount(account.wabaId, account.accessToken);
  for (const number of account.phoneNumbers ?? [])
    t.sandbox.registerPhoneNumber(number.id, account.wabaId, number.display);
}

/** An organization key for `tenant` (all scopes unless given). */
export function createOrgKey(
  t: TestApp,
  tenant: { id: string },
  options: Partial<CreateApiKeyInput> = {},
): Promise<IssuedApiKey> {
  return t.get(ApiKeysService).create({ kind: 'org', tenantIds: [tenant.id], ...options });
}

/** An admin key over `tenants` (all scopes unless given). */
export function createAdminKey(
  t: TestApp,
  tenants: Array<{ id: string }>,
  options: Partial<CreateApiKeyInput> = {},
): Promise<IssuedApiKey> {
  return t.get(ApiKeysService).create({ kind: 'admin', tenantIds: tenants.map((x) => x.id), ...options });
}

/** A platform key (onboarding and keys over HTTP; all its scopes unless given). */
export function createPlatformKey(t: TestApp, options: Partial<CreateApiKeyInput> = {}): Promise<IssuedApiKey> {
  return t.get(ApiKeysService).create({ kind: 'platform', tenantIds: [], ...options });
}

export const bearer = (key: string | IssuedApiKey) => ({
  Authorization: `Bearer ${typeof key === 'string' ? key : key.key}`,
});

/** Puts a template straight into the catalog of `tenant`'s business account (APPROVED unless told). */
export async function createCatalogTemplate(
  t: TestApp,
  tenant: Pick<TestTenant, 'id' | 'wabaId'>,
  template: {
    name: string;
    language: string;
    category?: string;
    parameterFormat?: 'POSITIONAL' | 'NAMED';
    components: unknown[];
    groupName?: string;
  },
  status = 'APPROVED',
): Promise<string> {
  const upstreamId = '9' + digits(14);
  await t.dataSource.query(
    `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category,
      status, components, parameter_format, group_name, status_updated_at)
     SELECT $1, id, waba_id, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, now() FROM business_accounts WHERE waba_id = $10`,
    [
      tenant.id,
      upstreamId,
      template.name,
      template.language,
      template.category ?? 'UTILITY',
      status,
      JSON.stringify(template.components),
      template.parameterFormat ?? 'POSITIONAL',
      template.groupName ?? null,
      tenant.wabaId,
    ],
  );
  return upstreamId;
}

/**
 * The repository's sample rate card (docs/rate-cards), imported by the platform key `platformKey` as
 * the card in force from `effectiveFrom`: what the sandbox charges by too.
 */
export async function importSampleRateCard(t: TestApp, platformKey: string, effectiveFrom: string): Promise<void> {
  const csv = readFileSync(join(__dirname, '..', '..', 'docs/rate-cards/sample-rate-card.csv'), 'utf8');
  const res = await fetch(`${t.url}/v1/rate_cards?currency=USD&effective_from=${effectiveFrom}`, {
    method: 'POST',
    headers: { ...bearer(platformKey), 'content-type': 'text/csv' },
    body: csv,
  });
  if (res.status !== 201) throw new Error(`rate card not imported: ${res.status} ${await res.text()}`);
}

/**
 * A template created through the gateway (so the sandbox knows it, and prices its sends by its
 * category), approved at the sandbox, and APPROVED in the catalog once its review webhook is in.
 * Returns its upstream id.
 */
export async function createApprovedTemplate(
  t: TestApp,
  tenant: TestTenant,
  key: string,
  template: { name: string; language: string; category: string; components: unknown[] },
): Promise<string> {
  const res = await fetch(`${t.url}/v1/${tenant.wabaId}/message_templates`, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/json' },
    body: JSON.stringify(template),
  });
  const created = (await res.json()) as { id: string };
  if (res.status !== 200) throw new Error(`template not created: ${res.status} ${JSON.stringify(created)}`);
  t.sandbox.reviewTemplate(created.id, 'APPROVED');
  await eventually(async () => {
    const [row] = await t.dataSource.query<Array<{ status: string }>>(
      `SELECT status FROM message_templates WHERE upstream_id = $1`,
      [created.id],
    );
    return row?.status === 'APPROVED' ? true : undefined;
  });
  return created.id;
}

/**
 * An organization whose number a sandbox process (not the app's in-process one) also knows: its
 * business account and number in the gateway's database, an APPROVED template `template` in the
 * catalog, and an organization key. Returns what the sandbox process must be told (`--business-account
 * wabaId:token`, `--phone-number id:wabaId:display`).
 */
export async function tenantForProcesses(
  t: TestApp,
  ids: { wabaId: string; phoneNumberId: string; token: string; template: string },
): Promise<{ tenantId: string; key: string; sandboxArgs: string[] }> {
  const onboarding = t.get(OnboardingService);
  const org = await onboarding.createOrganization(`Processes ${ids.phoneNumberId}`);
  const display = `1555${ids.phoneNumberId.slice(-7)}`;
  // Onboarded through the data app's own sandbox; the sandbox process is told the app is subscribed.
  registerAtUpstream(t, {
    wabaId: ids.wabaId,
    accessToken: ids.token,
    phoneNumbers: [{ id: ids.phoneNumberId, display }],
  });
  await onboarding.addBusinessAccount({ tenantId: org.id, wabaId: ids.wabaId, accessToken: ids.token });
  await onboarding.addPhoneNumber({
    wabaId: ids.wabaId,
    phoneNumberId: ids.phoneNumberId,
    displayPhoneNumber: `+${display}`,
  });
  await createCatalogTemplate(
    t,
    { id: org.id, wabaId: ids.wabaId },
    { name: ids.template, language: 'en_US', components: [{ type: 'BODY', text: 'Hello' }] },
  );
  const { key } = await createOrgKey(t, { id: org.id }, { rateLimitPerSecond: 10_000 });
  return {
    tenantId: org.id,
    key,
    sandboxArgs: [
      '--business-account',
      `${ids.wabaId}:${ids.token}`,
      '--phone-number',
      `${ids.phoneNumberId}:${ids.wabaId}:${display}`,
      '--subscribed',
      ids.wabaId,
    ],
  };
}
