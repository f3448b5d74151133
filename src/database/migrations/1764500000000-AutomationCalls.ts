import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automations that call out and answer account events (issue 57): the organization's secret that
 * signs its rules' calls (encrypted, like the webhook endpoints'), and jobs of events that are not a
 * customer's (a template's review) without a number or a customer.
 */
export class AutomationCalls1764500000000 implements MigrationInterface {
  name = 'AutomationCalls1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "automation_settings" ADD "signing_secret_encrypted" text`);
    await q.query(`ALTER TABLE "automation_jobs" ALTER COLUMN "phone_number_id" DROP NOT NULL`);
    await q.query(`ALTER TABLE "automation_jobs" ALTER COLUMN "wa_id" DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "automation_jobs" WHERE "phone_number_id" IS NULL OR "wa_id" IS NULL`);
    await q.query(`ALTER TABLE "automation_jobs" ALTER COLUMN "wa_id" SET NOT NULL`);
    await q.query(`ALTER TABLE "automation_jobs" ALTER COLUMN "phone_number_id" SET NOT NULL`);
    await q.query(`ALTER TABLE "automation_settings" DROP COLUMN "signing_secret_encrypted"`);
  }
}
