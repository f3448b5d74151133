import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { ApiKey } from './api-key.entity';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/** API keys (issue, look up, revoke, rotate). The guards that use them are bound in the pipeline (pipeline.module.ts). */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey]), TenancyModule],
  providers: [ApiKeysRepository, ApiKeysService],
  exports: [ApiKeysService],
})
export class AuthModule {}
