import { signupSdk } from './signup/embedded-signup.service';
import { UpstreamTarget } from './upstream/upstream-target';
import type { INestApplication } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Logger } from 'pino';
import type { Environment } from './config/environment';
import { graphErrorMiddleware, writeClientError } from './pipeline/graph-exception.filter';
import { bodyShapeLimits } from './core/body-shape';
import { graphPathAliases, storablePathIds } from './core/graph-paths';
import { addForwardedOperations } from './passthrough/forwarded-operations.document';
import { finishExplorerDocument } from './core/explorer-document';
import { KEY_PREFIX } from './auth/api-key-format';
import { SCOPES_BY_KIND } from './core/scopes';
import { errorCodeTable } from './core/api-graph-errors.decorator';
import { DatabaseBreaker } from './database/database-breaker';
import { requestIdMiddleware } from './core/request-id';
import { accessLog } from './logging/access-log';
import { ROOT_LOGGER } from './logging/logging.module';
import { httpMetrics } from './metrics/http-metrics';
import { MetricsService } from './metrics/metrics.service';
import express from 'express';
import { SecretBox } from './common/secret-box';
import { CONSOLE_PATH, consolePages } from './console/console-pages';
import { consoleSessions, consoleSessionStore } from './console/console-sessions';
import { SharedStore } from './redis/shared-store';
import type { GatewayRequest } from './core/gateway-request';

/** A broadcast's create and append (after the Graph path aliases: every version reads as /v1). */
const BROADCAST_BODY_PATHS = [/^\/v1\/[^/]+\/broadcasts$/, /^\/v1\/[^/]+\/broadcasts\/[^/]+\/recipients$/];

/**
 * Everything about the HTTP app that is not a module: middleware order, body limits, docs and
 * shutdown hooks. main.ts and the e2e tests both call it, so tests run the app exactly as served.
 * The app must be created with `{ rawBody: true }` (HMAC and webhook signatures need the raw bytes).
 */
