import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A customer's erasure as a job with a receipt (issue 58). */
export class CustomerErasures1764500300000 implements MigrationInterface {
  name = 'CustomerErasures1764500300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "customer_erasures" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "wa_id" text, "digest" text NOT NULL, "status" text NOT NULL, "before" TIMESTAMP WITH TIME ZONE NOT NULL, "step" jsonb NOT NULL, "removed" jsonb NOT NULL, "requested_by" jsonb NOT NULL, "lease_until" TIMESTAMP WITH TIME ZONE, "attempts" integer NOT NULL DEFAULT 0, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_customer_erasures" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_customer_erasures_tenant" ON "customer_erasures" ("tenant_id") `);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_customer_erasures_running" ON "customer_erasures" ("tenant_id", "digest") WHERE status = 'running'`,
    );
    await q.query(
      `CREATE INDEX "IDX_customer_erasures_due" ON "customer_erasures" ("lease_until") WHERE status = 'running'`,
    );
    await q.query(
      `ALTER TABLE "customer_erasures" ADD CONSTRAINT "FK_customer_erasures_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "customer_erasures"`);
  }
}
