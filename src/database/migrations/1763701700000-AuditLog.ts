import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log of management writes (src/audit), listed newest first per organization and pruned by age. */
export class AuditLog1763701700000 implements MigrationInterface {
  name = 'AuditLog1763701700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "audit_log" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid,
        "key_id" uuid NOT NULL,
        "key_prefix" text NOT NULL,
        "key_kind" text NOT NULL,
        "ip" text,
        "request_id" text,
        "action" text NOT NULL,
        "method" text NOT NULL,
        "path" text NOT NULL,
        "target_id" text,
        "status_code" integer NOT NULL,
        "changes" jsonb,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT "PK_audit_log" PRIMARY KEY ("id")
      )`,
    );
    await q.query(`CREATE INDEX "IDX_audit_log_tenant" ON "audit_log" ("tenant_id", "created_at", "id")`);
    await q.query(`CREATE INDEX "IDX_audit_log_time" ON "audit_log" ("created_at", "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "audit_log"`);
  }
}
