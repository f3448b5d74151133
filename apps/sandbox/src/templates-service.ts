import { ControlError } from './control-error';
import { GraphApiError } from './graph-error';
import { nowSeconds } from './messages-service';
import type { BusinessAccount, SandboxState, Template } from './sandbox-state';
import type { Scheduler } from './scheduler';
import { reviewTemplate, type HeaderHandleCheck, type ReviewOutcome } from './template-review';
import { validateTemplateCreate, validateTemplateEdit } from './validation';
import { templateStatusWebhook } from './webhook-payloads';
import type { WebhookSender } from './webhook-sender';

export interface TemplatesServiceOptions {
  reviewDelayMs: number;
  /** Reject media headers whose handle the sandbox did not issue or another template already used. */
  rejectForeignHeaderHandles: boolean;
}

/** Fields a template can be read with (`?fields=`); the default set is Meta's. */
const TEMPLATE_FIELDS = new Set([
  'id',
  'name',
  'language',
  'status',
  'category',
  'components',
  'parameter_format',
  'message_send_ttl_seconds',
  'rejected_reason',
]);
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 1000;

/**
 * Message templates: create (PENDING), the asynchronous review that approves or rejects by Meta's
 * rules and reports through `message_template_status_update`, lists with Meta's cursor paging,
 * reads, edits and deletes.
 */
export class TemplatesService {
  constructor(
    private readonly state: SandboxState,
    private readonly scheduler: Scheduler,
    private readonly webhooks: WebhookSender,
    private readonly options: TemplatesServiceOptions,
  ) {}

  create(waba: BusinessAccount, body: unknown): { id: string; status: 'PENDING'; category: string } {
    const input = validateTemplateCreate(body);
    if (this.state.findTemplate(waba.id, input.name, input.language)) {
      throw new GraphApiError(400, {
        message: 'Invalid parameter',
        type: 'OAuthException',
        code: 100,
        error_subcode: 2388023,
        is_transient: false,
        error_user_title: 'Content in this language already exists',
        error_user_msg: `The template ${input.name} already has content in ${input.language}. Edit it, or create a new template.`,
      });
    }
    const template = this.state.addTemplate({
      wabaId: waba.id,
      name: input.name,
      language: input.language,
      category: input.category,
      components: input.components,
      parameterFormat: input.parameterFormat,
      messageSendTtlSeconds: input.messageSendTtlSeconds,
      status: 'PENDING',
      rejectedReason: 'NONE',
    });
    this.claimHeaderHandles(template);
    this.scheduleReview(template);
    return { id: template.id, status: 'PENDING', category: template.category };
  }

  /** `POST /{template-id}`: new components or category send the template back to review. */
  edit(template: Template, body: unknown): { success: true } {
    if (template.status === 'PENDING') {
      throw GraphApiError.invalidParameter('A template cannot be edited while it is in review.', {
        error_user_title: 'Message template is in review',
      });
    }
    const edit = validateTemplateEdit(body, template);
    if (edit.category) template.category = edit.category;
    if (edit.components) template.components = edit.components;
    if (edit.messageSendTtlSeconds !== undefined) template.messageSendTtlSeconds = edit.messageSendTtlSeconds;
    if (edit.category || edit.components) {
      template.status = 'PENDING';
      template.rejectedReason = 'NONE';
      template.rejectionDescription = undefined;
      this.claimHeaderHandles(template);
      this.scheduleReview(template);
    }
    return { success: true };
  }

  /** The template as Graph returns it, optionally projected to `?fields=`. */
  read(template: Template, fields?: unknown): Record<string, unknown> {
    const record: Record<string, unknown> = {
      id: template.id,
      name: template.name,
      parameter_format: template.parameterFormat,
      components: structuredClone(template.components),
      language: template.language,
      status: template.status,
      category: template.category,
      message_send_ttl_seconds: template.messageSendTtlSeconds,
      rejected_reason: template.rejectedReason,
    };
    const requested = parseFields(fields);
    if (!requested) {
      if (record.message_send_ttl_seconds === undefined) delete record.message_send_ttl_seconds;
      if (template.status !== 'REJECTED') delete record.rejected_reason;
      return record;
    }
    return Object.fromEntries(
      [...requested, 'id'].filter((field) => record[field] !== undefined).map((field) => [field, record[field]]),
    );
  }

