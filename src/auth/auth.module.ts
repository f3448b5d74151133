import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { Organization } from '../tenancy/organization.entity';
import { AccessGuard } from './access.guard';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKey } from './api-key.entity';
import { ApiKeysService } from './api-keys.service';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKey, Organization]), RateLimitModule],
  providers: [ApiKeysService, ApiKeyGuard, AccessGuard],
  exports: [ApiKeysService, ApiKeyGuard, AccessGuard],
})
export class AuthModule {}
