import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Organization } from '../tenancy/organization.entity';
import { PhoneNumber } from '../tenancy/phone-number.entity';
import { ApiKey } from './api-key.entity';
import { ApiKeysService } from './api-keys.service';

/** API keys (issue, look up, revoke, rotate). The guards that use them are bound in CoreModule. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey, Organization, PhoneNumber])],
  providers: [ApiKeysService],
  exports: [ApiKeysService],
})
export class AuthModule {}
