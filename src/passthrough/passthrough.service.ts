import { Injectable, NotFoundException } from '@nestjs/common';
import express, { type Response } from 'express';
import type { CloudApiOperation } from '../../libs/meta/cloud-api-description';
import { ACCESS_TOKEN_PARAMETER } from '../auth/access-token';
import type { GatewayRequest } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { TENANT_HEADER } from '../tenancy/tenant-resolution';
import { TenancyService } from '../tenancy/tenancy.service';
import { GraphTransport } from '../upstream/graph-transport';
import { operationsShaped, scopeOf, treatmentOf } from './cloud-api-routes';
import { learnedIds, PHONE_KINDS } from './id-learning';
import { type ObjectOwner, PassthroughRepository } from './passthrough.repository';

const GRAPH_VERSION = /^\/(v\d+\.\d+)\//;

/** A call the pass-through may forward: the operation, its owner and the token it goes with. */
interface CheckedCall {
  operation: CloudApiOperation;
  owner: ObjectOwner;
}

/**
 * The checked pass-through: every tenant-scoped operation of Meta's Cloud API description that the
 * gateway does not serve itself. For each call it
 * 1. finds the operation by the path's shape and the kind of its first id (a phone number or a
 *    business account of an organization, or an id Meta created or listed for one: a flow, a group,
 *    a QR code, a message history, an intent);
 * 2. checks that every id of the path is the caller's: another organization's id is answered like
 *    one that does not exist (401 code 190), before anything reaches Meta;
 * 3. checks the family's scope and the key's phone-number allow-list (403 code 200);
 * 4. forwards with the business account's own token, at the Graph version the client named, with the
 *    client's query and body (its gateway key removed), and answers with Meta's answer as it came;
 * 5. records the ids Meta's answer reveals (id-learning.ts), and forgets what Meta deleted.
 * Rate limits, idempotency, request ids, access log and metrics are the pipeline's, as for every route.
 */
@Injectable()
export class PassthroughService {
  constructor(
    private readonly tenancy: TenancyService,
    private readonly objects: PassthroughRepository,
    private readonly graph: GraphTransport,
  ) {}

