import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { ApiKey } from './api-key.entity';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys (issue, look up, revoke, rotate), over HTTP for admin and platform keys (/v1/keys) and for the
 * CLI. The guards that use them are bound in the pipeline (pipeline.module.ts).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey]), TenancyModule],
  controllers: [ApiKeysController],
  providers: [ApiKeysRepository, ApiKeysService],
  exports: [ApiKeysService],
})
export class AuthModule {}
