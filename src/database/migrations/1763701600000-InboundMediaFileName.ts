import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The file name Meta gave an inbound document, kept with its media (the download offers it): media
 * no longer reads the inbound message for it. Media already stored get theirs from their message.
 */
export class InboundMediaFileName1763701600000 implements MigrationInterface {
  name = 'InboundMediaFileName1763701600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "inbound_media" ADD "file_name" text`);
    await q.query(
      `UPDATE inbound_media i SET file_name = m.payload -> m.type ->> 'filename'
       FROM inbound_messages m WHERE m.message_id = i.message_id AND m.payload -> m.type ->> 'filename' IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "inbound_media" DROP COLUMN "file_name"`);
  }
}
