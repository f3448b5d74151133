import { BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { AuditService } from '../audit/audit.service';
import type { Page, PageQueryDto } from '../common/pagination';
import { GraphError } from '../core/graph-error';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { type Erasure, CustomerData, customerDigest } from '../retention/customer-data';
import type { ErasureRequester, ErasureStep } from './customer-erasure.entity';
import { CustomerExportService, customerWaId } from './customer-export.service';
import { DataRightsRepository, type ErasureRow } from './data-rights.repository';
import { JOB_BATCH, LeasedRuns, pageOfJobs } from './leased-runs';
import type { ErasureDto } from './dto/erasure.dto';

/** How long an instance holds a running erasure without renewing (each batch renews it). */
const LEASE_MS = 60_000;
/** How often an instance looks for erasures whose holder let go (a crash, a deploy). */

/**
 * A customer's erasure (GDPR article 17) as a job with a receipt. What each table's owner registered
 * with retention/customer-data.ts runs in order: first, page by page, what names the customer's
 * messages only by their wamids (status history, usage entries, inbound media), while the messages are
 * there to name them; then each kind until done. Only what was there when it began (`before`) goes: a
 * message the customer sends meanwhile starts afresh. Where it is and what it removed are saved after
 * every batch, under a lease: an instance that stops leaves it to another, which goes on from there (a
 * batch done twice removes nothing more). Done, the number is cleared and the receipt kept, and the
 * audit log has an entry naming who asked.
 */
@Injectable()
export class CustomerErasureService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('DataRights');
  private readonly runs: LeasedRuns;
  /** How often this instance looks for jobs to take over (DATA_RIGHTS_RESUME_SECONDS; 0: never). */
  private readonly resumeMs: number;

  constructor(
    private readonly repository: DataRightsRepository,
    private readonly data: CustomerData,
    private readonly exports: CustomerExportService,
    private readonly audit: AuditService,
    private readonly jobs: PeriodicJobs,
    config: ConfigService<Environment, true>,
  ) {
    this.resumeMs = config.get('DATA_RIGHTS_RESUME_SECONDS', { infer: true }) * 1000;
    this.runs = new LeasedRuns(
      this.logger,
      'erasure',
      (id) => this.run(id),
      (id, message, release) => this.repository.jobFailed('customer_erasures', id, message, release),
    );
  }

  onModuleInit(): void {
    if (this.resumeMs > 0) this.jobs.every('customer-erasures', this.resumeMs, () => this.resume());
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }

  /**
   * Begins erasing the customer (a number the organization never had: 404 code 100, as a missing id).
   * One erasure of a customer runs at a time: asking again while it runs answers the one running.
   */
  async start(tenantId: string, waId: unknown, requester: ErasureRequester): Promise<ErasureDto> {
    if (typeof waId !== 'string')
      throw GraphError.invalidParameter('Invalid parameter', "wa_id: the customer's WhatsApp id, a string of digits");
    const customer = await this.exports.customer(tenantId, customerWaId(waId));
    const digest = customerDigest(tenantId, customer.waId);
    const row =
      (await this.repository.addErasure({
        tenant_id: tenantId,
        wa_id: customer.waId,
        digest,
        requested_by: requester,
      })) ?? (await this.repository.runningErasure(tenantId, digest));
    if (!row) throw GraphError.notFound(`Customer ${customer.waId} does not exist`);
    this.runs.start(row.id);
    return this.json(row);
  }

  async get(tenantId: string, id: string): Promise<ErasureDto> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.erasure(tenantId, id) : null;
    if (!row) throw GraphError.notFound(`Erasure ${id} does not exist`);
    return this.json(row);
  }

  /** The organization's erasures, newest first, a page at a time. */
  list(tenantId: string, query: PageQueryDto, originalUrl: string): Promise<Page<ErasureDto>> {
    return pageOfJobs(
      (limit, before) => this.repository.erasures(tenantId, limit, before),
      query,
      originalUrl,
      (row) => this.json(row),
    );
  }

  /** Takes over the erasures whose holder let go. */
  async resume(): Promise<void> {
    for (const id of await this.repository.dueJobs('customer_erasures')) this.runs.start(id);
    await this.runs.idle();
  }

  private async run(id: string): Promise<void> {
    const row = await this.repository.claimJob<ErasureRow>('customer_erasures', id, LEASE_MS);
    if (!row || row.wa_id === null) return;
    const erasure: Erasure = { tenantId: row.tenant_id, waId: row.wa_id, before: row.before, digest: row.digest };
    const removed = { ...row.removed };
    const count = (kind: string, n: number) => (removed[kind] = (removed[kind] ?? 0) + n);
    const save = (step: ErasureStep) => this.repository.eraseProgress(id, step, removed, LEASE_MS);
    const steps = this.data.erasureKinds();
    let step = row.step;
    // 1. What names the customer's messages by their wamids, page by page, while the messages are there.
    for (; step.phase === 'wamids' && step.index < steps.wamidSources.length;) {
      const started = Date.now();
      const page = await this.data.wamids(steps.wamidSources[step.index], erasure, step.after, JOB_BATCH);
      for (const kind of steps.byWamid) count(kind, await this.data.eraseByWamid(kind, erasure, page));
      step =
        page.next === null ? { phase: 'wamids', index: step.index + 1, after: null } : { ...step, after: page.next };
      await save(step);
      await this.runs.rest(started);
    }
    if (step.phase === 'wamids') step = { phase: 'kinds', index: 0, after: null };
    // 2. Each kind, batch by batch.
    for (; step.index < steps.kinds.length;) {
      const started = Date.now();
      const kind = steps.kinds[step.index];
      const batch = await this.data.erase(kind, erasure, JOB_BATCH, step.after);
      count(kind, batch.removed);
      step =
        batch.next === null ? { phase: 'kinds', index: step.index + 1, after: null } : { ...step, after: batch.next };
      await save(step);
      await this.runs.rest(started);
    }
    for (const kind of [...steps.byWamid, ...steps.kinds]) removed[kind] ??= 0;
    // The audit entry first: an erasure seen done has its entry (taken over after a crash in between,
    // the entry is written again, the receipt the same).
    const by = row.requested_by;
    await this.audit.record({
      tenantIds: [row.tenant_id],
      keyId: by.key_id,
      keyPrefix: by.key_prefix,
      keyKind: by.key_kind,
      person: by.person,
      ip: by.ip,
      requestId: null,
      action: 'customers.erasure_completed',
      method: 'POST',
      path: '/v1/customers/erasures',
      targetId: id,
      statusCode: 200,
      changes: { customer: `erased:${row.digest}`, removed },
    });
    const done = await this.repository.erasureDone(id, removed);
    const said = Object.entries(done.removed)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
    this.logger.log(`erasure ${id} of organization ${row.tenant_id} done (${said || 'nothing left'})`);
  }

  private json(row: ErasureRow): ErasureDto {
    return {
      id: row.id,
      object: 'customer_erasure',
      status: row.status,
      customer: `erased:${row.digest}`,
      wa_id: row.wa_id,
      began_at: row.before.toISOString(),
      finished_at: row.finished_at?.toISOString() ?? null,
      removed: row.removed,
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
