import { plainToInstance, Transform } from 'class-transformer';
import { DEFAULT_EMBEDDED_DATABASE_PORT, rawSettings } from './raw-settings';
import { redisTargetOf } from './redis-target';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  validateSync,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return value;
};
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * Every setting of the gateway, with its default. `.env.example` documents each one.
 * Nothing outside `src/config` reads `process.env`: consumers inject
 * `ConfigService<Environment, true>` and read with `{ infer: true }`.
 */
export class Environment {
  /**
   * `production` (the default): every dependency and secret is configured, or the gateway does not
   * start (the message names each missing or unsafe setting); nothing is seeded or printed.
   * `demo` (`npm run demo`): embedded PostgreSQL and an in-process store where no URL is given, the
   * sandbox app on loopback as upstream, generated secrets, demo data and printed keys.
   */
  @IsIn(['production', 'demo'])
  GATEWAY_MODE: 'production' | 'demo' = 'production';

  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Interface to listen on. Unset: every interface in production, loopback in the demo. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  HOST: string;

  /** Express `trust proxy`: false, true, a hop count or a list of subnets. */
  @IsString()
  TRUST_PROXY = 'loopback';

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must look like 512kb or 1mb' })
  BODY_LIMIT = '1mb';

  /**
   * Largest body of a broadcast create or append (`POST /v1/{phone}/broadcasts[/{id}/recipients]`): 10,000
   * recipients with parameters.
   */
  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BROADCAST_BODY_LIMIT must look like 512kb or 10mb' })
  BROADCAST_BODY_LIMIT = '10mb';

  /** Deepest nesting of a JSON body (Meta's deepest payloads nest about 8 levels); deeper is 400 code 100. */
  @Transform(toInt)
  @IsInt()
  @Min(8)
  @Max(1000)
  BODY_MAX_DEPTH = 64;

  /** Most elements of one array in a JSON body; more is 400 code 100. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(1000000)
  BODY_MAX_ARRAY_LENGTH = 10000;

  /** json: one JSON object per line; text: readable lines. Unset: json when NODE_ENV=production, text otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['json', 'text'])
  LOG_FORMAT: 'json' | 'text';

  @IsIn(['error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL: 'error' | 'warn' | 'log' | 'debug' | 'verbose' = 'log';

  /** PostgreSQL. When unset, an embedded PGlite database is started under DATA_DIR. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  @Transform(toBoolean)
  @IsBoolean()
  DATABASE_MIGRATIONS_RUN = true;

  /** Folder for embedded data (PGlite files, the generated encryption key). */
  @IsString()
  DATA_DIR = './data';

  /** Loopback port the embedded PostgreSQL listens on (so the CLI can reach it). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  EMBEDDED_DATABASE_PORT = DEFAULT_EMBEDDED_DATABASE_PORT;

  /**
   * Redis: one (`redis://`), a cluster (`redis+cluster://h1:p1,h2:p2`) or a Sentinel-watched primary
   * (`redis+sentinel://h1:p1,h2:p2/name`), read by redisTargetOf. When unset, an in-process store
   * serves one instance (a warning is logged).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REDIS_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(10000)
  REDIS_COMMAND_TIMEOUT_MS = 250;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60000)
  REDIS_CONNECT_TIMEOUT_MS = 1000;

  /**
   * Written before every key. No braces: the keys' own hash tags (`{...}`) keep what one script
   * touches in one Redis Cluster slot, and a tag in the prefix would put every key in one.
   */
  @IsString()
  @Matches(/^[^{}]*$/, { message: 'REDIS_KEY_PREFIX must not contain { or } (the keys carry their own hash tags)' })
  REDIS_KEY_PREFIX = 'gw:';

