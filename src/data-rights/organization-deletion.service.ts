import { BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { AuditService } from '../audit/audit.service';
import { GraphError } from '../core/graph-error';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { OrganizationData } from '../retention/organization-data';
import { OnboardingService } from '../tenancy/onboarding.service';
import type { ErasureRequester } from './customer-erasure.entity';
import { DataRightsRepository, type DeletionRow } from './data-rights.repository';
import type { OrganizationDeletionDto } from './dto/organization-deletion.dto';
import { JOB_BATCH, LeasedRuns } from './leased-runs';

const LEASE_MS = 60_000;
/** What must be ended by hand first: no new data may come while the organization is deleted. */
const BLOCKERS = ['API keys that are not revoked', 'broadcasts not completed or cancelled'];

/**
 * An organization's deletion as a job with a receipt: every kind its owners registered with
 * retention/organization-data.ts, in batches and in their order (the organization's test twin's too);
 * then its numbers, its business accounts (unsubscribed at Meta) and itself, through onboarding, as a
 * delete by hand goes once nothing depends on them (what hangs on the organization's row goes with it).
 * Usage figures stay for billing (their wamids digested) and the audit log for its period; the receipt
 * outlives the organization. Resumed by any instance from the kind it was at (a batch done twice
 * deletes nothing more).
 */
@Injectable()
export class OrganizationDeletionService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('DataRights');
  private readonly runs: LeasedRuns;
  /** How often this instance looks for jobs to take over (DATA_RIGHTS_RESUME_SECONDS; 0: never). */
  private readonly resumeMs: number;

  constructor(
    private readonly repository: DataRightsRepository,
    private readonly data: OrganizationData,
    private readonly onboarding: OnboardingService,
    private readonly audit: AuditService,
    private readonly jobs: PeriodicJobs,
    config: ConfigService<Environment, true>,
  ) {
    this.resumeMs = config.get('DATA_RIGHTS_RESUME_SECONDS', { infer: true }) * 1000;
    this.runs = new LeasedRuns(
      this.logger,
      'organization deletion',
      (id) => this.run(id),
      (id, message, release) => this.repository.jobFailed('organization_deletions', id, message, release),
    );
  }

  onModuleInit(): void {
    if (this.resumeMs > 0)
      this.jobs.every('organization-deletions', this.resumeMs, async () => {
        for (const id of await this.repository.dueJobs('organization_deletions')) this.runs.start(id);
        await this.runs.idle();
      });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }

  /**
   * Begins deleting the organization (unknown: 404 code 100). Refused (409 code 100 naming them) while
   * it has live machine keys or broadcasts sending: those are ended by hand first, so that nothing new
   * arrives while it goes. Asking again while it runs answers the one running.
   */
  async start(organizationId: string, requester: ErasureRequester): Promise<OrganizationDeletionDto> {
    if (!/^[0-9a-f-]{36}$/i.test(organizationId))
      throw GraphError.notFound(`Organization ${organizationId} does not exist`);
    const organization = await this.onboarding.getOrganization(organizationId);
    if (organization.testOf !== null)
      throw GraphError.invalidParameter(
        'A test organization goes with its live one',
        'organization_id: a test organization; delete the live organization it belongs to',
      );
    const blockers = await this.onboarding.dependentsOf(organization.id, BLOCKERS);
    if (blockers.length)
      throw GraphError.conflict(
        'The organization cannot be deleted while new data may still arrive',
        `Still has: ${blockers.join(', ')} (revoke its machines' keys and end its broadcasts first)`,
      );
    const row = await this.repository.addDeletion(organization.id, organization.name, requester);
    this.runs.start(row.id);
    return this.json(row);
  }

  async get(id: string): Promise<OrganizationDeletionDto> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.deletion(id) : null;
    if (!row) throw GraphError.notFound(`Organization deletion ${id} does not exist`);
    return this.json(row);
  }

  /** Takes over the deletions whose holder let go (and runs them to their end: for tests and the CLI). */
  async resume(): Promise<void> {
    for (const id of await this.repository.dueJobs('organization_deletions')) this.runs.start(id);
    await this.runs.idle();
  }

  private async run(id: string): Promise<void> {
    const row = await this.repository.claimJob<DeletionRow>('organization_deletions', id, LEASE_MS);
    if (!row) return;
    const removed = { ...row.removed };
    const kinds = this.data.deletionKinds();
    let tenantIds: string[] | null;
    try {
      tenantIds = await this.onboarding.organizationAndTwin(row.tenant_id);
    } catch (error) {
      // Gone already: a run that deleted it stopped before saying so.
      if (!(error instanceof GraphError)) throw error;
      tenantIds = null;
    }
    if (tenantIds) {
      for (let step = row.step; step < kinds.length; step++) {
        const kind = kinds[step];
        for (const tenantId of tenantIds)
          for (let n = JOB_BATCH; n === JOB_BATCH;) {
            const started = Date.now();
            n = await this.data.delete(kind, tenantId, JOB_BATCH);
            removed[kind] = (removed[kind] ?? 0) + n;
            await this.repository.deletionProgress(id, step, removed, LEASE_MS);
            await this.runs.rest(started);
          }
        removed[kind] ??= 0;
        await this.repository.deletionProgress(id, step + 1, removed, LEASE_MS);
      }
      const own = await this.onboarding.deleteOrganizationWhole(row.tenant_id);
      Object.assign(removed, own, { organizations: tenantIds.length });
    }
    const by = row.requested_by;
    await this.audit.record({
      tenantIds: [row.tenant_id],
      keyId: by.key_id,
      keyPrefix: by.key_prefix,
      keyKind: by.key_kind,
      person: by.person,
      ip: by.ip,
      requestId: null,
      action: 'organizations.deletion_completed',
      method: 'POST',
      path: `/v1/organizations/${row.tenant_id}/deletion`,
      targetId: id,
      statusCode: 200,
      changes: { organization: row.organization_name, removed },
    });
    await this.repository.deletionDone(id, removed);
    this.logger.log(`organization ${row.tenant_id} deleted (deletion ${id})`);
  }

  private json(row: DeletionRow): OrganizationDeletionDto {
    return {
      id: row.id,
      object: 'organization_deletion',
      organization_id: row.tenant_id,
      organization_name: row.organization_name,
      status: row.status,
      removed: row.removed,
      created_at: row.created_at.toISOString(),
      finished_at: row.finished_at?.toISOString() ?? null,
      requested_by: {
        key_id: row.requested_by.key_id,
        key_prefix: row.requested_by.key_prefix,
        person: row.requested_by.person,
      },
      attempts: row.attempts,
      last_error: row.last_error,
    };
  }
}
