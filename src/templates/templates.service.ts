import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource, IsNull, Not, Repository } from 'typeorm';
import type { Environment } from '../config/environment';
import { ErrorCode, GraphError } from '../core/graph-error';
import { MediaLibraryService } from '../media/media-library.service';
import { checkTemplateHeaderMedia } from '../media/media-limits';
import { MediaService } from '../media/media.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { decodeKeyset, encodeKeyset, nextPageUrl, type Page } from '../common/pagination';
import { GraphClient, UpstreamTemplate } from '../upstream/graph-client';
import { MessageTemplate } from './message-template.entity';
import { validateTemplateCreate } from './template-create-rules';
import type { CatalogTemplate } from './template-send-rules';

export interface BusinessAccountContext {
  tenantId: string;
  businessAccountId: string;
  wabaId: string;
}

/** A catalog entry as the list endpoint shows it (spec 2.5, plus what the catalog knows). */
export interface TemplateRecord {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: unknown[];
  parameter_format: string;
  message_send_ttl_seconds: number | null;
  group_name?: string;
  rejected_reason?: string;
}

/** What `GET /{wabaId}/message_templates` takes, as Graph does. */
export interface TemplateListQuery {
  name?: string;
  fields?: string;
  limit?: number;
  after?: string;
  status?: string;
  category?: string;
  language?: string;
}

/** Which organization and account an upstream template id belongs to. */
export interface CatalogRef {
  tenantId: string;
  businessAccountId: string;
  wabaId: string;
  upstreamId: string;
}

export interface SyncResult {
  added: number;
  updated: number;
  removed: number;
  total: number;
}

/**
 * The template catalog: creates templates upstream after checking Meta's rules locally, keeps a
 * local snapshot (moved by review webhooks and reconciled with upstream's list), and serves the
 * APPROVED template a send names.
 */
@Injectable()
export class TemplatesService {
  private readonly maxPerAccount: number;
  private readonly sendCache: LRUCache<string, CatalogTemplate & { name: string }>;

  constructor(
    @InjectRepository(MessageTemplate) private readonly templates: Repository<MessageTemplate>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly graph: GraphClient,
    private readonly tenancy: TenancyService,
    private readonly media: MediaService,
    private readonly library: MediaLibraryService,
    config: ConfigService<Environment, true>,
  ) {
    this.maxPerAccount = config.get('TEMPLATES_PER_ACCOUNT_MAX', { infer: true });
    this.sendCache = new LRUCache({ max: 50_000, ttl: Math.max(config.get('AUTH_CACHE_TTL_MS', { infer: true }), 1) });
  }

  async create(ctx: BusinessAccountContext, body: unknown): Promise<{ id: string; status: string; category: string }> {
    const template = validateTemplateCreate(body);
    const count = await this.templates.count({ where: { businessAccountId: ctx.businessAccountId } });
    if (count >= this.maxPerAccount) {
      throw new GraphError(
        ErrorCode.SendFailure,
        `(#131000) Template limit reached: a business account may hold at most ${this.maxPerAccount} templates`,
        {
          status: 409,
          data: {
            reason: 'template_limit',
            details: `The business account has ${count} templates; delete one before creating another`,
          },
        },
      );
    }
    // Reserved before Meta is asked: of concurrent creates of one name and language, one reserves
    // and calls upstream; the others get Meta's own answer to a duplicate, with no upstream call.
    const reservationId = await this.reserve(ctx, template);
    if (!reservationId) throw duplicateTemplate(template.name, template.language);
    let created: { id: string; status: string; category: string };
    let components: Array<Record<string, unknown>>;
    try {
      const token = await this.tenancy.accessToken(ctx.businessAccountId);
      components = template.components.map((component) => ({ ...component }));
      const claimedHandle = await this.prepareHeaderMedia(
        ctx,
        template.headerMediaFileId,
        template.mediaHeaderIndex,
        components,
        token,
      );
      try {
        created = await this.graph.createTemplate(ctx.wabaId, token, { ...template.upstreamBody, components });
      } catch (error) {
        if (claimedHandle) await this.media.releaseHeaderHandle(ctx.tenantId, claimedHandle);
        throw error;
      }
    } catch (error) {
      await this.templates.delete({ id: reservationId, upstreamId: IsNull() });
      throw error;
    }
    await this.dataSource.query(
      `UPDATE message_templates SET upstream_id = $2, category = $3, status = $4, components = $5::jsonb, updated_at = now() WHERE id = $1`,
      [
        reservationId,
        String(created.id),
        created.category ?? template.category,
        created.status ?? 'PENDING',
        JSON.stringify(components),
      ],
    );
    return { id: String(created.id), status: created.status, category: created.category };
  }

