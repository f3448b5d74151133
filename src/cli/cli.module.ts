import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CommonModule } from '../common/common.module';
import { AppConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { TenancyModule } from '../tenancy/tenancy.module';

/**
 * What the administration CLI needs: configuration, the database, encryption and the key and
 * tenancy services. No HTTP pipeline, no Redis, no demo seed.
 */
@Module({
  imports: [AppConfigModule.forRoot('cli'), DatabaseModule, CommonModule, AuthModule, TenancyModule],
})
export class CliModule {}
