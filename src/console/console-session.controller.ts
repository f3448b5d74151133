import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { Transform } from 'class-transformer';
import type { Request, Response } from 'express';
import { type ActiveKey, ApiKeysService, ipAllowed } from '../auth/api-keys.service';
import { Public } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { GraphError } from '../core/graph-error';
import { type PersonSession, PeopleService, PLATFORM } from '../people/people.service';
import {
  AcceptInvitationDto,
  lowerTrimmed,
  PasswordResetDto,
  PasswordResetRequestDto,
  TotpCodeDto,
} from '../people/dto/members.dto';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { csrf, SESSION_COOKIE } from './console-sessions';
import {
  beginPersonSession,
  ConsoleSessionDto,
  newSession,
  promised,
  sessionJson,
  startPersonSession,
} from './session-start';

export class SignInDto {
  @ApiPropertyOptional({
    description:
      'An organization, admin or platform key: exchanged once, never kept by the browser (or email and password)',
  })
  @ValidateIf((body: SignInDto) => body.email === undefined)
  @IsString()
  @MaxLength(200)
  key?: string;

  @ApiPropertyOptional({ example: 'maria@shop.example', description: "A person's email (with their password)" })
  @Transform(lowerTrimmed)
  @ValidateIf((body: SignInDto) => body.key === undefined)
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email?: string;

  @ApiPropertyOptional({ description: "The person's password" })
  @ValidateIf((body: SignInDto) => body.email !== undefined)
  @IsString()
  @MaxLength(200)
  password?: string;

  @ApiPropertyOptional({ example: '123456', description: 'With a second factor: the code of the authenticator app' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits of the authenticator app' })
  code?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: "Admin keys and people: the organization to act for (one of the key's or the person's own)",
  })
  @IsOptional()
  @IsUUID()
  organization_id?: string;

  @ApiPropertyOptional({ description: 'A platform operator: act for the platform' })
  @IsOptional()
  @IsBoolean()
  platform?: boolean;
}

export class SwitchOrganizationDto {
  @ApiPropertyOptional({ format: 'uuid', description: "One of the admin key's (or the person's) organizations" })
  @ValidateIf((body: SwitchOrganizationDto) => body.platform !== true && body.mode === undefined)
  @IsUUID()
  organization_id?: string;

  @ApiPropertyOptional({
    enum: ['live', 'test'],
    description:
      "The Test data switch: `test` shows and changes the organization's test data (its test twin, test numbers at " +
      'the simulator) with the same key and role; `live` goes back',
  })
  @IsOptional()
  @IsIn(['live', 'test'])
  mode?: 'live' | 'test';