  /**
   * The catalog row a create holds while Meta answers (no upstream id yet), under the unique
   * (account, name, language): its id, or undefined when that name and language exist already. A
   * reservation left by an instance that died before Meta answered is taken over after two minutes.
   */
  private async reserve(
    ctx: BusinessAccountContext,
    template: ReturnType<typeof validateTemplateCreate>,
  ): Promise<string | undefined> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO message_templates (tenant_id, business_account_id, waba_id, upstream_id, name, language, category, status, components, parameter_format, message_send_ttl_seconds, group_name)
       VALUES ($1, $2, $3, NULL, $4, $5, $6, 'PENDING', $7::jsonb, $8, $9, $10)
       ON CONFLICT ON CONSTRAINT "UQ_message_templates_account_name_language" DO UPDATE
         SET category = EXCLUDED.category, components = EXCLUDED.components, parameter_format = EXCLUDED.parameter_format,
             message_send_ttl_seconds = EXCLUDED.message_send_ttl_seconds, group_name = EXCLUDED.group_name, created_at = now(), updated_at = now()
         WHERE message_templates.upstream_id IS NULL AND message_templates.updated_at < now() - interval '2 minutes'
       RETURNING id`,
      [
        ctx.tenantId,
        ctx.businessAccountId,
        ctx.wabaId,
        template.name,
        template.language,
        template.category,
        JSON.stringify(template.components),
        template.parameterFormat,
        template.ttlSeconds ?? null,
        template.groupName ?? null,
      ],
    );
    return rows[0]?.id;
  }

  /**
   * The local catalog, as Graph lists templates: filters `name` (exact), `status`, `category`,
   * `language`; `fields` projects each record (id always kept). Unpaginated (spec 4.3) unless
   * `limit` is given; then Meta's `paging` with an `after` cursor.
   */
  async list(
    ctx: BusinessAccountContext,
    query: TemplateListQuery = {},
    originalUrl = '',
  ): Promise<{ data: Array<Partial<TemplateRecord>>; paging?: Page<unknown>['paging'] }> {
    const after = query.after === undefined ? undefined : nameCursor(decodeKeyset(query.after, 2));
    const qb = this.templates
      .createQueryBuilder('t')
      .where('t.business_account_id = :id', { id: ctx.businessAccountId })
      .andWhere('t.upstream_id IS NOT NULL')
      .orderBy('t.name', 'ASC')
      .addOrderBy('t.language', 'ASC');
    if (query.name !== undefined) qb.andWhere('t.name = :name', { name: query.name });
    if (query.status !== undefined) qb.andWhere('t.status = ANY(:statuses)', { statuses: listOf(query.status) });
    if (query.category !== undefined)
      qb.andWhere('t.category = ANY(:categories)', { categories: listOf(query.category) });
    if (query.language !== undefined)
      qb.andWhere('t.language = ANY(:languages)', { languages: listOf(query.language) });
    if (after)
      qb.andWhere('(t.name, t.language) > (:afterName, :afterLanguage)', {
        afterName: after.name,
        afterLanguage: after.language,
      });
    if (query.limit !== undefined) qb.limit(query.limit + 1);
    const rows = await qb.getMany();
    const project = (row: MessageTemplate) => projectFields(toRecord(row), query.fields);
    if (query.limit === undefined) return { data: rows.map(project) };
    // The keyset is (name, language): cursors are this list's own, opaque like Graph's.
    const cursorOf = (row: MessageTemplate | undefined) => (row ? encodeKeyset([row.name, row.language]) : undefined);
    const shown = rows.slice(0, query.limit);
    const afterCursor = cursorOf(shown[shown.length - 1]);
    return {
      data: shown.map(project),
      paging: {
        cursors: { ...(shown[0] && { before: cursorOf(shown[0]) }), ...(afterCursor && { after: afterCursor }) },
        ...(rows.length > query.limit && afterCursor && { next: nextPageUrl(originalUrl, afterCursor) }),
      },
    };
  }

  /** `GET /{templateId}`: one catalog template of the caller's organization, projected to `fields`. */
  async get(template: CatalogRef, fields?: string): Promise<Partial<TemplateRecord>> {
    const row = await this.templates.findOneOrFail({ where: { upstreamId: template.upstreamId } });
    return projectFields(toRecord(row), fields);
  }

  /** The catalog entry of an upstream template id, to authorize a `/{templateId}` call; null when unknown. */
  async findByUpstreamId(upstreamId: string): Promise<CatalogRef | null> {
    if (!/^\d{1,32}$/.test(upstreamId)) return null;
    const row = await this.templates.findOne({
      where: { upstreamId },
      select: { tenantId: true, businessAccountId: true, wabaId: true, upstreamId: true },
    });
    return row
      ? { tenantId: row.tenantId, businessAccountId: row.businessAccountId, wabaId: row.wabaId, upstreamId }
      : null;
  }

  /**
   * `POST /{templateId}`: an edit (components, category, message_send_ttl_seconds), checked with the
   * create rules on the template it would make, then sent upstream; the catalog takes upstream's
   * template afterwards (an edit usually sends it back to review).
   */
  async edit(template: CatalogRef, body: unknown): Promise<{ success: boolean }> {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw GraphError.invalidParameter('Invalid parameter', 'body: must be a JSON object');
    const edit = body as Record<string, unknown>;
    const allowed = ['components', 'category', 'message_send_ttl_seconds', 'parameter_format'];
    const unknown = Object.keys(edit).filter((key) => !allowed.includes(key));
    if (unknown.length)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        `${unknown[0]}: a template edit takes only ${allowed.join(', ')}`,
      );
    if (Object.keys(edit).length === 0)
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'body: give components, category or message_send_ttl_seconds',
      );
    const row = await this.templates.findOneOrFail({ where: { upstreamId: template.upstreamId } });
    validateTemplateCreate({
      name: row.name,
      language: row.language,
      category: edit.category ?? row.category,
      components: edit.components ?? row.components,
      parameter_format: edit.parameter_format ?? row.parameterFormat,
      // The stored TTL may be the category's default, which a create may not name: only an edited one is checked.
      ...(edit.message_send_ttl_seconds !== undefined && { message_send_ttl_seconds: edit.message_send_ttl_seconds }),
    });
    const token = await this.tenancy.accessToken(template.businessAccountId);
    const result = await this.graph.editTemplate(template.upstreamId, token, edit);
    const remote = await this.graph.getTemplate(template.upstreamId, token).catch(() => undefined);
    const {
      upstreamId: _id,
      name: _name,
      language: _language,
      ...changes
    } = remote ? fromUpstream(remote) : { ...fromUpstream({ ...toUpstreamShape(row), ...(edit as object) }) };
    await this.templates.save({
      ...row,
      ...changes,
      ...(edit.message_send_ttl_seconds !== undefined && {
        messageSendTtlSeconds: Number(edit.message_send_ttl_seconds),
      }),
      statusUpdatedAt: new Date(),
    });
    this.sendCache.clear();
    return { success: result.success !== false };
  }

  /**
   * `DELETE /{wabaId}/message_templates?name=` (every language of the name) or with `hsm_id` (that
   * template): upstream first, then the catalog. A name the catalog does not have is 404 code 100.
   */
  async remove(
    ctx: BusinessAccountContext,
    name: string | undefined,
    hsmId: string | undefined,
  ): Promise<{ success: boolean }> {
    if (!name)
      throw GraphError.invalidParameter(
        'The parameter name is required',
        'name: required (with hsm_id to delete one language)',
      );
    // A reservation (a create awaiting Meta's answer) is not a template yet.
    const where = { businessAccountId: ctx.businessAccountId, name, upstreamId: hsmId ?? Not(IsNull()) };
    if (!(await this.templates.exists({ where })))
      throw GraphError.notFound(`Message template "${name}" was not found`);
    const token = await this.tenancy.accessToken(ctx.businessAccountId);
    const result = await this.graph.deleteTemplate(ctx.wabaId, token, name, hsmId);
    await this.templates.delete(where);
    this.sendCache.clear();
    return { success: result.success !== false };
  }

  /**
   * The APPROVED template a send names, by name or by smart-template group, in the requested
   * language; 132001 (404) when there is none. Within a group, the most recently approved member
   * wins (then the newest).
   */
  async findForSend(
    businessAccountId: string,
    ref: { name?: string; groupName?: string; language: string },
  ): Promise<CatalogTemplate & { name: string }> {
    const cacheKey = `${businessAccountId}|${ref.name ?? ''}|${ref.groupName ?? ''}|${ref.language}`;
    const cached = this.sendCache.get(cacheKey);
    if (cached) return cached;
    const query = this.templates
      .createQueryBuilder('t')
      .where('t.business_account_id = :businessAccountId AND t.language = :language AND t.status = :status', {
        businessAccountId,
        language: ref.language,
        status: 'APPROVED',
      })
      .orderBy('t.status_updated_at', 'DESC', 'NULLS LAST')
      .addOrderBy('t.created_at', 'DESC')
      .limit(1);
    if (ref.groupName !== undefined) query.andWhere('t.group_name = :groupName', { groupName: ref.groupName });
    else query.andWhere('t.name = :name', { name: ref.name });
    const row = await query.getOne();
    if (!row) {
      const what = ref.groupName !== undefined ? `template group ${ref.groupName}` : `template ${ref.name}`;
      throw new GraphError(ErrorCode.TemplateNotFound, `(#132001) Template name does not exist in the translation`, {
        data: { details: `No APPROVED ${what} in language ${ref.language}` },
      });
    }
    const template = {
      name: row.name,
      language: row.language,
      category: row.category,
      parameterFormat: row.parameterFormat,
      components: row.components,
    };
    this.sendCache.set(cacheKey, template);
    return template;
  }

  /** Reconciles the catalog of one business account with upstream's list (templates made elsewhere, changed or deleted). */
  async sync(ctx: BusinessAccountContext): Promise<SyncResult> {
    const token = await this.tenancy.accessToken(ctx.businessAccountId);
    const upstream = await this.graph.listAllTemplates(ctx.wabaId, token);
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(MessageTemplate);
      const local = await repo.find({ where: { businessAccountId: ctx.businessAccountId, upstreamId: Not(IsNull()) } });
      const byUpstreamId = new Map(local.map((row) => [row.upstreamId, row]));
      // Creates awaiting Meta's answer: a template upstream lists already takes its reservation.
      const reserved = await repo.find({ where: { businessAccountId: ctx.businessAccountId, upstreamId: IsNull() } });
      const reservedByKey = new Map(reserved.map((row) => [`${row.name}\u0000${row.language}`, row]));
      let added = 0;
      let updated = 0;
      for (const remote of upstream) {
        const row = byUpstreamId.get(String(remote.id));
        byUpstreamId.delete(String(remote.id));
        const fields = fromUpstream(remote);
        if (!row) {
          const reservation = reservedByKey.get(`${fields.name}\u0000${fields.language}`);
          await repo.save(
            reservation
              ? Object.assign(reservation, fields)
              : repo.create({
                  ...fields,
                  tenantId: ctx.tenantId,
                  businessAccountId: ctx.businessAccountId,
                  wabaId: ctx.wabaId,
                }),
          );
          added++;
        } else if (changed(row, fields)) {
          await repo.save(Object.assign(row, fields));
          updated++;
        }
      }
      const gone = [...byUpstreamId.values()];
      if (gone.length) await repo.delete(gone.map((row) => row.id));
      this.sendCache.clear();
      return { added, updated, removed: gone.length, total: upstream.length };
    });
  }

  /**
   * Header media, the two ways of spec 2.4: (a) `header_media_file_id`, a library asset uploaded
   * now with the resumable upload, its handle injected into the first media HEADER; (b) an
   * `example.header_handle` from POST /template_media, used once. A media id from /media is not
   * a handle. Returns the handle claimed in case (b), to release if upstream refuses the template.
   */
  private async prepareHeaderMedia(
    ctx: BusinessAccountContext,
    headerMediaFileId: string | undefined,
    headerIndex: number,
    components: Array<Record<string, unknown>>,
    token: string,
  ): Promise<string | undefined> {
    if (headerIndex < 0) return undefined;
    const header = components[headerIndex];
    if (headerMediaFileId !== undefined) {
      const asset = await this.library.read(ctx.tenantId, headerMediaFileId);
      checkTemplateHeaderMedia(asset.mimeType, asset.bytes.length, 'header_media_file_id');
      const handle = await this.graph.uploadForHandle(token, {
        fileName: asset.fileName,
        fileType: asset.mimeType,
        bytes: asset.bytes,
      });
      header.example = { ...(header.example ?? {}), header_handle: [handle] };
      return undefined;
    }
    const handle = ((header.example as { header_handle?: unknown[] } | undefined)?.header_handle ?? [])[0];
    if (typeof handle !== 'string') return undefined;
    const field = `components[${headerIndex}].example.header_handle`;
    if (await this.media.isMessagesMediaId(ctx.tenantId, handle)) {
      throw GraphError.invalidParameter(
        'A media id is not a header handle',
        `${field}: this is a media id from /media; upload the file with POST /v1/{wabaId}/template_media or give header_media_file_id`,
      );
    }
    const claim = await this.media.claimHeaderHandle(ctx.tenantId, ctx.wabaId, handle);
    if (claim === 'already_used') {
      throw GraphError.invalidParameter(
        'Header handle already used',
        `${field}: a header handle is valid for one template only; upload the file again`,
      );
    }
    return claim === 'claimed' ? handle : undefined;
  }
}

