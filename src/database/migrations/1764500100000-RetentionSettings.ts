import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What an organization keeps for less time than the platform (issue 58): days per kind of data. */
export class RetentionSettings1764500100000 implements MigrationInterface {
  name = 'RetentionSettings1764500100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "retention_settings" ("tenant_id" uuid NOT NULL, "message_bodies_days" integer, "inbound_messages_days" integer, "media_days" integer, "webhook_deliveries_days" integer, "bodies_done_until" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_retention_settings" PRIMARY KEY ("tenant_id"))`,
    );
    await q.query(
      `ALTER TABLE "retention_settings" ADD CONSTRAINT "FK_retention_settings_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "retention_settings"`);
  }
}
