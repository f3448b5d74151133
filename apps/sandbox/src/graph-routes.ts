import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import multer from 'multer';
import { GraphApiError, sendGraphError } from './graph-error';
import { MAX_MEDIA_BYTES, type UploadedFile } from './media-service';
import { cloudApiRoute } from './cloud-api-routes';
import type { SandboxCore } from './sandbox-core';
import type { BusinessAccount, PhoneNumber, UploadSession } from './sandbox-state';

const VERSION = /^v\d+\.\d+$/;
const UPLOAD_SESSION_PATH = /^\/v\d+\.\d+\/upload(:|%3A)/i;

type Query = Record<string, unknown>;

/**
 * The Graph API surface: `/{version}/...` routes for messages, media, resumable uploads and
 * templates, plus media download URLs. Every call is recorded in the request log, then may meet an
 * injected fault, then is authenticated the way Graph does it: an unknown token is 401 code 190;
 * an unknown object is 400 code 100 subcode 33; a token that does not own the object is 401 code 190.
 */
export function graphRoutes(core: SandboxCore): Router {
  const router = express.Router();
  const { state } = core;

  router.use(core.requestLog.recordArrival, parseBody, core.requestLog.recordBody, core.faults.middleware);

  // Media download URLs (Meta serves them from lookaside.fbsbx.com): the owner's token is required.
  router.get('/whatsapp_business/attachments/', (req, res) => {
    const media = core.media.resolveDownload(req.query);
    if (!media) {
      res.status(404).type('text/plain').send('URL signature expired or invalid');
      return;
    }
    const phone = state.phoneNumber(media.phoneNumberId);
    requireOwner(req, phone && state.businessAccount(phone.wabaId));
    // A customer's bytes: never rendered as a page of this origin (like the gateway's own download).
    res
      .status(200)
      .type(media.mimeType)
      .set({ 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "sandbox; default-src 'none'" })
      .send(media.bytes);
  });

  router.use('/:version', (req, res, next) => {
    if (!VERSION.test(req.params.version)) throw GraphApiError.unknownPath(req.originalUrl.split('?')[0]);
    res.setHeader('facebook-api-version', req.params.version);
    next();
  });

  // Embedded Signup's code, traded for the business token by the partner's server (no token: the
  // app's id and secret are the credentials).
  router.get('/:version/oauth/access_token', (req, res) => {
    res.json(core.signup.exchange(req.query));
  });

  router.post('/:version/:node/messages', (req, res) => {
    const phone = authorizePhone(req, 'post');
    const answer = core.messages.send(phone, req.body);
    // A magic recipient's send that is never answered: the socket goes when the caller gives up.
    if (answer !== null) res.json(answer);
  });

  router.post('/:version/:node/media', (req, res) => {
    const phone = authorizePhone(req, 'post');
    const files = Array.isArray(req.files) ? (req.files as UploadedFile[]) : [];
    res.json(core.media.upload(phone, (req.body ?? {}) as Query, files));
  });

  router.post('/:version/:node/message_templates', (req, res) => {
    res.json(core.templates.create(authorizeWaba(req, 'post'), req.body));
  });

  router.get('/:version/:node/message_templates', (req, res) => {
    res.json(core.templates.list(authorizeWaba(req, 'get'), req.query, selfUrl(req)));
  });

  router.delete('/:version/:node/message_templates', (req, res) => {
    res.json(core.templates.delete(authorizeWaba(req, 'delete'), req.query));
  });

  // The apps subscribed to an account's webhooks: the token's app subscribes (the sandbox has one
  // app, its own), and only subscribed apps receive the account's webhooks (webhook-sender.ts).
  router.get('/:version/:node/subscribed_apps', (req, res) => {
    const waba = authorizeWaba(req, 'get');
    res.json({
      data: [...waba.subscribedApps].map((id) => ({
        whatsapp_business_api_data: {
          id,
          name: `Sandbox app ${id}`,
          link: `https://www.facebook.com/games/?app_id=${id}`,
        },
      })),
    });
  });

  router.post('/:version/:node/subscribed_apps', (req, res) => {
    authorizeWaba(req, 'post').subscribedApps.add(core.options.appId);
    res.json({ success: true });
  });

  router.delete('/:version/:node/subscribed_apps', (req, res) => {
    authorizeWaba(req, 'delete').subscribedApps.delete(core.options.appId);
    res.json({ success: true });
  });

  router.get('/:version/:node/phone_numbers', (req, res) => {
    const waba = authorizeWaba(req, 'get');
    // A business account has a handful of numbers: one page, with Graph's cursor shape.
    const data = state.phoneNumbersOf(waba.id).map((phone) => phoneNumberRecord(phone, req.query.fields));
    const cursor = (record?: Record<string, unknown>) => Buffer.from(String(record?.id)).toString('base64url');
    res.json({
      data,
      paging: { cursors: data.length ? { before: cursor(data[0]), after: cursor(data[data.length - 1]) } : {} },
    });
  });

  router.get('/:version/:node/whatsapp_business_profile', (req, res) => {
    const phone = authorizePhone(req, 'get');
    const profile = { ...state.businessProfile(phone.id), messaging_product: 'whatsapp' };
    const fields =
      typeof req.query.fields === 'string' && req.query.fields !== ''
        ? req.query.fields.split(',').map((f) => f.trim())
        : undefined;
    const shown = fields
      ? Object.fromEntries(
          Object.entries(profile).filter(([name]) => fields.includes(name) || name === 'messaging_product'),
        )
      : profile;
    res.json({ data: [shown] });
  });

  router.post('/:version/:node/whatsapp_business_profile', (req, res) => {
    const phone = authorizePhone(req, 'post');
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.messaging_product !== 'whatsapp')
      throw GraphApiError.invalidParameter('The parameter messaging_product is required and must be whatsapp.');
    const profile = state.businessProfile(phone.id);
    const text = {
      about: 139,
      address: 256,
      description: 512,
      email: 128,
      vertical: 64,
      profile_picture_handle: 1024,
    } as Record<string, number>;
    for (const [name, value] of Object.entries(body)) {
      if (name === 'messaging_product') continue;
      if (name === 'websites') {
        if (!Array.isArray(value) || value.length > 2 || value.some((w) => typeof w !== 'string'))
          throw GraphApiError.invalidParameter('Param websites must be an array of at most 2 URLs.');
        profile.websites = value;
      } else if (name in text) {
        if (typeof value !== 'string' || value.length > text[name])
          throw GraphApiError.invalidParameter(`Param ${name} must be a string of at most ${text[name]} characters.`);
        profile[name === 'profile_picture_handle' ? 'profile_picture_url' : name] = value;
      } else {
        throw GraphApiError.invalidParameter(`Param ${name} is not a business profile field.`);
      }
    }
    res.json({ success: true });
  });

  router.post('/:version/:node/uploads', (req, res) => {
    requireKnownToken(req);
    if (req.params.node !== core.options.appId) throw missingNode(req, 'post');
    res.json(core.media.openUpload(req.query));
  });

  router.get('/:version/:node', (req, res, next) => {
    const node = req.params.node;
    requireKnownToken(req);
    if (isUploadNode(node)) {
      res.json(core.media.uploadStatus(findUpload(req, 'get')));
      return;
    }
    const template = state.template(node);
    if (template) {
      requireOwner(req, state.businessAccount(template.wabaId));
      res.json(core.templates.read(template, req.query.fields));
      return;
    }
    const media = state.mediaById(node);
    if (media) {
      const phone = state.phoneNumber(media.phoneNumberId);
      requireOwner(req, phone && state.businessAccount(phone.wabaId));
      const only = req.query.phone_number_id;
      if (typeof only === 'string' && only !== media.phoneNumberId) throw GraphApiError.unknownObject('get', node);
      res.json(core.media.describe(media, baseUrl(req)));
      return;
    }
    const phone = state.phoneNumber(node);
    if (phone) {
      requireOwner(req, state.businessAccount(phone.wabaId));
      res.json(phoneNumberRecord(phone, req.query.fields));
      return;
    }
    const waba = state.businessAccount(node);
    if (waba) {
      requireOwner(req, waba);
      const fields = typeof req.query.fields === 'string' ? req.query.fields : '';
      if (fields.startsWith('pricing_analytics')) {
        res.json(core.charges.analytics(waba.id, fields));
        return;
      }
      if (fields.startsWith('template_analytics')) {
        res.json(core.templateAnalytics.analytics(waba.id, fields, Math.floor(Date.now() / 1000)));
        return;
      }
      res.json({
        id: waba.id,
        name: waba.name,
        currency: 'USD',
        timezone_id: '1',
        message_template_namespace: `sandbox_${waba.id}`,
      });
      return;
    }
    next();
  });

  router.post('/:version/:node', (req, res, next) => {
    const node = req.params.node;
    requireKnownToken(req);
    if (isUploadNode(node)) {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.json(core.media.appendUpload(findUpload(req, 'post'), req.headers['file_offset'], bytes));
      return;
    }
    const template = state.template(node);
    if (!template) return next();
    requireOwner(req, state.businessAccount(template.wabaId));
    res.json(core.templates.edit(template, req.body));
  });

  router.delete('/:version/:node', (req, res, next) => {
    const node = req.params.node;
    requireKnownToken(req);
    const media = state.mediaById(node);
    if (!media) return next();
    const phone = state.phoneNumber(media.phoneNumberId);
    requireOwner(req, phone && state.businessAccount(phone.wabaId));
    state.deleteMedia(media.id);
    res.json({ success: true });
  });

  // Every other operation of Meta's description: registration, settings, flows, groups, QR codes, …
  router.all(
    ['/:version/:node', '/:version/:node/*rest'],
    cloudApiRoute(state, core.cloud, (req, wabaId) =>
      requireOwner(req, wabaId ? state.businessAccount(wabaId) : undefined),
    ),
  );

  // Anything else under a version: a node that does not exist, or an edge the node lacks.
  router.all('/:version/:node', (req) => {
    requireKnownToken(req);
    throw GraphApiError.unknownObject(req.method, nodeParam(req));
  });
  router.all('/:version/:node/*rest', (req) => {
    requireKnownToken(req);
    throw missingNode(req, req.method);
  });

  router.use((req) => {
    throw GraphApiError.unknownPath(req.path);
  });

  router.use(graphErrorHandler);
  return router;

  // Authentication, in Graph's order: token, object, ownership.

  function requireKnownToken(req: Request): string {
    const token = accessToken(req);
    if (!token || !state.isKnownToken(token)) throw GraphApiError.invalidToken();
    return token;
  }

  function requireOwner(req: Request, owner: BusinessAccount | undefined): void {
    const token = requireKnownToken(req);
    if (!owner || owner.accessToken !== token) throw GraphApiError.invalidToken();
  }

  /** An edge asked of a node of another type is Graph's "nonexisting field"; no node at all is subcode 33. */
  function missingNode(req: Request, method: string): GraphApiError {
    const node = nodeParam(req);
    const nodeType = nodeTypeOf(node);
    const edge = req.path.split('/')[3];
    return nodeType && edge ? GraphApiError.unknownField(edge, nodeType) : GraphApiError.unknownObject(method, node);
  }

  function authorizePhone(req: Request, method: string): PhoneNumber {
    requireKnownToken(req);
    const phone = state.phoneNumber(nodeParam(req));
    if (!phone) throw missingNode(req, method);
    requireOwner(req, state.businessAccount(phone.wabaId));
    return phone;
  }

  function authorizeWaba(req: Request, method: string): BusinessAccount {
    requireKnownToken(req);
    const waba = state.businessAccount(nodeParam(req));
    if (!waba) throw missingNode(req, method);
    requireOwner(req, waba);
    return waba;
  }

  function nodeTypeOf(node: string): string | undefined {
    if (state.phoneNumber(node)) return 'WhatsAppBusinessPhoneNumber';
    if (state.businessAccount(node)) return 'WhatsAppBusinessAccount';
    if (state.template(node)) return 'WhatsAppMessageTemplate';
    if (state.mediaById(node)) return 'WhatsAppBusinessMedia';
    return undefined;
  }

  function findUpload(req: Request, method: string): UploadSession {
    const session = core.media.findUpload(nodeParam(req), req.query.sig);
    if (!session) throw GraphApiError.unknownObject(method, nodeParam(req));
    return session;
  }
}

