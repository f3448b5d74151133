import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RateCard } from './rate-card.entity';

/** One price of a rate card: a market × a pricing category, per delivered message. */
@Entity({ name: 'rate_card_prices' })
export class RateCardPrice {
  @PrimaryColumn({ name: 'rate_card_id', type: 'uuid', primaryKeyConstraintName: 'PK_rate_card_prices' })
  rateCardId: string;

  @ManyToOne(() => RateCard, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rate_card_id', foreignKeyConstraintName: 'FK_rate_card_prices_card' })
  rateCard?: RateCard;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_rate_card_prices' })
  market: string;

  /** marketing, utility, authentication, authentication_international or service. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_rate_card_prices' })
  category: string;

  /** In the card's currency, exact (numeric: never a float). */
  @Column({ type: 'numeric', precision: 14, scale: 6 })
  price: string;
}
