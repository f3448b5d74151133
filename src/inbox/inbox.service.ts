import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreallocatedCache } from '../common/bounded-cache';
import { isUuid } from '../common/uuid';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { PeopleService } from '../people/people.service';
import { ROLE_KEYS, type Role } from '../people/roles';
import { OnboardingService } from '../tenancy/onboarding.service';
import type {
  AgentListDto,
  AssignmentPolicyDto,
  InboxSettingsDto,
  PutAssignmentPolicyDto,
  PutInboxSettingsDto,
  TeamDto,
  TeamListDto,
} from './dto/inbox.dto';
import type { Availability } from './inbox-agent.entity';
import { InboxRepository, type PolicyRow, type SettingsRow } from './inbox.repository';

/**
 * How long an instance uses a number's auto-assignment or an organization's inbox settings before
 * reading them again: a change made on another instance applies there within that (at once on the
 * instance that took it).
 */
const CACHE_TTL_MS = 5_000;

const DEFAULT_SETTINGS: SettingsRow = { agent_visibility: 'all', take_on_reply: true };

/** Roles whose people may work conversations (their keys write conversations): who can be an agent. */
export const WORKING_ROLES = (Object.keys(ROLE_KEYS) as Role[]).filter((role) =>
  ROLE_KEYS[role].scopes.includes('conversations:write'),
);

/** A number's auto-assignment as the assigner reads it. */
export type Policy = Pick<PolicyRow, 'phone_number_id' | 'tenant_id' | 'team_id' | 'cap'>;

/** Told when conversations may be given out again for an organization (an agent became available). */
export type CapacityListener = (tenantId: string) => void;

/**
 * The team side of the inbox: teams of members, members' availability as agents, the organization's
 * inbox settings and each number's auto-assignment. What a conversation has (assignee, team, status)
 * is the conversations' own (messages/conversations/), which asks this service who may take one.
 */
@Injectable()
export class InboxService {
  private readonly logger = new Logger('Inbox');
  private readonly policies = new PreallocatedCache<string, { policy: Policy | null }>({
    max: 20_000,
    ttl: CACHE_TTL_MS,
    fetchMethod: async (phoneNumberId) => {
      const row = await this.repository.policy(phoneNumberId);
      return { policy: row?.enabled ? row : null };
    },
  });
  private readonly settingsCache = new PreallocatedCache<string, SettingsRow>({
    max: 20_000,
    ttl: CACHE_TTL_MS,
    fetchMethod: async (tenantId) => (await this.repository.settings(tenantId)) ?? DEFAULT_SETTINGS,
  });
  private readonly capacityListeners: CapacityListener[] = [];

  constructor(
    private readonly repository: InboxRepository,
    private readonly people: PeopleService,
    onboarding: OnboardingService,
  ) {
    onboarding.onPhoneNumberRemoved(async (manager, phoneNumberId) => {
      await this.repository.forgetNumber(manager, phoneNumberId);
      this.policies.delete(phoneNumberId);
    });
  }

  /** `listener` is told whenever an organization's agents may take conversations again. */
  onCapacity(listener: CapacityListener): void {
    this.capacityListeners.push(listener);
  }

  // ---- teams ----------------------------------------------------------------------------------

  async teams(tenantId: string): Promise<TeamListDto> {
    const rows = await this.repository.teams(tenantId);
    const policies = await Promise.all(rows.map((row) => this.repository.numbersOfTeam(tenantId, row.id)));
    return { data: rows.map((row, i) => toTeam(row, policies[i])) };
  }

  async team(tenantId: string, teamId: string): Promise<TeamDto> {
    const [row] = isUuid(teamId) ? await this.repository.teams(tenantId, teamId) : [];
    if (!row) throw GraphError.notFound(`Team ${teamId} does not exist`);
    return toTeam(row, await this.repository.numbersOfTeam(tenantId, teamId));
  }

  async createTeam(tenantId: string, name: string, memberIds: string[] = []): Promise<TeamDto> {
    await this.requireWorkers(tenantId, memberIds, 'member_ids');
    const id = await this.repository.createTeam(tenantId, name, [...new Set(memberIds)]);
    if (id === undefined) throw GraphError.conflict(`A team named "${name}" exists`, 'name: another team has it');
    return this.team(tenantId, id);
  }

  async updateTeam(
    tenantId: string,
    teamId: string,
    input: { name?: string; member_ids?: string[] },
  ): Promise<TeamDto> {
    await this.team(tenantId, teamId);
    if (input.member_ids) await this.requireWorkers(tenantId, input.member_ids, 'member_ids');
    const members = input.member_ids && [...new Set(input.member_ids)];
    if (!(await this.repository.updateTeam(tenantId, teamId, input.name, members)))
      throw GraphError.conflict(`A team named "${input.name}" exists`, 'name: another team has it');
    const team = await this.team(tenantId, teamId);
    if (members) this.tellCapacity(tenantId);
    return team;
  }

