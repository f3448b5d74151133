import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import type { Action, Condition } from './rule';

/**
 * An organization's automation rule: when (`trigger`), if (`conditions`, all of them), then
 * (`actions`, in order). Rules are judged in `position` order; a `stop` action ends the judging of
 * the rules after it.
 */
@Entity({ name: 'automation_rules' })
@Index('IDX_automation_rules_order', ['tenantId', 'position'])
export class AutomationRule {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_automation_rules' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_automation_rules_tenant' })
  tenant?: Organization;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'text' })
  trigger: string;

  @Column({ type: 'jsonb' })
  conditions: Condition[];

  @Column({ type: 'jsonb' })
  actions: Action[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
