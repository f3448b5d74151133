import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { apiKeyJson, issuedKeyJson } from './api-key-json';
import { ApiKeysService } from './api-keys.service';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { boundByIssuer, Issuer } from './key-issuing-policy';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { ApiKeyDto, ApiKeyPageDto, CreateApiKeyDto, IssuedApiKeyDto, ListApiKeysQueryDto } from './dto/api-keys.dto';

const KEY_ID = { name: 'id', format: 'uuid', description: 'The key record id' };
const READ = { scopes: ['keys:read' as const], tenant: 'optional' as const };
const WRITE = { scopes: ['keys:write' as const], tenant: 'optional' as const };

const POLICY =
  'An admin key manages the keys of its own organizations only (a key that also reaches another organization is not its to ' +
  'manage, and reads as 404 like a missing one) and never issues, or rotates into being, a key with a scope, organization, ' +
  'phone number, IP range, rate limit or lifetime beyond its own, nor a key without request signing (`hmac`) when it must ' +
  "sign itself: each such attempt is 403 code 200. Omitted settings take its own bounds (a signing issuer's keys sign). " +
  'A platform key manages organization and admin keys of every organization; platform keys themselves are ' +
  'issued and revoked only with the CLI. The key text appears only in the answer that issues it.';

/** The organizations of the key written (none for a platform key: the entry then belongs to no organization). */
const ORGANIZATIONS_OF_KEY = (_req: GatewayRequest, answer: unknown) => {
  const written = answer as { tenant_ids?: string[]; record?: { tenant_ids?: string[] } } | undefined;
  return written?.tenant_ids ?? written?.record?.tenant_ids ?? [];
};

/**
 * The calling key as the policy sees it. Its organizations are named by their live ids, as a request's
 * are (a test key's twins by their live organizations), so one bound serves both modes; `reach` is
 * what it manages (a live admin key its organizations' test keys too).
 */
const issuerOf = (auth: AuthContext, reach?: readonly string[]): Issuer => ({
  kind: auth.kind,
  tenantIds: auth.liveTenantIds,
  reach,
  scopes: auth.scopes,
  allowedPhoneNumberIds: auth.allowedPhoneNumberIds,
  allowedIps: auth.allowedIps,
  rateLimitPerSecond: auth.rateLimitPerSecond,
  expiresAt: auth.expiresAt,
  signs: auth.signs,
});

