import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Signed upstream deliveries the gateway acknowledged but could not apply, kept byte for byte. */
export class UnprocessableWebhooks1763701000000 implements MigrationInterface {
  name = 'UnprocessableWebhooks1763701000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "unprocessable_webhooks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "reason" text NOT NULL,
        "body" bytea NOT NULL,
       "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
       CONSTRAINT "PK_unprocessable_webhooks" PRIMARY KEY ("id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "unprocessable_webhooks"`);
  }
}
