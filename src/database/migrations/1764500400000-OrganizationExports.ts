import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An organization's archive as a job, its bytes kept until the link expires (issue 58). */
export class OrganizationExports1764500400000 implements MigrationInterface {
  name = 'OrganizationExports1764500400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "organization_exports" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "status" text NOT NULL, "progress" jsonb NOT NULL, "requested_by" jsonb NOT NULL, "lease_until" TIMESTAMP WITH TIME ZONE, "attempts" integer NOT NULL DEFAULT 0, "last_error" text, "size_bytes" bigint, "expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_organization_exports" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_organization_exports_tenant" ON "organization_exports" ("tenant_id") `);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_organization_exports_running" ON "organization_exports" ("tenant_id") WHERE status = 'running'`,
    );
    await q.query(
      `CREATE INDEX "IDX_organization_exports_due" ON "organization_exports" ("lease_until") WHERE status = 'running'`,
    );
    await q.query(
      `ALTER TABLE "organization_exports" ADD CONSTRAINT "FK_organization_exports_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE TABLE "organization_export_chunks" ("export_id" uuid NOT NULL, "seq" integer NOT NULL, "bytes" bytea NOT NULL, CONSTRAINT "PK_organization_export_chunks" PRIMARY KEY ("export_id", "seq"))`,
    );
    await q.query(
      `ALTER TABLE "organization_export_chunks" ADD CONSTRAINT "FK_organization_export_chunks_export" FOREIGN KEY ("export_id") REFERENCES "organization_exports"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "organization_export_chunks"`);
    await q.query(`DROP TABLE "organization_exports"`);
  }
}
