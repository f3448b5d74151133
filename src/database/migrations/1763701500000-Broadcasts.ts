import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Broadcasts and their recipients, and the message records' link to their broadcast: an index for a
 * broadcast's counts, and the uniqueness of each recipient's try (its key), which is what keeps two
 * instances from sending the same recipient twice.
 */
export class Broadcasts1763701500000 implements MigrationInterface {
  name = 'Broadcasts1763701500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "broadcasts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "phone_number_id" text NOT NULL, "business_account_id" uuid NOT NULL, "api_key_id" uuid NOT NULL,
        "name" text NOT NULL, "template" jsonb NOT NULL, "status" text NOT NULL, "pause_reason" text,
        "scheduled_at" TIMESTAMP WITH TIME ZONE, "started_at" TIMESTAMP WITH TIME ZONE,
        "finished_at" TIMESTAMP WITH TIME ZONE, "recipient_count" integer NOT NULL DEFAULT '0',
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_broadcasts" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_broadcasts_list" ON "broadcasts" ("tenant_id", "phone_number_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE INDEX "IDX_broadcasts_active" ON "broadcasts" ("status") WHERE status IN ('scheduled', 'running')`,
    );
    await q.query(
      `CREATE TABLE "broadcast_recipients" ("broadcast_id" uuid NOT NULL, "seq" integer NOT NULL,
        "recipient" text NOT NULL, "components" jsonb, "state" text NOT NULL, "tries" integer NOT NULL DEFAULT '0',
        "not_before" TIMESTAMP WITH TIME ZONE, "claimed_until" TIMESTAMP WITH TIME ZONE, "message_id" uuid,
        "error" jsonb, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_broadcast_recipients_recipient" UNIQUE ("broadcast_id", "recipient"),
        CONSTRAINT "PK_broadcast_recipients" PRIMARY KEY ("broadcast_id", "seq"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_broadcast_recipients_todo" ON "broadcast_recipients" ("broadcast_id", "seq")
        WHERE state IN ('queued', 'deferred')`,
    );
    await q.query(
      `ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "FK_broadcast_recipients_broadcast" FOREIGN KEY
        ("broadcast_id") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(`ALTER TABLE "messages" ADD "broadcast_id" uuid`);
    await q.query(
      `CREATE INDEX "IDX_messages_broadcast" ON "messages" ("broadcast_id") WHERE broadcast_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "IDX_messages_broadcast_send" ON "messages" ("idempotency_key")
        WHERE broadcast_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_messages_broadcast_send"`);
    await q.query(`DROP INDEX "IDX_messages_broadcast"`);
    await q.query(`ALTER TABLE "messages" DROP COLUMN "broadcast_id"`);
    await q.query(`DROP TABLE "broadcast_recipients"`);
    await q.query(`DROP TABLE "broadcasts"`);
  }
}