  /** 32 bytes, base64 or hex: encrypts upstream tokens and signing secrets at rest. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^([A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})$/, {
    message: 'ENCRYPTION_KEY must be 32 bytes as base64 (44 chars) or hex (64 chars)',
  })
  ENCRYPTION_KEY?: string;

  /**
   * Several keys with ids, for rotation: `id:key,id:key` (each key 32 bytes as hex or base64), the
   * first one current (new values are written under it), the others only read. In place of
   * ENCRYPTION_KEY, whose key is id `0`. `cli secrets:reencrypt` moves every stored secret to the
   * current key; then the others can be removed (docs/deploy.md).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ENCRYPTION_KEYS?: string;

  /**
   * How long an API key, phone number or business account lookup is served from memory: at most
   * 5 s, the promise that a revoked key stops working on every instance within 5 s.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(5000)
  AUTH_CACHE_TTL_MS = 5000;

  /** Allowed clock skew for HMAC-signed requests. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  HMAC_MAX_SKEW_SECONDS = 300;

  /**
   * The upstream's base URL: Meta's Graph API (production's default, https://graph.facebook.com), or
   * the sandbox app (the demo's default, http://127.0.0.1:3001, where `npm run sandbox` listens).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'UPSTREAM_BASE_URL must be an http(s) URL' })
  UPSTREAM_BASE_URL: string;

  @Matches(/^v\d+\.\d+$/, { message: 'UPSTREAM_API_VERSION must look like v23.0' })
  UPSTREAM_API_VERSION = 'v23.0';

  /** Every upstream call fails with 500 code 131000 after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120000)
  UPSTREAM_TIMEOUT_MS = 10000;

  /** Pooled keep-alive connections to the upstream, per instance. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1024)
  UPSTREAM_CONNECTIONS = 64;

  /**
   * Your Meta app's id: the app subscribed to each business account's webhooks (onboarding checks
   * that Meta lists it) and the one resumable uploads go to (`/{app-id}/uploads`). Required in
   * production; the demo's default is the sandbox's app, DEMO_META_APP_ID (refused in production).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\d{1,32}$/, { message: 'META_APP_ID must be your Meta app id (digits)' })
  META_APP_ID: string;

  /** Meta app secret: verifies X-Hub-Signature-256 on upstream webhooks. Sandbox mode: generated when unset. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  META_APP_SECRET?: string;

  /**
   * Test mode's Cloud API simulator (the sandbox app run as a service beside the gateway): test
   * organizations' accounts are answered there, never at UPSTREAM_BASE_URL. Unset: no test numbers.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'SIMULATOR_BASE_URL must be an http(s) URL' })
  SIMULATOR_BASE_URL?: string;

  /** The secret the simulator signs its webhooks with (X-Hub-Signature-256 at /webhooks/simulator). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SIMULATOR_APP_SECRET?: string;

  /** Test numbers an organization may hold at once (POST /v1/test/phone_numbers). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  TEST_NUMBERS_PER_ORGANIZATION = 5;

  /** Token Meta echoes in the webhook subscription handshake. Sandbox mode: generated when unset. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WEBHOOK_VERIFY_TOKEN?: string;

  /**
   * Embedded Signup: your Facebook Login for Business configuration's id (the WhatsApp Embedded Signup
   * variation). Unset: the console does not offer to connect numbers (the demo: the sandbox's).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\d{1,32}$/, { message: 'EMBEDDED_SIGNUP_CONFIG_ID must be the configuration id (digits)' })
  EMBEDDED_SIGNUP_CONFIG_ID?: string;

  /**
   * Meta's JavaScript SDK, which opens Embedded Signup. Unset: connect.facebook.net's when the upstream
   * is Meta's, else the upstream's stand-in (`<UPSTREAM_BASE_URL>/sdk.js`: the sandbox serves one).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'META_SDK_URL must be an http(s) URL' })
  META_SDK_URL?: string;

  /** Templates a business account may hold (Meta's cap is about 250); the next create is refused. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  TEMPLATES_PER_ACCOUNT_MAX = 250;

  /** How often the template catalog is reconciled with upstream's list; 0 turns the periodic sync off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86400)
  TEMPLATE_SYNC_INTERVAL_SECONDS = 600;

  /**
   * Where the media library keeps its files, shared by every instance: `postgres` (the default: in
   * the database, 1 MiB chunks) or `s3` (an S3-compatible bucket, MEDIA_S3_*).
   */
  @IsIn(['postgres', 's3'])
  MEDIA_STORAGE: 'postgres' | 's3' = 'postgres';

