import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * One episode of a conversation, written when it is resolved: who had it, how long the customer
 * waited for the first answer and how long it took to resolve. The team's figures are read from
 * these rows (by day, agent, team and number), never from a scan of the messages.
 */
@Entity({ name: 'conversation_resolutions' })
@Index('IDX_conversation_resolutions_day', ['tenantId', 'resolvedAt'])
export class ConversationResolution {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_conversation_resolutions' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_conversation_resolutions_tenant' })
  tenant?: Organization;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  @Column({ name: 'wa_id', type: 'text' })
  waId: string;

  /** The member who had it (else the one who resolved it): the agent it counts for. */
  @Column({ name: 'agent_id', type: 'uuid', nullable: true })
  agentId: string | null;

  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId: string | null;

  @Column({ name: 'resolved_by', type: 'uuid', nullable: true })
  resolvedBy: string | null;

  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz' })
  resolvedAt: Date;

  @Column({ name: 'first_response_seconds', type: 'integer', nullable: true })
  firstResponseSeconds: number | null;

  @Column({ name: 'resolution_seconds', type: 'integer' })
  resolutionSeconds: number;
}
