import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The template catalog keeps the effective delivery TTL and the smart-template group. */
export class TemplateCatalog1763700500000 implements MigrationInterface {
  name = 'TemplateCatalog1763700500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "message_templates" ADD "message_send_ttl_seconds" integer`);
    await q.query(`ALTER TABLE "message_templates" ADD "group_name" text`);
    await q.query(`CREATE INDEX "IDX_717fa030e6d1bff28f8a9f4100" ON "message_templates" ("group_name")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_717fa030e6d1bff28f8a9f4100"`);
    await q.query(`ALTER TABLE "message_templates" DROP COLUMN "group_name"`);
    await q.query(`ALTER TABLE "message_templates" DROP COLUMN "message_send_ttl_seconds"`);
  }
}
