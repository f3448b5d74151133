import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Insights (issue 59): the funnels' rollups, written with the statuses and the replies; the status a
 * record had before a status webhook moved it and when the customer first replied to it (the two
 * columns the rollups' once-per-message count reads, set by the updates that already write the record);
 * Meta's template analytics, read daily beside them.
 */
export class MessageFunnels1764600000000 implements MigrationInterface {
  name = 'MessageFunnels1764600000000';

  async up(q: QueryRunner): Promise<void> {
    // Metadata only on a partitioned table: nullable, no default.
    await q.query(`ALTER TABLE "messages" ADD "status_before" text`);
    await q.query(`ALTER TABLE "messages" ADD "replied_at" TIMESTAMP WITH TIME ZONE`);
    const key = `"tenant_id" uuid NOT NULL, "day" date NOT NULL, "phone_number_id" text NOT NULL, "template_name" text NOT NULL DEFAULT '', "template_language" text NOT NULL DEFAULT '', "broadcast_id" text NOT NULL DEFAULT ''`;
    const keyColumns = `"tenant_id", "day", "phone_number_id", "template_name", "template_language", "broadcast_id"`;
    await q.query(
      `CREATE TABLE "funnel_days" (${key}, "sent" bigint NOT NULL DEFAULT 0, "delivered" bigint NOT NULL DEFAULT 0, "read" bigint NOT NULL DEFAULT 0, "replied" bigint NOT NULL DEFAULT 0, "failed" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_funnel_days" PRIMARY KEY (${keyColumns}))`,
    );
    await q.query(
      `CREATE INDEX "IDX_funnel_days_template" ON "funnel_days" ("tenant_id", "template_name", "template_language", "day")`,
    );
    await q.query(`CREATE INDEX "IDX_funnel_days_broadcast" ON "funnel_days" ("tenant_id", "broadcast_id", "day")`);
    await q.query(
      `CREATE TABLE "funnel_failures" (${key}, "code" integer NOT NULL, "messages" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_funnel_failures" PRIMARY KEY (${keyColumns}, "code"))`,
    );
    await q.query(
      `CREATE TABLE "funnel_buttons" (${key}, "payload" text NOT NULL, "text" text NOT NULL DEFAULT '', "presses" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_funnel_buttons" PRIMARY KEY (${keyColumns}, "payload"))`,
    );
    await q.query(
      `CREATE TABLE "template_analytics_days" ("tenant_id" uuid NOT NULL, "template_id" text NOT NULL, "day" date NOT NULL, "waba_id" text NOT NULL, "template_name" text NOT NULL, "template_language" text NOT NULL, "meta_sent" bigint NOT NULL, "meta_delivered" bigint NOT NULL, "meta_read" bigint NOT NULL, "meta_clicked" bigint NOT NULL, "meta_buttons" jsonb NOT NULL, "sent" bigint NOT NULL, "delivered" bigint NOT NULL, "read" bigint NOT NULL, "clicked" bigint NOT NULL, "difference_percent" numeric(9,3) NOT NULL, "flagged" boolean NOT NULL, "checked_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_template_analytics_days" PRIMARY KEY ("tenant_id", "template_id", "day"))`,
    );
    await q.query(`CREATE INDEX "IDX_template_analytics_days_day" ON "template_analytics_days" ("tenant_id", "day")`);
    await q.query(
      `ALTER TABLE "template_analytics_days" ADD CONSTRAINT "FK_template_analytics_days_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "template_analytics_days"`);
    await q.query(`DROP TABLE "funnel_buttons"`);
    await q.query(`DROP TABLE "funnel_failures"`);
    await q.query(`DROP TABLE "funnel_days"`);
    await q.query(`ALTER TABLE "messages" DROP COLUMN "replied_at"`);
    await q.query(`ALTER TABLE "messages" DROP COLUMN "status_before"`);
  }
}
