import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** A button's clicks as Meta's `template_analytics` reports them. */
export interface MetaButtonClicks {
  type: string;
  button_content: string;
  count: number;
}

/**
 * A template's day as Meta's `template_analytics` reports it beside the gateway's own funnel of the
 * same template and day (sent, delivered, read, clicked), and whether they differ by more than 1 %.
 */
@Entity({ name: 'template_analytics_days' })
@Index('IDX_template_analytics_days_day', ['tenantId', 'day'])
export class TemplateAnalyticsDay {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_template_analytics_days' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_template_analytics_days_tenant' })
  tenant?: Organization;

  /** Meta's id of the template. */
  @PrimaryColumn({ name: 'template_id', type: 'text', primaryKeyConstraintName: 'PK_template_analytics_days' })
  templateId: string;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_template_analytics_days' })
  day: string;

  @Column({ name: 'waba_id', type: 'text' })
  wabaId: string;

  @Column({ name: 'template_name', type: 'text' })
  templateName: string;

  @Column({ name: 'template_language', type: 'text' })
  templateLanguage: string;

  @Column({ name: 'meta_sent', type: 'bigint' })
  metaSent: string;

  @Column({ name: 'meta_delivered', type: 'bigint' })
  metaDelivered: string;

  @Column({ name: 'meta_read', type: 'bigint' })
  metaRead: string;

  @Column({ name: 'meta_clicked', type: 'bigint' })
  metaClicked: string;

  /** Meta's clicks by button (`clicked`). */
  @Column({ name: 'meta_buttons', type: 'jsonb' })
  metaButtons: MetaButtonClicks[];

  @Column({ type: 'bigint' })
  sent: string;

  @Column({ type: 'bigint' })
  delivered: string;

  @Column({ type: 'bigint' })
  read: string;

  /** The gateway's button presses of the template that day. */
  @Column({ type: 'bigint' })
  clicked: string;

  /** The largest relative difference of the four, in percent of the larger side. */
  @Column({ name: 'difference_percent', type: 'numeric', precision: 9, scale: 3 })
  differencePercent: string;

  @Column({ type: 'boolean' })
  flagged: boolean;

  @Column({ name: 'checked_at', type: 'timestamptz' })
  checkedAt: Date;
}
