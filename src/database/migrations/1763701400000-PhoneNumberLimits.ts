import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What Meta says of each number's limits (its throughput level, whether it is shared with the
 * WhatsApp Business app, its messaging limit tier and quality rating, and when that was learned), and
 * an operator's throughput set per number. Null until learned: the pace is then Meta's default.
 */
export class PhoneNumberLimits1763701400000 implements MigrationInterface {
  name = 'PhoneNumberLimits1763701400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "phone_numbers" ADD "throughput_level" text`);
    await q.query(`ALTER TABLE "phone_numbers" ADD "is_on_biz_app" boolean`);
    await q.query(`ALTER TABLE "phone_numbers" ADD "messaging_limit_tier" text`);
    await q.query(`ALTER TABLE "phone_numbers" ADD "quality_rating" text`);
    await q.query(`ALTER TABLE "phone_numbers" ADD "limits_learned_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "phone_numbers" ADD "throughput_override_mps" integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of [
      'throughput_override_mps',
      'limits_learned_at',
      'quality_rating',
      'messaging_limit_tier',
      'is_on_biz_app',
      'throughput_level',
    ])
      await q.query(`ALTER TABLE "phone_numbers" DROP COLUMN "${column}"`);
  }
}
