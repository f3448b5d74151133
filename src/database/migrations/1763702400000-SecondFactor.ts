import type { MigrationInterface, QueryRunner } from 'typeorm';

/** People's second factor (TOTP, its secret encrypted) and the organizations' sign-in policies. */
export class SecondFactor1763702400000 implements MigrationInterface {
  name = 'SecondFactor1763702400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "users" ADD "totp_secret_encrypted" text, ADD "totp_enabled_at" TIMESTAMP WITH TIME ZONE`,
    );
    await q.query(
      `CREATE TABLE "sign_in_policies" ("tenant_id" uuid NOT NULL, "require_totp" boolean NOT NULL DEFAULT false,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sign_in_policies" PRIMARY KEY ("tenant_id"))`,
    );
    await q.query(
      `ALTER TABLE "sign_in_policies" ADD CONSTRAINT "FK_sign_in_policies_tenant" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "sign_in_policies"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "totp_enabled_at", DROP COLUMN "totp_secret_encrypted"`);
  }
}