  /** Folder where an upload streams in (and is hashed) before it is stored; a local, per-instance scratch folder. */
  @IsString()
  @IsNotEmpty()
  MEDIA_INCOMING_DIR = './data/media-incoming';

  /** MEDIA_STORAGE=s3: the bucket (it must exist). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MEDIA_S3_BUCKET?: string;

  /** MEDIA_STORAGE=s3: the bucket's region. */
  @IsString()
  @IsNotEmpty()
  MEDIA_S3_REGION = 'us-east-1';

  /**
   * MEDIA_STORAGE=s3: an S3-compatible service's URL (MinIO, R2, …); unset: AWS S3 itself. Path-style addressing
   * when set.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'MEDIA_S3_ENDPOINT must be an http(s) URL' })
  MEDIA_S3_ENDPOINT?: string;

  /** MEDIA_STORAGE=s3: credentials; unset, the AWS SDK's own chain (environment, instance role). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MEDIA_S3_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MEDIA_S3_SECRET_ACCESS_KEY?: string;

  /** MEDIA_STORAGE=s3: written before every object's key (`<prefix><organization id>/<asset id>`). */
  @IsString()
  MEDIA_S3_PREFIX = 'media-library/';

  /** MEDIA_STORAGE=s3: each call to the bucket fails after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  MEDIA_S3_TIMEOUT_MS = 30000;

  /** Requests per second, per client IP, for requests without a valid key (slows key guessing). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  UNAUTHENTICATED_RATE_LIMIT_PER_SECOND = 30;

  /** Wrong passwords for one account, within SIGN_IN_LOCK_SECONDS, that lock it (every instance counts them). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  SIGN_IN_MAX_FAILURES = 10;

  /** How long an account stays locked after SIGN_IN_MAX_FAILURES wrong passwords (and the window they count in). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86400)
  SIGN_IN_LOCK_SECONDS = 900;

  /** How long a successful response is kept for Idempotency-Key replays. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(604800)
  IDEMPOTENCY_TTL_SECONDS = 86400;

  /** How long an Idempotency-Key stays locked while its first request runs. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  IDEMPOTENCY_LOCK_SECONDS = 60;

  /**
   * A send whose upstream outcome is unknown (no answer in time, or the instance died) and whose
   * status webhooks have not come after this long is marked failed (reason `outcome_unknown`); only
   * then may a retry with its Idempotency-Key send again. Meta's statuses come within seconds.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(604800)
  SEND_OUTCOME_TIMEOUT_SECONDS = 900;

  /** How often the sweeper (one instance at a time) looks for sends still pending past the upstream timeout. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3600000)
  SEND_SWEEP_INTERVAL_MS = 10000;

  /**
   * The team inbox (messages/conversations/): how often one instance wakes snoozes whose time came
   * and gives out conversations waiting for an agent (besides at once when an agent frees up).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3600000)
  INBOX_SWEEP_INTERVAL_MS = 5000;

  /**
   * A mention's mail that the SMTP server refused (or could not be reached for) is tried again after
   * this many seconds, doubled each time, five tries in all; then the mention says `failed`.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86400)
  MENTION_MAIL_RETRY_SECONDS = 60;

  /**
   * The team inbox's presence (inbox/live/): a member whose last console stream closed this long ago
   * (a reload reconnects well within it) goes offline at the next sweep. More than the 20 s in which
   * instances holding streams say so again.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3600000)
  INBOX_PRESENCE_GRACE_MS = 30000;

  /**
   * Automations (automations/): a job (an event automations answer) is the writing instance's this
   * long; one unfinished after it (the instance died, or a reply's outcome was not known yet) is taken
   * by the sweep, which runs on one instance this often.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86400)
  AUTOMATION_LEASE_SECONDS = 120;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3600000)
  AUTOMATION_SWEEP_INTERVAL_MS = 10000;

  /**
   * A rule's `call_url` that failed (a 5xx, 408, 429, a timeout, no connection) is called again after
   * this long, doubled at each attempt (at most an hour apart), until the job's attempts run out.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3600000)
  AUTOMATION_CALL_RETRY_BASE_MS = 5000;

  /**
   * Pacing (pacing/): an API send that finds its number's pace (or the pair rule) busy waits this long
   * at most for its turn; beyond it the gateway answers 130429 (or 131056) itself with Retry-After.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  PACE_MAX_WAIT_MS = 2000;

  /**
   * Pacing: the share of each number's throughput left unused, for the jitter between the gateway's
   * turn and the moment Meta counts the message (a 2 % margin paces an 80/s number at 78.4/s).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(50)
  PACE_MARGIN_PERCENT = 2;

  /** Pacing: how often each number's throughput, tier and quality are read again from Meta (0: never). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(604800)
  PACE_REFRESH_INTERVAL_SECONDS = 3600;

  /**
   * How often one instance looks for data-rights jobs (a customer's erasure, an organization's archive
   * or deletion) whose instance stopped or died, to take them over, and for archives past their time;
   * 0: never (a job still runs at once on the instance that took the request).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600)
  DATA_RIGHTS_RESUME_SECONDS = 30;

  /**
   * How often each business account's subscription of the gateway's Meta app to its webhooks is read
   * again from Meta (`GET /{waba-id}/subscribed_apps`; one instance checks, a batch a minute at most);
   * 0: never (onboarding still subscribes and checks).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(604800)
  SUBSCRIPTION_CHECK_INTERVAL_SECONDS = 3600;

  /**
   * How often one instance looks for business accounts whose yesterday is not yet reconciled with
   * Meta's pricing_analytics (a day is reconciled once; the operator may run any day again); 0: never
   * (`POST /v1/usage/reconciliations` still runs it).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86400)
  USAGE_RECONCILIATION_INTERVAL_SECONDS = 3600;

  /**
   * How often one instance looks for business accounts whose yesterday is not yet compared with Meta's
   * template_analytics, and forgets the funnels' days past INSIGHTS_RETENTION_DAYS; 0: never
   * (`POST /v1/insights/template_analytics` still compares a day).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86400)
  INSIGHTS_INTERVAL_SECONDS = 3600;

  /** How many days of the funnels' rollups are kept (and may be read). */
  @Transform(toInt)
  @IsInt()
  @Min(30)
  @Max(3660)
  INSIGHTS_RETENTION_DAYS = 400;

