import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A mention's mail tried again when the SMTP server refused it, and its state shown (issue 56's mail). */
export class MentionMailRetries1764500200000 implements MigrationInterface {
  name = 'MentionMailRetries1764500200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "note_mentions" ADD "mail_attempts" integer NOT NULL DEFAULT '0'`);
    await q.query(`ALTER TABLE "note_mentions" ADD "mail_next_at" TIMESTAMP WITH TIME ZONE`);
    // Mentions mailed before: one try each (sent or not); none is due again.
    await q.query(`UPDATE "note_mentions" SET "mail_attempts" = 1 WHERE "mailed_at" IS NOT NULL`);
    await q.query(
      `CREATE INDEX "IDX_note_mentions_mail_due" ON "note_mentions" ("mail_next_at") WHERE mail_next_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_note_mentions_mail_due"`);
    await q.query(`ALTER TABLE "note_mentions" DROP COLUMN "mail_next_at"`);
    await q.query(`ALTER TABLE "note_mentions" DROP COLUMN "mail_attempts"`);
  }
}
