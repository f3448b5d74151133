import { Client } from 'pg';

/**
 * An organization's history for its deletion's bench: `customers` customers of one number, each with
 * `perCustomer` messages both ways over the last 25 days, three statuses an outbound message, one of
 * Meta's changes an inbound message, a conversation and a contact each. In SQL, beside the tests' other
 * fixtures: the gateway's own paths would take far longer.
 */
export async function seedOrganization(
  databaseUrl: string,
  tenantId: string,
  phoneNumberId: string,
  counts: { customers: number; perCustomer: number },
): Promise<Record<string, number>> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const first = 17_000_000_000;
  const total = counts.customers * counts.perCustomer;
  const spacing = (25 * 86_400) / total;
  const params = [tenantId, phoneNumberId, first, counts.customers, total, spacing];
  const customerOf = `($3::bigint + n % $4)::text`;
  const at = `now() - n * make_interval(secs => $6)`;
  try {
    const seeded: Record<string, number> = {};
    const run = async (kind: string, sql: string, values: unknown[] = params) =>
      (seeded[kind] = (await db.query(sql, values)).rowCount ?? 0);
    await run(
      'messages',
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status,
         upstream_message_id, created_at, updated_at)
       SELECT $1::uuid, $2::text, (SELECT id FROM api_keys WHERE $1::uuid = ANY (tenant_ids) LIMIT 1), ${customerOf}, 'text', jsonb_build_object('to', ${customerOf}, 'type', 'text',
           'text', jsonb_build_object('body', 'answer ' || n)), 'read', 'wamid.leaving-out-' || n, ${at}, ${at}
       FROM generate_series(1, $5::int) AS n WHERE $6::float8 > 0`,
    );
    await run(
      'message_statuses',
      `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, status, recipient_id, occurred_at,
         received_at, details)
       SELECT m.tenant_id, m.phone_number_id, m.upstream_message_id, s.status, m.recipient,
              m.created_at + s.n * interval '1 second', m.created_at + s.n * interval '1 second', '{}'::jsonb
       FROM messages m CROSS JOIN (VALUES (1, 'sent'), (2, 'delivered'), (3, 'read')) AS s (n, status)
       WHERE m.tenant_id = $1`,
      [tenantId],
    );
    await run(
      'inbound_messages',
      `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, payload, sent_at, received_at)
       SELECT $1::uuid, $2::text, 'wamid.leaving-in-' || n, ${customerOf}, 'text',
              jsonb_build_object('from', ${customerOf}, 'type', 'text', 'text', jsonb_build_object('body', 'question ' || n)),
              date_trunc('second', ${at}), ${at}
       FROM generate_series(1, $5::int) AS n WHERE $6::float8 > 0`,
    );
    await run(
      'webhook_events',
      `INSERT INTO webhook_events (tenant_id, waba_id, field, payload, dedupe_key, received_at, received_on)
       SELECT $1::uuid, '1', 'messages', jsonb_build_object('messages', jsonb_build_array(jsonb_build_object(
                'from', ${customerOf}, 'id', 'wamid.leaving-in-' || n))),
              'leaving-' || n, ${at}, (${at})::date
       FROM generate_series(1, $5::int) AS n WHERE $6::float8 > 0 AND $2::text IS NOT NULL`,
    );
    await run(
      'conversations',
      `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_message_at)
       SELECT $2::text, ($3::bigint + c)::text, $1::uuid, now() FROM generate_series(0, $4::int - 1) AS c`,
      params.slice(0, 4),
    );
    await run(
      'contacts',
      `INSERT INTO contacts (tenant_id, phone_number, name)
       SELECT $1::uuid, ($2::bigint + c)::text, 'Customer ' || c FROM generate_series(0, $3::int - 1) AS c`,
      [tenantId, first, counts.customers],
    );
    for (const table of ['messages', 'message_statuses', 'inbound_messages', 'webhook_events', 'conversations'])
      await db.query(`ANALYZE ${table}`);
    return seeded;
  } finally {
    await db.end();
  }
}