  /**
   * How long an instance's event loop stays nearly idle (under 2 % busy) before it gives back the
   * memory its busy time grew (V8's young generation and its pooled pages: about 70 MB after load);
   * once per idle spell, when there is that much to give back. 0: never.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86400)
  IDLE_MEMORY_RELEASE_SECONDS = 30;

  /**
   * Broadcasts: how often each instance looks for broadcasts to send, start or complete (0: never, this instance
   * sends none).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  BROADCAST_POLL_MS = 1000;

  /**
   * Broadcasts: how long an instance holds the recipients it takes to send (about a second's worth);
   * an instance that dies leaves them to another once this passes.
   */
  @Transform(toInt)
  @IsInt()
  @Min(3)
  @Max(3600)
  BROADCAST_LEASE_SECONDS = 30;

  /** Console: how long a session lasts without a request (each request extends it). */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(604800)
  CONSOLE_SESSION_TTL_SECONDS = 28800;

  /**
   * Records that age out (database/partitions.ts: weekly partitions, a week dropped whole once it
   * ended this many days ago, so a row goes between N and N + 7 days after its time). Message
   * records and their status history:
   */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(3650)
  MESSAGE_RETENTION_DAYS = 90;

  /** Inbound messages (by Meta's time of the message). */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(3650)
  INBOUND_MESSAGE_RETENTION_DAYS = 90;

  /**
   * Upstream webhook events as received from Meta; at least 8 days, as a change is looked for in the 7 before it
   * (Meta's retries).
   */
  @Transform(toInt)
  @IsInt()
  @Min(8)
  @Max(3650)
  WEBHOOK_EVENT_RETENTION_DAYS = 30;

