import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment';
import { CustomerData } from '../retention/customer-data';
import { RecordRetention } from '../retention/record-retention';
import { AuditEntry } from './audit-entry.entity';
import { AuditController } from './audit.controller';
import { AuditRepository, auditLogPartitions } from './audit.repository';
import { AuditService } from './audit.service';
import { OrganizationData } from '../retention/organization-data';

/**
 * The audit log of management writes: its table, GET /v1/audit_log, and the interceptor @Audited binds
 * to a route (global, so every feature module can make it from AuditService).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry])],
  controllers: [AuditController],
  providers: [AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {
  constructor(
    retention: RecordRetention,
    config: ConfigService<Environment, true>,
    customers: CustomerData,
    repository: AuditRepository,
    organization: OrganizationData,
  ) {
    organization.registerTables(repository.exportedTables());
    for (const table of auditLogPartitions(config.get('AUDIT_LOG_RETENTION_DAYS', { infer: true })))
      retention.register(table);
    // A customer's erasure: the log keeps its entries, the number in them replaced by a digest.
    customers.registerEraser('audit_log', async (e) => ({ removed: await repository.eraseCustomer(e), next: null }));
  }
}
