import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The monthly usage rollup, filled from the daily one: reports by month read whole months from it. */
export class UsageMonths1764270300000 implements MigrationInterface {
  name = 'UsageMonths1764270300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "usage_months" ("tenant_id" uuid NOT NULL, "month" date NOT NULL, "phone_number_id" text NOT NULL,
        "country" text NOT NULL, "category" text NOT NULL, "broadcast_id" text NOT NULL DEFAULT '',
        "messages" bigint NOT NULL DEFAULT 0, "billable_messages" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "PK_usage_months"
          PRIMARY KEY ("tenant_id", "month", "phone_number_id", "country", "category", "broadcast_id"))`,
    );
    await q.query(
      `INSERT INTO "usage_months" (tenant_id, month, phone_number_id, country, category, broadcast_id, messages,
         billable_messages)
       SELECT tenant_id, date_trunc('month', day::timestamp)::date, phone_number_id, country, category, broadcast_id,
         sum(messages), sum(billable_messages)
       FROM "usage_days" GROUP BY 1, 2, 3, 4, 5, 6`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "usage_months"`);
  }
}
