import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { CustomerErasure } from './customer-erasure.entity';
import { CustomerErasureService } from './customer-erasure.service';
import { CustomerExportService } from './customer-export.service';
import { CustomersController } from './customers.controller';
import { DataRightsRepository } from './data-rights.repository';
import { OrganizationDeletion } from './organization-deletion.entity';
import { OrganizationDeletionService } from './organization-deletion.service';
import { OrganizationDeletionsController } from './organization-deletions.controller';
import { OrganizationExport, OrganizationExportChunk } from './organization-export.entity';
import { OrganizationExportService } from './organization-export.service';
import { OrganizationExportsController } from './organization-exports.controller';
import { RetentionController } from './retention.controller';
import { RetentionService } from './retention.service';
import { RetentionSettings } from './retention-settings.entity';

/**
 * A customer's data on request, and what an organization keeps (issue 58): each organization's
 * retention, shorter than the platform's, applied through what each table's owner registered with
 * retention/organization-purges.ts, and a customer's export and erasure, read and erased through what
 * they registered with retention/customer-data.ts (so this folder imports no feature that holds the data).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      RetentionSettings,
      CustomerErasure,
      OrganizationExport,
      OrganizationExportChunk,
      OrganizationDeletion,
    ]),
    TenancyModule,
  ],
  controllers: [
    RetentionController,
    CustomersController,
    OrganizationExportsController,
    OrganizationDeletionsController,
  ],
  providers: [
    DataRightsRepository,
    RetentionService,
    CustomerExportService,
    CustomerErasureService,
    OrganizationExportService,
    OrganizationDeletionService,
  ],
})
export class DataRightsModule {}
