import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Ids Meta created or listed under an organization's business accounts, for the checked pass-through. */
export class UpstreamObjects1763701200000 implements MigrationInterface {
  name = 'UpstreamObjects1763701200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "upstream_objects" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
       "business_account_id" uuid NOT NULL, "phone_number_id" text, "kind" text NOT NULL, "object_id" text NOT NULL,
       "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
       CONSTRAINT "UQ_upstream_objects_account_kind_object" UNIQUE ("business_account_id", "kind", "object_id"),
       CONSTRAINT "PK_fd9abb09a367103126c91ba6dd8" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_upstream_objects_object" ON "upstream_objects" ("object_id")`);
    await q.query(
      `ALTER TABLE "upstream_objects" ADD CONSTRAINT "FK_ec4f141a4ae9115cbb9433e1bf4" FOREIGN KEY
        ("business_account_id")
       REFERENCES "business_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "upstream_objects"`);
  }
}
