import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Spending limits per organization and the thresholds each month reached (issue 46). */
export class SpendingLimits1764270000000 implements MigrationInterface {
  name = 'SpendingLimits1764270000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "spending_limits" ("tenant_id" uuid NOT NULL, "kind" text NOT NULL,
        "value" numeric(14,6) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_spending_limits" PRIMARY KEY ("tenant_id"),
        CONSTRAINT "CHK_spending_limits_kind" CHECK ("kind" IN ('amount', 'messages')),
        CONSTRAINT "CHK_spending_limits_value" CHECK ("value" >= 0),
        CONSTRAINT "FK_spending_limits_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE)`,
    );
    await q.query(
      `CREATE TABLE "spending_thresholds" ("tenant_id" uuid NOT NULL, "month" date NOT NULL, "percent" integer NOT NULL,
        "spend" numeric(14,6) NOT NULL, "reached_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_spending_thresholds" PRIMARY KEY ("tenant_id", "month", "percent"),
        CONSTRAINT "FK_spending_thresholds_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "spending_thresholds"`);
    await q.query(`DROP TABLE "spending_limits"`);
  }
}
