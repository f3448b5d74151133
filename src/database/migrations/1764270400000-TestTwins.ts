import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test mode (issue 47): an organization's test data lives in its test twin, an organization of its
 * own that names the live one in `test_of` (one twin per organization, never a twin of a twin). The
 * twin goes with its organization.
 */
export class TestTwins1764270400000 implements MigrationInterface {
  name = 'TestTwins1764270400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "organizations" ADD "test_of" uuid,
         ADD CONSTRAINT "FK_organizations_test_of" FOREIGN KEY ("test_of") REFERENCES "organizations"("id")
           ON DELETE CASCADE`,
    );
    await q.query(`CREATE UNIQUE INDEX "IDX_organizations_test_of" ON "organizations" ("test_of")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_organizations_test_of"`);
    await q.query(`ALTER TABLE "organizations" DROP CONSTRAINT "FK_organizations_test_of", DROP COLUMN "test_of"`);
  }
}
