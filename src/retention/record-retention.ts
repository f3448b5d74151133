import { Global, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { maintainPartitions, type PartitionMaintenance, type TimePartitioned } from '../database/partitions';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { CustomerData } from './customer-data';
import { OrganizationData } from './organization-data';
import { OrganizationPurges } from './organization-purges';

/** How often the partitions are looked after: far more often than a week turns, so a failed pass costs nothing. */
const EVERY_MS = 3_600_000;

/**
 * Records that age out, on a schedule: the owner of each table partitioned by time registers it
 * (its name, partition key and retention, from its own settings), and every hour, on one instance at
 * a time, each table gets its coming weeks and loses the weeks past its retention
 * (database/partitions.ts, under an advisory lock per table). This folder owns no table and knows
 * no feature; it only runs what the owners registered.
 */
@Injectable()
export class RecordRetention implements OnModuleInit {
  private readonly logger = new Logger('RecordRetention');
  private readonly tables: TimePartitioned[] = [];
  private readonly afterPasses: Array<(now: Date) => Promise<void>> = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: PeriodicJobs,
    private readonly clock: Clock,
  ) {}

  /** Called by a table's owner (from its module's constructor). */
  register(table: TimePartitioned): void {
    this.tables.push(table);
  }

  /**
   * Work an owner runs after each pass, once the old weeks are gone (rows derived from the records,
   * such as a customer's conversation once all its messages have aged out).
   */
  afterPass(work: (now: Date) => Promise<void>): void {
    this.afterPasses.push(work);
  }

  onModuleInit(): void {
    this.jobs.every('record-retention', EVERY_MS, async () => {
      await this.run();
    });
  }

  /** One pass over every registered table (also called by tests, with another `now`). */
  async run(now: Date = this.clock.now()): Promise<PartitionMaintenance[]> {
    const results: PartitionMaintenance[] = [];
    for (const table of this.tables) {
      try {
        const result = await maintainPartitions(this.dataSource, table, now);
        results.push(result);
        if (result.created.length || result.dropped.length || result.removedFromDefault)
          this.logger.log(
            `${table.table}: created ${result.created.join(', ') || 'none'}; dropped ${result.dropped.join(', ') || 'none'}` +
              (result.removedFromDefault
                ? `; ${result.removedFromDefault} rows past retention left the default partition`
                : ''),
          );
        if (result.kept.length)
          this.logger.warn(`${table.table}: kept past retention while rows still need them: ${result.kept.join(', ')}`);
      } catch (error) {
        // Another table's pass still runs; this one is tried again within the hour.
        this.logger.warn(`${table.table}: partitions not maintained: ${(error as Error).message}`);
      }
    }
    for (const work of this.afterPasses)
      await work(now).catch((error: Error) => this.logger.warn(`after the pass: ${error.message}`));
    return results;
  }

  /** The registered tables (for /docs and tests). */
  registered(): readonly TimePartitioned[] {
    return this.tables;
  }
}

/**
 * Global: any owner of a table partitioned by time registers it, and any owner of customers' data says
 * how to purge an organization's rows (organization-purges.ts) and read a customer's
 * (customer-data.ts).
 */
@Global()
@Module({
  providers: [RecordRetention, OrganizationPurges, CustomerData, OrganizationData],
  exports: [RecordRetention, OrganizationPurges, CustomerData, OrganizationData],
})
export class RecordRetentionModule {}
