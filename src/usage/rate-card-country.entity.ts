import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RateCard } from './rate-card.entity';

/**
 * Which market of a rate card a country belongs to (Meta prices some countries alone and groups the
 * rest: "Rest of Africa", …); a country no row names is in the card's "Other" market.
 */
@Entity({ name: 'rate_card_countries' })
export class RateCardCountry {
  @PrimaryColumn({ name: 'rate_card_id', type: 'uuid', primaryKeyConstraintName: 'PK_rate_card_countries' })
  rateCardId: string;

  @ManyToOne(() => RateCard, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rate_card_id', foreignKeyConstraintName: 'FK_rate_card_countries_card' })
  rateCard?: RateCard;

  /** ISO 3166-1 alpha-2, upper case. */
  @PrimaryColumn({ type: 'char', length: 2, primaryKeyConstraintName: 'PK_rate_card_countries' })
  country: string;

  @Column({ type: 'text' })
  market: string;
}
