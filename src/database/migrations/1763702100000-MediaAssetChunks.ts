import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The media library's bytes in PostgreSQL (MEDIA_STORAGE=postgres, the default), so that every
 * instance serves every asset: 1 MiB chunks of each asset, gone with its row. Assets stored on an
 * instance's disk before (the former MEDIA_LIBRARY_DIR) are not moved here: upload them again.
 */
export class MediaAssetChunks1763702100000 implements MigrationInterface {
  name = 'MediaAssetChunks1763702100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "media_asset_chunks" ("asset_id" uuid NOT NULL, "seq" integer NOT NULL, "bytes" bytea NOT NULL,
        CONSTRAINT "PK_6607556eb9e613c630fbfbfbbcc" PRIMARY KEY ("asset_id", "seq"))`,
    );
    await q.query(
      `ALTER TABLE "media_asset_chunks" ADD CONSTRAINT "FK_80b617b0378e67ef308bc158a5b" FOREIGN KEY ("asset_id")
        REFERENCES "media_assets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "media_asset_chunks"`);
  }
}