  /**
   * `GET /{waba-id}/message_templates`: filters (name, status, category, language), then a page of
   * `limit` (default 25) after or before a cursor, with `paging.next`/`previous` as absolute URLs.
   */
  list(waba: BusinessAccount, query: Record<string, unknown>, selfUrl: string): Record<string, unknown> {
    const limit = parseLimit(query.limit);
    const filters = (['name', 'status', 'category', 'language'] as const).flatMap((key) => {
      const value = query[key];
      return typeof value === 'string' && value !== '' ? [[key, value] as const] : [];
    });
    const matching = this.state.templatesOf(waba.id).filter((template) =>
      filters.every(([key, value]) => {
        if (key === 'name') return template.name === value;
        const actual = key === 'language' ? template.language : template[key];
        return value.split(',').some((option) => option.trim().toUpperCase() === actual.toUpperCase());
      }),
    );
    const fields = query.fields;
    let page: Template[];
    if (typeof query.before === 'string' && query.before !== '') {
      const before = decodeCursor(query.before);
      const earlier = matching.filter((template) => template.seq < before);
      page = earlier.slice(Math.max(0, earlier.length - limit));
    } else {
      const after = typeof query.after === 'string' && query.after !== '' ? decodeCursor(query.after) : 0;
      page = matching.filter((template) => template.seq > after).slice(0, limit);
    }
    const result: Record<string, unknown> = { data: page.map((template) => this.read(template, fields)) };
    const paging: Record<string, unknown> = { cursors: {} };
    if (page.length > 0) {
      const first = page[0];
      const last = page[page.length - 1];
      paging.cursors = { before: encodeCursor(first.seq), after: encodeCursor(last.seq) };
      if (matching.some((template) => template.seq < first.seq)) {
        paging.previous = pageUrl(selfUrl, query, limit, 'before', encodeCursor(first.seq));
      }
      if (matching.some((template) => template.seq > last.seq)) {
        paging.next = pageUrl(selfUrl, query, limit, 'after', encodeCursor(last.seq));
      }
    }
    result.paging = paging;
    if (typeof query.summary === 'string' && query.summary.split(',').includes('total_count')) {
      result.summary = { total_count: matching.length };
    }
    return result;
  }

  /** `DELETE /{waba-id}/message_templates?name=` (every language) or with `hsm_id` (one template). */
  delete(waba: BusinessAccount, query: Record<string, unknown>): { success: true } {
    const name = query.name;
    if (typeof name !== 'string' || name === '')
      throw GraphApiError.invalidParameter('The parameter name is required.');
    const hsmId = typeof query.hsm_id === 'string' && query.hsm_id !== '' ? query.hsm_id : undefined;
    const doomed = this.state
      .templatesOf(waba.id)
      .filter((template) => template.name === name && (hsmId === undefined || template.id === hsmId));
    if (doomed.length === 0) {
      throw GraphApiError.invalidParameter(`Message template "${name}" was not found.`, {
        error_user_title: 'Message template not found',
      });
    }
    for (const template of doomed) {
      this.scheduler.cancel(template.reviewTimer);
      this.state.deleteTemplate(template.id);
    }
    return { success: true };
  }

  /** Control API: finish the review now with the given outcome (also re-reviews a finished one). */
  forceReview(templateId: string, input: unknown): Record<string, unknown> {
    const template = this.state.template(templateId);
    if (!template) throw new ControlError(404, `template ${templateId} does not exist`);
    const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    let outcome: ReviewOutcome;
    if (body.status === 'APPROVED') {
      outcome = { status: 'APPROVED' };
    } else if (body.status === 'REJECTED') {
      outcome = {
        status: 'REJECTED',
        reason: typeof body.reason === 'string' && body.reason !== '' ? body.reason : 'INVALID_FORMAT',
        description: typeof body.description === 'string' ? body.description : 'Rejected by the sandbox control API.',
      };
    } else if (body.status === 'PAUSED' || body.status === 'DISABLED') {
      // Meta pauses a template whose quality fell (for hours, then longer) and disables one paused too often.
      outcome = {
        status: body.status,
        reason: 'NONE',
        description:
          typeof body.description === 'string'
            ? body.description
            : body.status === 'PAUSED'
              ? 'Your WhatsApp message template has been paused because of low quality.'
              : 'Your WhatsApp message template has been disabled because of repeated low quality.',
      };
    } else {
      throw new ControlError(400, "status must be 'APPROVED', 'REJECTED', 'PAUSED' or 'DISABLED'");
    }
    this.finishReview(template, outcome);
    return this.read(template);
  }

