import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Upstream webhooks: stored events, message status history, service windows, inbound messages, the template
 * catalog.
 */
export class UpstreamWebhooks1763700100000 implements MigrationInterface {
  name = 'UpstreamWebhooks1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "conversation_windows" ("phone_number_id" text NOT NULL, "wa_id" text NOT NULL,
        "tenant_id" uuid NOT NULL, "last_inbound_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_e4301b8cd24e24f0e4557a91502" PRIMARY KEY ("phone_number_id", "wa_id"))`,
    );
    await q.query(
      `CREATE TABLE "inbound_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "phone_number_id" text NOT NULL, "message_id" text NOT NULL, "from" text NOT NULL, "type" text NOT NULL,
        "button_payload" text, "payload" jsonb NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_4f21d40ad47ab9702cb1ee64590" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_17b01411e5fed77d0c8b6dcf97" ON "inbound_messages" ("message_id")`);
    await q.query(`CREATE INDEX "IDX_3caa2f4f305bc3d9d226731bb3" ON "inbound_messages" ("tenant_id", "received_at")`);
    await q.query(
      `CREATE TABLE "message_statuses" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "phone_number_id" text NOT NULL, "message_id" text NOT NULL, "recipient_id" text NOT NULL,
        "status" text NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "details" jsonb NOT NULL DEFAULT '{}', "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_message_statuses_message_status" UNIQUE ("message_id", "status"),
        CONSTRAINT "PK_588875cf01317aa576e28039eb8" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_70ccb3255f6a55c17e1de3a24f" ON "message_statuses" ("tenant_id")`);
    await q.query(
      `CREATE TABLE "message_templates" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL,
        "business_account_id" uuid NOT NULL, "waba_id" text NOT NULL, "upstream_id" text NOT NULL,
        "name" text NOT NULL, "language" text NOT NULL, "category" text NOT NULL, "status" text NOT NULL,
        "rejected_reason" text, "components" jsonb NOT NULL DEFAULT '[]',
        "parameter_format" text NOT NULL DEFAULT 'POSITIONAL', "status_updated_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_message_templates_account_name_language" UNIQUE ("business_account_id", "name", "language"),
        CONSTRAINT "PK_9ac2bd9635be662d183f314947d" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_f54dca32de3d375d837cf18bd3" ON "message_templates" ("tenant_id")`);
    await q.query(`CREATE UNIQUE INDEX "IDX_891d8fb48b6c32b2927e6ba4e4" ON "message_templates" ("upstream_id")`);
    await q.query(
      `CREATE TABLE "webhook_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "dedupe_key" text NOT NULL,
        "tenant_id" uuid, "waba_id" text NOT NULL, "field" text NOT NULL, "payload" jsonb NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_c64daa91cce26db387bc965e00" ON "webhook_events" ("dedupe_key")`);
    await q.query(`CREATE INDEX "IDX_d0d8d40823c4ed35e703a59508" ON "webhook_events" ("tenant_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "webhook_events"`);
    await q.query(`DROP TABLE "message_templates"`);
    await q.query(`DROP TABLE "message_statuses"`);
    await q.query(`DROP TABLE "inbound_messages"`);
    await q.query(`DROP TABLE "conversation_windows"`);
  }
}