/** API keys over HTTP: the same ApiKeysService as the CLI, bounded by the issuing key (key-issuing-policy.ts). */
@ApiTags('management')
@Controller('v1/keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  /** The calling key with the organizations whose keys it manages (key management's reads and changes). */
  private async managing(auth: AuthContext): Promise<Issuer> {
    return issuerOf(auth, auth.kind === 'admin' ? await this.keys.reachOf(auth.mode, auth.tenantIds) : undefined);
  }

  @Post()
  @Authenticated(WRITE)
  @Audited('keys.create', {
    body: [
      'kind',
      'mode',
      'tenant_ids',
      'name',
      'scopes',
      'allowed_phone_number_ids',
      'allowed_ips',
      'rate_limit_per_second',
      'expires_at',
      'hmac',
    ],
    organizations: ORGANIZATIONS_OF_KEY,
  })
  @ApiOperation({ summary: 'Issue a key (its text is in this answer only)', description: POLICY })
  @ApiCreatedResponse({ type: IssuedApiKeyDto })
  @ApiGraphErrors(400)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateApiKeyDto,
    @Req() req: GatewayRequest,
  ): Promise<IssuedApiKeyDto> {
    // Omitted: the organization X-Svc-Tenant-Id names (none: the service refuses an org or admin key without one).
    const tenantIds = body.tenant_ids ?? (req.tenant?.tenantId ? [req.tenant.tenantId] : []);
    const expiresAt =
      body.expires_at === undefined || body.expires_at === null ? body.expires_at : new Date(body.expires_at);
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw GraphError.invalidParameter('Invalid API key settings', 'expires_at: must be in the future');
    // Test mode: a test key issues test keys only; a key of the other mode is not bound by the
    // issuer's phone numbers (those of the other mode's data), only by everything else.
    const mode = body.mode ?? auth.mode;
    if (auth.mode === 'test' && mode === 'live') throw GraphError.permissionDenied('A test key issues test keys only');
    const issuer = issuerOf(auth);
    const bound = boundByIssuer(mode === auth.mode ? issuer : { ...issuer, allowedPhoneNumberIds: null }, {
      kind: body.kind,
      tenantIds: await this.keys.liveIdsOf([...new Set(tenantIds.map((id) => id.toLowerCase()))]),
      scopes: body.scopes,
      allowedPhoneNumberIds: body.allowed_phone_number_ids,
      allowedIps: body.allowed_ips,
      rateLimitPerSecond: body.rate_limit_per_second,
      expiresAt,
      hmac: body.hmac,
    });
    bound.tenantIds = await this.keys.organizationsFor(mode, bound.tenantIds);
    return issuedKeyJson(await this.keys.create({ ...bound, mode, name: body.name, issuedByKeyId: auth.keyId }));
  }

  @Get()
  @Authenticated(READ)
  @ApiOperation({ summary: 'The keys this key manages, oldest first (never their text)', description: POLICY })
  @ApiOkResponse({ type: ApiKeyPageDto })
  @ApiGraphErrors(400)
  async list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: ListApiKeysQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<ApiKeyPageDto> {
    // A test key (or the console's Test data switch) may name its organization by the live id.
    const named = query.organization_id?.toLowerCase();
    const live = named === undefined || auth.mode === 'live' ? -1 : auth.liveTenantIds.indexOf(named);
    const page = await this.keys.page(
      await this.managing(auth),
      { tenantId: live >= 0 ? auth.tenantIds[live] : query.organization_id, limit: query.limit, after: query.after },
      req.originalUrl,
    );
    return { ...page, data: page.data.map(apiKeyJson) };
  }

  @Get(':id')
  @Authenticated(READ)
  @ApiOperation({ summary: 'One key (never its text)' })
  @ApiParam(KEY_ID)
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiGraphErrors(404)
  async get(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<ApiKeyDto> {
    return apiKeyJson(await this.keys.findManaged(await this.managing(auth), id));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @Authenticated(WRITE)
  @Audited('keys.revoke', { organizations: ORGANIZATIONS_OF_KEY })
  @ApiOperation({ summary: 'Revoke a key: every instance refuses it within 5 seconds (401 code 190)' })
  @ApiParam(KEY_ID)
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiGraphErrors(404)
  async revoke(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<ApiKeyDto> {
    const key = await this.keys.findManaged(await this.managing(auth), id);
    return apiKeyJson(await this.keys.revoke(key.id));
  }

  @Post(':id/rotate')
  @HttpCode(200)
  @Authenticated(WRITE)
  @Audited('keys.rotate', { organizations: ORGANIZATIONS_OF_KEY })
  @ApiOperation({
    summary: 'Issue a new key with the same settings and revoke this one at once',
    description:
      'Refused (403 code 200) when the key reaches beyond the rotating key, since rotating would issue such a key; 409 code 100 when it is revoked.',
  })
  @ApiParam(KEY_ID)
  @ApiOkResponse({ type: IssuedApiKeyDto })
  @ApiGraphErrors(404, 409)
  async rotate(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<IssuedApiKeyDto> {
    const issuer = await this.managing(auth);
    const key = await this.keys.findManaged(issuer, id);
    const sameMode = key.mode === auth.mode;
    boundByIssuer(sameMode ? issuer : { ...issuer, allowedPhoneNumberIds: null }, {
      kind: key.kind,
      tenantIds: await this.keys.liveIdsOf(key.tenantIds),
      scopes: key.scopes,
      allowedPhoneNumberIds: sameMode ? key.allowedPhoneNumberIds : null,
      allowedIps: key.allowedIps,
      rateLimitPerSecond: key.rateLimitPerSecond,
      expiresAt: key.expiresAt === null ? null : new Date(key.expiresAt),
      hmac: key.hmac,
    });
    return issuedKeyJson(await this.keys.rotate(key.id, auth.keyId));
  }
}
