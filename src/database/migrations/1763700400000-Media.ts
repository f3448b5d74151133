import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Media: uploads for sends (upstream media ids), template header handles (used once) and the
 * per-organization media library.
 */
export class Media1763700400000 implements MigrationInterface {
  name = 'Media1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "media_assets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "file_name" text NOT NULL, "mime_type" text NOT NULL, "size_bytes" integer NOT NULL, "sha256" text NOT NULL,
        "storage_key" text NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ca47e9f67a5e5d8af1e75d66ee6" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_731ea4cd4b23462bb7261baf65" ON "media_assets" ("tenant_id", "created_at", "id")`);
    await q.query(
      `CREATE TABLE "media_uploads" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "phone_number_id" text NOT NULL, "upstream_media_id" text NOT NULL, "mime_type" text NOT NULL,
        "size_bytes" integer NOT NULL, "file_name" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_media_uploads_upstream_media_id" UNIQUE ("upstream_media_id"),
        CONSTRAINT "PK_af36cb16c5cc7d6bab1f6d4d289" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_e41cf131714bbea6f05fd170e3" ON "media_uploads" ("tenant_id", "created_at")`);
    await q.query(
      `CREATE TABLE "template_media_handles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "business_account_id" uuid NOT NULL, "waba_id" text NOT NULL, "handle" text NOT NULL,
        "mime_type" text NOT NULL, "size_bytes" integer NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_template_media_handles_handle" UNIQUE ("handle"),
        CONSTRAINT "PK_d275c85a8f5d082e43f92daae68" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_60a6dd1de77d833b2aa6c25330" ON "template_media_handles" ("tenant_id", "created_at")`,
    );
    await q.query(
      `ALTER TABLE "media_assets" ADD CONSTRAINT "FK_12cd01c634ecbacec90869ea032" FOREIGN KEY ("tenant_id") REFERENCES
        "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "media_uploads" ADD CONSTRAINT "FK_bd312b84f889193dfefa924eecf" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "template_media_handles" ADD CONSTRAINT "FK_0b42663fee70d57230a3016f69b" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "template_media_handles" ADD CONSTRAINT "FK_65650b32b14d26df1b2e04ef8ac" FOREIGN KEY
        ("business_account_id") REFERENCES "business_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "template_media_handles" DROP CONSTRAINT "FK_65650b32b14d26df1b2e04ef8ac"`);
    await q.query(`ALTER TABLE "template_media_handles" DROP CONSTRAINT "FK_0b42663fee70d57230a3016f69b"`);
    await q.query(`ALTER TABLE "media_uploads" DROP CONSTRAINT "FK_bd312b84f889193dfefa924eecf"`);
    await q.query(`ALTER TABLE "media_assets" DROP CONSTRAINT "FK_12cd01c634ecbacec90869ea032"`);
    await q.query(`DROP TABLE "template_media_handles"`);
    await q.query(`DROP TABLE "media_uploads"`);
    await q.query(`DROP TABLE "media_assets"`);
  }
}
