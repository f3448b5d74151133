import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rate cards (Meta's price lists, each in force from its day) with their markets and prices, and markups. */
export class RateCards1763702800000 implements MigrationInterface {
  name = 'RateCards1763702800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "rate_cards" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "currency" character(3) NOT NULL,
        "effective_from" date NOT NULL, "source" text NOT NULL DEFAULT '',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_rate_cards" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_rate_cards_effective_from" ON "rate_cards" ("effective_from")`);
    await q.query(
      `CREATE TABLE "rate_card_prices" ("rate_card_id" uuid NOT NULL, "market" text NOT NULL, "category" text NOT NULL,
        "price" numeric(14,6) NOT NULL, CONSTRAINT "PK_rate_card_prices" PRIMARY KEY ("rate_card_id", "market", "category"))`,
    );
    await q.query(
      `ALTER TABLE "rate_card_prices" ADD CONSTRAINT "FK_rate_card_prices_card" FOREIGN KEY ("rate_card_id")
        REFERENCES "rate_cards"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE TABLE "rate_card_countries" ("rate_card_id" uuid NOT NULL, "country" character(2) NOT NULL,
        "market" text NOT NULL, CONSTRAINT "PK_rate_card_countries" PRIMARY KEY ("rate_card_id", "country"))`,
    );
    await q.query(
      `ALTER TABLE "rate_card_countries" ADD CONSTRAINT "FK_rate_card_countries_card" FOREIGN KEY ("rate_card_id")
        REFERENCES "rate_cards"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `CREATE TABLE "organization_markups" ("tenant_id" uuid NOT NULL, "effective_from" date NOT NULL,
        "percent" numeric(7,3) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_organization_markups" PRIMARY KEY ("tenant_id", "effective_from"))`,
    );
    await q.query(
      `ALTER TABLE "organization_markups" ADD CONSTRAINT "FK_organization_markups_tenant" FOREIGN KEY ("tenant_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "organization_markups"`);
    await q.query(`DROP TABLE "rate_card_countries"`);
    await q.query(`DROP TABLE "rate_card_prices"`);
    await q.query(`DROP TABLE "rate_cards"`);
  }
}
