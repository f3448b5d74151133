import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import { Team } from './team.entity';

/**
 * A number's auto-assignment: its new conversations go round robin to the available members (of
 * `team`, when it names one), none beyond `cap` open conversations; what finds nobody waits
 * unassigned and is given out as agents free up.
 */
@Entity({ name: 'assignment_policies' })
@Check('CHK_assignment_policies_cap', `"cap" BETWEEN 1 AND 1000`)
export class AssignmentPolicy {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_assignment_policies' })
  phoneNumberId: string;

  @Index('IDX_assignment_policies_tenant')
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_assignment_policies_tenant' })
  tenant?: Organization;

  /** Only this team's members take the number's conversations (null: every member who works the inbox). */
  @Index('IDX_assignment_policies_team')
  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId: string | null;

  @ManyToOne(() => Team)
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'FK_assignment_policies_team' })
  team?: Team;

  /** Open conversations (open or pending) an agent may hold before auto-assignment passes them by. */
  @Column({ type: 'integer' })
  cap: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
