import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Keys issued over HTTP remember the key that issued them (platform keys are a new kind: no schema change). */
export class KeyIssuer1763700700000 implements MigrationInterface {
  name = 'KeyIssuer1763700700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_keys" ADD "issued_by_key_id" uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_keys" DROP COLUMN "issued_by_key_id"`);
  }
}
