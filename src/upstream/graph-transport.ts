import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher, errors as undiciErrors, type FormData, request } from 'undici';
import { deadline } from '../core/deadline';
import { ErrorCode, GraphError } from '../core/graph-error';
import { endpointShape, MetricsService } from '../metrics/metrics.service';
import { unmarkSimulatorToken } from './simulator-token';
import { SimulatorTarget, UpstreamTarget } from './upstream-target';

export interface GraphPaging {
  cursors?: { before?: string; after?: string };
  next?: string;
}

export interface GraphPage<T> {
  data: T[];
  paging?: GraphPaging;
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** The business token; null for the app's own calls, whose credentials are in the query (oauth/access_token). */
  token: string | null;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  raw?: { bytes: Buffer; headers: Record<string, string> };
  /** Authorization scheme: Graph takes Bearer; the resumable upload endpoint documents OAuth. */
  scheme?: 'Bearer' | 'OAuth';
}

export interface ForwardOptions {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path after the version, as the client sent it (ids already checked). */
  path: string;
  /** The client's query string, without its gateway key. */
  query?: string;
  /** The Graph version the client named (`v23.0`); the configured one when it named none. */
  version?: string;
  token: string;
  body?: { contentType: string; bytes: Buffer };
  /** Meta's path template, for the metrics' endpoint label. */
  endpoint: string;
}

export interface ForwardedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * The thin shared transport to the Cloud API (Graph): each capability's own client
 * (`messages.upstream.ts`, `templates.upstream.ts`, …) names its calls over it; the checked
 * pass-through forwards through it. Pooled keep-alive connections (undici), the configured Graph
 * version, a timeout on every call, metrics by endpoint shape, and no automatic retries: Meta has no
 * idempotency key, so a retried send could deliver twice. Outcomes:
 * - 2xx: the parsed body;
 * - a 4xx Graph error: passed through with Meta's status, code, message, subcode and error_data;
 * - 5xx, a 4xx without a Graph body, timeouts, resets, unreadable bodies: 500 code 131000, with
 *   `error_data.details` saying what happened upstream (never the token).
 */