  /** Audit log: how long an entry of a management write is kept, in days (its week dropped, hourly checks). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  AUDIT_LOG_RETENTION_DAYS = 365;

  /** Tenant webhooks: each attempt gives up after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60000)
  WEBHOOK_ATTEMPT_TIMEOUT_MS = 10000;

  /** Tenant webhooks: wait after the first failed attempt; each later wait doubles (with ±20 % jitter). */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3600000)
  WEBHOOK_RETRY_BASE_MS = 5000;

  /** Tenant webhooks: the longest wait between two attempts. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(86400000)
  WEBHOOK_RETRY_MAX_DELAY_MS = 3600000;

  /** Tenant webhooks: how long a delivery is retried before it is marked failed (kept for redelivery). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(2592000)
  WEBHOOK_RETRY_WINDOW_SECONDS = 86400;

  /** Tenant webhooks: failed attempts in a row after which an endpoint is slowed to one probe at a time. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_ENDPOINT_FAILURE_THRESHOLD = 5;

  /** Tenant webhooks: attempts in flight at once, per instance. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_CONCURRENCY = 32;

  /** Tenant webhooks: how often an instance looks for due deliveries its queue lost (the outbox sweep). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  WEBHOOK_SWEEP_INTERVAL_MS = 5000;

  /**
   * Tenant webhooks: deliveries are dropped with their week after this many days (a week holding one still pending
   * stays).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

  /**
   * Tenant webhooks: allow http and loopback or private-network URLs (development). Unset: allowed
   * in the demo (GATEWAY_MODE=demo) only, whatever NODE_ENV says. Link-local and metadata addresses and the gateway itself are never allowed.
   */
  @Transform(toBoolean)
  @IsOptional()
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_URLS?: boolean;

  /**
   * Where the gateway mails people (invitations, password resets): smtp:// or smtps://, with
   * credentials in the URL if the server needs them. Unset: invitation links are shown to the inviter
   * to give, and password reset is not offered.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The sender of the gateway's mail. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_FROM?: string;

  /**
   * Single sign-on: the operator's OpenID Connect provider (its issuer URL; discovery at
   * `/.well-known/openid-configuration`). Unset: people sign in with a password only. https, or http
   * on a loopback address (development).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'OIDC_ISSUER must be an http(s) URL' })
  OIDC_ISSUER?: string;

  /** The gateway's client id at the OpenID provider (its redirect URI: `<base>/console/session/sso/callback`). */
  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => env.OIDC_ISSUER !== undefined)
  @IsString({ message: 'OIDC_CLIENT_ID is needed with OIDC_ISSUER' })
  OIDC_CLIENT_ID?: string;

  /** The client's secret (client_secret_basic); unset: a public client (PKCE alone). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  /** The sign-in button's words: "Sign in with <OIDC_LABEL>". */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(40)
  OIDC_LABEL = 'single sign-on';

  /** The gateway's public URL, for links it hands out (media download URLs). Unset: taken from each request. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'PUBLIC_BASE_URL must be an http(s) URL' })
  PUBLIC_BASE_URL?: string;

  /**
   * /metrics for whoever presents it as a bearer token: on the metrics listener and, only when it is
   * set, on the main port too. Unset: the main port does not serve /metrics at all.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  METRICS_TOKEN?: string;

  /** The metrics listener's port (GET /metrics only); 0: no listener of its own. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

  /** The metrics listener's address: loopback by default, so a proxy in front of the API never exposes it. */
  @IsString()
  @IsNotEmpty()
  METRICS_HOST = '127.0.0.1';

  /** On first start with an empty database, create a demo organization and keys. Demo only (its default there). */
  @Transform(toBoolean)
  @IsOptional()
  @IsBoolean()
  DEMO_SEED: boolean;

  /**
   * Demo only: the demo organization's first webhook endpoint. `npm run demo` points it at the
   * sandbox's demo receiver, a stand-in for a tenant's handler.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'DEMO_WEBHOOK_URL must be an http(s) URL' })
  DEMO_WEBHOOK_URL?: string;

  /** Serve the OpenAPI explorer at /docs and the JSON at /docs-json. */
  @Transform(toBoolean)
  @IsBoolean()
  DOCS_ENABLED = true;
}

