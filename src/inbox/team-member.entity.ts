import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Membership } from '../people/membership.entity';
import { Team } from './team.entity';

/** A member in a team. Gone with the team, and with the membership (a person who leaves the organization). */
@Entity({ name: 'team_members' })
@Index('IDX_team_members_member', ['userId', 'tenantId'])
export class TeamMember {
  @PrimaryColumn({ name: 'team_id', type: 'uuid', primaryKeyConstraintName: 'PK_team_members' })
  teamId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_team_members' })
  userId: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'FK_team_members_team' })
  team?: Team;

  @ManyToOne(() => Membership, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'user_id', referencedColumnName: 'userId', foreignKeyConstraintName: 'FK_team_members_membership' },
    { name: 'tenant_id', referencedColumnName: 'tenantId', foreignKeyConstraintName: 'FK_team_members_membership' },
  ])
  membership?: Membership;
}
