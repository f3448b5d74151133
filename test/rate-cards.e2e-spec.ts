import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { bearer, createOrgKey, createPlatformKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const SAMPLE = readFileSync(join(__dirname, '..', 'docs/rate-cards/sample-rate-card.csv'), 'utf8');

/** A UTC day `days` from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Rate cards (issue 46, first step): Meta's price list imported as CSV (Meta's layout, the sample in
 * docs/rate-cards) or JSON, each in force from its day; the operator's markup per organization from
 * its day; a quote prices a message by the recipient's calling code, the card and the markup in force
 * on the message's day, so a new card or markup never reprices the past. Bad cards name the row and
 * keep nothing.
 */
describe('rate cards', () => {
  let t: TestApp;
  let a: TestTenant;
  let platform: string;
  let orgKey: string;

  const importCsv = (csv: string, query: Record<string, string>) =>
    request(t.url).post('/v1/rate_cards').query(query).set(bearer(platform)).set('content-type', 'text/csv').send(csv);
  const importJson = (body: object) => request(t.url).post('/v1/rate_cards').set(bearer(platform)).send(body);
  const quote = (query: Record<string, string>) =>
    request(t.url)
      .get('/v1/rate_cards/quote')
      .query({ organization_id: a.id, ...query })
      .set(bearer(platform));
  const cards = async () =>
    Number((await t.dataSource.query<Array<{ n: string }>>('SELECT count(*) AS n FROM rate_cards'))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    await t.dataSource.query('DELETE FROM rate_cards');
    a = await createTenant(t, 'Priced A');
    platform = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
    orgKey = (await createOrgKey(t, a)).key;
  });
  afterAll(() => t.close());

  it("imports Meta's layout as CSV (the sample), and prices by calling code: North America, India, Other", async () => {
    const res = await importCsv(SAMPLE, { currency: 'USD', effective_from: day(-30), source: 'sample' }).expect(201);
    expect(res.body).toMatchObject({ currency: 'USD', effective_from: day(-30), source: 'sample', markets: 10 });
    expect(res.body.prices).toBe(42);
    const us = await quote({ wa_id: '15550001111', category: 'marketing' }).expect(200);
    expect(us.body).toMatchObject({ country: 'US', market: 'North America', base_price: 0.025, price: 0.025 });
    const india = await quote({ wa_id: '919876543210', category: 'marketing' }).expect(200);
    expect(india.body).toMatchObject({ country: 'IN', market: 'India', base_price: 0.0107, markup_percent: 0 });
    const japan = await quote({ wa_id: '819012345678', category: 'utility' }).expect(200);
    expect(japan.body).toMatchObject({ country: 'JP', market: 'Other', base_price: 0.0077 });
    const kenya = await quote({ wa_id: '254712345678', category: 'marketing' }).expect(200);
    expect(kenya.body).toMatchObject({ country: 'KE', market: 'Rest of Africa', base_price: 0.0225 });
    // A category the market does not price.
    const notPriced = await quote({ wa_id: '15550001111', category: 'authentication_international' }).expect(200);
    expect(notPriced.body).toMatchObject({ base_price: null, price: null });
    const listed = await request(t.url).get(`/v1/rate_cards/${res.body.id}`).set(bearer(platform)).expect(200);
    expect(listed.body.markets_detail).toContainEqual({ market: 'North America', countries: ['CA', 'US'] });
  });

  it('applies a markup and a new card from their days on; the past keeps its prices', async () => {
    await request(t.url)
      .put(`/v1/organizations/${a.id}/markup`)
      .set(bearer(platform))
      .send({ percent: 15 })
      .expect(200, { percent: 15, effective_from: day(0) });
    const today = await quote({ wa_id: '919876543210', category: 'marketing' }).expect(200);
    expect(today.body).toMatchObject({ base_price: 0.0107, markup_percent: 15, price: 0.012305 });
    const yesterday = await quote({ wa_id: '919876543210', category: 'marketing', date: day(-1) }).expect(200);
    expect(yesterday.body).toMatchObject({ markup_percent: 0, price: 0.0107 });
    // A card from tomorrow: tomorrow's price changes, today's does not.
    const next = await importJson({
      currency: 'USD',
      effective_from: day(1),
      markets: [
        { market: 'India', countries: ['IN'] },
        { market: 'Other', countries: [] },
      ],
      prices: [
        { market: 'India', category: 'marketing', price: 0.02 },
        { market: 'Other', category: 'marketing', price: 0.05 },
      ],
    }).expect(201);
    const tomorrow = await quote({ wa_id: '919876543210', category: 'marketing', date: day(1) }).expect(200);
    expect(tomorrow.body).toMatchObject({ rate_card_id: next.body.id, base_price: 0.02, price: 0.023 });
    expect((await quote({ wa_id: '919876543210', category: 'marketing' })).body.base_price).toBe(0.0107);
    // A markup in the past is refused; a card in force cannot be removed; a future one can.
    expectInvalidParameter(
      await request(t.url)
        .put(`/v1/organizations/${a.id}/markup`)
        .set(bearer(platform))
        .send({ percent: 5, effective_from: day(-2) }),
      400,
      'effective_from: today or later: the past keeps its prices',
    );
    const cardsNow = (await request(t.url).get('/v1/rate_cards').set(bearer(platform)).expect(200)).body.data;
    const inForce = cardsNow.find((c: { effective_from: string }) => c.effective_from === day(-30));
    expectGraphError(await request(t.url).delete(`/v1/rate_cards/${inForce.id}`).set(bearer(platform)), 409, 100);
    await request(t.url).delete(`/v1/rate_cards/${next.body.id}`).set(bearer(platform)).expect(200, { success: true });
  });

  it('refuses bad cards naming the row or line, and keeps nothing', async () => {
    const before = await cards();
    const base = {
      currency: 'USD',
      effective_from: day(10),
      markets: [
        { market: 'India', countries: ['IN'] },
        { market: 'Other', countries: [] },
      ],
      prices: [{ market: 'India', category: 'marketing', price: 0.01 }],
    };
    const cases: Array<[object, string]> = [
      [
        { ...base, prices: [...base.prices, { market: 'Atlantis', category: 'marketing', price: 1 }] },
        'prices[1].market: unknown market Atlantis',
      ],
      [
        { ...base, prices: [{ market: 'India', category: 'promotional', price: 1 }] },
        'prices[0].category: unknown category promotional',
      ],
      [
        { ...base, prices: [{ market: 'India', category: 'utility', price: -0.01 }] },
        'prices[0].price: a price cannot be negative',
      ],
      [
        { ...base, prices: [{ market: 'India', category: 'utility', price: 0.0000001 }] },
        'prices[0].price: a decimal with at most 6 decimals',
      ],
      [
        { ...base, markets: [{ market: 'India', countries: ['XX'] }, { market: 'Other' }] },
        'markets[0].countries: XX is not an ISO 3166 country code',
      ],
      [{ ...base, markets: [{ market: 'India', countries: ['IN'] }] }, 'markets: the card needs an Other market'],
      [{ ...base, effective_from: '2026-02-30' }, 'effective_from: a day, YYYY-MM-DD'],
      [{ ...base, currency: 'dollars' }, 'currency: an ISO 4217 code such as USD'],
      [{ ...base, effective_from: day(-400) }, `effective_from: before ${day(-30)}, the start of the latest card`],
      [{ ...base, currency: 'EUR' }, 'currency: the cards are in USD'],
    ];
    for (const [body, details] of cases) {
      const res = await importJson(body);
      expectGraphError(res, 400, 100);
      expect(res.body.error.error_data.details).toContain(details);
    }
    const overlapping = await importJson({ ...base, effective_from: day(-30) });
    expectGraphError(overlapping, 409, 100);
    expect(overlapping.body.error.message).toContain('effective_from');
    const csvCases: Array<[string, string]> = [
      ['market,countries,marketing\nIndia,IN,-1\nOther,,0.01', 'line 2 marketing.price: a price cannot be negative'],
      ['market,countries,promo\nOther,,0.01', 'header: unknown column promo'],
      ['market,countries,marketing\nIndia,IN IN,0.01\nOther,,0.01', 'line 2.countries: IN is in India already'],
    ];
    for (const [csv, details] of csvCases) {
      const res = await importCsv(csv, { currency: 'USD', effective_from: day(10) });
      expectGraphError(res, 400, 100);
      expect(res.body.error.error_data.details).toContain(details);
    }
    expect(await cards()).toBe(before);
  });

  it("is the operator's: an organization's key reaches no rate card", async () => {
    expectGraphError(await request(t.url).get('/v1/rate_cards').set(bearer(orgKey)), 403, 200);
    expectGraphError(await request(t.url).post('/v1/rate_cards').set(bearer(orgKey)).send({}), 403, 200);
  });
});
