import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** A named group of an organization's members (support, sales…): conversations go to a team, and a number's auto-assignment may give out among a team only. */
@Entity({ name: 'teams' })
@Index('UQ_teams_name', ['tenantId', 'name'], { unique: true })
export class Team {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_teams' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_teams_tenant' })
  tenant?: Organization;

  @Column({ type: 'text' })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
