import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Metering: one usage entry per message and category as Meta prices it, and the daily rollup reports read. */
export class UsageMetering1763702900000 implements MigrationInterface {
  name = 'UsageMetering1763702900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "usage_entries" ("message_id" text NOT NULL, "category" text NOT NULL, "tenant_id" uuid NOT NULL,
        "phone_number_id" text NOT NULL, "country" text NOT NULL, "billable" boolean NOT NULL,
        "pricing_model" text NOT NULL, "type" text NOT NULL, "day" date NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_usage_entries" PRIMARY KEY ("message_id", "category"))`,
    );
    await q.query(`CREATE INDEX "IDX_usage_entries_tenant_day" ON "usage_entries" ("tenant_id", "day")`);
    await q.query(
      `CREATE TABLE "usage_days" ("tenant_id" uuid NOT NULL, "day" date NOT NULL, "phone_number_id" text NOT NULL,
        "country" text NOT NULL, "category" text NOT NULL, "messages" bigint NOT NULL DEFAULT 0,
        "billable_messages" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "PK_usage_days" PRIMARY KEY ("tenant_id", "day", "phone_number_id", "country", "category"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "usage_days"`);
    await q.query(`DROP TABLE "usage_entries"`);
  }
}
