import { Client } from 'pg';

/** The markets of the seeded usage: thirty countries, each its own market on the seeded card. */
const COUNTRIES = [
  'US',
  'IN',
  'BR',
  'ID',
  'MX',
  'GB',
  'DE',
  'FR',
  'IT',
  'ES',
  'NG',
  'ZA',
  'EG',
  'SA',
  'AE',
  'TR',
  'PK',
  'CO',
  'AR',
  'CL',
  'PE',
  'MY',
  'PH',
  'TH',
  'VN',
  'NL',
  'UA',
  'IL',
  'KE',
  'PL',
];

/**
 * `count` usage entries of the number's organization over the last 365 days (as a busy tenant's year
 * of Meta's pricing would leave them: thirty countries; half marketing, a quarter utility, a tenth
 * authentication, the rest free service; every day, country and category met, so that the rollups hold
 * a row for each: 43,800 of them, and 1,440 monthly ones), their daily rollups, and a rate card in force over them
 * pricing each country as its own market. Written in a few statements and analyzed: the bench's usage
 * report scenarios read over them. Metering ten million statuses through the gateway would take hours.
 */
export async function seedUsage(databaseUrl: string, phoneNumberId: string, count: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO usage_entries (message_id, category, tenant_id, phone_number_id, country, billable, pricing_model,
         type, day, broadcast_id)
       SELECT 'wamid.usage-' || i, c.category, p.tenant_id, p.phone_number_id, ($3::text[])[1 + i % 30],
              c.category <> 'service', 'PMP', CASE WHEN c.category = 'service' THEN 'free_customer_service'
              ELSE 'regular' END, current_date - (i / 600) % 365, ''
       FROM phone_numbers p
       CROSS JOIN generate_series(1, $2::int) AS i
       CROSS JOIN LATERAL (SELECT CASE WHEN (i / 30) % 20 < 10 THEN 'marketing' WHEN (i / 30) % 20 < 15 THEN 'utility'
         WHEN (i / 30) % 20 < 17 THEN 'authentication' ELSE 'service' END AS category) c
       WHERE p.phone_number_id = $1
       ON CONFLICT DO NOTHING`,
      [phoneNumberId, count, COUNTRIES],
    );
    await client.query(
      `INSERT INTO usage_days (tenant_id, day, phone_number_id, country, category, broadcast_id, messages,
         billable_messages)
       SELECT tenant_id, day, phone_number_id, country, category, broadcast_id, count(*), count(*) FILTER (WHERE billable)
       FROM usage_entries WHERE phone_number_id = $1 AND message_id LIKE 'wamid.usage-%'
       GROUP BY 1, 2, 3, 4, 5, 6
       ON CONFLICT ON CONSTRAINT "PK_usage_days" DO UPDATE SET messages = EXCLUDED.messages,
         billable_messages = EXCLUDED.billable_messages`,
      [phoneNumberId],
    );
    await client.query(
      `INSERT INTO usage_months (tenant_id, month, phone_number_id, country, category, broadcast_id, messages,
         billable_messages)
       SELECT tenant_id, date_trunc('month', day::timestamp)::date, phone_number_id, country, category, broadcast_id,
         sum(messages), sum(billable_messages)
       FROM usage_days WHERE phone_number_id = $1 GROUP BY 1, 2, 3, 4, 5, 6
       ON CONFLICT ON CONSTRAINT "PK_usage_months" DO UPDATE SET messages = EXCLUDED.messages,
         billable_messages = EXCLUDED.billable_messages`,
      [phoneNumberId],
    );
    const [card] = (
      await client.query<{ id: string }>(
        `INSERT INTO rate_cards (currency, effective_from, source) VALUES ('USD', current_date - 400, 'bench')
         ON CONFLICT DO NOTHING RETURNING id`,
      )
    ).rows;
    if (card) {
      await client.query(
        `INSERT INTO rate_card_countries (rate_card_id, market, country)
         SELECT $1, c, c FROM unnest($2::text[]) AS c`,
        [card.id, COUNTRIES],
      );
      await client.query(
        `INSERT INTO rate_card_prices (rate_card_id, market, category, price)
         SELECT $1, m, cat, round((0.001 + random() * 0.09)::numeric, 4)
         FROM unnest($2::text[] || ARRAY['Other']) AS m
         CROSS JOIN unnest(ARRAY['marketing', 'utility', 'authentication', 'service']) AS cat`,
        [card.id, COUNTRIES],
      );
    }
    await client.query('ANALYZE usage_entries');
    await client.query('ANALYZE usage_days');
    await client.query('ANALYZE usage_months');
  } finally {
    await client.end();
  }
}
