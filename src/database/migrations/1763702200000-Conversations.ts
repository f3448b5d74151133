import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations (issue 43): the service windows become the Inbox's conversations (one row per number
 * and customer, with its last message, unread count and read mark), filled in from the inbound
 * messages and the accepted sends kept; threads read by customer from both record tables; blacklist
 * entries say who made them and whether the customer opted out; the organizations' opt-out settings.
 * The preview expression is message-preview.ts's at the time of writing, copied (a migration does not
 * change with the code).
 */
export class Conversations1763702200000 implements MigrationInterface {
  name = 'Conversations1763702200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "conversation_windows" RENAME TO "conversations"`);
    await q.query(
      `ALTER TABLE "conversations" RENAME CONSTRAINT "PK_e4301b8cd24e24f0e4557a91502" TO "PK_conversations"`,
    );
    await q.query(`ALTER TABLE "conversations" ALTER COLUMN "last_inbound_at" DROP NOT NULL`);
    await q.query(
      `ALTER TABLE "conversations" ADD "profile_name" text,
        ADD "last_message_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ADD "last_direction" text,
        ADD "last_type" text, ADD "last_preview" text, ADD "last_message_id" text,
        ADD "unread_count" integer NOT NULL DEFAULT '0', ADD "read_through" TIMESTAMP WITH TIME ZONE`,
    );
    // What each customer last sent (their earlier messages count as read: nobody could read them before).
    await q.query(
      `UPDATE "conversations" c SET "last_message_at" = i.sent_at, "last_direction" = 'inbound', "last_type" = i.type,
         "last_preview" = ${preview('i.payload', 'i.type')}, "last_message_id" = i.message_id,
         "read_through" = i.received_at
       FROM (SELECT DISTINCT ON (phone_number_id, "from") phone_number_id, "from", sent_at, received_at, type, payload,
               message_id
             FROM inbound_messages ORDER BY phone_number_id, "from", sent_at DESC) i
       WHERE i.phone_number_id = c.phone_number_id AND i."from" = c.wa_id`,
    );
    // Customers the organization wrote to (sends Meta accepted; not groups), and later replies to those who wrote.
    await q.query(
      `INSERT INTO "conversations" AS c (phone_number_id, wa_id, tenant_id, last_message_at, last_direction, last_type,
         last_preview, last_message_id)
       SELECT DISTINCT ON (phone_number_id, recipient) phone_number_id, recipient, tenant_id, created_at, 'outbound',
         type, ${preview('payload', 'type')}, upstream_message_id
       FROM messages WHERE upstream_message_id IS NOT NULL AND recipient ~ '^[0-9]+$'
       ORDER BY phone_number_id, recipient, created_at DESC
       ON CONFLICT (phone_number_id, wa_id) DO UPDATE SET last_message_at = EXCLUDED.last_message_at,
         last_direction = 'outbound', last_type = EXCLUDED.last_type, last_preview = EXCLUDED.last_preview,
         last_message_id = EXCLUDED.last_message_id
       WHERE c.last_message_at < EXCLUDED.last_message_at`,
    );
    await q.query(
      `CREATE INDEX "IDX_conversations_activity" ON "conversations" ("tenant_id", "phone_number_id", "last_message_at",
        "wa_id")`,
    );
    await q.query(`DROP INDEX "public"."IDX_f9a2730ff7067bbbd8d40e1518"`);
    await q.query(`CREATE INDEX "IDX_messages_thread" ON "messages" ("tenant_id", "recipient", "created_at", "id")`);
    await q.query(
      `CREATE INDEX "IDX_messages_reactions" ON "messages" (("payload"->'reaction'->>'message_id'))
        WHERE type = 'reaction'`,
    );
    await q.query(
      `CREATE INDEX "IDX_inbound_messages_thread" ON "inbound_messages" ("phone_number_id", "from", "received_at",
        "id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_inbound_messages_reactions" ON "inbound_messages" (("payload"->'reaction'->>'message_id'))
        WHERE type = 'reaction'`,
    );
    await q.query(
      `ALTER TABLE "blacklist_entries" ADD "source" text NOT NULL DEFAULT 'api', ADD "opted_out_at" TIMESTAMP WITH TIME ZONE,
        ADD "opt_out_message_id" text`,
    );
    await q.query(
      `CREATE TABLE "opt_out_settings" ("tenant_id" uuid NOT NULL, "opt_out_keywords" text array NOT NULL,
        "opt_in_keywords" text array NOT NULL, "refuse_utility" boolean NOT NULL DEFAULT false,
        "refuse_authentication" boolean NOT NULL DEFAULT false,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_opt_out_settings" PRIMARY KEY ("tenant_id"))`,
    );
    await q.query(
      `ALTER TABLE "opt_out_settings" ADD CONSTRAINT "FK_opt_out_settings_tenant" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "opt_out_settings"`);
    await q.query(
      `ALTER TABLE "blacklist_entries" DROP COLUMN "opt_out_message_id", DROP COLUMN "opted_out_at", DROP COLUMN "source"`,
    );
    await q.query(`DROP INDEX "public"."IDX_inbound_messages_reactions"`);
    await q.query(`DROP INDEX "public"."IDX_inbound_messages_thread"`);
    await q.query(`DROP INDEX "public"."IDX_messages_reactions"`);
    await q.query(`DROP INDEX "public"."IDX_messages_thread"`);
    await q.query(`CREATE INDEX "IDX_f9a2730ff7067bbbd8d40e1518" ON "messages" ("tenant_id", "recipient")`);
    await q.query(`DROP INDEX "public"."IDX_conversations_activity"`);
    // Conversations of customers who never wrote have no window.
    await q.query(`DELETE FROM "conversations" WHERE "last_inbound_at" IS NULL`);
    await q.query(
      `ALTER TABLE "conversations" DROP COLUMN "read_through", DROP COLUMN "unread_count", DROP COLUMN "last_message_id",
        DROP COLUMN "last_preview", DROP COLUMN "last_type", DROP COLUMN "last_direction", DROP COLUMN "last_message_at",
        DROP COLUMN "profile_name"`,
    );
    await q.query(`ALTER TABLE "conversations" ALTER COLUMN "last_inbound_at" SET NOT NULL`);
    await q.query(
      `ALTER TABLE "conversations" RENAME CONSTRAINT "PK_conversations" TO "PK_e4301b8cd24e24f0e4557a91502"`,
    );
    await q.query(`ALTER TABLE "conversations" RENAME TO "conversation_windows"`);
  }
}

/** message-preview.ts's expression as of this migration. */
function preview(payload: string, type: string): string {
  return `left(coalesce(${payload}->'text'->>'body', ${payload}->${type}->>'caption', ${payload}->'template'->>'name',
    ${payload}->'button'->>'text', ${payload}->'interactive'->'button_reply'->>'title',
    ${payload}->'interactive'->'list_reply'->>'title', ${payload}->'interactive'->'body'->>'text',
    ${payload}->'reaction'->>'emoji', ${payload}->'document'->>'filename', ${payload}->'location'->>'name', ''), 100)`;
}
