import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** What agents see of the inbox: every conversation, or only theirs and the unassigned. */
export const AGENT_VISIBILITIES = ['all', 'assigned'] as const;
export type AgentVisibility = (typeof AGENT_VISIBILITIES)[number];

/** An organization's inbox settings; an organization without a row has the defaults. */
@Entity({ name: 'inbox_settings' })
@Check('CHK_inbox_settings_visibility', `"agent_visibility" IN ('all', 'assigned')`)
export class InboxSettings {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_inbox_settings' })
  tenantId: string;

  @OneToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_inbox_settings_tenant' })
  tenant?: Organization;

  /** Members whose role is agent see every conversation (`all`), or theirs and the unassigned (`assigned`). */
  @Column({ name: 'agent_visibility', type: 'text', default: 'all' })
  agentVisibility: AgentVisibility;

  /** A reply by a member on an unassigned conversation assigns it to them. */
  @Column({ name: 'take_on_reply', type: 'boolean', default: true })
  takeOnReply: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
