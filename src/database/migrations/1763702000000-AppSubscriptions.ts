import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the gateway's Meta app is subscribed to each business account's webhooks, as last checked
 * (onboarding subscribes it; a periodic check reports an account whose subscription is gone). The
 * accounts onboarded before are `unknown` until their first check.
 */
export class AppSubscriptions1763702000000 implements MigrationInterface {
  name = 'AppSubscriptions1763702000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "business_accounts" ADD "app_subscription" text NOT NULL DEFAULT 'unknown',
        ADD "app_subscription_checked_at" TIMESTAMP WITH TIME ZONE, ADD "app_subscription_error" text`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "business_accounts" DROP COLUMN "app_subscription", DROP COLUMN "app_subscription_checked_at",
        DROP COLUMN "app_subscription_error"`,
    );
  }
}