  /** A team some number's auto-assignment gives out among is refused (409): that number's policy first. */
  async deleteTeam(tenantId: string, teamId: string): Promise<void> {
    const team = await this.team(tenantId, teamId);
    if (team.phone_number_ids.length > 0)
      throw GraphError.conflict(
        `Team ${teamId} takes the conversations of ${team.phone_number_ids.join(', ')}`,
        'team_id: change those numbers’ auto-assignment first',
      );
    await this.repository.deleteTeam(tenantId, teamId);
  }

  /** The team exists in the organization (else 400 naming `field`). */
  async requireTeam(tenantId: string, teamId: string, field: string): Promise<void> {
    const [row] = isUuid(teamId) ? await this.repository.teams(tenantId, teamId) : [];
    if (!row)
      throw GraphError.invalidParameter('Invalid parameter', `${field}: no team ${teamId} in this organization`);
  }

  inTeam(tenantId: string, teamId: string, userId: string): Promise<boolean> {
    return this.repository.inTeam(tenantId, teamId, userId);
  }

  teamsOf(tenantId: string, userId: string): Promise<string[]> {
    return this.repository.teamsOf(tenantId, userId);
  }

  // ---- agents ---------------------------------------------------------------------------------

  /** Every member who may work conversations, with their availability and teams. */
  async agents(tenantId: string): Promise<AgentListDto> {
    const members = (await this.people.members(tenantId)).data.filter((m) => WORKING_ROLES.includes(m.role as Role));
    const availability = new Map((await this.repository.agents(tenantId)).map((row) => [row.user_id, row]));
    const teams = await this.repository.teams(tenantId);
    return {
      data: members.map((member) => {
        const row = availability.get(member.user_id);
        return {
          user_id: member.user_id,
          email: member.email,
          role: member.role,
          availability: row?.availability ?? 'offline',
          availability_changed_at: row ? row.availability_changed_at.toISOString() : null,
          team_ids: teams.filter((team) => team.member_ids.includes(member.user_id)).map((team) => team.id),
        };
      }),
    };
  }

  /**
   * A member's availability: their own (any member who works conversations), or another's by someone
   * who manages members (`members:write`). `me` is the caller.
   */
  async setAvailability(
    auth: AuthContext,
    tenantId: string,
    userId: string,
    availability: Availability,
  ): Promise<{ user_id: string; availability: Availability }> {
    const target = userId === 'me' ? auth.userId : userId;
    if (target === null)
      throw GraphError.invalidParameter('Invalid parameter', 'user_id: `me` is a person; this key is a machine’s');
    if (target !== auth.userId && !auth.scopes.has('members:write'))
      throw GraphError.permissionDenied('Only a member who manages members can set another member’s availability');
    await this.requireWorkers(tenantId, [target], 'user_id', true);
    const changed = await this.repository.setAvailability(tenantId, target, availability);
    if (changed && availability === 'available') this.tellCapacity(tenantId);
    return { user_id: target, availability };
  }

  /**
   * The members among `userIds` who may work conversations, else 400 naming `field` (404 when
   * `missing` is a path's member).
   */
  async requireWorkers(tenantId: string, userIds: string[], field: string, path = false): Promise<void> {
    const found = await this.people.membersAmong(tenantId, userIds);
    for (const id of userIds) {
      const member = found.get(id);
      if (!member) {
        if (path) throw GraphError.notFound(`Member ${id} does not exist`);
        throw GraphError.invalidParameter('Invalid parameter', `${field}: ${id} is not a member of this organization`);
      }
      if (!WORKING_ROLES.includes(member.role))
        throw GraphError.invalidParameter(
          'Invalid parameter',
          `${field}: ${id} is a ${member.role}, who does not work conversations`,
        );
    }
  }

  /** Each of `userIds` a member of the organization (any role), else 400 naming `field`. */
  async requireMembers(tenantId: string, userIds: string[], field: string): Promise<Map<string, { email: string }>> {
    const found = await this.people.membersAmong(tenantId, userIds);
    for (const id of userIds)
      if (!found.has(id))
        throw GraphError.invalidParameter('Invalid parameter', `${field}: ${id} is not a member of this organization`);
    return found;
  }

  /** Whether the gateway sends mail (people's SMTP transport is configured). */
  get mails(): boolean {
    return this.people.mails;
  }

  /** Mails the members among `userIds` (people's SMTP transport); answers those mailed. */
  mailMembers(tenantId: string, userIds: string[], mail: { subject: string; text: string }): Promise<string[]> {
    return this.people.mailMembers(tenantId, userIds, mail);
  }

