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

  /** Meta's template id; null while the template is reserved and Meta's answer to its create is awaited. */
  @Index({ unique: true })
  @Column({ name: 'upstream_id', type: 'text', nullable: true })
  upstreamId: string | null;

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
  components: Array<Record<string, unknown>>;

  @Column({ name: 'parameter_format', type: 'text', default: 'POSITIONAL' })
  parameterFormat: 'POSITIONAL' | 'NAMED';

  /** The effective delivery TTL (the category's default when the create request had none). */
  @Column({ name: 'message_send_ttl_seconds', type: 'integer', nullable: true })
  messageSendTtlSeconds: number | null;

  /** Smart template group (a gateway field): a send by group picks the APPROVED member for its language. */
  @Index()
  @Column({ name: 'group_name', type: 'text', nullable: true })
  groupName: string | null;

  /** Time of the upstream event that set the status (older events are ignored). */
  @Column({ name: 'status_updated_at', type: 'timestamptz', nullable: true })
  statusUpdatedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
