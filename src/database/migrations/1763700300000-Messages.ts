import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Message records, and the per-number switch for local 24-hour window enforcement. */
export class Messages1763700300000 implements MigrationInterface {
  name = 'Messages1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "phone_number_id" text NOT NULL, "api_key_id" uuid NOT NULL, "recipient" text NOT NULL, "type" text NOT NULL,
        "payload" jsonb NOT NULL, "upstream_message_id" text, "idempotency_key" text, "status" text NOT NULL,
        "error" jsonb, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "accepted_at" TIMESTAMP WITH TIME ZONE, "failed_at" TIMESTAMP WITH TIME ZONE,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_7d607075ff594839ea024a51f1" ON "messages" ("upstream_message_id")`);
    await q.query(`CREATE INDEX "IDX_f9a2730ff7067bbbd8d40e1518" ON "messages" ("tenant_id", "recipient")`);
    await q.query(`CREATE INDEX "IDX_16e6b9106c2c540d23acba3724" ON "messages" ("tenant_id", "created_at", "id")`);
    await q.query(`ALTER TABLE "phone_numbers" ADD "enforce_service_window" boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "phone_numbers" DROP COLUMN "enforce_service_window"`);
    await q.query(`DROP TABLE "messages"`);
  }
}
