import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { SuccessDto } from '../common/pagination';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext } from '../core/gateway-request';
import {
  ChangeRoleDto,
  InvitationListDto,
  InviteMemberDto,
  MemberListDto,
  NewInvitationDto,
  PutSignInPolicyDto,
  SignInPolicyDto,
} from './dto/members.dto';
import { PeopleService } from './people.service';

/** The organization's people: members with their roles, and invitations by link. */
@ApiTags('members')
@Controller('v1/members')
export class MembersController {
  constructor(private readonly people: PeopleService) {}

  @Get()
  @Authenticated({ scopes: ['members:read'] })
  @ApiOperation({ summary: "The organization's members and their roles, in the order they joined" })
  @ApiOkResponse({ type: MemberListDto })
  list(@TenantId() tenantId: string): Promise<MemberListDto> {
    return this.people.members(tenantId);
  }

  @Post('invitations')
  @HttpCode(201)
  @Authenticated({ scopes: ['members:write'] })
  @Audited('members.invite', { body: ['email', 'role'] })
  @ApiOperation({
    summary: 'Invite a person with a role: a link to give them (valid 7 days, used once)',
    description: 'Only an owner invites an owner. The link is in this answer only; only its hash is kept.',
  })
  @ApiOkResponse({ type: NewInvitationDto })
  @ApiGraphErrors(400, 403, 502)
  invite(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Body() body: InviteMemberDto,
  ): Promise<NewInvitationDto> {
    return this.people.invite(auth, tenantId, body);
  }

  @Get('sign_in_policy')
  @Authenticated({ scopes: ['members:read'] })
  @ApiOperation({ summary: "How the organization's people sign in (whether a second factor is required)" })
  @ApiOkResponse({ type: SignInPolicyDto })
  policy(@TenantId() tenantId: string): Promise<SignInPolicyDto> {
    return this.people.policy(tenantId);
  }

  @Put('sign_in_policy')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('members.sign_in_policy', { body: ['require_totp', 'require_sso', 'sso_domains', 'sso_default_role'] })
  @ApiOperation({
    summary: 'How members sign in: a second factor, single sign-on, domains that join (an owner only)',
    description:
      'Fields not given stay. A member without a second factor sets it up at their next password sign-in. With ' +
      'require_sso a password sign-in (and accepting an invitation by password) is refused; sessions already open ' +
      'run out. sso_domains replaces the claimed domains: a person whose verified email is at one joins at their ' +
      'single sign-on with sso_default_role. 409 when another organization claims a domain (nothing changes).',
  })
  @ApiOkResponse({ type: SignInPolicyDto })
  @ApiGraphErrors(400, 403, 409)
  setPolicy(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Body() body: PutSignInPolicyDto,
  ): Promise<SignInPolicyDto> {
    return this.people.setPolicy(auth, tenantId, body);
  }

  @Get('invitations')
  @Authenticated({ scopes: ['members:read'] })
  @ApiOperation({ summary: 'Invitations not accepted yet (expired ones say so), newest first' })
  @ApiOkResponse({ type: InvitationListDto })
  invitations(@TenantId() tenantId: string): Promise<InvitationListDto> {
    return this.people.invitations(tenantId);
  }

  @Delete('invitations/:invitationId')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('members.cancel_invitation', {})
  @ApiOperation({ summary: 'Cancel an invitation not accepted yet' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404)
  async cancel(@TenantId() tenantId: string, @Param('invitationId') id: string): Promise<SuccessDto> {
    await this.people.cancelInvitation(tenantId, id);
    return { success: true };
  }

  @Patch(':userId')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('members.change_role', { body: ['role'] })
  @ApiOperation({
    summary: "Change a member's role (their sessions end: they sign in again with the new role)",
    description: 'Owners are made and unmade by owners; the last owner keeps the role.',
  })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(400, 403, 404, 409)
  async changeRole(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('userId') userId: string,
    @Body() body: ChangeRoleDto,
  ): Promise<SuccessDto> {
    await this.people.changeRole(auth, tenantId, userId, body.role);
    return { success: true };
  }

  @Delete(':userId')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('members.remove', {})
  @ApiOperation({ summary: 'Remove a member (their sessions here end within 5 s)' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(403, 404, 409)
  async remove(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('userId') userId: string,
  ): Promise<SuccessDto> {
    await this.people.remove(auth, tenantId, userId);
    return { success: true };
  }
}