  @ApiPropertyOptional({ description: 'A person who is a platform operator: act for the platform' })
  @IsOptional()
  @IsBoolean()
  platform?: boolean;
}

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
    private readonly people: PeopleService,
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
    if (body.email !== undefined) {
      const outcome = await this.people
        .signIn(body.email, body.password ?? '', body.platform ? PLATFORM : body.organization_id, body.code)
        .catch(async (error: unknown) => {
          if (error instanceof GraphError && error.code === 190) await this.rateLimit.limitUnauthenticated(res, req.ip);
          throw error;
        });
      return beginPersonSession(req, this.keys, outcome);
    }
    const found = await this.keys.activeByText(body.key);
    if (!found) {
      await this.rateLimit.limitUnauthenticated(res, req.ip);
      throw GraphError.invalidToken();
    }
    const { key, hash } = found;
    if (key.ipAllowList && !ipAllowed(key.ipAllowList, req.ip))
      throw GraphError.permissionDenied('The API key is not allowed from this IP address');
    const organizationId = this.organizationFor(key, body.organization_id);
    const token = await newSession(req, (state) => {
      state.keyHash = hash;
      state.keyId = key.id;
      if (organizationId) state.organizationId = organizationId;
    });
    return sessionJson(key, organizationId ?? null, token);
  }

  @Get('invitation/:token')
  @Public()
  @ApiOperation({ summary: 'What an invitation link offers: the email it is for, the role, when it expires' })
  @ApiGraphErrors(400)
  invitation(@Param('token') token: string) {
    return this.people.invitation(token).then((found) => ({
      email: found.email,
      role: found.role,
      organization_id: found.tenantId,
      expires_at: found.expires_at,
    }));
  }

  @Post('invitation')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept an invitation with a password, and sign in',
    description:
      'A new account is made with the password; a person who has an account gives theirs. The invitation is used once.',
  })
  @ApiOkResponse({ type: ConsoleSessionDto })
  @ApiGraphErrors(400, 409)
  async accept(@Req() req: Request, @Body() body: AcceptInvitationDto) {
    if (!req.is('application/json'))
      throw GraphError.invalidParameter('Accepting takes JSON', 'Content-Type must be application/json');
    return beginPersonSession(req, this.keys, await this.people.accept(body.token, body.password, body.code));
  }

  @Post('password_reset')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mail a password reset link (used once, within an hour); the same answer whether the email has an account',
    description:
      'Needs the operator to have set SMTP_URL (400 naming `email` otherwise). Counts against the per-IP limit.',
  })
  @ApiGraphErrors(400, 429, 502)
  async requestPasswordReset(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() body: PasswordResetRequestDto,
  ) {
    await this.rateLimit.limitUnauthenticated(res, req.ip);
    await this.people.requestPasswordReset(body.email);
    return { success: true };
  }

  @Post('password')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: "A new password by a reset link's token: every session of the person ends; they sign in with it",
  })
  @ApiGraphErrors(400)
  async resetPassword(@Body() body: PasswordResetDto) {
    await this.people.resetPassword(body.token, body.password);
    return { success: true };
  }

  @Post('totp')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: "Set up a second factor: the secret for the person's authenticator app (shown this once)",
    description: "A person's session, or one that must set it up before signing in (X-CSRF-Token).",
  })
  @ApiGraphErrors(401, 409)
  async setupTotp(@Req() req: Request) {
    return this.people.setupTotp(await this.personId(req));
  }

  @Post('totp/confirm')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the second factor with its first code; a sign-in waiting on it then starts' })
  @ApiGraphErrors(400, 401)
  async confirmTotp(@Req() req: Request, @Body() body: TotpCodeDto) {
    const userId = await this.personId(req);
    await this.people.confirmTotp(userId, body.code);
    const enrollment = req.session.enrollment;
    if (!enrollment) return { success: true };
    const person = await this.people.sessionOf(enrollment.userId, enrollment.email, enrollment.organizationId);
    return startPersonSession(req, this.keys, person);
  }

  @Delete('totp')
  @Public()
  @ApiOperation({ summary: 'Remove the second factor (with a current code), unless an organization requires it' })
  @ApiGraphErrors(400, 401, 409)
  async removeTotp(@Req() req: Request, @Body() body: TotpCodeDto) {
    if (req.session?.enrollment) throw GraphError.invalidToken();
    await this.people.removeTotp(await this.personId(req), body.code);
    return { success: true };
  }

  /** The person of a person's session, or of one setting up its second factor; else 401 code 190. */
  private async personId(req: Request): Promise<string> {
    const enrolling = req.session?.enrollment?.userId;
    if (enrolling) return enrolling;
    const key = req.session?.keyHash ? await this.keys.activeByHash(req.session.keyHash, true) : null;
    if (!key?.person || !req.session.userId) throw GraphError.invalidToken();
    return req.session.userId;
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
    return sessionJson(
      key,
      req.session.organizationId ?? null,
      csrf.generateToken(req, false),
      await this.personOf(req),
      req.session.mode,
    );
  }

  @Patch()
  @Public()
  @ApiOperation({ summary: "Switch an admin key's session to another of its organizations (X-CSRF-Token)" })
  @ApiOkResponse({ type: ConsoleSessionDto })
  @ApiGraphErrors(400, 401, 403)
  async switchOrganization(@Req() req: Request, @Body() body: SwitchOrganizationDto) {
    const key = await this.current(req);
    if (body.mode !== undefined && body.organization_id === undefined && body.platform !== true)
      return this.switchMode(req, key, body.mode);
    if (req.session.userId && key.person) {
      // A person moves to another of their organizations (their membership's key there), or to the
      // platform (their operator key), as far as the way they signed in lets them.
      const person = await this.people.sessionOf(
        req.session.userId,
        key.person,
        body.platform ? PLATFORM : body.organization_id,
        req.session.signedInWith ?? 'password',
      );
      const next = await this.keys.activeByHash(person.keyHash, true);
      if (!next) throw GraphError.permissionDenied('Your membership of that organization has ended');
      req.session.keyHash = person.keyHash;
      req.session.keyId = next.id;
      if (person.tenantId) req.session.organizationId = person.tenantId;
      else delete req.session.organizationId;
      // The platform has no test data; another organization's is made on first use.
      if (!person.tenantId) delete req.session.mode;
      else if (req.session.mode === 'test') await this.keys.organizationsFor('test', [person.tenantId]);
      await promised((done) => req.session.save(done));
      return sessionJson(next, person.tenantId, csrf.generateToken(req, false), person, req.session.mode);
    }
    if (body.platform)
      throw GraphError.invalidParameter('Invalid parameter', 'platform: only a person can switch to it');
    const organizationId = this.organizationFor(key, body.organization_id);
    req.session.organizationId = organizationId;
    if (organizationId && req.session.mode === 'test') {
      await this.keys.organizationsFor('test', [organizationId]);
      this.keys.forgetTestView(key);
    }
    await promised((done) => req.session.save(done));
    return sessionJson(key, organizationId ?? null, csrf.generateToken(req, false), null, req.session.mode);
  }

  /**
   * The Test data switch: the session's key acts on its organization's test twin (made on first use),
   * with the same scopes and role, or on the live organization again. Not for the platform.
   */
  private async switchMode(req: Request, key: ActiveKey, mode: 'live' | 'test') {
    const organizationId = req.session.organizationId ?? (key.kind === 'org' ? key.tenantIds[0] : undefined);
    if (key.mode === 'test')
      throw GraphError.invalidParameter('Invalid parameter', 'mode: a test key’s session shows test data only');
    if (mode === 'test') {
      if (key.kind === 'platform' || !organizationId)
        throw GraphError.invalidParameter(
          'Invalid parameter',
          key.kind === 'platform' ? 'mode: the platform has no test data' : 'mode: choose an organization first',
        );
      await this.keys.organizationsFor('test', [organizationId]);
      this.keys.forgetTestView(key);
      req.session.mode = 'test';
    } else delete req.session.mode;
    await promised((done) => req.session.save(done));
    return sessionJson(
      key,
      organizationId ?? null,
      csrf.generateToken(req, false),
      await this.personOf(req),
      req.session.mode,
    );
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

  /** A person's session: who, their role here and their organizations (null: a key's session). */
  private async personOf(req: Request): Promise<PersonSession | null> {
    const userId = req.session?.userId;
    const key = userId ? await this.keys.activeByHash(req.session.keyHash!, false) : null;
    if (!userId || !key?.person) return null;
    // Describes the session it is: a policy changed since (single sign-on required) applies to the next.
    return this.people.sessionOf(
      userId,
      key.person,
      req.session.organizationId ?? (key.kind === 'platform' ? PLATFORM : undefined),
      req.session.signedInWith ?? 'password',
      false,
    );
  }

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
