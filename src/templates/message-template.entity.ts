import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

export type TemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | string;

/** The local catalog: a template as last synchronized from upstream. */
@Entity({ name: 'message_templates' })
@Unique('UQ_message_templates_account_name_language', ['businessAccountId', 'name', 'language'])
export class MessageTemplate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'business_account_id', type: 'uuid' })
  businessAccountId: string;

  @Column({ name: 'waba_id', type: 'text' })
  wabaId: string;

  /** Meta's template id. */
  @Index({ unique: true })
  @Column({ name: 'upstream_id', type: 'text' })
  upstreamId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  language: string;

  @Column({ type: 'text' })
  category: string;

  @Column({ type: 'text' })
  status: TemplateStatus;

  @Column({ name: 'rejected_reason', type: 'text', nullable: true })
  rejectedReason: string | null;

  @Column({ type: 'jsonb', default: [] })
  components: unknown[];

  @Column({ name: 'parameter_format', type: 'text', default: 'POSITIONAL' })
  parameterFormat: 'POSITIONAL' | 'NAMED';

  /** Time of the upstream event that set the status (older events are ignored). */
  @Column({ name: 'status_updated_at', type: 'timestamptz', nullable: true })
  statusUpdatedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
