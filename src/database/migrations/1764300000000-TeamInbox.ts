import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A team works the Inbox (issue 56): a conversation's status, assignee and team; teams of members;
 * members' availability as agents; each organization's inbox settings; a number's auto-assignment.
 * Every existing conversation starts open and unassigned.
 */
export class TeamInbox1764300000000 implements MigrationInterface {
  name = 'TeamInbox1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "teams" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tenant_id" uuid NOT NULL, "name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_teams" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_teams_name" ON "teams" ("tenant_id", "name") `);
    await q.query(
      `CREATE TABLE "assignment_policies" ("phone_number_id" text NOT NULL, "tenant_id" uuid NOT NULL, "team_id" uuid, "cap" integer NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_assignment_policies_cap" CHECK ("cap" BETWEEN 1 AND 1000), CONSTRAINT "PK_assignment_policies" PRIMARY KEY ("phone_number_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_assignment_policies_tenant" ON "assignment_policies" ("tenant_id") `);
    await q.query(`CREATE INDEX "IDX_assignment_policies_team" ON "assignment_policies" ("team_id") `);
    await q.query(
      `CREATE TABLE "inbox_agents" ("tenant_id" uuid NOT NULL, "user_id" uuid NOT NULL, "availability" text NOT NULL DEFAULT 'offline', "availability_changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_assigned_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_inbox_agents_availability" CHECK ("availability" IN ('available', 'away', 'offline')), CONSTRAINT "PK_inbox_agents" PRIMARY KEY ("tenant_id", "user_id"))`,
    );
    await q.query(
      `CREATE TABLE "inbox_settings" ("tenant_id" uuid NOT NULL, "agent_visibility" text NOT NULL DEFAULT 'all', "take_on_reply" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_inbox_settings_visibility" CHECK ("agent_visibility" IN ('all', 'assigned')), CONSTRAINT "PK_inbox_settings" PRIMARY KEY ("tenant_id"))`,
    );
    await q.query(
      `CREATE TABLE "team_members" ("team_id" uuid NOT NULL, "user_id" uuid NOT NULL, "tenant_id" uuid NOT NULL, CONSTRAINT "PK_team_members" PRIMARY KEY ("team_id", "user_id"))`,
    );
    await q.query(`CREATE INDEX "IDX_team_members_member" ON "team_members" ("user_id", "tenant_id") `);
    await q.query(`ALTER TABLE "conversations" ADD "status" text NOT NULL DEFAULT 'open'`);
    await q.query(
      `ALTER TABLE "conversations" ADD "status_changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`,
    );
    await q.query(`ALTER TABLE "conversations" ADD "previous_status" text`);
    await q.query(`ALTER TABLE "conversations" ADD "snoozed_until" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "conversations" ADD "assignee_id" uuid`);
    await q.query(`ALTER TABLE "conversations" ADD "assigned_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "conversations" ADD "team_id" uuid`);
    await q.query(`ALTER TABLE "conversations" ADD "resolved_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "conversations" ADD "resolved_by" uuid`);
    await q.query(
      `CREATE INDEX "IDX_conversations_waiting" ON "conversations" ("phone_number_id", "status_changed_at") WHERE assignee_id IS NULL AND status = 'open'`,
    );
    await q.query(
      `CREATE INDEX "IDX_conversations_snoozed" ON "conversations" ("snoozed_until") WHERE status = 'snoozed'`,
    );
    await q.query(
      `CREATE INDEX "IDX_conversations_assignee" ON "conversations" ("tenant_id", "assignee_id") WHERE status IN ('open', 'pending')`,
    );
    await q.query(
      `ALTER TABLE "conversations" ADD CONSTRAINT "CHK_conversations_status" CHECK ("status" IN ('open', 'pending', 'snoozed', 'resolved'))`,
    );
    await q.query(
      `ALTER TABLE "teams" ADD CONSTRAINT "FK_teams_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "assignment_policies" ADD CONSTRAINT "FK_assignment_policies_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "assignment_policies" ADD CONSTRAINT "FK_assignment_policies_team" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "inbox_agents" ADD CONSTRAINT "FK_inbox_agents_membership" FOREIGN KEY ("user_id", "tenant_id") REFERENCES "memberships"("user_id","tenant_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "inbox_settings" ADD CONSTRAINT "FK_inbox_settings_tenant" FOREIGN KEY ("tenant_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "team_members" ADD CONSTRAINT "FK_team_members_team" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "team_members" ADD CONSTRAINT "FK_team_members_membership" FOREIGN KEY ("user_id", "tenant_id") REFERENCES "memberships"("user_id","tenant_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "assignment_policies"`);
    await q.query(`DROP TABLE "team_members"`);
    await q.query(`DROP TABLE "inbox_agents"`);
    await q.query(`DROP TABLE "inbox_settings"`);
    await q.query(`DROP TABLE "teams"`);
    await q.query(`ALTER TABLE "conversations" DROP CONSTRAINT "CHK_conversations_status"`);
    await q.query(`DROP INDEX "IDX_conversations_waiting"`);
    await q.query(`DROP INDEX "IDX_conversations_snoozed"`);
    await q.query(`DROP INDEX "IDX_conversations_assignee"`);
    await q.query(
      `ALTER TABLE "conversations" DROP COLUMN "status", DROP COLUMN "status_changed_at", DROP COLUMN "previous_status",
        DROP COLUMN "snoozed_until",
        DROP COLUMN "assignee_id", DROP COLUMN "assigned_at", DROP COLUMN "team_id", DROP COLUMN "resolved_at",
        DROP COLUMN "resolved_by"`,
    );
  }
}
