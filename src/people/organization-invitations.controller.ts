import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { InviteMemberDto, NewInvitationDto } from './dto/members.dto';
import { PeopleService } from './people.service';

/**
 * The platform operator's way to an organization's people: an invitation with any role, owners
 * included (an organization's first owner, whom nobody inside it can make). Platform keys only
 * (`tenants:write`); the CLI's `member:invite` does the same without a key.
 */
@ApiTags('management')
@Controller('v1/organizations/:organizationId/invitations')
export class OrganizationInvitationsController {
  constructor(private readonly people: PeopleService) {}

  @Post()
  @HttpCode(201)
  @Authenticated({ scopes: ['tenants:write'], tenant: 'optional' })
  @Audited('members.invite', {
    body: ['email', 'role'],
    organizations: (req: GatewayRequest) => [(req.params as { organizationId?: string }).organizationId],
  })
  @ApiOperation({
    summary: "Invite a person to an organization with any role, its first owner included (the platform's operator)",
    description:
      'Mailed with SMTP_URL; else the link is in this answer only (only its hash is kept). A test twin has no ' +
      'people of its own (400 code 100).',
  })
  @ApiParam({ name: 'organizationId', format: 'uuid', description: 'The organization id' })
  @ApiOkResponse({ type: NewInvitationDto })
  @ApiGraphErrors(400, 404, 502)
  invite(
    @CurrentAuth() auth: AuthContext,
    @Param('organizationId') organizationId: string,
    @Body() body: InviteMemberDto,
  ): Promise<NewInvitationDto> {
    return this.people.inviteAsOperator(organizationId, body, auth.keyId);
  }
}
