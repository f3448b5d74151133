import { createHmac, timingSafeEqual } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGzip } from 'node:zlib';
import { BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { pack as tarPack, type Pack } from 'tar-stream';
import type { Page, PageQueryDto } from '../common/pagination';
import { SecretBox } from '../common/secret-box';
import { GraphError } from '../core/graph-error';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { OrganizationData } from '../retention/organization-data';
import type { ErasureRequester } from './customer-erasure.entity';
import { DataRightsRepository, type ExportRow } from './data-rights.repository';
import { LeasedRuns, pageOfJobs } from './leased-runs';
import type { OrganizationExportDto } from './dto/organization-export.dto';
import type { ExportProgress } from './organization-export.entity';

/** Rows read per page of a kind. */
const PAGE = 1_000;
/** A kind's rows go into parts of about this many bytes (`<kind>/part-0001.jsonl`): a tar entry's size comes first. */
const PART_BYTES = 8 * 1024 * 1024;
/** The archive is kept in rows of this size. */
const CHUNK_BYTES = 1024 * 1024;
/** At most this much of the archive is made ahead of what is stored: memory stays bounded however large. */
const AHEAD_BYTES = 16 * 1024 * 1024;
const LEASE_MS = 60_000;
/** How long a finished archive is kept, and how long a download link given for it lasts (within that). */
const KEEP_MS = 24 * 3_600_000;
const LINK_MS = 3_600_000;

/**
 * An organization's archive (GDPR article 20, and an organization that leaves with its data): a job
 * that writes every kind the owners registered (retention/organization-data.ts) as JSON Lines, a part
 * at a time, and the media library's files, into one .tar.gz with a `manifest.json` of what it holds;
 * kept 24 hours in PostgreSQL and downloaded through a signed link that expires within the hour. An
 * instance that stops, or dies, leaves the job to another, which writes the archive again from its
 * start (a gzip stream does not resume; the rows it reads are the same).
 */
@Injectable()
export class OrganizationExportService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('DataRights');
  private readonly runs: LeasedRuns;
  /** How often this instance looks for jobs to take over (DATA_RIGHTS_RESUME_SECONDS; 0: never). */
  private readonly resumeMs: number;
  private readonly linkKeys: () => string[];

  constructor(
    private readonly repository: DataRightsRepository,
    private readonly data: OrganizationData,
    private readonly jobs: PeriodicJobs,
    config: ConfigService<Environment, true>,
    box: SecretBox,
  ) {
    this.linkKeys = () => box.deriveAll('organization export links');
    this.resumeMs = config.get('DATA_RIGHTS_RESUME_SECONDS', { infer: true }) * 1000;
    this.runs = new LeasedRuns(
      this.logger,
      'organization export',
      (id) => this.run(id),
      (id, message, release) => this.repository.jobFailed('organization_exports', id, message, release),
    );
  }

  onModuleInit(): void {
    if (this.resumeMs > 0)
      this.jobs.every('organization-exports', this.resumeMs, async () => {
        for (const id of await this.repository.dueJobs('organization_exports')) this.runs.start(id);
        await this.repository.expireExports();
        await this.runs.idle();
      });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }

  /** Begins the organization's archive; one runs at a time (409 code 100 naming the one running). */
  async start(tenantId: string, requester: ErasureRequester): Promise<OrganizationExportDto> {
    const progress: ExportProgress = {
      kinds_done: 0,
      kinds_total: this.data.kinds().length + this.data.fileKinds().length,
      rows: {},
      files: 0,
      bytes: 0,
    };
    const row = await this.repository.addExport(tenantId, requester, progress);
    if (!row) {
      const running = await this.repository.runningExport(tenantId);
      throw GraphError.conflict(
        'An export of the organization is already running',
        `organization_id: export ${running?.id ?? ''} is running; ask again once it is done`,
      );
    }
    this.runs.start(row.id);
    return this.json(row);
  }

  async get(tenantId: string, id: string): Promise<OrganizationExportDto> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.export(tenantId, id) : null;
    if (!row) throw GraphError.notFound(`Export ${id} does not exist`);
    return this.json(row);
  }

  list(tenantId: string, query: PageQueryDto, originalUrl: string): Promise<Page<OrganizationExportDto>> {
    return pageOfJobs(
      (limit, before) => this.repository.exports(tenantId, limit, before),
      query,
      originalUrl,
      (row) => this.json(row),
    );
  }

  /**
   * The archive for a signed link: its size and its bytes, a few chunks at a time. A link altered,
   * expired, or for an archive no longer kept is 404 code 100 (it says nothing of what exists).
   */
  async download(
    id: string,
    expires: string | undefined,
    signature: string | undefined,
  ): Promise<{ size: number; chunks: AsyncIterable<Buffer> }> {
    const gone = () => GraphError.notFound('This download link is not valid (it may have expired)');
    const until = Number(expires);
    if (!/^[0-9a-f-]{36}$/i.test(id) || !Number.isInteger(until) || until < Date.now() || !signature) throw gone();
    const given = Buffer.from(signature, 'base64url');
    const valid = this.linkKeys().some((key) => {
      const expected = createHmac('sha256', key).update(`${id}.${until}`).digest();
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!valid) throw gone();
    const row = await this.repository.exportById(id);
    if (!row || row.status !== 'done' || !row.expires_at || row.expires_at.getTime() < Date.now()) throw gone();
    const repository = this.repository;
    return {
      size: Number(row.size_bytes),
      chunks: (async function* () {
        for (let seq = 0; ;) {
          const rows = await repository.exportChunks(id, seq, 8);
          for (const chunk of rows) yield chunk.bytes;
          if (rows.length < 8) return;
          seq = rows[rows.length - 1].seq + 1;
        }
      })(),
    };
  }

  private async run(id: string): Promise<void> {
    const row = await this.repository.claimExport(id, LEASE_MS);
    if (!row) return;
    const tenantId = row.tenant_id;
    const progress: ExportProgress = { ...row.progress, kinds_done: 0, rows: {}, files: 0, bytes: 0 };
    const pack = tarPack();
    const gzip = createGzip();
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const bytes = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      progress.bytes += bytes.length;
      await this.repository.exportChunk(id, seq++, bytes, progress, LEASE_MS);
    };
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < CHUNK_BYTES) return done();
        flush().then(() => done(), done);
      },
      final: (done) => void flush().then(() => done(), done),
    });
    const stored = pipeline(pack, gzip, sink);
    let made = 0;
    const entry = async (name: string, bytes: Buffer) => {
      made += bytes.length + 1024;
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name, size: bytes.length }, bytes, (error) => (error ? reject(error) : resolve())),
      );
      // The store is the slow end: wait while too much is made ahead of it.
      while (made - gzip.bytesWritten > AHEAD_BYTES) await sleep(5);
    };
    try {
      const manifest: Record<string, { rows: number; parts: number }> = {};
      for (const kind of this.data.kinds()) {
        this.runs.checkStopping();
        const counted = await this.writeKind(tenantId, kind, entry, (n) => (progress.rows[kind] = n));
        manifest[kind] = counted;
        progress.kinds_done++;
        await this.repository.exportProgress(id, progress, LEASE_MS);
      }
      const files: Array<{ name: string; size: number }> = [];
      for (const kind of this.data.fileKinds()) {
        for await (const file of this.data.list(kind, tenantId)) {
          this.runs.checkStopping();
          await this.fileEntry(pack, `files/${kind}/${file.name}`, file.size, await file.open());
          made += file.size + 1024;
          files.push({ name: `files/${kind}/${file.name}`, size: file.size });
          progress.files++;
        }
        progress.kinds_done++;
        await this.repository.exportProgress(id, progress, LEASE_MS);
      }
      await entry(
        'manifest.json',
        Buffer.from(
          JSON.stringify(
            {
              object: 'organization_export',
              organization_id: tenantId,
              exported_at: new Date().toISOString(),
              kinds: manifest,
              files,
            },
            null,
            2,
          ),
        ),
      );
      pack.finalize();
      await stored;
    } catch (error) {
      pack.destroy(error as Error);
      await stored.catch(() => undefined);
      throw error;
    }
    await this.repository.exportDone(id, progress, progress.bytes, KEEP_MS);
    this.logger.log(`organization export ${id} of ${tenantId} done: ${progress.bytes} bytes, ${progress.files} files`);
  }

  /** One kind's rows as JSON Lines parts: how many rows and parts. */
  private async writeKind(
    tenantId: string,
    kind: string,
    entry: (name: string, bytes: Buffer) => Promise<void>,
    counted: (rows: number) => void,
  ): Promise<{ rows: number; parts: number }> {
    let rows = 0;
    let parts = 0;
    let lines: string[] = [];
    let size = 0;
    const part = async () => {
      parts++;
      await entry(`${kind}/part-${String(parts).padStart(4, '0')}.jsonl`, Buffer.from(lines.join('')));
      lines = [];
      size = 0;
    };
    let after: string | null = null;
    do {
      const started = Date.now();
      const page = await this.data.read(kind, tenantId, after, PAGE);
      for (const row of page.rows) {
        const line = JSON.stringify(row) + '\n';
        lines.push(line);
        size += Buffer.byteLength(line);
        if (size >= PART_BYTES) await part();
      }
      rows += page.rows.length;
      counted(rows);
      after = page.next;
      await this.runs.rest(started);
    } while (after !== null);
    if (lines.length) await part();
    return { rows, parts };
  }

  /** A file streamed into the archive as one entry of its size. */
  private async fileEntry(pack: Pack, name: string, size: number, bytes: NodeJS.ReadableStream): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size }, (error) => (error ? reject(error) : resolve()));
      bytes.on('error', reject);
      bytes.pipe(entry);
    });
  }

  private link(row: ExportRow): string | null {
    if (row.status !== 'done' || !row.expires_at) return null;
    const until = Math.min(Date.now() + LINK_MS, row.expires_at.getTime());
    const [key] = this.linkKeys();
    const signature = createHmac('sha256', key).update(`${row.id}.${until}`).digest('base64url');
    return `/v1/organization_exports/${row.id}/download?expires=${until}&signature=${signature}`;
  }

  private json(row: ExportRow): OrganizationExportDto {
    return {
      id: row.id,
      object: 'organization_export',
      status: row.status,
      progress: row.progress,
      size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
      download_url: this.link(row),
      expires_at: row.expires_at?.toISOString() ?? null,
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