/** `Authorization: Bearer <token>` or `OAuth <token>` (resumable uploads), else `?access_token=`. */
function accessToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header !== undefined) return /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(header)?.[1];
  const query = req.query.access_token;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** The `:node` path segment, in helpers that see a plain Request. */
function nodeParam(req: Request): string {
  return String(req.params.node);
}

function isUploadNode(node: string): boolean {
  return node.startsWith('upload:');
}

function baseUrl(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function selfUrl(req: Request): string {
  return baseUrl(req) + req.baseUrl + req.path;
}

/**
 * A number as Graph shows it: its default fields, or those `fields` names (the id always), from
 * every field the sandbox knows, its limits among them.
 */
function phoneNumberRecord(phone: PhoneNumber, fields?: unknown): Record<string, unknown> {
  const record: Record<string, unknown> = {
    verified_name: phone.verifiedName,
    code_verification_status: 'VERIFIED',
    display_phone_number: phone.displayPhoneNumber,
    quality_rating: phone.limits.qualityRating,
    platform_type: 'CLOUD_API',
    throughput: { level: phone.limits.throughputLevel },
    id: phone.id,
  };
  if (typeof fields !== 'string' || fields.trim() === '') return record;
  const all: Record<string, unknown> = {
    ...record,
    messaging_limit_tier: phone.limits.messagingLimitTier,
    is_on_biz_app: phone.limits.isOnBizApp,
    status: 'CONNECTED',
    name_status: 'APPROVED',
    account_mode: 'LIVE',
  };
  const wanted = new Set(fields.split(',').map((field) => field.trim()));
  return Object.fromEntries(Object.entries(all).filter(([name]) => name === 'id' || wanted.has(name)));
}

// Body parsing: JSON, form, multipart (media uploads) and raw bytes (resumable upload chunks,
// whatever their content type: Meta's own examples send them as curl --data-binary).
const parseJson = express.json({ limit: '10mb' });
const parseForm = express.urlencoded({ extended: true, limit: '10mb' });
const parseMultipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_MEDIA_BYTES, files: 1 },
}).any();
const parseRaw = express.raw({ type: () => true, limit: MAX_MEDIA_BYTES + 1024 });

