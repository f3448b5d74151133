import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { SuccessDto } from '../common/pagination';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext } from '../core/gateway-request';
import {
  AgentListDto,
  AssignmentPolicyDto,
  CreateTeamDto,
  InboxSettingsDto,
  PutAssignmentPolicyDto,
  PutInboxSettingsDto,
  SetAvailabilityDto,
  TeamDto,
  TeamListDto,
  UpdateTeamDto,
} from './dto/inbox.dto';
import { InboxService } from './inbox.service';

/** The team side of the inbox: teams, agents' availability, the organization's inbox settings. */
@ApiTags('inbox')
@Controller('v1/inbox')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get('teams')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The organization's teams, their members and the numbers that give out among them" })
  @ApiOkResponse({ type: TeamListDto })
  teams(@TenantId() tenantId: string): Promise<TeamListDto> {
    return this.inbox.teams(tenantId);
  }

  @Post('teams')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('inbox.team_create', { body: ['name', 'member_ids'] })
  @ApiOperation({ summary: 'Make a team (a name unique in the organization; members who work conversations)' })
  @ApiCreatedResponse({ type: TeamDto })
  @ApiGraphErrors(400, 409)
  createTeam(@TenantId() tenantId: string, @Body() body: CreateTeamDto): Promise<TeamDto> {
    return this.inbox.createTeam(tenantId, body.name, body.member_ids);
  }

  @Get('teams/:teamId')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: 'One team' })
  @ApiOkResponse({ type: TeamDto })
  @ApiGraphErrors(404)
  team(@TenantId() tenantId: string, @Param('teamId') teamId: string): Promise<TeamDto> {
    return this.inbox.team(tenantId, teamId);
  }

  @Patch('teams/:teamId')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('inbox.team_update', { body: ['name', 'member_ids'] })
  @ApiOperation({ summary: 'Rename a team, or set its members (those left out leave it; their conversations stay)' })
  @ApiOkResponse({ type: TeamDto })
  @ApiGraphErrors(400, 404, 409)
  updateTeam(
    @TenantId() tenantId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamDto,
  ): Promise<TeamDto> {
    return this.inbox.updateTeam(tenantId, teamId, body);
  }

  @Delete('teams/:teamId')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('inbox.team_delete', {})
  @ApiOperation({
    summary: 'Delete a team (its conversations keep their assignee and leave the team)',
    description: 'A team a number’s auto-assignment gives out among is refused (409) until that number changes.',
  })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404, 409)
  async deleteTeam(@TenantId() tenantId: string, @Param('teamId') teamId: string): Promise<SuccessDto> {
    await this.inbox.deleteTeam(tenantId, teamId);
    return { success: true };
  }

  @Get('agents')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: 'Every member who works conversations, with their availability and teams' })
  @ApiOkResponse({ type: AgentListDto })
  agents(@TenantId() tenantId: string): Promise<AgentListDto> {
    return this.inbox.agents(tenantId);
  }

  @Put('agents/:userId/availability')
  @HttpCode(200)
  @Authenticated({ scopes: ['conversations:write'] })
  @Audited('inbox.availability', { body: ['availability'] })
  @ApiOperation({
    summary: "A member's availability: available (auto-assignment gives them conversations), away or offline",
    description:
      '`me` is the caller (a person’s session). Another member’s needs `members:write`. A person whose last ' +
      'console session ends goes offline.',
  })
  @ApiParam({ name: 'userId', description: 'A member’s user id, or `me`' })
  @ApiOkResponse({ type: SetAvailabilityDto })
  @ApiGraphErrors(400, 403, 404)
  setAvailability(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('userId') userId: string,
    @Body() body: SetAvailabilityDto,
  ): Promise<{ user_id: string; availability: string }> {
    return this.inbox.setAvailability(auth, tenantId, userId, body.availability);
  }

  @Get('settings')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The organization's inbox settings" })
  @ApiOkResponse({ type: InboxSettingsDto })
  settings(@TenantId() tenantId: string): Promise<InboxSettingsDto> {
    return this.inbox.settings(tenantId);
  }

  @Put('settings')
  @Authenticated({ scopes: ['members:write'] })
  @Audited('inbox.settings', { body: ['agent_visibility', 'take_on_reply'] })
  @ApiOperation({ summary: 'Change the inbox settings (those left out keep their value)' })
  @ApiOkResponse({ type: InboxSettingsDto })
  @ApiGraphErrors(400)
  putSettings(@TenantId() tenantId: string, @Body() body: PutInboxSettingsDto): Promise<InboxSettingsDto> {
    return this.inbox.putSettings(tenantId, body);
  }
}

/** A number's auto-assignment. */
@ApiTags('inbox')
@Controller('v1/:phoneNumberId/assignment_policy')
export class AssignmentPolicyController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The number's auto-assignment" })
  @ApiOkResponse({ type: AssignmentPolicyDto })
  @ApiGraphErrors(404)
  get(@TenantId() tenantId: string, @Param('phoneNumberId') phoneNumberId: string): Promise<AssignmentPolicyDto> {
    return this.inbox.policy(tenantId, phoneNumberId);
  }

  @Put()
  @HttpCode(200)
  @Authenticated({ scopes: ['members:write'] })
  @Audited('inbox.assignment_policy', { body: ['enabled', 'team_id', 'cap'] })
  @ApiOperation({
    summary: 'Give the number’s new conversations out automatically',
    description:
      'Round robin among the available agents (of `team_id`, when given), none beyond `cap` open or pending ' +
      'conversations; a returning customer goes back to their agent when that agent is available; what finds ' +
      'nobody waits unassigned and is given out, longest waiting first, as agents free up.',
  })
  @ApiOkResponse({ type: AssignmentPolicyDto })
  @ApiGraphErrors(400)
  put(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Body() body: PutAssignmentPolicyDto,
  ): Promise<AssignmentPolicyDto> {
    return this.inbox.putPolicy(tenantId, phoneNumberId, body);
  }

  @Delete()
  @Authenticated({ scopes: ['members:write'] })
  @Audited('inbox.assignment_policy_delete', {})
  @ApiOperation({ summary: 'Stop giving the number’s conversations out (those given keep their assignee)' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404)
  async delete(@TenantId() tenantId: string, @Param('phoneNumberId') phoneNumberId: string): Promise<SuccessDto> {
    await this.inbox.deletePolicy(tenantId, phoneNumberId);
    return { success: true };
  }
}
