import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The recovery point of a send: records found by Idempotency-Key, pending records swept, outcomes marked unknown. */
export class SendRecovery1763700800000 implements MigrationInterface {
  name = 'SendRecovery1763700800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messages" ADD "outcome_unknown_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(
      `CREATE INDEX "IDX_messages_idempotency" ON "messages" ("api_key_id", "idempotency_key", "created_at")
        WHERE idempotency_key IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_messages_pending" ON "messages" ("created_at") WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_messages_pending"`);
    await q.query(`DROP INDEX "IDX_messages_idempotency"`);
    await q.query(`ALTER TABLE "messages" DROP COLUMN "outcome_unknown_at"`);
  }
}