@Injectable()
export class GraphTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('GraphTransport');
  private readonly agent: Agent;

  constructor(
    private readonly target: UpstreamTarget,
    private readonly metrics: MetricsService,
    private readonly simulator: SimulatorTarget,
  ) {
    this.agent = new Agent({
      connections: target.connections,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(target.timeoutMs, 5_000),
    });
  }

  /**
   * Where a call made with `token` goes: a token marked as the simulator's (a test organization's
   * account, simulator-token.ts) to SIMULATOR_BASE_URL without its mark, never to the upstream; any
   * other to UPSTREAM_BASE_URL. Without a simulator a marked token fails like an unreachable upstream.
   */
  private route<T extends string | null>(token: T): { baseUrl: string; token: T } {
    const simulated = token === null ? null : unmarkSimulatorToken(token);
    if (simulated === null) return { baseUrl: this.target.baseUrl, token };
    if (this.simulator.baseUrl === null)
      throw upstreamFailure('this gateway runs no simulator for test mode (SIMULATOR_BASE_URL is not set)');
    return { baseUrl: this.simulator.baseUrl, token: simulated as T };
  }

  /** The app id resumable uploads go to (`/{app-id}/uploads`). */
  get appId(): string {
    return this.target.appId;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.destroy();
  }

  /**
   * Opens the download of a media URL upstream handed out (`GET /{media-id}`'s `url`), with the
   * owner's token, for streaming. Failures map like every call (a Graph 4xx passes through; the rest
   * is 500 code 131000); the body is the caller's to consume, with the idle timeout of every call.
   */
  async openDownload(
    url: string,
    token: string,
  ): Promise<{ body: Readable; contentType: string; contentLength?: string }> {
    const timeoutMs = this.target.timeoutMs;
    const routed = this.route(token);
    // A test account's media is the simulator's: its URL may name no other host.
    if (routed.baseUrl !== this.target.baseUrl && new URL(url).origin !== new URL(routed.baseUrl).origin)
      throw upstreamFailure('a test account’s media URL must be the simulator’s');
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: 'GET',
        headers: { authorization: `Bearer ${routed.token}` },
        dispatcher: this.agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw upstreamFailure(describeNetworkError(error, timeoutMs));
    }
    if (response.statusCode !== 200) {
      const text = await response.body.text().catch(() => '');
      const graph = graphErrorOf(safeJson(text));
      if (response.statusCode >= 400 && response.statusCode < 500 && graph) {
        throw new GraphError(graph.code, graph.message, {
          status: response.statusCode,
          subcode: graph.error_subcode,
          data: graph.error_data,
        });
      }
      throw upstreamFailure(`upstream answered the media download with HTTP ${response.statusCode}`);
    }
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return {
      body: response.body,
      contentType: header('content-type') ?? 'application/octet-stream',
      contentLength: header('content-length'),
    };
  }

  /**
   * A call forwarded for a tenant (the checked pass-through): the client's method, path, query and
   * body bytes, at the Graph version it named, with the business account's token. Meta's answer
   * comes back as it was sent (status, content type, bytes) when it is a success or a Graph error;
   * anything else (5xx, no answer, a 4xx without a Graph body) is 500 code 131000 like every call.
   * `endpoint` labels the metrics (Meta's path template, never an id).
   */
  async forward(options: ForwardOptions): Promise<ForwardedAnswer> {
    const labels = { method: options.method, endpoint: options.endpoint, outcome: 'ok' };
    const started = process.hrtime.bigint();
    try {
      const answer = await this.forwardOnce(options);
      if (answer.status >= 400) labels.outcome = 'graph_error';
      return answer;
    } catch (error) {
      labels.outcome = 'failure';
      throw error;
    } finally {
      this.metrics.upstreamCalls.inc(labels);
      this.metrics.upstreamDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  private async forwardOnce(options: ForwardOptions): Promise<ForwardedAnswer> {
    const routed = this.route(options.token);
    const url = `${routed.baseUrl}/${options.version ?? this.target.apiVersion}/${options.path}${options.query ? `?${options.query}` : ''}`;
    const headers: Record<string, string> = { authorization: `Bearer ${routed.token}`, accept: 'application/json' };
    if (options.body) headers['content-type'] = options.body.contentType;
    const timeoutMs = this.target.timeoutMs;
    const timeout = deadline(timeoutMs);
    let answer: ForwardedAnswer;
    try {
      const response = await request(url, {
        method: options.method,
        headers,
        body: options.body?.bytes,
        dispatcher: this.agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: timeout.signal,
      });
      const contentType = response.headers['content-type'];
      answer = {
        status: response.statusCode,
        contentType: typeof contentType === 'string' ? contentType : 'application/json',
        body: Buffer.from(await response.body.arrayBuffer()),
      };
    } catch (error) {
      const details = describeNetworkError(error, timeoutMs);
      if (options.method !== 'GET' && !neverSent(error)) throw new UpstreamNoAnswer(details);
      throw upstreamFailure(details);
    } finally {
      timeout.clear();
    }
    if (answer.status >= 200 && answer.status < 300) return answer;
    if (answer.status >= 400 && answer.status < 500 && graphErrorOf(safeJson(answer.body.toString('utf8'))))
      return answer;
    this.logger.warn(`upstream ${options.method} ${options.endpoint} answered HTTP ${answer.status}`);
    throw upstreamFailure(`upstream answered HTTP ${answer.status}`);
  }

  /** One call, counted and timed by endpoint shape and outcome. */
  async call<T>(options: CallOptions): Promise<T> {
    const labels = { method: options.method, endpoint: endpointShape(options.path), outcome: 'ok' };
    const started = process.hrtime.bigint();
    try {
      return await this.callOnce<T>(options);
    } catch (error) {
      labels.outcome = error instanceof GraphError && error.status < 500 ? 'graph_error' : 'failure';
      throw error;
    } finally {
      this.metrics.upstreamCalls.inc(labels);
      this.metrics.upstreamDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  private async callOnce<T>(options: CallOptions): Promise<T> {
    const routed = this.route(options.token);
    const url = new URL(`${routed.baseUrl}/${this.target.apiVersion}/${options.path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (routed.token !== null) headers.authorization = `${options.scheme ?? 'Bearer'} ${routed.token}`;
    let body: string | Buffer | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw) {
      Object.assign(headers, options.raw.headers);
      body = options.raw.bytes;
    }

    const timeoutMs = this.target.timeoutMs;
    const timeout = deadline(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await request(url, {
        method: options.method,
        headers,
        body,
        dispatcher: this.agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: timeout.signal,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const details = describeNetworkError(error, timeoutMs);
      // A request that may have reached upstream and got no answer: its outcome is unknown.
      if (options.method === 'POST' && !neverSent(error)) throw new UpstreamNoAnswer(details);
      throw upstreamFailure(details);
    } finally {
      timeout.clear();
    }

    let parsed: unknown;
    try {
      parsed = text.length ? JSON.parse(text) : {};
    } catch {
      throw upstreamFailure(`upstream answered HTTP ${status} with an unreadable body`);
    }
    if (status >= 200 && status < 300) return parsed as T;
    const graph = graphErrorOf(parsed);
    if (status >= 400 && status < 500 && graph) {
      return Promise.reject(
        new GraphError(graph.code, graph.message, {
          status,
          subcode: graph.error_subcode,
          data: graph.error_data,
        }),
      );
    }
    this.logger.warn(`upstream ${options.method} ${url.pathname} answered HTTP ${status}`);
    throw upstreamFailure(`upstream answered HTTP ${status}${graph ? ` (code ${graph.code}: ${graph.message})` : ''}`);
  }
}

interface UpstreamGraphError {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_data?: Record<string, unknown>;
}

function graphErrorOf(body: unknown): UpstreamGraphError | null {
  const error = (body as { error?: unknown } | null)?.error as Partial<UpstreamGraphError> | undefined;
  if (!error || typeof error !== 'object' || typeof error.code !== 'number' || typeof error.message !== 'string')
    return null;
  return error as UpstreamGraphError;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A POST that got no answer (a timeout, a connection reset or closed after the request went out):
 * upstream may have acted on it. The caller answers like any upstream failure (500 code 131000)
 * but must not treat it as not done (a send stays pending until its status webhooks say).
 */
export class UpstreamNoAnswer extends GraphError {
  constructor(details: string) {
    super(ErrorCode.SendFailure, 'Upstream request failed', { status: 500, data: { details } });
  }
}

/** Errors raised before the request could leave: no connection was ever made. */
function neverSent(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  return (
    error instanceof undiciErrors.ConnectTimeoutError ||
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}

/** 500 code 131000: upstream failed, `details` says how (never the token). */
export function upstreamFailure(details: string): GraphError {
  return new GraphError(ErrorCode.SendFailure, 'Upstream request failed', { status: 500, data: { details } });
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    err.name === 'TimeoutError' ||
    err.name === 'AbortError'
  ) {
    return `upstream did not answer within ${timeoutMs} ms`;
  }
  const code = err.code ?? err.cause?.code;
  return `upstream connection failed${code ? `: ${code}` : ''}`;
}
