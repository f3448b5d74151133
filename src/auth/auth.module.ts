import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Organization } from '../tenancy/organization.entity';
import { AccessGuard } from './access.guard';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKey } from './api-key.entity';
import { ApiKeysService } from './api-keys.service';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKey, Organization])],
  providers: [ApiKeysService, ApiKeyGuard, AccessGuard],
  exports: [ApiKeysService, ApiKeyGuard, AccessGuard],
})
export class AuthModule {}
