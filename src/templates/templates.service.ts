import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PreallocatedCache } from '../common/bounded-cache';
import type { Environment } from '../config/environment';
import { ErrorCode, GraphError } from '../core/graph-error';
import { projectFields } from '../core/graph-fields';
import { MediaLibraryService } from '../media/media-library.service';
import { checkTemplateHeaderMedia } from '../media/media-limits';
import { MediaService } from '../media/media.service';
import { MediaUpstream } from '../media/media.upstream';
import { OnboardingService } from '../tenancy/onboarding.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { decodeKeyset, encodeKeyset, nextPageUrl, type Page } from '../common/pagination';
import type { MessageTemplate } from './message-template.entity';
import { checkedTemplate, noApprovedTemplate } from './templates.errors';
import type { ValidatedTemplate } from './template-create-rules';
import { TemplatesRepository } from './templates.repository';
import { TemplatesUpstream, type UpstreamTemplate } from './templates.upstream';
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
  private readonly sendCache: PreallocatedCache<string, CatalogTemplate & { name: string }>;

  constructor(
    private readonly templates: TemplatesRepository,
    onboarding: OnboardingService,
    private readonly graph: TemplatesUpstream,
    private readonly mediaUpstream: MediaUpstream,
    private readonly tenancy: TenancyService,
    private readonly media: MediaService,
    private readonly library: MediaLibraryService,
    config: ConfigService<Environment, true>,
  ) {
    this.maxPerAccount = config.get('TEMPLATES_PER_ACCOUNT_MAX', { infer: true });
    this.sendCache = new PreallocatedCache({
      max: 20_000,
      ttl: Math.max(config.get('AUTH_CACHE_TTL_MS', { infer: true }), 1),
    });
    onboarding.registerDependent('businessAccount', 'templates', (m, id) => templates.hasTemplates(m, id));
  }

  async create(ctx: BusinessAccountContext, body: unknown): Promise<{ id: string; status: string; category: string }> {
    const template = checkedTemplate(body);
    const count = await this.templates.countOf(ctx.businessAccountId);
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
      await this.templates.release(reservationId);
      throw error;
    }
    await this.templates.created(reservationId, {
      id: String(created.id),
      category: created.category ?? template.category,
      status: created.status ?? 'PENDING',
      components: JSON.stringify(components),
    });
    return { id: String(created.id), status: created.status, category: created.category };
  }

  /**
   * The catalog row a create holds while Meta answers (no upstream id yet), under the unique
   * (account, name, language): its id, or undefined when that name and language exist already. A
   * reservation left by an instance that died before Meta answered is taken over after two minutes.
   */
  private async reserve(ctx: BusinessAccountContext, template: ValidatedTemplate): Promise<string | undefined> {
    return this.templates.reserve({
      tenantId: ctx.tenantId,
      businessAccountId: ctx.businessAccountId,
      wabaId: ctx.wabaId,
      name: template.name,
      language: template.language,
      category: template.category,
      components: JSON.stringify(template.components),
      parameterFormat: template.parameterFormat,
      ttlSeconds: template.ttlSeconds ?? null,
      groupName: template.groupName ?? null,
    });
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
    const rows = await this.templates.list(ctx.businessAccountId, {
      name: query.name,
      statuses: query.status === undefined ? undefined : listOf(query.status),
      categories: query.category === undefined ? undefined : listOf(query.category),
      languages: query.language === undefined ? undefined : listOf(query.language),
      after,
      limit: query.limit === undefined ? undefined : query.limit + 1,
    });
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

  /** An account's templates Meta knows (their Meta ids), by name and language: insights compare each with Meta's figures. */
  async catalogOf(businessAccountId: string): Promise<Array<{ upstreamId: string; name: string; language: string }>> {
    const rows = await this.templates.list(businessAccountId, {});
    return rows.map((row) => ({ upstreamId: row.upstreamId as string, name: row.name, language: row.language }));
  }

  /** `GET /{templateId}`: one catalog template of the caller's organization, projected to `fields`. */
  async get(template: CatalogRef, fields?: string): Promise<Partial<TemplateRecord>> {
    const row = await this.templates.byUpstreamId(template.upstreamId);
    if (!row) throw GraphError.notFound(`Message template ${template.upstreamId} was not found`);
    return projectFields(toRecord(row), fields);
  }

  /** The catalog entry of an upstream template id, to authorize a `/{templateId}` call; null when unknown. */
  async findByUpstreamId(upstreamId: string): Promise<CatalogRef | null> {
    if (!/^\d{1,32}$/.test(upstreamId)) return null;
    const row = await this.templates.byUpstreamId(upstreamId);
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
    const row = await this.templates.byUpstreamId(template.upstreamId);
    if (!row) throw GraphError.notFound(`Message template ${template.upstreamId} was not found`);
    checkedTemplate({
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
    if (!(await this.templates.exists(ctx.businessAccountId, name, hsmId)))
      throw GraphError.notFound(`Message template "${name}" was not found`);
    const token = await this.tenancy.accessToken(ctx.businessAccountId);
    const result = await this.graph.deleteTemplate(ctx.wabaId, token, name, hsmId);
    await this.templates.remove(ctx.businessAccountId, name, hsmId);
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
    const row = await this.templates.approved(businessAccountId, ref);
    if (!row) {
      const what = ref.groupName !== undefined ? `template group ${ref.groupName}` : `template ${ref.name}`;
      throw noApprovedTemplate(what, ref.language);
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

  /**
   * Reconciles the catalog of one business account with upstream's list (templates made elsewhere, changed or
   * deleted).
   */
  async sync(ctx: BusinessAccountContext): Promise<SyncResult> {
    const token = await this.tenancy.accessToken(ctx.businessAccountId);
    const upstream = await this.graph.listAllTemplates(ctx.wabaId, token);
    const result = await this.templates.reconcile(
      { tenantId: ctx.tenantId, businessAccountId: ctx.businessAccountId, wabaId: ctx.wabaId },
      upstream.map((remote) => ({ upstreamId: String(remote.id), fields: fromUpstream(remote) })),
      (row, fields) => changed(row, fields as ReturnType<typeof fromUpstream>),
    );
    this.sendCache.clear();
    return { ...result, total: upstream.length };
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
      const handle = await this.mediaUpstream.uploadForHandle(token, {
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
