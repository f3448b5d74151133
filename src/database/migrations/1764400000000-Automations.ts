import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automations' first part (issue 57): each number's business hours and automatic replies, the jobs of
 * the events automations answer (written with the event, run once, their run log), and the away
 * message's claim per customer.
 */
export class Automations1764400000000 implements MigrationInterface {
  name = 'Automations1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "automation_jobs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "phone_number_id" text NOT NULL, "wa_id" text NOT NULL, "event" text NOT NULL, "event_id" text NOT NULL, "facts" jsonb NOT NULL, "lease_until" TIMESTAMP WITH TIME ZONE NOT NULL, "attempts" integer NOT NULL DEFAULT '1', "log" jsonb NOT NULL DEFAULT '[]', "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_automation_jobs" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_automation_jobs_tenant" ON "automation_jobs"  ("tenant_id")`);
    await q.query(
      `CREATE INDEX "IDX_automation_jobs_unfinished" ON "automation_jobs"  ("lease_until") WHERE finished_at IS NULL`,
    );
    await q.query(`CREATE INDEX "IDX_automation_jobs_number" ON "automation_jobs"  ("phone_number_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_automation_jobs_event" ON "automation_jobs"  ("event_id")`);
    await q.query(
      `CREATE TABLE "away_marks" ("phone_number_id" text NOT NULL, "wa_id" text NOT NULL, "tenant_id" uuid NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, "job_id" uuid NOT NULL, CONSTRAINT "PK_away_marks" PRIMARY KEY ("phone_number_id", "wa_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_away_marks_tenant" ON "away_marks"  ("tenant_id")`);
    await q.query(
      `CREATE TABLE "number_automations" ("phone_number_id" text NOT NULL, "tenant_id" uuid NOT NULL, "time_zone" text, "weekly" jsonb NOT NULL DEFAULT '{}', "holidays" date array NOT NULL DEFAULT '{}', "away" jsonb, "welcome" jsonb, "acting_key_id" uuid NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_number_automations" PRIMARY KEY ("phone_number_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_number_automations_tenant" ON "number_automations"  ("tenant_id")`);
    await q.query(
      `ALTER TABLE "automation_jobs" ADD CONSTRAINT "FK_automation_jobs_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "away_marks" ADD CONSTRAINT "FK_away_marks_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "number_automations" ADD CONSTRAINT "FK_number_automations_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "number_automations"`);
    await q.query(`DROP TABLE "away_marks"`);
    await q.query(`DROP TABLE "automation_jobs"`);
  }
}
