import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AgentVisibility } from './inbox-settings.entity';
import type { Availability } from './inbox-agent.entity';

export interface TeamRow {
  id: string;
  name: string;
  created_at: Date;
  member_ids: string[];
}

export interface AgentRow {
  user_id: string;
  availability: Availability;
  availability_changed_at: Date;
  last_assigned_at: Date | null;
}

export interface SettingsRow {
  agent_visibility: AgentVisibility;
  take_on_reply: boolean;
}

export interface PolicyRow {
  phone_number_id: string;
  tenant_id: string;
  team_id: string | null;
  cap: number;
  enabled: boolean;
  updated_at: Date;
}

/**
 * Every statement on the inbox's tables: teams and their members, members' availability as agents,
 * the organizations' inbox settings and the numbers' auto-assignment. The conversations themselves
 * are messages/' (conversations/); auto-assignment takes this folder's part of its transaction
 * (`lockAvailable`, `markAssigned`).
 */
@Injectable()
export class InboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  // ---- teams ----------------------------------------------------------------------------------

  teams(tenantId: string, teamId?: string): Promise<TeamRow[]> {
    return this.dataSource.query(
      `SELECT t.id, t.name, t.created_at,
         coalesce(array_agg(m.user_id ORDER BY m.user_id) FILTER (WHERE m.user_id IS NOT NULL), '{}') AS member_ids
       FROM teams t LEFT JOIN team_members m ON m.team_id = t.id
       WHERE t.tenant_id = $1 AND ($2::uuid IS NULL OR t.id = $2::uuid)
       GROUP BY t.id ORDER BY t.name, t.id`,
      [tenantId, teamId ?? null],
    );
  }

  /** The team's id when `name` is free in the organization; undefined when another team has it. */
  async createTeam(tenantId: string, name: string, memberIds: string[]): Promise<string | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<Array<{ id: string }>>(
        `INSERT INTO teams (tenant_id, name) VALUES ($1, $2) ON CONFLICT (tenant_id, name) DO NOTHING RETURNING id`,
        [tenantId, name],
      );
      if (!row) return undefined;
      await this.setMembers(manager, tenantId, row.id, memberIds);
      return row.id;
    });
  }

  /** False when another team of the organization has the name. */
  async updateTeam(tenantId: string, teamId: string, name: string | undefined, memberIds?: string[]): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (name !== undefined) {
        const [taken] = await manager.query<unknown[]>(
          'SELECT 1 FROM teams WHERE tenant_id = $1 AND name = $2 AND id <> $3',
          [tenantId, name, teamId],
        );
        if (taken) return false;
        await manager.query('UPDATE teams SET name = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, teamId, name]);
      }
      if (memberIds !== undefined) await this.setMembers(manager, tenantId, teamId, memberIds);
      return true;
    });
  }

  private async setMembers(manager: EntityManager, tenantId: string, teamId: string, userIds: string[]): Promise<void> {
    await manager.query('DELETE FROM team_members WHERE team_id = $1 AND NOT (user_id = ANY ($2::uuid[]))', [
      teamId,
      userIds,
    ]);
    await manager.query(
      `INSERT INTO team_members (team_id, user_id, tenant_id) SELECT $1, u, $2 FROM unnest($3::uuid[]) AS u
       ON CONFLICT DO NOTHING`,
      [teamId, tenantId, userIds],
    );
  }

  async deleteTeam(tenantId: string, teamId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM teams WHERE tenant_id = $1 AND id = $2', [tenantId, teamId]);
  }

  /** The numbers whose auto-assignment gives out among the team. */
  async numbersOfTeam(tenantId: string, teamId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ phone_number_id: string }>>(
      'SELECT phone_number_id FROM assignment_policies WHERE tenant_id = $1 AND team_id = $2 ORDER BY 1',
      [tenantId, teamId],
    );
    return rows.map((row) => row.phone_number_id);
  }

  /** Whether the member is in the team. */
  async inTeam(tenantId: string, teamId: string, userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM team_members WHERE team_id = $1 AND user_id = $2 AND tenant_id = $3',
      [teamId, userId, tenantId],
    );
    return rows.length > 0;
  }

  /** The teams the member is in. */
  async teamsOf(tenantId: string, userId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ team_id: string }>>(
      'SELECT team_id FROM team_members WHERE user_id = $1 AND tenant_id = $2 ORDER BY 1',
      [userId, tenantId],
    );
    return rows.map((row) => row.team_id);
  }

  // ---- agents ---------------------------------------------------------------------------------

  agents(tenantId: string): Promise<AgentRow[]> {
    return this.dataSource.query(
      `SELECT user_id, availability, availability_changed_at, last_assigned_at FROM inbox_agents
       WHERE tenant_id = $1 ORDER BY user_id`,
      [tenantId],
    );
  }

  /** The member's availability from now on; whether it changed. */
  async setAvailability(tenantId: string, userId: string, availability: Availability): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `INSERT INTO inbox_agents AS a (tenant_id, user_id, availability) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, user_id) DO UPDATE SET availability = EXCLUDED.availability,
         availability_changed_at = now()
       WHERE a.availability <> EXCLUDED.availability
       RETURNING 1`,
      [tenantId, userId, availability],
    );
    return rows.length > 0;
  }

  /**
   * Auto-assignment's part of its transaction: the available agents of the pool (the team's members,
   * or every agent of the organization), their rows locked in a fixed order so that two instances
   * giving out the same pool's conversations take turns, round robin first (the one given a
   * conversation longest ago, then never given one).
   */
  async lockAvailable(manager: EntityManager, tenantId: string, teamId: string | null): Promise<string[]> {
    const rows = await manager.query<Array<{ user_id: string; last_assigned_at: Date | null }>>(
      `SELECT a.user_id, a.last_assigned_at FROM inbox_agents a
       WHERE a.tenant_id = $1 AND a.availability = 'available'
         AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = $2::uuid
                                          AND m.user_id = a.user_id))
       ORDER BY a.user_id FOR UPDATE OF a`,
      [tenantId, teamId],
    );
    return rows
      .sort(
        (x, y) =>
          (x.last_assigned_at?.getTime() ?? 0) - (y.last_assigned_at?.getTime() ?? 0) ||
          x.user_id.localeCompare(y.user_id),
      )
      .map((row) => row.user_id);
  }

  /** Each of `userIds` was given a conversation now, in this order (the round robin moves past them). */
  async markAssigned(manager: EntityManager, tenantId: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await manager.query(
      `UPDATE inbox_agents a SET last_assigned_at = clock_timestamp() + make_interval(secs => u.n / 1000000.0)
       FROM unnest($2::uuid[]) WITH ORDINALITY AS u(user_id, n)
       WHERE a.tenant_id = $1 AND a.user_id = u.user_id`,
      [tenantId, userIds],
    );
  }

  /** Whether the member is available now (a returning customer's agent is asked). */
  async isAvailable(manager: EntityManager, tenantId: string, userId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM inbox_agents WHERE tenant_id = $1 AND user_id = $2 AND availability = 'available'`,
      [tenantId, userId],
    );
    return rows.length > 0;
  }

  // ---- settings -------------------------------------------------------------------------------

  async settings(tenantId: string): Promise<SettingsRow | undefined> {
    const [row] = await this.dataSource.query<SettingsRow[]>(
      'SELECT agent_visibility, take_on_reply FROM inbox_settings WHERE tenant_id = $1',
      [tenantId],
    );
    return row;
  }

  async putSettings(tenantId: string, settings: SettingsRow): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO inbox_settings (tenant_id, agent_visibility, take_on_reply) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id) DO UPDATE SET agent_visibility = EXCLUDED.agent_visibility,
         take_on_reply = EXCLUDED.take_on_reply, updated_at = now()`,
      [tenantId, settings.agent_visibility, settings.take_on_reply],
    );
  }

  // ---- auto-assignment ------------------------------------------------------------------------

  async policy(phoneNumberId: string): Promise<PolicyRow | undefined> {
    const [row] = await this.dataSource.query<PolicyRow[]>(
      `SELECT phone_number_id, tenant_id, team_id, cap, enabled, updated_at FROM assignment_policies
       WHERE phone_number_id = $1`,
      [phoneNumberId],
    );
    return row;
  }

  /** Every enabled policy: the queue's sweep gives out what waits on each. */
  enabledPolicies(): Promise<PolicyRow[]> {
    return this.dataSource.query(
      `SELECT phone_number_id, tenant_id, team_id, cap, enabled, updated_at FROM assignment_policies
       WHERE enabled ORDER BY phone_number_id`,
    );
  }

  async putPolicy(policy: Omit<PolicyRow, 'updated_at'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO assignment_policies (phone_number_id, tenant_id, team_id, cap, enabled) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (phone_number_id) DO UPDATE SET team_id = EXCLUDED.team_id, cap = EXCLUDED.cap,
         enabled = EXCLUDED.enabled, updated_at = now()`,
      [policy.phone_number_id, policy.tenant_id, policy.team_id, policy.cap, policy.enabled],
    );
  }

  /** Whether there was one. */
  async deletePolicy(tenantId: string, phoneNumberId: string): Promise<boolean> {
    const [, count] = await this.dataSource.query<[unknown[], number]>(
      'DELETE FROM assignment_policies WHERE tenant_id = $1 AND phone_number_id = $2',
      [tenantId, phoneNumberId],
    );
    return count > 0;
  }

  /** A removed number's auto-assignment, gone with it (in the removal's transaction). */
  async forgetNumber(manager: EntityManager, phoneNumberId: string): Promise<void> {
    await manager.query('DELETE FROM assignment_policies WHERE phone_number_id = $1', [phoneNumberId]);
  }
}
