import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The records that age out become tables partitioned by week (src/database/partitions.ts): message
 * records and their status history, inbound messages, upstream webhook events, tenant deliveries
 * and the audit log. Each table is rebuilt in this migration's transaction: the old table renamed,
 * the partitioned one created with the same columns (LIKE ... INCLUDING DEFAULTS), a week's
 * partition for every week from its oldest row (at most 400 days back: older rows go to the
 * default partition, past any retention, and leave at the first maintenance) to two weeks ahead,
 * a default partition, every row copied, the old table dropped, then the keys and indexes built
 * once over the copied rows.
 *
 * A unique key of a partitioned table must hold its partition key, so:
 * - a record's wamid index is no longer unique (Meta gives each send its own; the gateway writes
 *   each once), nor is a broadcast try's key (the dispatcher's write holds a lock on it instead);
 * - a status is kept once per message, status and time (Meta's timestamp, the same in its retries);
 * - an inbound message once per id and time (likewise);
 * - an upstream event once per day it was received (`received_on`, new), and the ingestion looks
 *   for it in the seven days before (Meta retries for seven days).
 *
 * The copy holds each table's lock while it runs: on a large database, run `cli migrate` in a
 * quiet hour (docs/decisions.md).
 */
interface Shape {
  table: string;
  column: string;
  keyType: 'timestamptz' | 'date';
  storage?: string;
  /** Constraints and indexes built after the copy. */
  after: string[];
}

const WEEK_MS = 7 * 86_400_000;

const PARTITIONED: Shape[] = [
  {
    table: 'messages',
    column: 'created_at',
    keyType: 'timestamptz',
    storage: 'fillfactor=75',
    after: [
      `ALTER TABLE "messages" ADD CONSTRAINT "PK_messages" PRIMARY KEY ("id", "created_at")`,
      `CREATE INDEX "IDX_16e6b9106c2c540d23acba3724" ON "messages" ("tenant_id", "created_at", "id")`,
      `CREATE INDEX "IDX_f9a2730ff7067bbbd8d40e1518" ON "messages" ("tenant_id", "recipient")`,
      `CREATE INDEX "IDX_messages_upstream" ON "messages" ("upstream_message_id")`,
      `CREATE INDEX "IDX_messages_idempotency" ON "messages" ("api_key_id", "idempotency_key", "created_at")
        WHERE idempotency_key IS NOT NULL`,
      `CREATE INDEX "IDX_messages_unanswered" ON "messages" ("created_at") WHERE upstream_message_id IS NULL
        AND failed_at IS NULL`,
      `CREATE INDEX "IDX_messages_broadcast" ON "messages" ("broadcast_id") WHERE broadcast_id IS NOT NULL`,
      `CREATE INDEX "IDX_messages_broadcast_send" ON "messages" ("idempotency_key") WHERE broadcast_id IS NOT NULL`,
    ],
  },
  {
    table: 'message_statuses',
    column: 'occurred_at',
    keyType: 'timestamptz',
    after: [
      `ALTER TABLE "message_statuses" ADD CONSTRAINT "PK_message_statuses" PRIMARY KEY ("id", "occurred_at")`,
      `ALTER TABLE "message_statuses" ADD CONSTRAINT "UQ_message_statuses_message_status" UNIQUE ("message_id",
        "status", "occurred_at")`,
      `CREATE INDEX "IDX_70ccb3255f6a55c17e1de3a24f" ON "message_statuses" ("tenant_id")`,
    ],
  },
  {
    table: 'inbound_messages',
    column: 'sent_at',
    keyType: 'timestamptz',
    after: [
      `ALTER TABLE "inbound_messages" ADD CONSTRAINT "PK_inbound_messages" PRIMARY KEY ("id", "sent_at")`,
      `CREATE UNIQUE INDEX "UQ_inbound_messages_message" ON "inbound_messages" ("message_id", "sent_at")`,
      `CREATE INDEX "IDX_3caa2f4f305bc3d9d226731bb3" ON "inbound_messages" ("tenant_id", "received_at")`,
    ],
  },
  {
    table: 'webhook_events',
    column: 'received_on',
    keyType: 'date',
    after: [
      `ALTER TABLE "webhook_events" ADD CONSTRAINT "PK_webhook_events" PRIMARY KEY ("id", "received_on")`,
      `CREATE UNIQUE INDEX "UQ_webhook_events_dedupe" ON "webhook_events" ("dedupe_key", "received_on")`,
      `CREATE INDEX "IDX_d0d8d40823c4ed35e703a59508" ON "webhook_events" ("tenant_id")`,
    ],
  },
  {
    table: 'webhook_deliveries',
    column: 'created_at',
    keyType: 'timestamptz',
    after: [
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("id", "created_at")`,
      `CREATE INDEX "IDX_3f867d0adaf5ef6a96eb4cccde" ON "webhook_deliveries" ("endpoint_id", "created_at", "id")`,
      `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE status = 'pending'`,
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c" FOREIGN KEY ("endpoint_id")
        REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE`,
    ],
  },
  {
    table: 'audit_log',
    column: 'created_at',
    keyType: 'timestamptz',
    after: [
      `ALTER TABLE "audit_log" ADD CONSTRAINT "PK_audit_log" PRIMARY KEY ("id", "created_at")`,
      `CREATE INDEX "IDX_audit_log_tenant" ON "audit_log" ("tenant_id", "created_at", "id")`,
      `CREATE INDEX "IDX_audit_log_time" ON "audit_log" ("created_at", "id")`,
    ],
  },
];

/** The tables as they were, for `down`. */
const PLAIN: Array<{ table: string; storage?: string; after: string[] }> = [
  {
    table: 'messages',
    storage: 'fillfactor=75',
    after: [
      `ALTER TABLE "messages" ADD CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id")`,
      `CREATE INDEX "IDX_16e6b9106c2c540d23acba3724" ON "messages" ("tenant_id", "created_at", "id")`,
      `CREATE INDEX "IDX_f9a2730ff7067bbbd8d40e1518" ON "messages" ("tenant_id", "recipient")`,
      `CREATE UNIQUE INDEX "IDX_7d607075ff594839ea024a51f1" ON "messages" ("upstream_message_id")`,
      `CREATE INDEX "IDX_messages_idempotency" ON "messages" ("api_key_id", "idempotency_key", "created_at")
        WHERE idempotency_key IS NOT NULL`,
      `CREATE INDEX "IDX_messages_unanswered" ON "messages" ("created_at") WHERE upstream_message_id IS NULL
        AND failed_at IS NULL`,
      `CREATE INDEX "IDX_messages_broadcast" ON "messages" ("broadcast_id") WHERE broadcast_id IS NOT NULL`,
      `CREATE UNIQUE INDEX "IDX_messages_broadcast_send" ON "messages" ("idempotency_key")
        WHERE broadcast_id IS NOT NULL`,
    ],
  },
  {
    table: 'message_statuses',
    after: [
      `ALTER TABLE "message_statuses" ADD CONSTRAINT "PK_588875cf01317aa576e28039eb8" PRIMARY KEY ("id")`,
      `ALTER TABLE "message_statuses" ADD CONSTRAINT "UQ_message_statuses_message_status" UNIQUE ("message_id",
        "status")`,
      `CREATE INDEX "IDX_70ccb3255f6a55c17e1de3a24f" ON "message_statuses" ("tenant_id")`,
    ],
  },
  {
    table: 'inbound_messages',
    after: [
      `ALTER TABLE "inbound_messages" ADD CONSTRAINT "PK_4f21d40ad47ab9702cb1ee64590" PRIMARY KEY ("id")`,
      `CREATE UNIQUE INDEX "IDX_17b01411e5fed77d0c8b6dcf97" ON "inbound_messages" ("message_id")`,
      `CREATE INDEX "IDX_3caa2f4f305bc3d9d226731bb3" ON "inbound_messages" ("tenant_id", "received_at")`,
    ],
  },
  {
    table: 'webhook_events',
    after: [
      `ALTER TABLE "webhook_events" DROP COLUMN "received_on"`,
      `ALTER TABLE "webhook_events" ADD CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id")`,
      `CREATE UNIQUE INDEX "IDX_c64daa91cce26db387bc965e00" ON "webhook_events" ("dedupe_key")`,
      `CREATE INDEX "IDX_d0d8d40823c4ed35e703a59508" ON "webhook_events" ("tenant_id")`,
    ],
  },
  {
    table: 'webhook_deliveries',
    after: [
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id")`,
      `CREATE INDEX "IDX_3f867d0adaf5ef6a96eb4cccde" ON "webhook_deliveries" ("endpoint_id", "created_at", "id")`,
      `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE status = 'pending'`,
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c" FOREIGN KEY ("endpoint_id")
        REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE`,
    ],
  },
  {
    table: 'audit_log',
    after: [
      `ALTER TABLE "audit_log" ADD CONSTRAINT "PK_audit_log" PRIMARY KEY ("id")`,
      `CREATE INDEX "IDX_audit_log_tenant" ON "audit_log" ("tenant_id", "created_at", "id")`,
      `CREATE INDEX "IDX_audit_log_time" ON "audit_log" ("created_at", "id")`,
    ],
  },
];

/** The Monday 00:00 UTC that starts `at`'s week (as partitions.ts: a migration keeps its own copy). */
function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

function literal(keyType: Shape['keyType'], at: Date): string {
  return keyType === 'date' ? `'${at.toISOString().slice(0, 10)}'` : `'${at.toISOString()}'`;
}

export class PartitionedRecords1763701900000 implements MigrationInterface {
  name = 'PartitionedRecords1763701900000';

  async up(q: QueryRunner): Promise<void> {
    // The day an upstream event was received: its partition key, and with its dedupe key its identity.
    await q.query(`ALTER TABLE "webhook_events" ADD "received_on" date`);
    await q.query(`UPDATE "webhook_events" SET "received_on" = ("received_at" AT TIME ZONE 'UTC')::date`);
    await q.query(`ALTER TABLE "webhook_events" ALTER "received_on" SET NOT NULL`);
    await q.query(`ALTER TABLE "webhook_events" ALTER "received_on" SET DEFAULT (timezone('UTC', now())::date)`);
    for (const shape of PARTITIONED) await this.partition(q, shape);
  }

  private async partition(q: QueryRunner, shape: Shape): Promise<void> {
    const { table, column, keyType, storage } = shape;
    const old = `${table}_unpartitioned`;
    await q.query(`ALTER TABLE "${table}" RENAME TO "${old}"`);
    await q.query(`CREATE TABLE "${table}" (LIKE "${old}" INCLUDING DEFAULTS) PARTITION BY RANGE ("${column}")`);
    const [{ oldest }] = (await q.query(`SELECT min("${column}")::text AS oldest FROM "${old}"`)) as Array<{
      oldest: string | null;
    }>;
    const now = new Date();
    const floor = weekStart(new Date(now.getTime() - 400 * 86_400_000));
    let start = oldest ? weekStart(new Date(oldest)) : weekStart(now);
    if (start < floor) start = floor;
    const last = new Date(weekStart(now).getTime() + 2 * WEEK_MS);
    const with_ = storage ? ` WITH (${storage})` : '';
    for (; start <= last; start = new Date(start.getTime() + WEEK_MS)) {
      const name = `${table}_p${start.toISOString().slice(0, 10).replace(/-/g, '')}`;
      const end = new Date(start.getTime() + WEEK_MS);
      await q.query(
        `CREATE TABLE "${name}" PARTITION OF "${table}" FOR VALUES
          FROM (${literal(keyType, start)}) TO (${literal(keyType, end)})${with_}`,
      );
    }
    await q.query(`CREATE TABLE "${table}_default" PARTITION OF "${table}" DEFAULT${with_}`);
    await q.query(`INSERT INTO "${table}" SELECT * FROM "${old}"`);
    await q.query(`DROP TABLE "${old}"`);
    for (const statement of shape.after) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table, storage, after } of PLAIN) {
      const partitioned = `${table}_partitioned`;
      await q.query(`ALTER TABLE "${table}" RENAME TO "${partitioned}"`);
      await q.query(
        `CREATE TABLE "${table}" (LIKE "${partitioned}" INCLUDING DEFAULTS)${storage ? ` WITH (${storage})` : ''}`,
      );
      await q.query(`INSERT INTO "${table}" SELECT * FROM "${partitioned}"`);
      await q.query(`DROP TABLE "${partitioned}"`);
      for (const statement of after) await q.query(statement);
    }
  }
}
