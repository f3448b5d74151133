import { Client } from 'pg';

/**
 * `count` message records of the number, as a busy tenant's history would hold them (5,000
 * recipients, 3 % failed with 131026, the rest read, one every 26 seconds back from now, closer
 * together when that would go back more than 89 days), written in one statement and analyzed: the bench's messages page scenarios read over them. A fixture, kept with
 * the tests' others: sending 100,000 messages through the gateway would take minutes and give two
 * minutes of history, not a month's.
 */
export async function seedRecords(databaseUrl: string, phoneNumberId: string, count: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status,
        upstream_message_id, error, created_at, updated_at)
       SELECT p.tenant_id, p.phone_number_id, k.id, '1555' || lpad((i % 5000)::text, 7, '0'), 'text',
              '{"messaging_product":"whatsapp","type":"text","text":{"body":"seeded"}}'::jsonb,
              CASE WHEN i % 33 = 0 THEN 'failed' ELSE 'read' END, 'wamid.seeded-' || i,
              CASE WHEN i % 33 = 0 THEN '{"code":131026,"message":"Message undeliverable"}'::jsonb END,
              now() - i * make_interval(secs => $3), now()
       FROM phone_numbers p
       CROSS JOIN LATERAL (SELECT id FROM api_keys WHERE p.tenant_id = ANY (tenant_ids) LIMIT 1) k
       CROSS JOIN generate_series(1, $2::int) AS i
       WHERE p.phone_number_id = $1`,
      [phoneNumberId, count, Math.min(26, (89 * 86_400) / count)],
    );
    await client.query('ANALYZE messages');
  } finally {
    await client.end();
  }
}