/** Graph's list filters take one value or a comma-separated list (or a JSON array). */
function listOf(value: string): string[] {
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // not JSON: a plain list
    }
  }
  return trimmed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A record reduced to `fields` (comma-separated; `id` is always kept), as Graph projects objects. */
export function projectFields<T extends { id: string }>(record: T, fields: string | undefined): Partial<T> {
  if (fields === undefined || fields.trim() === '') return record;
  const wanted = new Set(['id', ...fields.split(',').map((field) => field.trim().replace(/\{.*$/, ''))]);
  return Object.fromEntries(Object.entries(record).filter(([name]) => wanted.has(name))) as Partial<T>;
}

const nameCursor = ([name, language]: string[]) => ({ name, language });

function toUpstreamShape(row: MessageTemplate): UpstreamTemplate {
  return {
    id: row.upstreamId ?? '',
    name: row.name,
    language: row.language,
    status: row.status,
    category: row.category,
    components: row.components,
    parameter_format: row.parameterFormat,
  };
}

/** A catalog row as Graph shows a template (reservations, which have no id yet, are never shown). */
function toRecord(row: MessageTemplate): TemplateRecord {
  return {
    id: row.upstreamId ?? '',
    name: row.name,
    language: row.language,
    status: row.status,
    category: row.category,
    components: row.components,
    parameter_format: row.parameterFormat,
    message_send_ttl_seconds: row.messageSendTtlSeconds,
    ...(row.groupName && { group_name: row.groupName }),
    ...(row.rejectedReason && { rejected_reason: row.rejectedReason }),
  };
}

/** Meta's answer to a create whose name and language exist already (as the sandbox and the relay give it). */
function duplicateTemplate(name: string, language: string): GraphError {
  return new GraphError(ErrorCode.InvalidParameter, 'Invalid parameter', {
    status: 400,
    subcode: 2388023,
    data: {
      details: `Content in this language already exists: the template ${name} already has content in ${language}`,
    },
  });
}

function fromUpstream(remote: UpstreamTemplate) {
  const parameterFormat: 'NAMED' | 'POSITIONAL' = remote.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL';
  return {
    upstreamId: String(remote.id),
    name: remote.name,
    language: remote.language,
    status: remote.status,
    category: remote.category,
    components: remote.components ?? [],
    parameterFormat,
    rejectedReason: remote.status === 'REJECTED' ? (remote.rejected_reason ?? 'UNKNOWN') : null,
  };
}

function changed(row: MessageTemplate, fields: ReturnType<typeof fromUpstream>): boolean {
  return (
    row.name !== fields.name ||
    row.language !== fields.language ||
    row.status !== fields.status ||
    row.category !== fields.category ||
    row.parameterFormat !== fields.parameterFormat ||
    row.rejectedReason !== fields.rejectedReason ||
    JSON.stringify(row.components) !== JSON.stringify(fields.components)
  );
}
