import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A template is reserved in the catalog (a row under the account, name and language, without
 * Meta's id yet) before Meta is asked to create it: concurrent creates of one name make one upstream
 * call. Meta's id arrives with its answer.
 */
export class TemplateReservation1763701100000 implements MigrationInterface {
  name = 'TemplateReservation1763701100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "message_templates" ALTER COLUMN "upstream_id" DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "message_templates" WHERE "upstream_id" IS NULL`);
    await q.query(`ALTER TABLE "message_templates" ALTER COLUMN "upstream_id" SET NOT NULL`);
  }
}
