import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automations (issue 57): each number's business hours and automatic replies, the organization's
 * settings (its automations key, the loop's cap) and rules, the jobs of the events automations answer
 * (written with the event, run once, their run log), the away message's claim and the rules' replies
 * counted per customer and hour.
 */
export class Automations1764400000000 implements MigrationInterface {
  name = 'Automations1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "automation_jobs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "phone_number_id" text NOT NULL, "wa_id" text NOT NULL, "event" text NOT NULL, "event_id" text NOT NULL, "facts" jsonb NOT NULL, "lease_until" TIMESTAMP WITH TIME ZONE NOT NULL, "attempts" integer NOT NULL DEFAULT '1', "log" jsonb NOT NULL DEFAULT '[]', "judged_us" integer, "finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_automation_jobs" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_automation_jobs_tenant" ON "automation_jobs"  ("tenant_id")`);
    await q.query(
      `CREATE INDEX "IDX_automation_jobs_unfinished" ON "automation_jobs"  ("lease_until") WHERE finished_at IS NULL`,
    );
    await q.query(`CREATE INDEX "IDX_automation_jobs_number" ON "automation_jobs"  ("phone_number_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_automation_jobs_event" ON "automation_jobs"  ("event_id")`);
    await q.query(
      `CREATE TABLE "automation_settings" ("tenant_id" uuid NOT NULL, "acting_key_id" uuid NOT NULL, "replies_per_hour" integer NOT NULL DEFAULT '10', CONSTRAINT "PK_automation_settings" PRIMARY KEY ("tenant_id"))`,
    );
    await q.query(
      `CREATE TABLE "automation_reply_counts" ("phone_number_id" text NOT NULL, "wa_id" text NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL, "tenant_id" uuid NOT NULL, "replies" integer NOT NULL, CONSTRAINT "PK_automation_reply_counts" PRIMARY KEY ("phone_number_id", "wa_id", "hour"))`,
    );
    await q.query(`CREATE INDEX "IDX_automation_reply_counts_tenant" ON "automation_reply_counts"  ("tenant_id")`);
    await q.query(
      `CREATE TABLE "automation_rules" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "name" text NOT NULL, "position" integer NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "trigger" text NOT NULL, "conditions" jsonb NOT NULL, "actions" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_automation_rules" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_automation_rules_order" ON "automation_rules"  ("tenant_id", "position")`);
    await q.query(
      `CREATE TABLE "away_marks" ("phone_number_id" text NOT NULL, "wa_id" text NOT NULL, "tenant_id" uuid NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, "job_id" uuid NOT NULL, CONSTRAINT "PK_away_marks" PRIMARY KEY ("phone_number_id", "wa_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_away_marks_tenant" ON "away_marks"  ("tenant_id")`);
    await q.query(
      `CREATE TABLE "number_automations" ("phone_number_id" text NOT NULL, "tenant_id" uuid NOT NULL, "time_zone" text, "weekly" jsonb NOT NULL DEFAULT '{}', "holidays" date array NOT NULL DEFAULT '{}', "away" jsonb, "welcome" jsonb, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_number_automations" PRIMARY KEY ("phone_number_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_number_automations_tenant" ON "number_automations"  ("tenant_id")`);
    await q.query(
      `ALTER TABLE "automation_jobs" ADD CONSTRAINT "FK_automation_jobs_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "automation_settings" ADD CONSTRAINT "FK_automation_settings_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "automation_reply_counts" ADD CONSTRAINT "FK_automation_reply_counts_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "automation_rules" ADD CONSTRAINT "FK_automation_rules_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "away_marks" ADD CONSTRAINT "FK_away_marks_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "number_automations" ADD CONSTRAINT "FK_number_automations_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'automation_reply_counts',
      'automation_settings',
      'automation_rules',
      'number_automations',
      'away_marks',
      'automation_jobs',
    ])
      await q.query(`DROP TABLE "${table}"`);
  }
}
