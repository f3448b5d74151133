import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Environment } from '../config/environment';
import type { GatewayRequest } from '../core/gateway-request';
import { ErrorCode, GraphError } from '../core/graph-error';
import { SharedStore } from '../redis/shared-store';
import { presentedToken } from './access-token';
import type { Response } from 'express';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { ActiveKey, ApiKeysService } from './api-keys.service';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyRequestSignature } from './hmac';
import { isPublicRoute } from '../core/route-access';

/**
 * Deny by default: every route needs a key, `Authorization: Bearer svc_...` or Graph's
 * `access_token` parameter (see access-token.ts), unless it is @Public().
 * Unknown, malformed, revoked or expired keys and failed HMAC checks all answer the same 401 code 190.
 * Requests without a valid key count against a per-IP limit (UNAUTHENTICATED_RATE_LIMIT_PER_SECOND).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly maxSkewSeconds: number;

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysService,
    private readonly rateLimit: RateLimitService,
    private readonly store: SharedStore,
    config: ConfigService<Environment, true>,
  ) {
    this.maxSkewSeconds = config.get('HMAC_MAX_SKEW_SECONDS', { infer: true });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublicRoute(this.reflector, context)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<GatewayRequest>();
    const key = await this.authenticate(req);
    if (!key) {
      // Guessing keys is slowed per client IP; past that limit the answer is 429 instead of 401.
      await this.rateLimit.limitUnauthenticated(http.getResponse<Response>(), req.ip);
      throw GraphError.invalidToken();
    }
    req.auth = {
      keyId: key.id,
      keyPrefix: key.keyPrefix,
      kind: key.kind,
      tenantIds: key.tenantIds,
      mode: key.mode,
      liveTenantIds: key.liveTenantIds,
      scopes: key.scopes,
      allowedPhoneNumberIds: key.allowedPhoneNumberIds,
      ipAllowList: key.ipAllowList,
      allowedIps: key.allowedIps,
      rateLimitPerSecond: key.rateLimitPerSecond,
      expiresAt: key.expiresAt,
      signs: key.hmacSecret !== null,
      person: key.person,
      userId: key.userId,
    };
    this.keys.touch(key.id);
    return true;
  }

  /** The active key the request presents, or null for a missing, unknown, revoked or expired key or a failed HMAC. */
  private async authenticate(req: GatewayRequest): Promise<ActiveKey | null> {
    // Two different keys in one request is a client mistake, not an authentication failure.
    const presented = presentedToken(req);
    // A console session stands for the key it signed in with (src/console): the same key, looked up
    // by the same hash through the same short cache, so a revoked key stops within AUTH_CACHE_TTL_MS.
    // Its requests are not signed: the session was proven at sign-in, and its writes carry a CSRF token.
    if (presented === undefined && req.consoleKeyHash !== undefined) {
      const key = await this.keys.activeByHash(req.consoleKeyHash);
      // The console's Test data switch: the same key, on its organizations' test twins.
      return key && req.consoleMode === 'test' ? this.keys.testViewOf(key) : key;
    }
    const found = await this.keys.activeByText(presented?.text);
    if (!found) return null;
    const { key } = found;
    if (key.hmacSecret === null) return key;
    const signed = verifyRequestSignature(
      key.hmacSecret,
      {
        timestamp: header(req, TIMESTAMP_HEADER),
        signature: header(req, SIGNATURE_HEADER),
        method: req.method,
        pathWithQuery: req.originalUrl,
        body: req.rawBody ?? '',
      },
      Math.floor(Date.now() / 1000),
      this.maxSkewSeconds,
    );
    if (!signed) return null;
    return (await this.firstUse(req, key.id)) ? key : null;
  }

  /**
   * A signed request is single-use: its signature may not be presented again while its timestamp
   * is within the skew window (a replay is 401 code 190, on any instance). Without the shared store
   * that cannot be known, so the request is refused as retryable (503 code 2), as idempotent writes are.
   */
  private async firstUse(req: GatewayRequest, keyId: string): Promise<boolean> {
    const signature = header(req, SIGNATURE_HEADER) ?? '';
    try {
      // Both sides of the window: a timestamp up to the skew ahead stays valid that much longer.
      return await this.store.firstUse(`hmac-seen:${keyId}:${signature}`, 2 * this.maxSkewSeconds * 1000);
    } catch {
      throw new GraphError(
        ErrorCode.TemporarilyUnavailable,
        'Service temporarily unavailable: retry later with a new signature',
        {
          status: 503,
          data: {
            details:
              'Signed requests are checked for replays in the shared store, which cannot be reached; the request was not executed',
          },
          headers: { 'Retry-After': '1' },
        },
      );
    }
  }
}

function header(req: GatewayRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}