/** The demo's Meta app id: the sandbox's app (its default `--app-id`). Published here, so refused in production. */
export const DEMO_META_APP_ID = '1000000000000001';
/** The demo's Embedded Signup configuration (the sandbox's stand-in takes any). */
export const DEMO_SIGNUP_CONFIG_ID = '1000000000000002';

/** Where the demo looks for its upstream when UPSTREAM_BASE_URL is unset: the sandbox app's default address. */
export const DEMO_UPSTREAM_BASE_URL = 'http://127.0.0.1:3001';

/** Which process reads the settings: the gateway, or the administration CLI (no Redis, upstream or Meta secrets). */
export type ProcessRole = 'server' | 'cli';

/**
 * Validates the environment once at boot. Lists every bad variable in one message,
 * so a broken deployment is fixed in one go.
 */
export function validateEnvironment(raw: Record<string, unknown>, role: ProcessRole = 'server'): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  const problems = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  - ${e.property}: ${m}`));
  if (env.ENCRYPTION_KEYS !== undefined) {
    try {
      encryptionKeysOf(env.ENCRYPTION_KEYS);
      if (env.ENCRYPTION_KEY)
        throw new Error('set ENCRYPTION_KEYS or ENCRYPTION_KEY, not both (ENCRYPTION_KEY is id 0)');
    } catch (error) {
      problems.push(`  - ENCRYPTION_KEYS: ${(error as Error).message}`);
    }
  }
  if (env.REDIS_URL) {
    try {
      redisTargetOf(env.REDIS_URL);
    } catch (error) {
      problems.push(`  - REDIS_URL: ${(error as Error).message}`);
    }
  }
  if (env.MEDIA_STORAGE === 's3' && !env.MEDIA_S3_BUCKET)
    problems.push('  - MEDIA_S3_BUCKET: required with MEDIA_STORAGE=s3');
  if (!env.MEDIA_S3_ACCESS_KEY_ID !== !env.MEDIA_S3_SECRET_ACCESS_KEY)
    problems.push(
      '  - MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY: give both, or neither (the AWS SDK finds them)',
    );
  const demo = env.GATEWAY_MODE === 'demo';
  env.UPSTREAM_BASE_URL ??= demo ? DEMO_UPSTREAM_BASE_URL : 'https://graph.facebook.com';
  env.DEMO_SEED ??= demo;
  env.HOST ??= demo ? '127.0.0.1' : '0.0.0.0';
  if (!demo) {
    problems.push(...productionProblems(env, role).map((problem) => `  - ${problem}`));
  }
  env.META_APP_ID ??= DEMO_META_APP_ID;
  if (demo) env.EMBEDDED_SIGNUP_CONFIG_ID ??= DEMO_SIGNUP_CONFIG_ID;
  env.WEBHOOK_ALLOW_PRIVATE_URLS ??= demo;
  env.LOG_FORMAT ??= env.NODE_ENV === 'production' ? 'json' : 'text';
  if (problems.length > 0) {
    const hint = demo
      ? ''
      : role === 'server'
        ? '\n(GATEWAY_MODE=production, the default. To try the gateway with embedded defaults: npm run demo)'
        : '\n(GATEWAY_MODE=production, the default. On the demo’s database: npm run demo:cli -- <command>)';
    throw new Error(`Invalid configuration:\n${problems.join('\n')}${hint}`);
  }
  return env;
}

/**
 * Values that appear in this repository (examples, compose defaults, the sandbox's and the tests'
 * settings): public, so a deployment using one would accept upstream webhooks anyone can sign.
 */
const PUBLIC_SECRETS = new Set([
  'sandbox-app-secret',
  'compose-verify-token',
  'test-app-secret',
  'test-verify-token',
  'receiver-verify-token',
  'my-verify-token',
  'changeme',
  'change-me',
  'secret',
]);

/** Every setting production cannot run without, or must not run with; empty when it can start. */
function productionProblems(env: Environment, role: ProcessRole): string[] {
  const problems: string[] = [];
  if (!env.DATABASE_URL) problems.push('DATABASE_URL: required in production (the embedded database is the demo’s)');
  if (!env.ENCRYPTION_KEY && !env.ENCRYPTION_KEYS)
    problems.push('ENCRYPTION_KEY: required in production (32 bytes as hex or base64, e.g. openssl rand -hex 32)');
  if (role === 'cli') return problems;
  if (!env.REDIS_URL)
    problems.push('REDIS_URL: required in production (the in-process store serves one demo instance only)');
  for (const [name, value, what] of [
    [
      'META_APP_SECRET',
      env.META_APP_SECRET,
      'your Meta app’s secret: it verifies X-Hub-Signature-256 on upstream webhooks',
    ],
    ['WEBHOOK_VERIFY_TOKEN', env.WEBHOOK_VERIFY_TOKEN, 'the token of your Meta webhook subscription'],
  ] as const) {
    if (!value) problems.push(`${name}: required in production (${what})`);
    else if (PUBLIC_SECRETS.has(value.trim().toLowerCase()))
      problems.push(`${name}: a public example value; anyone could use it (${what})`);
  }
  if (!env.META_APP_ID)
    problems.push(
      'META_APP_ID: required in production (your Meta app’s id: the app subscribed to each business account)',
    );
  else if (env.META_APP_ID === DEMO_META_APP_ID)
    problems.push(
      `META_APP_ID: ${DEMO_META_APP_ID} is the sandbox’s app, published in this repository (your Meta app’s id: the app subscribed to each business account)`,
    );
  if (env.SIMULATOR_BASE_URL && !env.SIMULATOR_APP_SECRET)
    problems.push('SIMULATOR_APP_SECRET: required with SIMULATOR_BASE_URL (it verifies the simulator’s webhooks)');
  if (env.SIMULATOR_APP_SECRET && env.SIMULATOR_APP_SECRET === env.META_APP_SECRET)
    problems.push('SIMULATOR_APP_SECRET: must differ from META_APP_SECRET (the simulator could sign as Meta)');
  if (env.DEMO_SEED) problems.push('DEMO_SEED: demo data is created only in the demo (GATEWAY_MODE=demo)');
  if (env.DEMO_WEBHOOK_URL) problems.push('DEMO_WEBHOOK_URL: belongs to the demo’s data (GATEWAY_MODE=demo)');
  return problems;
}

/** ENCRYPTION_KEYS read: `id:key` pairs, the first current; throws naming what is wrong. */
export function encryptionKeysOf(text: string): Array<{ id: string; key: string }> {
  const keys = text.split(',').map((entry, index) => {
    const at = entry.indexOf(':');
    const id = entry.slice(0, Math.max(at, 0)).trim();
    const key = entry.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(id))
      throw new Error(`entry ${index + 1} must be id:key, the id 1-32 of A-Z a-z 0-9 _ -`);
    if (!/^([A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})$/.test(key))
      throw new Error(`key ${id} must be 32 bytes as base64 (44 chars) or hex (64 chars)`);
    return { id, key };
  });
  const ids = keys.map((k) => k.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new Error(`key id ${twice} is given twice`);
  return keys;
}

/** For tools outside Nest's container (the TypeORM CLI's ormconfig): the validated environment. */
export function loadEnvironment(): Environment {
  return validateEnvironment(process.env, 'cli');
}

/**
 * For code that must decide before Nest boots (the CLI): the environment as AppConfigModule will see
 * it, process.env over the `.env` file of the working directory, validated.
 */
export function loadEnvironmentWithEnvFile(file = '.env', role: ProcessRole = 'cli'): Environment {
  return validateEnvironment(rawSettings(file), role);
}

/**
 * Points this process at the running gateway's embedded PostgreSQL (the CLI, when DATABASE_URL is
 * unset). Call it before AppConfigModule is first imported: the configuration is read once, then.
 * PGlite serves one session, so one connection; and as for the gateway itself, ENCRYPTION_KEY may
 * stay unset (the generated key file sits beside the data).
 */
export function useEmbeddedDatabaseForThisProcess(url: string): void {
  process.env.DATABASE_URL = url;
  process.env.DATABASE_POOL_SIZE = '1';
}