  /** Checks and forwards `req` (a `/v1/...` path after the Graph aliases); writes Meta's answer to `res`. */
  async forward(req: GatewayRequest, res: Response): Promise<string> {
    const raw = req.path.replace(/^\/v1\//, '').split('/');
    if (req.is('multipart/form-data') && !Buffer.isBuffer(req.body)) await readRawBody(req, res);
    const segments = raw.map((segment) => safeDecode(segment));
    const checked = await this.check(req, segments);
    const { operation, owner } = checked;
    const token = await this.tenancy.accessToken(owner.businessAccountId);
    const answer = await this.graph.forward({
      method: operation.method,
      path: raw.join('/'),
      query: queryWithoutKey(req.originalUrl),
      version: GRAPH_VERSION.exec(req.originalUrl)?.[1],
      token,
      body: operation.method === 'GET' ? undefined : bodyWithoutKey(req),
      // The metrics' endpoint label, shaped like every upstream call's: ids as {id}, never a value.
      endpoint: operation.segments.map((segment) => ('edge' in segment ? segment.edge : '{id}')).join('/'),
    });
    if (answer.status >= 400) {
      // Meta's error, as Meta wrote it (its code and message kept for the access log).
      const meta = (safeJson(answer.body) as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      throw new GraphError(
        typeof meta?.code === 'number' ? meta.code : 100,
        typeof meta?.message === 'string' ? meta.message : 'Upstream error',
        {
          status: answer.status,
          raw: { body: answer.body, contentType: answer.contentType },
        },
      );
    }
    await this.learn(checked, segments, answer.body);
    res.type(answer.contentType);
    return answer.body.toString('utf8');
  }

  private async check(req: GatewayRequest, segments: string[]): Promise<CheckedCall> {
    const auth = req.auth;
    if (!auth) throw GraphError.invalidToken();
    const candidates = operationsShaped(req.method, segments);
    if (candidates.length === 0) throw new NotFoundException();
    const first = await this.identify(segments[0], auth.tenantIds);
    if (!first) {
      if (candidates.every((operation) => operation.scope === 'not_tenant')) throw notTenantScoped(candidates);
      throw GraphError.invalidToken();
    }
    await this.tenancy.tenantFor(auth, {
      pathTenantId: first.tenantId,
      pathField: first.kind === 'business_account' ? 'waba_id' : 'phone_number_id',
      header: req.headers[TENANT_HEADER],
      tenantRequired: true,
    });
    const operation = candidates.find((candidate) => {
      const segment = candidate.segments[0];
      return 'kind' in segment && segment.kind === first.kind && treatmentOf(candidate) === 'forwarded';
    });
    if (!operation) {
      const edges = segments.slice(1).join('/');
      throw GraphError.invalidParameter(
        `Tried accessing nonexisting field (${edges}) on node type (${first.kind})`,
        `${req.method} /{${first.kind}}/${edges} is not an operation of the Cloud API`,
      );
    }
    // Every further id of the path: the caller's, under the same number where the path names one.
    for (const [index, segment] of operation.segments.entries()) {
      if (index === 0 || !('kind' in segment)) continue;
      const known = await this.objects.find(segments[index], [first.tenantId], {
        kind: segment.kind,
        ...(first.kind === 'phone_number' && { phoneNumberId: segments[0] }),
      });
      if (!known) throw GraphError.invalidToken();
    }
    const scope = scopeOf(operation);
    if (!auth.scopes.has(scope)) throw GraphError.permissionDenied(`The API key lacks the scope ${scope}`);
    const phone = first.kind === 'phone_number' ? segments[0] : first.phoneNumberId;
    if (auth.allowedPhoneNumberIds && phone && !auth.allowedPhoneNumberIds.has(phone))
      throw GraphError.permissionDenied('The API key may not use this phone number');
    req.tenant = { ...req.tenant, tenantId: first.tenantId };
    return { operation, owner: first };
  }

  /** What the first id of a path is, for the key's organizations: a number, an account, or a known object. */
  private async identify(id: string, tenantIds: readonly string[]): Promise<ObjectOwner | null> {
    const phone = await this.tenancy.findPhoneNumber(id);
    if (phone)
      return {
        kind: 'phone_number',
        tenantId: phone.tenantId,
        businessAccountId: phone.businessAccountId,
        phoneNumberId: phone.phoneNumberId,
      };
    const account = await this.tenancy.findBusinessAccount(id);
    if (account)
      return {
        kind: 'business_account',
        tenantId: account.tenantId,
        businessAccountId: account.id,
        phoneNumberId: null,
      };
    return this.objects.find(id, tenantIds);
  }

  private async learn({ operation, owner }: CheckedCall, segments: string[], body: Buffer): Promise<void> {
    const last = operation.segments.length - 1;
    const target = operation.segments[last];
    if (
      operation.method === 'DELETE' &&
      'kind' in target &&
      target.kind !== 'phone_number' &&
      target.kind !== 'business_account'
    ) {
      await this.objects.forget(owner.businessAccountId, target.kind, segments[last]);
      return;
    }
    const learned = learnedIds(operation.operationId, safeJson(body));
    if (learned.length === 0) return;
    const phoneNumberId = owner.kind === 'phone_number' ? segments[0] : owner.phoneNumberId;
    const byPlace = (underPhone: boolean) => learned.filter((object) => PHONE_KINDS.has(object.kind) === underPhone);
    const base = { tenantId: owner.tenantId, businessAccountId: owner.businessAccountId };
    await this.objects.remember({ ...base, phoneNumberId }, byPlace(true));
    await this.objects.remember({ ...base, phoneNumberId: null }, byPlace(false));
  }
}

function notTenantScoped(candidates: CloudApiOperation[]): GraphError {
  const shown = candidates[0].path.replace(/^\/\{Version\}/, '');
  return GraphError.permissionDenied(
    `${shown} is not a tenant's operation: the gateway forwards only operations on an organization's own phone ` +
      'numbers and business accounts (and what Meta creates under them), never app, business portfolio, user or ' +
      'token operations',
  );
}

/**
 * Multipart bodies (flow JSON uploads) are not parsed by the app's body parsers: read them here, as
 * bytes to forward, with body-parser's raw reader (the limit of every other body).
 */
const rawReader = express.raw({ type: () => true, limit: '10mb' });
function readRawBody(req: GatewayRequest, res: Response): Promise<void> {
  return new Promise((resolve, reject) => rawReader(req, res, (error?: Error) => (error ? reject(error) : resolve())));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The client's query string as sent, less the gateway key it may carry (`access_token`). */
function queryWithoutKey(originalUrl: string): string | undefined {
  const at = originalUrl.indexOf('?');
  if (at < 0) return undefined;
  const query = originalUrl.slice(at + 1);
  if (!query.split('&').some((pair) => pair.split('=')[0] === ACCESS_TOKEN_PARAMETER)) return query || undefined;
  const params = new URLSearchParams(query);
  params.delete(ACCESS_TOKEN_PARAMETER);
  return params.toString() || undefined;
}

/**
 * The body bytes as the client sent them, less the gateway key: a form's `access_token` field (the
 * key guard already took it from the parsed body) or a JSON object's. Multipart bodies arrive raw.
 */
function bodyWithoutKey(req: GatewayRequest): { contentType: string; bytes: Buffer } | undefined {
  const contentType = req.headers['content-type'];
  const bytes = req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : undefined);
  if (!contentType || !bytes || bytes.length === 0) return undefined;
  if (req.is('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(bytes.toString('utf8'));
    if (!form.has(ACCESS_TOKEN_PARAMETER)) return { contentType, bytes };
    form.delete(ACCESS_TOKEN_PARAMETER);
    return { contentType, bytes: Buffer.from(form.toString()) };
  }
  if (req.is(['json', '+json'])) {
    const json = safeJson(bytes);
    if (json && typeof json === 'object' && !Array.isArray(json) && ACCESS_TOKEN_PARAMETER in json) {
      const { [ACCESS_TOKEN_PARAMETER]: _key, ...rest } = json as Record<string, unknown>;
      return { contentType, bytes: Buffer.from(JSON.stringify(rest)) };
    }
  }
  return { contentType, bytes };
}
