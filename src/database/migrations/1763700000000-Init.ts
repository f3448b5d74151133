import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Organizations, business accounts, phone numbers and API keys. */
export class Init1763700000000 implements MigrationInterface {
  name = 'Init1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "organizations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_6b031fcd0863e3f6b44230163f9" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "business_accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "waba_id" text NOT NULL, "name" text NOT NULL DEFAULT '', "access_token_encrypted" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_f375eab37ba95b445041794b721" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_24495df13a99eab4519e31714a" ON "business_accounts" ("tenant_id")`);
    await q.query(`CREATE UNIQUE INDEX "IDX_c4596856915d756cbff058f906" ON "business_accounts" ("waba_id")`);
    await q.query(
      `CREATE TABLE "phone_numbers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "business_account_id" uuid NOT NULL, "phone_number_id" text NOT NULL, "display_phone_number" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_a72cf9a1834a1417e195fdd2c02" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_ef2e86106a77e22e2235880c4b" ON "phone_numbers" ("tenant_id")`);
    await q.query(`CREATE UNIQUE INDEX "IDX_8c1fbfb9600de01a46bff1e348" ON "phone_numbers" ("phone_number_id")`);
    await q.query(
      `CREATE TABLE "api_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL DEFAULT '',
        "kind" text NOT NULL, "key_hash" text NOT NULL, "key_prefix" text NOT NULL, "tenant_ids" uuid array NOT NULL,
        "scopes" text array NOT NULL, "allowed_phone_number_ids" text array, "allowed_ips" text array,
        "rate_limit_per_second" integer NOT NULL DEFAULT '80', "hmac_secret_encrypted" text,
        "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE,
        "last_used_at" TIMESTAMP WITH TIME ZONE, "rotated_from_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_57384430aa1959f4578046c9b8" ON "api_keys" ("key_hash")`);
    await q.query(
      `ALTER TABLE "business_accounts" ADD CONSTRAINT "FK_24495df13a99eab4519e31714a1" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "phone_numbers" ADD CONSTRAINT "FK_286ca3902e375f733337847d69e" FOREIGN KEY ("business_account_id")
        REFERENCES "business_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "api_keys"`);
    await q.query(`DROP TABLE "phone_numbers"`);
    await q.query(`DROP TABLE "business_accounts"`);
    await q.query(`DROP TABLE "organizations"`);
  }
}
