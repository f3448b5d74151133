import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Embedded Signup: the numbers organizations connect themselves (their steps, their PIN encrypted),
 * and a business account's partner removal (Meta's account_update) that stops its numbers.
 */
export class EmbeddedSignup1763702700000 implements MigrationInterface {
  name = 'EmbeddedSignup1763702700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "business_accounts" ADD "partner_removed_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(
      `CREATE TABLE "number_signups" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "phone_number_id" text NOT NULL, "tenant_id" uuid NOT NULL, "waba_id" text NOT NULL,
        "pin_encrypted" text NOT NULL, "registered_at" TIMESTAMP WITH TIME ZONE, "status" text NOT NULL DEFAULT 'pending',
        "failed_step" text, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_number_signups" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_number_signups_phone" ON "number_signups" ("phone_number_id")`);
    await q.query(`CREATE INDEX "IDX_number_signups_tenant" ON "number_signups" ("tenant_id")`);
    await q.query(
      `ALTER TABLE "number_signups" ADD CONSTRAINT "FK_number_signups_tenant" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "number_signups"`);
    await q.query(`ALTER TABLE "business_accounts" DROP COLUMN "partner_removed_at"`);
  }
}
