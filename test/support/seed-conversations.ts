import { Client } from 'pg';

/** The first customer of the seeded history; the others follow one apart. */
export const SEEDED_FIRST_CUSTOMER = 16_000_000_000;

/**
 * `inbound` and `outbound` records over `customers` customers of the bench's number, spread over the
 * last 80 days (Meta's whole seconds for inbound, milliseconds for outbound), and each customer's
 * conversation as the gateway keeps it. In SQL, a fixture kept with the tests' others (the bench's
 * conversations phase reads over it): the gateway's own paths would take hours for this.
 */
export async function seedConversations(
  databaseUrl: string,
  phoneNumberId: string,
  counts: { inbound: number; outbound: number; customers: number },
): Promise<number> {
  const started = Date.now();
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [number],
    } = await db.query<{ tenant_id: string }>(`SELECT tenant_id FROM phone_numbers WHERE phone_number_id = $1`, [
      phoneNumberId,
    ]);
    const {
      rows: [key],
    } = await db.query<{ id: string }>(`SELECT id FROM api_keys WHERE $1 = ANY (tenant_ids) LIMIT 1`, [
      number.tenant_id,
    ]);
    const span = 80 * 86_400;
    await db.query(
      `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, payload, sent_at, received_at)
       SELECT $1, $2, 'wamid.conv-in-' || n, ($3::bigint + n % $4)::text, 'text',
         jsonb_build_object('from', ($3::bigint + n % $4)::text, 'type', 'text', 'text', jsonb_build_object('body', 'question ' || n)),
         t, t + interval '300 microseconds'
       FROM generate_series(1, $5::int) AS n,
         LATERAL (SELECT date_trunc('second', now()) - make_interval(secs => $6::float8 * ($5 - n) / $5) AS t) AS times`,
      [number.tenant_id, phoneNumberId, SEEDED_FIRST_CUSTOMER, counts.customers, counts.inbound, span],
    );
    await db.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id,
         created_at, accepted_at)
       SELECT $1, $2, $7, ($3::bigint + n % $4)::text, 'text',
         jsonb_build_object('messaging_product', 'whatsapp', 'to', ($3::bigint + n % $4)::text, 'type', 'text',
           'text', jsonb_build_object('body', 'answer ' || n)),
         'read', 'wamid.conv-out-' || n, t, t
       FROM generate_series(1, $5::int) AS n,
         LATERAL (SELECT date_trunc('milliseconds', now()) - make_interval(secs => $6::float8 * ($5 - n) / $5)
           + interval '700 milliseconds' AS t) AS times`,
      [number.tenant_id, phoneNumberId, SEEDED_FIRST_CUSTOMER, counts.customers, counts.outbound, span, key.id],
    );
    // Each customer's conversation: last inbound, last message either way, read up to the second-last.
    await db.query(
      `INSERT INTO conversations AS c (phone_number_id, wa_id, tenant_id, last_inbound_at, profile_name, last_message_at,
         last_direction, last_type, last_preview, last_message_id, unread_count, read_through)
       SELECT $2, i.wa_id, $1, i.at, 'Customer ' || i.wa_id, greatest(i.at, o.at),
         CASE WHEN o.at > i.at THEN 'outbound' ELSE 'inbound' END, 'text', 'the last word', i.wamid,
         (i.wa_id::bigint % 3)::int, i.at - interval '1 second'
       FROM (SELECT DISTINCT ON ("from") "from" AS wa_id, sent_at AS at, message_id AS wamid FROM inbound_messages
             WHERE phone_number_id = $2 AND "from" LIKE '16%' ORDER BY "from", sent_at DESC) i
       JOIN (SELECT recipient, max(created_at) AS at FROM messages WHERE phone_number_id = $2 AND recipient LIKE '16%'
             GROUP BY recipient) o ON o.recipient = i.wa_id
       ON CONFLICT (phone_number_id, wa_id) DO NOTHING`,
      [number.tenant_id, phoneNumberId],
    );
    await db.query('ANALYZE inbound_messages');
    await db.query('ANALYZE messages');
    await db.query('ANALYZE conversations');
  } finally {
    await db.end();
  }
  return Math.round((Date.now() - started) / 1000);
}
