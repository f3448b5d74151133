import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An organization's first owner (issue 54): the operator's CLI invites with no key, so an
 * invitation's inviting key may be null.
 */
export class OperatorInvitations1764270500000 implements MigrationInterface {
  name = 'OperatorInvitations1764270500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "invitations" ALTER COLUMN "invited_by_key_id" DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "invitations" WHERE "invited_by_key_id" IS NULL`);
    await q.query(`ALTER TABLE "invitations" ALTER COLUMN "invited_by_key_id" SET NOT NULL`);
  }
}
