import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each business account's day as metered and as Meta's pricing_analytics reports it (issue 46). */
export class UsageReconciliations1764270100000 implements MigrationInterface {
  name = 'UsageReconciliations1764270100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "usage_reconciliations" ("waba_id" text NOT NULL, "day" date NOT NULL, "tenant_id" uuid NOT NULL,
        "metered_messages" bigint NOT NULL, "meta_messages" bigint NOT NULL, "metered_cost" numeric(14,6),
        "meta_cost" numeric(14,6) NOT NULL, "difference_percent" numeric(9,3) NOT NULL, "flagged" boolean NOT NULL,
        "details" jsonb NOT NULL, "checked_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_usage_reconciliations" PRIMARY KEY ("waba_id", "day"),
        CONSTRAINT "FK_usage_reconciliations_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id")
          ON DELETE CASCADE)`,
    );
    await q.query(
      `CREATE INDEX "IDX_usage_reconciliations_tenant_day" ON "usage_reconciliations" ("tenant_id", "day")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "usage_reconciliations"`);
  }
}
