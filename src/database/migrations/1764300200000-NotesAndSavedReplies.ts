import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team's words (issue 56): private notes in a conversation's thread with the members they
 * mention (each mention read or not, mailed or not), and saved replies per organization or member.
 */
export class NotesAndSavedReplies1764300200000 implements MigrationInterface {
  name = 'NotesAndSavedReplies1764300200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "conversation_notes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "phone_number_id" text NOT NULL, "wa_id" text NOT NULL, "author_id" uuid, "author_key_id" uuid, "body" text NOT NULL, "mentions" uuid array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_conversation_notes_body" CHECK (char_length("body") BETWEEN 1 AND 4096), CONSTRAINT "PK_conversation_notes" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_conversation_notes_thread" ON "conversation_notes" ("tenant_id", "phone_number_id", "wa_id", "created_at", "id") `,
    );
    await q.query(
      `CREATE TABLE "note_mentions" ("note_id" uuid NOT NULL, "user_id" uuid NOT NULL, "tenant_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "mailed_at" TIMESTAMP WITH TIME ZONE, "read_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_note_mentions" PRIMARY KEY ("note_id", "user_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_note_mentions_member" ON "note_mentions" ("tenant_id", "user_id", "created_at", "note_id") `,
    );
    await q.query(
      `CREATE TABLE "saved_replies" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "owner_id" uuid, "name" text NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_saved_replies_body" CHECK (char_length("body") BETWEEN 1 AND 4096), CONSTRAINT "PK_saved_replies" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_saved_replies_shared" ON "saved_replies" ("tenant_id", "name") WHERE owner_id IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_saved_replies_own" ON "saved_replies" ("tenant_id", "owner_id", "name") WHERE owner_id IS NOT NULL`,
    );
    await q.query(
      `ALTER TABLE "conversation_notes" ADD CONSTRAINT "FK_conversation_notes_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "note_mentions" ADD CONSTRAINT "FK_note_mentions_note" FOREIGN KEY ("note_id") REFERENCES "conversation_notes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "saved_replies" ADD CONSTRAINT "FK_saved_replies_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "saved_replies"`);
    await q.query(`DROP TABLE "note_mentions"`);
    await q.query(`DROP TABLE "conversation_notes"`);
  }
}
