import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The per-organization recipient blacklist and synchronized contacts (with a GIN index on tags). */
export class BlacklistAndContacts1763700200000 implements MigrationInterface {
  name = 'BlacklistAndContacts1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "blacklist_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "phone_number" text NOT NULL, "reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_blacklist_entries_tenant_phone_number" UNIQUE ("tenant_id", "phone_number"),
        CONSTRAINT "PK_61b3b4cd52f946ff6807b9120e3" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_94777b5e8aca5794b33874d1fb" ON "blacklist_entries" ("tenant_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE TABLE "contacts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "phone_number" text NOT NULL, "name" text, "tags" text array NOT NULL DEFAULT '{}',
        "attributes" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_contacts_tenant_phone_number" UNIQUE ("tenant_id", "phone_number"),
        CONSTRAINT "PK_b99cd40cfd66a99f1571f4f72e6" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_contacts_tags" ON "contacts" USING gin ("tags")`);
    await q.query(`CREATE INDEX "IDX_e3bf10274201969623775bb81e" ON "contacts" ("tenant_id", "created_at", "id")`);
    await q.query(
      `ALTER TABLE "blacklist_entries" ADD CONSTRAINT "FK_6534c33d31cd457d6312e994aef" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "contacts" ADD CONSTRAINT "FK_71ec7d68cfafa5f3d93c959b807" FOREIGN KEY ("tenant_id") REFERENCES
        "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "contacts" DROP CONSTRAINT "FK_71ec7d68cfafa5f3d93c959b807"`);
    await q.query(`ALTER TABLE "blacklist_entries" DROP CONSTRAINT "FK_6534c33d31cd457d6312e994aef"`);
    await q.query(`DROP TABLE "contacts"`);
    await q.query(`DROP TABLE "blacklist_entries"`);
  }
}
