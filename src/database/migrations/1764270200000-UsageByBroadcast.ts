import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Usage entries and rollups name the broadcast a message was sent by ('' for none): reports group by it. */
export class UsageByBroadcast1764270200000 implements MigrationInterface {
  name = 'UsageByBroadcast1764270200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "usage_entries" ADD "broadcast_id" text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "usage_days" ADD "broadcast_id" text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "usage_days" DROP CONSTRAINT "PK_usage_days"`);
    await q.query(
      `ALTER TABLE "usage_days" ADD CONSTRAINT "PK_usage_days"
        PRIMARY KEY ("tenant_id", "day", "phone_number_id", "country", "category", "broadcast_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "usage_days" WHERE "broadcast_id" <> ''`);
    await q.query(`ALTER TABLE "usage_days" DROP CONSTRAINT "PK_usage_days"`);
    await q.query(
      `ALTER TABLE "usage_days" ADD CONSTRAINT "PK_usage_days"
        PRIMARY KEY ("tenant_id", "day", "phone_number_id", "country", "category")`,
    );
    await q.query(`ALTER TABLE "usage_days" DROP COLUMN "broadcast_id"`);
    await q.query(`ALTER TABLE "usage_entries" DROP COLUMN "broadcast_id"`);
  }
}