  private scheduleReview(template: Template): void {
    this.scheduler.cancel(template.reviewTimer);
    template.reviewTimer = this.scheduler.after(this.options.reviewDelayMs, () => {
      template.reviewTimer = undefined;
      if (this.state.template(template.id) !== template) return;
      const check = this.options.rejectForeignHeaderHandles ? this.headerHandleCheck(template) : undefined;
      this.finishReview(template, reviewTemplate(template, check));
    });
  }

  private finishReview(template: Template, outcome: ReviewOutcome): void {
    this.scheduler.cancel(template.reviewTimer);
    template.reviewTimer = undefined;
    template.status = outcome.status;
    template.rejectedReason = outcome.status === 'REJECTED' ? outcome.reason : 'NONE';
    template.rejectionDescription = outcome.status === 'APPROVED' ? undefined : outcome.description;
    this.webhooks.enqueue(templateStatusWebhook(template, nowSeconds()), `template:${template.id}`);
  }

  /** The first template to use an issued handle owns it. */
  private claimHeaderHandles(template: Template): void {
    for (const handle of headerHandles(template)) {
      const issued = this.state.headerHandle(handle);
      if (issued && !issued.usedByTemplateId) issued.usedByTemplateId = template.id;
    }
  }

  private headerHandleCheck(template: Template): HeaderHandleCheck {
    return (handle) => {
      if (this.state.mediaById(handle)) {
        return 'A media id from the messages media endpoint cannot serve as header_handle; use a resumable upload handle.';
      }
      const issued = this.state.headerHandle(handle);
      if (!issued) return 'The header_handle was not issued by a resumable upload.';
      if (issued.usedByTemplateId !== template.id) return 'The header_handle was already used by another template.';
      return undefined;
    };
  }
}

function headerHandles(template: Template): string[] {
  return template.components.flatMap((component) => {
    const example = component.example as { header_handle?: unknown } | undefined;
    return component.type === 'HEADER' && Array.isArray(example?.header_handle)
      ? example.header_handle.filter((handle): handle is string => typeof handle === 'string')
      : [];
  });
}

function parseLimit(value: unknown): number {
  if (value === undefined || value === '') return DEFAULT_PAGE_SIZE;
  const limit = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(limit) || limit < 1)
    throw GraphApiError.invalidParameter('Param limit must be a positive integer.');
  return Math.min(limit, MAX_PAGE_SIZE);
}

function parseFields(value: unknown): string[] | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const fields = value
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const unknown = fields.find((field) => !TEMPLATE_FIELDS.has(field));
  if (unknown) throw GraphApiError.unknownField(unknown, 'WhatsAppMessageTemplate');
  return fields;
}

/** Cursors carry the creation sequence number, base64-encoded like Graph's opaque cursors. */
function encodeCursor(seq: number): string {
  return Buffer.from(String(seq)).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const seq = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(seq) || seq < 0)
    throw GraphApiError.invalidParameter('Param after/before must be a cursor from paging.cursors.');
  return seq;
}

function pageUrl(
  selfUrl: string,
  query: Record<string, unknown>,
  limit: number,
  direction: 'after' | 'before',
  cursor: string,
): string {
  const url = new URL(selfUrl);
  for (const [key, value] of Object.entries(query)) {
    if (key === 'after' || key === 'before' || key === 'limit' || typeof value !== 'string') continue;
    url.searchParams.set(key, value);
  }
  url.searchParams.set('limit', String(limit));
  url.searchParams.set(direction, cursor);
  return url.toString();
}
