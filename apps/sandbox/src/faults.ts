import type { NextFunction, Request, Response } from 'express';
import { ControlError } from './control-error';
import { GraphApiError, graphErrorTypeFor, graphStatusFor, sendGraphError } from './graph-error';
import { RequestLog } from './request-log';
import type { Scheduler } from './scheduler';

export const FAULT_KINDS = ['http_500', 'graph_error', 'latency', 'reset', 'timeout'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What `POST /_sandbox/faults` accepts. */
export interface FaultSpec {
  kind: FaultKind;
  /** Apply to the next N matching calls. Default 1 when `ratio` is absent too. */
  count?: number;
  /** Apply to this share (0..1) of matching calls; with `count`, at most `count` times. */
  ratio?: number;
  /** Substring of the request path, or a regular expression (`/…/flags` or plain source). */
  path?: string;
  method?: string;
  /** graph_error: the Graph code (default 100), subcode, HTTP status (default by code) and message. */
  code?: number;
  subcode?: number;
  status?: number;
  message?: string;
  /** latency: how long to wait before answering normally (default 1000 ms). */
  latency_ms?: number;
}

/** An active fault rule, as listed by `GET /_sandbox/faults`. */
export interface FaultRule extends FaultSpec {
  id: number;
  /** Remaining applications; absent means unlimited (ratio-only rules). */
  remaining?: number;
  /** How many calls it has hit so far. */
  hits: number;
}

export function parseFaultSpec(input: unknown): FaultSpec {
  if (!isObject(input)) throw new ControlError(400, 'body must be a JSON object');
  const kind = input.kind;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw new ControlError(400, `kind must be one of ${FAULT_KINDS.join(', ')}`);
  }
  const spec: FaultSpec = { kind: kind as FaultKind };
  const count = optionalNumber(input, 'count');
  if (count !== undefined && (!Number.isInteger(count) || count < 1))
    throw new ControlError(400, 'count must be an integer >= 1');
  const ratio = optionalNumber(input, 'ratio');
  if (ratio !== undefined && (ratio < 0 || ratio > 1)) throw new ControlError(400, 'ratio must be between 0 and 1');
  spec.count = count;
  spec.ratio = ratio;
  for (const key of ['path', 'method', 'message'] as const) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value === '') throw new ControlError(400, `${key} must be a non-empty string`);
    spec[key] = value;
  }
  for (const key of ['code', 'subcode', 'status', 'latency_ms'] as const) {
    const value = optionalNumber(input, key);
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0) throw new ControlError(400, `${key} must be a non-negative integer`);
    spec[key] = value;
  }
  if (spec.status !== undefined && (spec.status < 100 || spec.status > 599)) {
    throw new ControlError(400, 'status must be an HTTP status code');
  }
  return spec;
}

/**
 * Fault rules and the middleware that applies them to Graph calls. Rules are checked in the order
 * they were added; the first that matches and fires decides the call.
 */
export class FaultInjector {
  private rules: FaultRule[] = [];
  private nextId = 1;

  constructor(private readonly scheduler: Scheduler) {}

  add(spec: FaultSpec): FaultRule {
    const rule: FaultRule = {
      ...stripUndefined(spec),
      id: this.nextId++,
      hits: 0,
      remaining: spec.count ?? (spec.ratio === undefined ? 1 : undefined),
    };
    this.rules.push(rule);
    return { ...rule };
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  clear(): void {
    this.rules = [];
  }

  /** Picks the rule that fires for this call, consuming one of its applications. */
  take(method: string, path: string): FaultRule | undefined {
    for (const rule of this.rules) {
      if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) continue;
      if (rule.path && !pathMatches(rule.path, path)) continue;
      if (rule.ratio !== undefined && Math.random() >= rule.ratio) continue;
      rule.hits++;
      if (rule.remaining !== undefined) {
        rule.remaining--;
        if (rule.remaining <= 0) this.rules = this.rules.filter((other) => other !== rule);
      }
      return { ...rule };
    }
    return undefined;
  }

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (this.rules.length === 0) return next();
    const rule = this.take(req.method, req.path);
    if (!rule) return next();
    RequestLog.markFault(req, rule.kind);
    switch (rule.kind) {
      case 'latency':
        this.scheduler.after(rule.latency_ms ?? 1000, () => next());
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'timeout':
        // Never answered; the sandbox destroys the socket when it closes.
        return;
      case 'http_500': {
        const code = rule.code ?? 1;
        sendGraphError(
          res,
          new GraphApiError(rule.status ?? 500, {
            message: rule.message ?? 'An unknown error has occurred.',
            type: graphErrorTypeFor(code),
            code,
            ...(rule.subcode !== undefined && { error_subcode: rule.subcode }),
            is_transient: true,
          }),
        );
        return;
      }
      case 'graph_error': {
        const code = rule.code ?? 100;
        sendGraphError(
          res,
          new GraphApiError(rule.status ?? graphStatusFor(code), {
            message: rule.message ?? defaultMessageFor(code),
            type: graphErrorTypeFor(code),
            code,
            ...(rule.subcode !== undefined && { error_subcode: rule.subcode }),
          }),
        );
        return;
      }
    }
  };
}

function defaultMessageFor(code: number): string {
  switch (code) {
    case 4:
      return '(#4) Application request limit reached';
    case 80007:
      return '(#80007) Rate limit issues';
    case 130429:
      return '(#130429) Rate limit hit';
    case 131056:
      return '(#131056) (Business Account, Consumer Account) pair rate limit hit';
    case 190:
      return 'Invalid OAuth access token - Cannot parse access token';
    case 131000:
      return 'Something went wrong';
    case 131026:
      return 'Message undeliverable';
    case 132000:
      return '(#132000) Number of parameters does not match the expected number of params';
    case 132001:
      return '(#132001) Template name does not exist in the translation';
    case 132012:
      return '(#132012) Parameter format does not match format in the created template';
    default:
      return `(#${code}) Simulated error`;
  }
}

/** A plain substring, `/source/flags`, or a bare regular expression source. */
export function pathMatches(pattern: string, path: string): boolean {
  if (path.includes(pattern)) return true;
  const literal = /^\/(.+)\/([dgimsuy]*)$/.exec(pattern);
  try {
    return literal ? new RegExp(literal[1], literal[2]).test(path) : new RegExp(pattern).test(path);
  } catch {
    return false;
  }
}

function optionalNumber(input: Record<string, unknown>, key: string): number | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ControlError(400, `${key} must be a number`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
