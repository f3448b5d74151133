import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People (issue 44, first step): users, their memberships of organizations with a role, and
 * invitations by link; the key a membership acts through is marked with its person
 * (`api_keys.member_user_id`), and the audit log names the person of a console session.
 */
export class People1763702300000 implements MigrationInterface {
  name = 'People1763702300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL,
        "password_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_users" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_users_email" ON "users" ("email")`);
    await q.query(
      `CREATE TABLE "memberships" ("user_id" uuid NOT NULL, "tenant_id" uuid NOT NULL, "role" text NOT NULL,
        "key_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_memberships" PRIMARY KEY ("user_id", "tenant_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_memberships_tenant" ON "memberships" ("tenant_id", "created_at")`);
    await q.query(
      `CREATE TABLE "invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "email" text NOT NULL, "role" text NOT NULL, "token_hash" text NOT NULL, "invited_by_key_id" uuid NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_invitations" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_invitations_token" ON "invitations" ("token_hash")`);
    await q.query(`CREATE INDEX "IDX_invitations_tenant" ON "invitations" ("tenant_id", "created_at")`);
    await q.query(`ALTER TABLE "api_keys" ADD "member_user_id" uuid`);
    await q.query(`ALTER TABLE "audit_log" ADD "person" text`);
    await q.query(
      `ALTER TABLE "invitations" ADD CONSTRAINT "FK_invitations_tenant" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "FK_memberships_user" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "FK_memberships_tenant" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "audit_log" DROP COLUMN "person"`);
    await q.query(`ALTER TABLE "api_keys" DROP COLUMN "member_user_id"`);
    await q.query(`DROP TABLE "invitations"`);
    await q.query(`DROP TABLE "memberships"`);
    await q.query(`DROP TABLE "users"`);
  }
}
