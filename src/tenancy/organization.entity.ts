import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A tenant: the business that owns business accounts, phone numbers and keys. An organization whose
 * `testOf` is set is another's test twin (test mode): its records are that organization's test data,
 * its accounts live at the simulator, and its keys are test keys (`svc_test_…`).
 */
@Entity({ name: 'organizations' })
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** The live organization this one is the test twin of; null for a live organization. */
  @Index('IDX_organizations_test_of', { unique: true })
  @Column({ name: 'test_of', type: 'uuid', nullable: true })
  testOf: string | null;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'test_of', foreignKeyConstraintName: 'FK_organizations_test_of' })
  liveOrganization?: Organization;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
