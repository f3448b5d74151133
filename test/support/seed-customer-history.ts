import { Client } from 'pg';

/**
 * Seeds a customer with `messages` records to a number over the last 80 days, three statuses
 * each, and as many of Meta's status changes naming them over the last 25 days (what the webhook events
 * keep), in a few statements.
 */
export async function seedCustomerHistory(
  databaseUrl: string,
  number: { phoneNumberId: string; wabaId: string },
  customer: string,
  messages: number,
): Promise<{ statuses: number; events: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const spacing = (80 * 86_400) / messages;
    await client.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status,
         upstream_message_id, created_at, updated_at)
       SELECT p.tenant_id, p.phone_number_id, k.id, $2, 'text',
              jsonb_build_object('messaging_product', 'whatsapp', 'to', $2::text, 'type', 'text',
                'text', jsonb_build_object('body', 'erasable ' || i)),
              'read', 'wamid.erasable-' || i, now() - i * make_interval(secs => $4), now()
       FROM phone_numbers p
       CROSS JOIN LATERAL (SELECT id FROM api_keys WHERE p.tenant_id = ANY (tenant_ids) LIMIT 1) k
       CROSS JOIN generate_series(1, $3::int) AS i
       WHERE p.phone_number_id = $1`,
      [number.phoneNumberId, customer, messages, spacing],
    );
    const statuses = await client.query(
      `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, status, recipient_id, occurred_at,
         received_at, details)
       SELECT m.tenant_id, m.phone_number_id, m.upstream_message_id, s.status, m.recipient,
              m.created_at + s.n * interval '1 second', m.created_at + s.n * interval '1 second', '{}'::jsonb
       FROM messages m CROSS JOIN (VALUES (1, 'sent'), (2, 'delivered'), (3, 'read')) AS s (n, status)
       WHERE m.recipient = $1`,
      [customer],
    );
    const events = await client.query(
      `INSERT INTO webhook_events (tenant_id, waba_id, field, payload, dedupe_key, received_at, received_on)
       SELECT p.tenant_id, $2, 'messages',
              jsonb_build_object('object', 'whatsapp_business_account', 'entry', jsonb_build_array(jsonb_build_object(
                'id', $2::text, 'changes', jsonb_build_array(jsonb_build_object('field', 'messages', 'value',
                  jsonb_build_object('statuses', jsonb_build_array(jsonb_build_object('id', 'wamid.erasable-' || i,
                    'status', 'read', 'recipient_id', $3::text)))))))),
              'erasable-' || i, now() - i * make_interval(secs => $5), (now() - i * make_interval(secs => $5))::date
       FROM phone_numbers p CROSS JOIN generate_series(1, $4::int) AS i
       WHERE p.phone_number_id = $1`,
      [number.phoneNumberId, number.wabaId, customer, messages, (25 * 86_400) / messages],
    );
    await client.query('ANALYZE messages');
    await client.query('ANALYZE message_statuses');
    await client.query('ANALYZE webhook_events');
    return { statuses: statuses.rowCount ?? 0, events: events.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}