  /** The console's address of a path under it. */
  consoleUrl(path: string): string {
    return this.people.consoleUrl(path);
  }

  /** The member is offline (their last console closed): no longer given conversations. */
  async goOffline(tenantId: string, userId: string): Promise<void> {
    await this.repository.setAvailability(tenantId, userId, 'offline');
  }

  /** Whether `userId` sees only their conversations and the unassigned: an agent, where the organization says so. */
  async restricts(tenantId: string, userId: string): Promise<boolean> {
    if ((await this.settings(tenantId)).agent_visibility === 'all') return false;
    return (await this.people.membersAmong(tenantId, [userId])).get(userId)?.role === 'agent';
  }

  /** A member's email and role, by user id (those no longer members are left out). */
  membersAmong(tenantId: string, userIds: string[]): Promise<Map<string, { email: string; role: Role }>> {
    return this.people.membersAmong(tenantId, userIds);
  }

  /** Auto-assignment's part of its transaction (inbox.repository.ts). */
  lockAvailable(manager: EntityManager, tenantId: string, teamId: string | null): Promise<string[]> {
    return this.repository.lockAvailable(manager, tenantId, teamId);
  }

  markAssigned(manager: EntityManager, tenantId: string, userIds: string[]): Promise<void> {
    return this.repository.markAssigned(manager, tenantId, userIds);
  }

  isAvailable(manager: EntityManager, tenantId: string, userId: string): Promise<boolean> {
    return this.repository.isAvailable(manager, tenantId, userId);
  }

  // ---- settings -------------------------------------------------------------------------------

  async settings(tenantId: string): Promise<InboxSettingsDto> {
    return { ...((await this.settingsCache.fetch(tenantId)) ?? DEFAULT_SETTINGS) };
  }

  async putSettings(tenantId: string, input: PutInboxSettingsDto): Promise<InboxSettingsDto> {
    const current = await this.settings(tenantId);
    const next: SettingsRow = {
      agent_visibility: input.agent_visibility ?? current.agent_visibility,
      take_on_reply: input.take_on_reply ?? current.take_on_reply,
    };
    await this.repository.putSettings(tenantId, next);
    this.settingsCache.set(tenantId, next);
    return { ...next };
  }

  // ---- auto-assignment ------------------------------------------------------------------------

  /** The number's auto-assignment when it is on (cached: read on every inbound message that finds nobody). */
  async policyOf(phoneNumberId: string): Promise<Policy | null> {
    return (await this.policies.fetch(phoneNumberId))?.policy ?? null;
  }

  /** Every number whose auto-assignment is on: the queue's sweep. */
  enabledPolicies(): Promise<Policy[]> {
    return this.repository.enabledPolicies();
  }

  async policy(tenantId: string, phoneNumberId: string): Promise<AssignmentPolicyDto> {
    const row = await this.repository.policy(phoneNumberId);
    if (!row || row.tenant_id !== tenantId)
      throw GraphError.notFound(`Auto-assignment of ${phoneNumberId} is not set up`);
    return toPolicy(row);
  }

  async putPolicy(
    tenantId: string,
    phoneNumberId: string,
    input: PutAssignmentPolicyDto,
  ): Promise<AssignmentPolicyDto> {
    if (input.team_id) await this.requireTeam(tenantId, input.team_id, 'team_id');
    await this.repository.putPolicy({
      phone_number_id: phoneNumberId,
      tenant_id: tenantId,
      team_id: input.team_id ?? null,
      cap: input.cap,
      enabled: input.enabled ?? true,
    });
    this.policies.delete(phoneNumberId);
    this.tellCapacity(tenantId);
    return this.policy(tenantId, phoneNumberId);
  }

  async deletePolicy(tenantId: string, phoneNumberId: string): Promise<void> {
    const deleted = await this.repository.deletePolicy(tenantId, phoneNumberId);
    this.policies.delete(phoneNumberId);
    if (!deleted) throw GraphError.notFound(`Auto-assignment of ${phoneNumberId} is not set up`);
  }

  private tellCapacity(tenantId: string): void {
    for (const listener of this.capacityListeners)
      try {
        listener(tenantId);
      } catch (error) {
        this.logger.warn(`a capacity listener failed: ${(error as Error).message}`);
      }
  }
}

function toTeam(row: { id: string; name: string; created_at: Date; member_ids: string[] }, numbers: string[]): TeamDto {
  return {
    id: row.id,
    name: row.name,
    member_ids: row.member_ids,
    phone_number_ids: numbers,
    created_at: row.created_at.toISOString(),
  };
}

function toPolicy(row: PolicyRow): AssignmentPolicyDto {
  return {
    phone_number_id: row.phone_number_id,
    enabled: row.enabled,
    team_id: row.team_id,
    cap: row.cap,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
