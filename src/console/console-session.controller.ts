import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { type ActiveKey, ApiKeysService, ipAllowed } from '../auth/api-keys.service';
import { Public } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { GraphError } from '../core/graph-error';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { csrf, SESSION_COOKIE } from './console-sessions';

export class SignInDto {
  @ApiProperty({ description: 'An organization, admin or platform key: exchanged once, never kept by the browser' })
  @IsString()
  @MaxLength(200)
  key: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Admin keys: the organization to act for (one of its own)' })
  @IsOptional()
  @IsUUID()
  organization_id?: string;
}

export class SwitchOrganizationDto {
  @ApiProperty({ format: 'uuid', description: "One of the admin key's organizations" })
  @IsUUID()
  organization_id: string;
}

class SessionKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'svc_live_AbCdEf' }) prefix: string;
  @ApiProperty({ enum: ['org', 'admin', 'platform'] }) kind: string;
  @ApiProperty({ type: [String] }) scopes: string[];
  @ApiProperty({ type: [String], description: 'The organizations it reaches' }) tenant_ids: string[];
}

export class ConsoleSessionDto {
  @ApiProperty({ type: SessionKeyDto }) key: SessionKeyDto;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'The organization the session acts for' })
  organization_id: string | null;
  @ApiProperty({ description: 'Send as X-CSRF-Token on every write of this session' })
  csrf_token: string;
}

const sessionJson = (key: ActiveKey, organizationId: string | null, csrfToken: string): ConsoleSessionDto => ({
  key: {
    id: key.id,
    prefix: key.keyPrefix,
    kind: key.kind,
    scopes: [...key.scopes],
    tenant_ids: [...key.tenantIds],
  },
  organization_id: organizationId,
  csrf_token: csrfToken,
});

/** express-session's callback methods, awaited. */
const promised = (run: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) =>
    run((error) => (error ? reject(error instanceof Error ? error : new Error('session store failed')) : resolve())),
  );

/**
 * The console's sign-in (console-sessions.ts has the session itself): a key exchanged once for a
 * session cookie; the session read back (its CSRF token, its key, its organization); an admin key's
 * organization switched; sign-out. The console calls `/v1` with the cookie after that.
 */
@ApiTags('console')
@Controller('console/session')
export class ConsoleSessionController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly rateLimit: RateLimitService,
  ) {}

  @Post()
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in to the console with a key',
    description:
      'JSON only (a form cannot sign anyone in). Answers the session and sets its cookie (HttpOnly, SameSite=Strict, ' +
      'Secure over HTTPS); a bad key is 401 code 190, as on the API, and counts against the per-IP limit.',
  })
  @ApiOkResponse({ type: ConsoleSessionDto })
  @ApiGraphErrors(400, 401, 403)
  async signIn(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: SignInDto) {
    if (!req.is('application/json'))
      throw GraphError.invalidParameter('Sign-in takes JSON', 'Content-Type must be application/json');
    const found = await this.keys.activeByText(body.key);
    if (!found) {
      await this.rateLimit.limitUnauthenticated(res, req.ip);
      throw GraphError.invalidToken();
    }
    const { key, hash } = found;
    if (key.ipAllowList && !ipAllowed(key.ipAllowList, req.ip))
      throw GraphError.permissionDenied('The API key is not allowed from this IP address');
    const organizationId = this.organizationFor(key, body.organization_id);
    await promised((done) => req.session.regenerate(done));
    req.session.keyHash = hash;
    req.session.keyId = key.id;
    if (organizationId) req.session.organizationId = organizationId;
    const token = csrf.generateToken(req, true);
    await promised((done) => req.session.save(done));
    return sessionJson(key, organizationId ?? null, token);
  }

  @Get()
  @Public()
  @ApiOperation({
    summary: 'The session: its key, organization and CSRF token (401 code 190 once it or its key has ended)',
  })
  @ApiOkResponse({ type: ConsoleSessionDto })
  @ApiGraphErrors(401)
  async read(@Req() req: Request) {
    const key = await this.current(req, true);
    return sessionJson(key, req.session.organizationId ?? null, csrf.generateToken(req, false));
  }

  @Patch()
  @Public()
  @ApiOperation({ summary: "Switch an admin key's session to another of its organizations (X-CSRF-Token)" })
  @ApiOkResponse({ type: ConsoleSessionDto })
  @ApiGraphErrors(400, 401, 403)
  async switchOrganization(@Req() req: Request, @Body() body: SwitchOrganizationDto) {
    const key = await this.current(req);
    const organizationId = this.organizationFor(key, body.organization_id);
    req.session.organizationId = organizationId;
    await promised((done) => req.session.save(done));
    return sessionJson(key, organizationId ?? null, csrf.generateToken(req, false));
  }

  @Delete()
  @Public()
  @ApiOperation({ summary: 'Sign out: the session ends at once, and its cookie is of no use after (X-CSRF-Token)' })
  @ApiOkResponse({ schema: { example: { success: true } } })
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (req.session?.keyHash) await promised((done) => req.session.destroy(done));
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' });
    return { success: true };
  }

  /** The session's key while it is active; a session whose key has ended is ended with it (401 code 190). */
  /** The session's key while it is active (`fresh`: read from the database, not the short cache). */
  private async current(req: Request, fresh = false): Promise<ActiveKey> {
    const hash = req.session?.keyHash;
    const key = hash ? await this.keys.activeByHash(hash, fresh) : null;
    if (key) return key;
    if (hash) await promised((done) => req.session.destroy(done));
    throw GraphError.invalidToken();
  }

  /**
   * The organization a session of `key` acts for: an organization key's own; an admin key's choice; none for
   * platform keys.
   */
  private organizationFor(key: ActiveKey, asked: string | undefined): string | undefined {
    if (key.kind === 'org') {
      if (asked !== undefined && asked !== key.tenantIds[0])
        throw GraphError.permissionDenied('The API key is not authorized for that organization');
      return key.tenantIds[0];
    }
    if (asked === undefined) return undefined;
    if (key.kind === 'platform')
      throw GraphError.invalidParameter(
        'Invalid parameter',
        'organization_id: a platform key acts for no organization',
      );
    if (!key.tenantIds.includes(asked))
      throw GraphError.permissionDenied('The API key is not authorized for that organization');
    return asked;
  }
}
