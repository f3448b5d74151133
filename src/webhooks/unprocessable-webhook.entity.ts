import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An upstream delivery, correctly signed, that holds something the gateway cannot apply (a change
 * that is not an object, a status list that is not a list, text PostgreSQL cannot store). Meta must
 * not retry a payload that will never parse, so it is acknowledged; its bytes are kept here as
 * received, for an operator to read (`gateway_webhook_events_ingested_total{result="unprocessable"}`
 * and a warning line say it happened). The delivery's other changes are applied as usual.
 */
@Entity({ name: 'unprocessable_webhooks' })
export class UnprocessableWebhook {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_unprocessable_webhooks' })
  id: string;

  /** What could not be applied, and where (`entry[0].changes[1]: not an object`). */
  @Column({ type: 'text' })
  reason: string;

  /** The whole delivery, byte for byte. */
  @Column({ type: 'bytea' })
  body: Buffer;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
