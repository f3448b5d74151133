import { Client } from 'pg';

/** Templates the seeded messages use, each in two languages. */
export const SEEDED_TEMPLATES = 30;
/** Days the seeded messages span. */
export const SEEDED_DAYS = 90;

/**
 * The funnels' rollups as the status path and the inbound path write them for `messages` messages over
 * 90 days (two numbers, 30 templates in two languages, a third of the messages in broadcasts; 90 %
 * delivered, two thirds read, one in ten replied, one in twenty a button pressed, one in fifty failed):
 * each virtual message's outcome computed and grouped in one statement, as the rollups would hold them.
 * The records themselves are not written: no read of insights touches them.
 */
export async function seedFunnels(
  databaseUrl: string,
  numbers: { phoneNumberId: string; broadcastPhoneNumberId: string },
  messages: number,
): Promise<{ replies: number; rows: number; tenantId: string }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ tenant_id: tenantId }] = (
      await client.query<{ tenant_id: string }>(`SELECT tenant_id FROM phone_numbers WHERE phone_number_id = $1`, [
        numbers.phoneNumberId,
      ])
    ).rows;
    for (const table of ['funnel_days', 'funnel_failures', 'funnel_buttons'])
      await client.query(`DELETE FROM ${table} WHERE tenant_id = $1`, [tenantId]);
    // A message's day is i mod 90; the rest is drawn from i / 90, so that every day has every template,
    // language, number and broadcast (and the outcomes, from i's last digits, are spread across them).
    const virtual = `SELECT $1::uuid AS tenant_id, current_date - (i % ${SEEDED_DAYS})::int AS day,
        CASE WHEN (i / ${SEEDED_DAYS}) % 7 = 0 THEN $3 ELSE $2 END AS phone_number_id,
        'bench_template_' || (((i / ${SEEDED_DAYS}) * 7919) % ${SEEDED_TEMPLATES}) AS template_name,
        CASE WHEN (i / ${SEEDED_DAYS * SEEDED_TEMPLATES}) % 2 = 0 THEN 'en_US' ELSE 'es' END AS template_language,
        CASE WHEN (i / ${SEEDED_DAYS}) % 3 = 0
          THEN md5((((i / ${SEEDED_DAYS}) * 7919) % ${SEEDED_TEMPLATES})::text || '-' || (i % ${SEEDED_DAYS})::text)::uuid::text ELSE '' END
          AS broadcast_id,
        i FROM generate_series(1, $4::bigint) AS i`;
    const key = 'tenant_id, day, phone_number_id, template_name, template_language, broadcast_id';
    const values = [tenantId, numbers.phoneNumberId, numbers.broadcastPhoneNumberId, messages];
    const days = await client.query(
      `INSERT INTO funnel_days (${key}, sent, delivered, read, replied, failed)
       SELECT ${key}, count(*) FILTER (WHERE i % 50 <> 0), count(*) FILTER (WHERE i % 10 <> 0 AND i % 50 <> 0),
         count(*) FILTER (WHERE i % 3 <> 0 AND i % 10 <> 0 AND i % 50 <> 0), count(*) FILTER (WHERE i % 10 = 1),
         count(*) FILTER (WHERE i % 50 = 0)
       FROM (${virtual}) v GROUP BY ${key}`,
      values,
    );
    const failures = await client.query(
      `INSERT INTO funnel_failures (${key}, code, messages)
       SELECT ${key}, CASE WHEN i % 100 = 0 THEN 131049 ELSE 131026 END, count(*)
       FROM (${virtual}) v WHERE i % 50 = 0 GROUP BY ${key}, 7`,
      values,
    );
    const buttons = await client.query(
      `INSERT INTO funnel_buttons (${key}, payload, text, presses)
       SELECT ${key}, CASE WHEN i % 40 = 1 THEN 'MORE' ELSE 'STOP' END,
         CASE WHEN i % 40 = 1 THEN 'Tell me more' ELSE 'Stop promotions' END, count(*)
       FROM (${virtual}) v WHERE i % 20 = 1 GROUP BY ${key}, 7, 8`,
      values,
    );
    await client.query('ANALYZE funnel_days, funnel_failures, funnel_buttons');
    return {
      replies: Math.floor(messages / 10),
      rows: (days.rowCount ?? 0) + (failures.rowCount ?? 0) + (buttons.rowCount ?? 0),
      tenantId,
    };
  } finally {
    await client.end();
  }
}
