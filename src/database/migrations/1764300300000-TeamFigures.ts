import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team's figures (issue 56): each conversation's current episode (when it began, since when the
 * customer waits, how long the first answer took), kept by the statements that already write the
 * conversation; and a row per resolved episode, which the figures are read from.
 */
export class TeamFigures1764300300000 implements MigrationInterface {
  name = 'TeamFigures1764300300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "conversations" ADD "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE "conversations" ADD "awaiting_reply_since" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "conversations" ADD "first_response_seconds" integer`);
    await q.query(
      `CREATE TABLE "conversation_resolutions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "phone_number_id" text NOT NULL, "wa_id" text NOT NULL, "agent_id" uuid, "team_id" uuid, "resolved_by" uuid, "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL, "resolved_at" TIMESTAMP WITH TIME ZONE NOT NULL, "first_response_seconds" integer, "resolution_seconds" integer NOT NULL, CONSTRAINT "PK_conversation_resolutions" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_conversation_resolutions_day" ON "conversation_resolutions" ("tenant_id", "resolved_at") `,
    );
    await q.query(
      `ALTER TABLE "conversation_resolutions" ADD CONSTRAINT "FK_conversation_resolutions_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "conversation_resolutions"`);
    await q.query(`ALTER TABLE "conversations" DROP COLUMN "first_response_seconds"`);
    await q.query(`ALTER TABLE "conversations" DROP COLUMN "awaiting_reply_since"`);
    await q.query(`ALTER TABLE "conversations" DROP COLUMN "opened_at"`);
  }
}
