import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An agent's index holds only conversations someone has: every organization without an inbox keeps
 * its conversations open and nobody's, and those rows need no entry in it.
 */
export class AssigneeIndexNarrowed1764300100000 implements MigrationInterface {
  name = 'AssigneeIndexNarrowed1764300100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_conversations_assignee"`);
    await q.query(
      `CREATE INDEX "IDX_conversations_assignee" ON "conversations" ("tenant_id", "assignee_id") WHERE assignee_id IS NOT NULL AND status IN ('open', 'pending')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_conversations_assignee"`);
    await q.query(
      `CREATE INDEX "IDX_conversations_assignee" ON "conversations" ("tenant_id", "assignee_id") WHERE status IN ('open', 'pending')`,
    );
  }
}