function parseBody(req: Request, res: Response, next: NextFunction): void {
  if (UPLOAD_SESSION_PATH.test(req.path)) void parseRaw(req, res, next);
  else if (req.is('multipart/form-data'))
    void parseMultipart(req, res, (error?: unknown) =>
      // A body that is not valid multipart (cut short, no boundary) is the client's error, as at Meta.
      next(
        error instanceof Error && !(error instanceof multer.MulterError)
          ? GraphApiError.invalidParameter(`The multipart body could not be read: ${error.message}`)
          : error,
      ),
    );
  else if (req.is('application/x-www-form-urlencoded')) void parseForm(req, res, next);
  else if (req.is(['json', '+json'])) void parseJson(req, res, next);
  else void parseRaw(req, res, next);
}

function graphErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  if (error instanceof GraphApiError) return sendGraphError(res, error);
  if (error instanceof multer.MulterError) {
    return sendGraphError(
      res,
      GraphApiError.invalidParameter(`Param ${error.field ?? 'file'} is invalid: ${error.message}.`),
    );
  }
  const bodyError = error as { type?: string; status?: number };
  if (bodyError.type === 'entity.parse.failed') {
    return sendGraphError(res, GraphApiError.invalidParameter('The request body could not be parsed as JSON.'));
  }
  if (bodyError.type === 'entity.too.large') {
    return sendGraphError(
      res,
      new GraphApiError(413, { message: 'Request entity too large', type: 'OAuthException', code: 100 }),
    );
  }
  if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
    return sendGraphError(
      res,
      GraphApiError.invalidParameter(`The request could not be read: ${(error as Error).message}`),
    );
  }
  console.error('[sandbox] unexpected error', error);
  sendGraphError(res, GraphApiError.unknown());
}
