import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rotated endpoint secret may keep signing beside the new one for an overlap window (Standard
 * Webhooks' rotation): the old secret and when it stops, on the endpoint.
 */
export class WebhookSecretOverlap1763701800000 implements MigrationInterface {
  name = 'WebhookSecretOverlap1763701800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "webhook_endpoints" ADD "previous_secret_encrypted" text,
        ADD "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "webhook_endpoints" DROP COLUMN "previous_secret_encrypted",
        DROP COLUMN "previous_secret_expires_at"`,
    );
  }
}
