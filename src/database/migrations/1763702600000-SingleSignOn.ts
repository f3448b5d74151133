import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on and platform operators as people: accounts without a password (single sign-on only),
 * a platform operator's key, the step of the last second-factor code taken (once each), an
 * organization's SSO requirement and default role, and the email domains organizations claim.
 */
export class SingleSignOn1763702600000 implements MigrationInterface {
  name = 'SingleSignOn1763702600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL`);
    await q.query(`ALTER TABLE "users" ADD "totp_last_step" bigint`);
    await q.query(`ALTER TABLE "users" ADD "platform_key_id" uuid`);
    await q.query(`ALTER TABLE "sign_in_policies" ADD "require_sso" boolean NOT NULL DEFAULT false`);
    await q.query(
      `ALTER TABLE "sign_in_policies" ADD "sso_default_role" character varying(16) NOT NULL DEFAULT 'viewer'`,
    );
    await q.query(
      `CREATE TABLE "sso_domains" ("domain" text NOT NULL, "tenant_id" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sso_domains" PRIMARY KEY ("domain"))`,
    );
    await q.query(`CREATE INDEX "IDX_sso_domains_tenant" ON "sso_domains" ("tenant_id")`);
    await q.query(
      `ALTER TABLE "sso_domains" ADD CONSTRAINT "FK_sso_domains_tenant" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "sso_domains"`);
    await q.query(`ALTER TABLE "sign_in_policies" DROP COLUMN "sso_default_role"`);
    await q.query(`ALTER TABLE "sign_in_policies" DROP COLUMN "require_sso"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "platform_key_id"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "totp_last_step"`);
    await q.query(`DELETE FROM "users" WHERE "password_hash" IS NULL`);
    await q.query(`ALTER TABLE "users" ALTER COLUMN "password_hash" SET NOT NULL`);
  }
}
