import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * What an organization keeps for less time than the platform (never longer): message bodies (the
 * records stay, their bodies replaced), inbound messages, the media its customers sent and its webhook
 * delivery logs, each in days (null: the platform's). `bodies_done_until`: where the last complete
 * pass of the bodies ended (the next starts there, not at the oldest record).
 */
@Entity({ name: 'retention_settings' })
export class RetentionSettings {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_retention_settings' })
  tenantId: string;

  @OneToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_retention_settings_tenant' })
  tenant?: Organization;

  @Column({ name: 'message_bodies_days', type: 'integer', nullable: true })
  messageBodiesDays: number | null;

  @Column({ name: 'inbound_messages_days', type: 'integer', nullable: true })
  inboundMessagesDays: number | null;

  @Column({ name: 'media_days', type: 'integer', nullable: true })
  mediaDays: number | null;

  @Column({ name: 'webhook_deliveries_days', type: 'integer', nullable: true })
  webhookDeliveriesDays: number | null;

  @Column({ name: 'bodies_done_until', type: 'timestamptz', nullable: true })
  bodiesDoneUntil: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
