import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tenant webhooks: endpoints, the delivery outbox and its log; inbound media owned by organizations. */
export class TenantWebhooks1763700600000 implements MigrationInterface {
  name = 'TenantWebhooks1763700600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "kind" text NOT NULL, "url" text NOT NULL, "description" text, "events" text array,
        "phone_number_ids" text array, "waba_id" text, "secret_encrypted" text NOT NULL,
        "status" text NOT NULL DEFAULT 'active', "disabled_reason" text,
        "consecutive_failures" integer NOT NULL DEFAULT '0', "paused_until" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_6c0a3be4a9fb068bbe0b53e574" ON "webhook_endpoints" ("tenant_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "endpoint_id" uuid NOT NULL, "event_id" uuid, "field" text NOT NULL, "body" text NOT NULL,
        "is_test" boolean NOT NULL DEFAULT false, "status" text NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT '0', "retry_count" integer NOT NULL DEFAULT '0',
        "retry_started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "next_attempt_at" TIMESTAMP WITH TIME ZONE DEFAULT now(), "locked_until" TIMESTAMP WITH TIME ZONE,
        "last_status_code" integer, "last_error" text, "attempt_log" jsonb NOT NULL DEFAULT '[]',
        "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE status = 'pending'`,
    );
    await q.query(
      `CREATE INDEX "IDX_3f867d0adaf5ef6a96eb4cccde" ON "webhook_deliveries" ("endpoint_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE TABLE "inbound_media" ("media_id" text NOT NULL, "tenant_id" uuid NOT NULL,
        "phone_number_id" text NOT NULL, "message_id" text NOT NULL, "mime_type" text, "sha256" text,
        "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_944d831dba182da8964ea93d801" PRIMARY KEY ("media_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_81a62aba13ebf78b805d542470" ON "inbound_media" ("tenant_id", "created_at")`);
    await q.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "FK_54847f2dacee9618585993f1474" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c" FOREIGN KEY ("endpoint_id")
        REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c"`);
    await q.query(`ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "FK_54847f2dacee9618585993f1474"`);
    await q.query(`DROP TABLE "inbound_media"`);
    await q.query(`DROP TABLE "webhook_deliveries"`);
    await q.query(`DROP TABLE "webhook_endpoints"`);
  }
}
