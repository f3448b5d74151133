import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An organization's deletion as a job with a receipt that outlives it (issue 58). */
export class OrganizationDeletions1764500500000 implements MigrationInterface {
  name = 'OrganizationDeletions1764500500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "organization_deletions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "organization_name" text NOT NULL, "status" text NOT NULL, "step" integer NOT NULL DEFAULT 0, "removed" jsonb NOT NULL, "requested_by" jsonb NOT NULL, "lease_until" TIMESTAMP WITH TIME ZONE, "attempts" integer NOT NULL DEFAULT 0, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_organization_deletions" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_organization_deletions_running" ON "organization_deletions" ("tenant_id") WHERE status = 'running'`,
    );
    await q.query(
      `CREATE INDEX "IDX_organization_deletions_due" ON "organization_deletions" ("lease_until") WHERE status = 'running'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "organization_deletions"`);
  }
}
