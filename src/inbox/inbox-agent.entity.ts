import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Membership } from '../people/membership.entity';

/** Whether a member takes conversations now: what auto-assignment reads. */
export const AVAILABILITIES = ['available', 'away', 'offline'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/**
 * A member as an agent of the organization's inbox: their availability (set by themselves or by a
 * member who manages members) and when auto-assignment last gave them a conversation (its round
 * robin). A member without a row is offline. Gone with the membership.
 */
@Entity({ name: 'inbox_agents' })
@Check('CHK_inbox_agents_availability', `"availability" IN ('available', 'away', 'offline')`)
export class InboxAgent {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_inbox_agents' })
  tenantId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_inbox_agents' })
  userId: string;

  @ManyToOne(() => Membership, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'user_id', referencedColumnName: 'userId', foreignKeyConstraintName: 'FK_inbox_agents_membership' },
    { name: 'tenant_id', referencedColumnName: 'tenantId', foreignKeyConstraintName: 'FK_inbox_agents_membership' },
  ])
  membership?: Membership;

  @Column({ type: 'text', default: 'offline' })
  availability: Availability;

  @Column({ name: 'availability_changed_at', type: 'timestamptz', default: () => 'now()' })
  availabilityChangedAt: Date;

  /** The round robin's order: the agent given a conversation longest ago comes first. */
  @Column({ name: 'last_assigned_at', type: 'timestamptz', nullable: true })
  lastAssignedAt: Date | null;
}
