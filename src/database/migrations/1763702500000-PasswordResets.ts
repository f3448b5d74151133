import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Password resets by a mailed link: only the token's hash, used once, within an hour. */
export class PasswordResets1763702500000 implements MigrationInterface {
  name = 'PasswordResets1763702500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "password_resets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL,
        "token_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_password_resets" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_password_resets_token" ON "password_resets" ("token_hash")`);
    await q.query(
      `ALTER TABLE "password_resets" ADD CONSTRAINT "FK_password_resets_user" FOREIGN KEY ("user_id")
        REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "password_resets"`);
  }
}
