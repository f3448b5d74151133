import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { OrganizationDeletionDto } from './dto/organization-deletion.dto';
import { OrganizationDeletionService } from './organization-deletion.service';

/** An organization deleted with all its data, as a job with a receipt (platform keys, as onboarding). */
@ApiTags('data rights')
@Controller('v1')
export class OrganizationDeletionsController {
  constructor(private readonly deletions: OrganizationDeletionService) {}

  @Post('organizations/:organizationId/deletion')
  @HttpCode(202)
  @Authenticated({ scopes: ['tenants:write'], tenant: 'optional' })
  @Audited('organizations.deletion', {
    organizations: (req) => [(req.params as { organizationId?: string }).organizationId],
  })
  @ApiOperation({
    summary: 'Delete an organization with all its data, as a job with a receipt',
    description:
      'Its messages and their statuses, inbound messages, conversations, notes, contacts, blacklist, ' +
      'broadcasts, templates, automation runs, webhook events and deliveries, media (the library’s bytes ' +
      'wherever they are kept), what Redis keeps for it, then its numbers, business accounts (unsubscribed ' +
      'at Meta), settings and members, and its test twin. Kept: usage figures for billing (wamids digested) ' +
      'and the audit log for its period. Refused with 409 code 100 while it has machine keys not revoked or ' +
      'broadcasts sending. Asking again while it runs answers the one running.',
  })
  @ApiParam({ name: 'organizationId', format: 'uuid' })
  @ApiAcceptedResponse({ type: OrganizationDeletionDto })
  @ApiGraphErrors(400, 404, 409)
  start(
    @Param('organizationId') organizationId: string,
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
  ): Promise<OrganizationDeletionDto> {
    return this.deletions.start(organizationId, {
      key_id: auth.keyId,
      key_prefix: auth.keyPrefix,
      key_kind: auth.kind,
      person: auth.person,
      ip: req.ip ?? null,
    });
  }

  @Get('organization_deletions/:id')
  @Authenticated({ scopes: ['tenants:read'], tenant: 'optional' })
  @ApiOperation({ summary: 'An organization’s deletion: running with what went so far, or done with its receipt' })
  @ApiOkResponse({ type: OrganizationDeletionDto })
  @ApiGraphErrors(404)
  get(@Param('id') id: string): Promise<OrganizationDeletionDto> {
    return this.deletions.get(id);
  }
}
