import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Environment } from '../config/environment';
import type { GatewayRequest } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { hashKey, parseAuthorizationHeader } from './api-key-format';
import { ApiKeysService } from './api-keys.service';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyRequestSignature } from './hmac';
import { isPublicRoute } from './route-access';

/**
 * Deny by default: every route needs `Authorization: Bearer svc_...` unless it is @Public().
 * Unknown, malformed, revoked or expired keys and failed HMAC checks all answer the same 401 code 190.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly maxSkewSeconds: number;

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysService,
    config: ConfigService<Environment, true>,
  ) {
    this.maxSkewSeconds = config.get('HMAC_MAX_SKEW_SECONDS', { infer: true });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublicRoute(this.reflector, context)) return true;
    const req = context.switchToHttp().getRequest<GatewayRequest>();
    const parsed = parseAuthorizationHeader(req.headers.authorization);
    if (!parsed) throw GraphError.invalidToken();
    const key = await this.keys.findByHash(hashKey(parsed.text));
    if (!key || key.kind !== parsed.kind || key.revoked || (key.expiresAt !== null && key.expiresAt <= Date.now())) {
      throw GraphError.invalidToken();
    }
    if (key.hmacSecret !== null) {
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
      if (!signed) throw GraphError.invalidToken();
    }
    req.auth = {
      keyId: key.id,
      kind: key.kind,
      tenantIds: key.tenantIds,
      scopes: key.scopes,
      allowedPhoneNumberIds: key.allowedPhoneNumberIds,
      ipAllowList: key.ipAllowList,
      rateLimitPerSecond: key.rateLimitPerSecond,
    };
    this.keys.touch(key.id);
    return true;
  }
}

function header(req: GatewayRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}
