import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiKeysService } from '../auth/api-keys.service';
import { isUuid } from '../common/uuid';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { Public } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import { GraphError } from '../core/graph-error';
import { PeopleService, PLATFORM } from '../people/people.service';
import { SingleSignOn, SSO_CALLBACK_PATH, SSO_FLOW_COOKIE, SSO_FLOW_SECONDS } from '../people/single-sign-on';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { startPersonSession } from './session-start';

/** Where the console opens after a sign-in, and where it shows why one failed (the reason after it). */
const CONSOLE_HOME = '/console/#/overview';
const CONSOLE_SSO_ERROR = '/console/#/sso-error/';
const FLOW_COOKIE_PATH = '/console/session/sso';

/** The value of cookie `name` in the request, if it came (no cookie parser is mounted: only these routes read one). */
function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/**
 * Single sign-on into the console (people/single-sign-on.ts speaks to the provider): the console's
 * button opens `start`, which sends the browser to the operator's OpenID provider; the provider sends
 * it back to `callback`, which signs the person in (people.service.ts decides who and where) and
 * opens the console. Both are browser navigations, so they answer redirects, errors included: a
 * refusal opens the console's sign-in page with its reason.
 */
@ApiTags('console')
@Controller('console/session/sso')
export class ConsoleSsoController {
  private readonly publicBase?: string;

  constructor(
    private readonly sso: SingleSignOn,
    private readonly people: PeopleService,
    private readonly keys: ApiKeysService,
    private readonly rateLimit: RateLimitService,
    config: ConfigService<Environment, true>,
  ) {
    this.publicBase = config.get('PUBLIC_BASE_URL', { infer: true })?.replace(/\/+$/, '');
  }

  @Get()
  @Public()
  @ApiOperation({ summary: "Whether single sign-on is offered, and its button's words" })
  offered() {
    return { enabled: this.sso.enabled, label: this.sso.label };
  }

  @Get('start')
  @Public()
  @ApiOperation({
    summary: "Sign in through the operator's OpenID provider (a browser navigation: answers a redirect)",
    description:
      'Authorization code with PKCE. The flow is carried in its own short-lived cookie (SameSite=Lax, ' +
      'HttpOnly) until the provider sends the browser back.',
  })
  @ApiQuery({ name: 'organization_id', required: false, description: 'The organization to sign in to' })
  @ApiQuery({ name: 'platform', required: false, description: 'true: a platform operator signs in to the platform' })
  @ApiGraphErrors(400, 429, 502)
  async start(
    @Req() req: Request,
    @Res() res: Response,
    @Query('organization_id') organizationId?: string,
    @Query('platform') platform?: string,
  ): Promise<void> {
    await this.rateLimit.limitUnauthenticated(res, req.ip);
    if (organizationId !== undefined && !isUuid(organizationId))
      throw GraphError.invalidParameter('Invalid parameter', 'organization_id: must be a UUID');
    const target = platform === 'true' ? PLATFORM : organizationId;
    const { url, sealed } = await this.sso.start(`${this.baseOf(req)}${SSO_CALLBACK_PATH}`, target);
    res.cookie(SSO_FLOW_COOKIE, sealed, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: FLOW_COOKIE_PATH,
      maxAge: SSO_FLOW_SECONDS * 1000,
    });
    res.redirect(303, url);
  }

  @Get('callback')
  @Public()
  @ApiOperation({
    summary: 'Where the provider sends the browser back: the person signed in, the console opened',
    description:
      'The code is exchanged and the ID token checked; the person is matched by their verified email, joins ' +
      "the organizations they are invited to and the one that claims their email's domain, and their session " +
      'starts. A refusal opens the console with its reason.',
  })
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.clearCookie(SSO_FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: req.secure });
    try {
      const at = req.originalUrl.indexOf('?');
      const query = at < 0 ? '' : req.originalUrl.slice(at);
      const { identity, target } = await this.sso.finish(query, cookieOf(req, SSO_FLOW_COOKIE));
      const person = await this.people.signInBySso(identity, target);
      await startPersonSession(req, this.keys, person);
      res.redirect(303, CONSOLE_HOME);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      const details = error.options.data?.details;
      const reason = typeof details === 'string' ? details : error.message.replace(/^\(#\d+\) /, '');
      res.redirect(303, `${CONSOLE_SSO_ERROR}${encodeURIComponent(reason)}`);
    }
  }

  /** The gateway's address as the browser reaches it: PUBLIC_BASE_URL, else the request's (the provider checks it). */
  private baseOf(req: Request): string {
    return this.publicBase ?? `${req.protocol}://${req.get('host')}`;
  }
}
