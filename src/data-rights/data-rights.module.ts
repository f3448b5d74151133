import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataRightsRepository } from './data-rights.repository';
import { RetentionController } from './retention.controller';
import { RetentionService } from './retention.service';
import { RetentionSettings } from './retention-settings.entity';

/**
 * A customer's data on request, and what an organization keeps (issue 58). This step: each
 * organization's retention, shorter than the platform's, applied through what each table's owner
 * registered with retention/organization-purges.ts (so this folder imports no feature that holds the data).
 */
@Module({
  imports: [TypeOrmModule.forFeature([RetentionSettings])],
  controllers: [RetentionController],
  providers: [DataRightsRepository, RetentionService],
})
export class DataRightsModule {}