export function configureApp(app: NestExpressApplication): INestApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  app.set('trust proxy', parseTrustProxy(config.get('TRUST_PROXY', { infer: true })));
  app.disable('x-powered-by');
  app.set('etag', false);
  // Before the body parsers, so that a malformed body's error still carries the request id.
  app.use(requestIdMiddleware);
  // One access line per request, even for requests refused before routing; below LOG_LEVEL=log no
  // line would be written, so the middleware is not mounted at all (it costs a child logger a request).
  const root = app.get<Logger>(ROOT_LOGGER);
  if (root.isLevelEnabled('info')) app.use(accessLog(root));
  app.use(httpMetrics(app.get(MetricsService)));
  // `/v23.0/...` and unversioned Graph paths are routed as `/v1/...`.
  app.use(graphPathAliases);
  // A path id holding NUL or bytes that are not UTF-8 reads as U+FFFD: an id that does not exist.
  app.use(storablePathIds);
  // PostgreSQL known down: 503 code 2 at once, before the body is read.
  app.use(app.get(DatabaseBreaker).middleware());
  // The console's sessions: a request with its cookie acts as the key it signed in with.
  const sessionTtl = config.get('CONSOLE_SESSION_TTL_SECONDS', { infer: true });
  app.use(
    consoleSessions({
      store: consoleSessionStore(app.get(SharedStore), 'console:session:', sessionTtl),
      // Signed under the current key, still verified under the others while a rotation runs.
      secret: app.get(SecretBox).deriveAll('console-session-cookie'),
      ttlSeconds: sessionTtl,
    }),
  );
  // The console's pages and assets (built by npm run build), under a strict Content-Security-Policy;
  // the connect page lets Meta's SDK (or the sandbox's stand-in) run, and no other does.
  const sdk = signupSdk(config, app.get(UpstreamTarget));
  app.use(CONSOLE_PATH, consolePages(undefined, [new URL(sdk.sdkUrl).origin, ...sdk.origins]));
  const limit = config.get('BODY_LIMIT', { infer: true });
  // A broadcast's list of up to 10,000 recipients with their parameters is larger than any Cloud API
  // body: its two routes read JSON up to BROADCAST_BODY_LIMIT (the raw bytes kept, for HMAC), first.
  app.use(
    BROADCAST_BODY_PATHS,
    express.json({
      limit: config.get('BROADCAST_BODY_LIMIT', { infer: true }),
      verify: (req: GatewayRequest, _res, buf) => (req.rawBody = buf),
    }),
  );
  // A rate card may come as Meta lays it out, a CSV (src/usage).
  app.use('/v1/rate_cards', express.text({ type: 'text/csv', limit }));
  app.useBodyParser('json', { limit });
  app.useBodyParser('urlencoded', { limit, extended: true });
  // Before anything walks a parsed body: hostile nesting or arrays are 400 code 100. (Query strings
  // are parsed flat by Express 5, at most 1,000 keys; urlencoded bodies by qs, 5 levels, 20 indexes.)
  // Text PostgreSQL cannot store (NUL, unpaired surrogates) is 400 code 100 naming the field, on every
  // route but Meta's deliveries (acknowledged and kept as unprocessable instead).
  app.use(
    bodyShapeLimits({
      maxDepth: config.get('BODY_MAX_DEPTH', { infer: true }),
      maxArrayLength: config.get('BODY_MAX_ARRAY_LENGTH', { infer: true }),
      textUncheckedPaths: ['/webhooks/whatsapp', '/webhooks/simulator'],
    }),
  );
  app.use(graphErrorMiddleware);
  // Requests Node's HTTP parser refuses (headers past its limit, malformed request lines) never
  // reach Express: answer them with a Graph error body too, not Node's bare status line.
  app.getHttpServer().on('clientError', writeClientError);
  if (config.get('DOCS_ENABLED', { infer: true })) setUpDocs(app);
  app.enableShutdownHooks();
  return app;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function setUpDocs(app: INestApplication): void {
  // Built on the first request of /docs or /docs-json, then kept: an instance nobody asks for its
  // description does not hold it (several megabytes of objects: docs/performance.md, "Memory").
  SwaggerModule.setup('docs', app, () => explorerDocument(app), {
    jsonDocumentUrl: 'docs-json',
    // Over a hundred operations under some forty tags: a filter box by tag, and links to each one.
    // (Past 150 rows Swagger UI renders only the rows in view; the filter brings any into view.)
    swaggerOptions: { filter: true, deepLinking: true },
  });
}

function explorerDocument(app: INestApplication) {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('WhatsApp gateway')
      .setDescription(
        'A multi-tenant gateway in front of the WhatsApp Cloud API. Request, response and error shapes follow the Cloud API; ' +
          'every call needs a key: `Authorization: Bearer <key>` or, as Graph takes tokens, `?access_token=<key>` (or an `access_token` ' +
          'form field; two different keys in one request are 400 code 100). Keys: svc_live_ (organization), svc_admin_ (admin: several organizations, and their keys with `keys:*`), svc_platform_ (the operator’s: onboarding under `/v1/organizations` and keys under `/v1/keys`; issued only with the CLI). ' +
          'Errors use the Graph body `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`.\n\n' +
          '**Paths.** `/v1` is the documented prefix. Every `/v1/...` path also answers under any Graph version (`/v23.0/...`, ' +
          '`/v17.0/...`) and, as Graph does, with no version (`/{phone-number-id}/messages`), with identical behaviour, errors, scopes ' +
          "and tenancy: point an existing Cloud API client at this host and it works. Upstream is always called at the gateway's " +
          'configured Graph version, whatever version the client names.\n\n' +
          "**Error codes** the gateway answers or passes on from Meta (Meta's own codes not listed pass through unchanged):\n\n" +
          errorCodeTable(),
      )
      .setVersion('1')
      .addBearerAuth(
        { type: 'http', scheme: 'bearer', description: 'svc_live_…, svc_admin_… or svc_platform_… API key' },
        'api-key',
      )
      .build(),
  );
  const kinds = (['org', 'admin', 'platform'] as const).map((kind) => ({
    label: { org: 'organization', admin: 'admin', platform: 'platform' }[kind],
    prefix: KEY_PREFIX[kind],
    scopes: SCOPES_BY_KIND[kind],
  }));
  return finishExplorerDocument(addForwardedOperations(document), kinds);
}
