import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message record is written once and updated four times (its acceptance, then sent, delivered,
 * read), and the three status updates change no indexed column: PostgreSQL can write each as a
 * heap-only tuple (HOT: no new entry in any of the table's six indexes) when the record's page has
 * room for the new version. At the default fill factor (100) inserts fill every page, so no update
 * found room and each wrote six index entries. At 75 each page keeps a quarter free for the updates
 * of its own records (docs/performance.md). Pages written before this keep their fill.
 */
export class MessageRecordsRoomForUpdates1763701300000 implements MigrationInterface {
  name = 'MessageRecordsRoomForUpdates1763701300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messages" SET (fillfactor = 75)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "messages" RESET (fillfactor)`);
  }
}
