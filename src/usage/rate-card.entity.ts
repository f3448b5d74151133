import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Meta's price list as the operator imported it, in force from `effective_from` (UTC day) until the
 * next card's: a message is priced by the card in force on its day, so a new card never reprices
 * the past. Its markets and their countries, and its prices, are rows of their own.
 */
@Entity({ name: 'rate_cards' })
export class RateCard {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_rate_cards' })
  id: string;

  /** ISO 4217, as Meta bills the business (one currency for the whole deployment). */
  @Column({ type: 'char', length: 3 })
  currency: string;

  /** The first UTC day it prices; one card per day. */
  @Index('UQ_rate_cards_effective_from', { unique: true })
  @Column({ name: 'effective_from', type: 'date' })
  effectiveFrom: string;

  /** Where it came from, in the operator's words (a file name, Meta's announcement). */
  @Column({ type: 'text', default: '' })
  source: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
