import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { CommonModule } from './common/common.module';
import { AppConfigModule } from './config/config.module';
import { CoreModule } from './core/core.module';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';
import { HealthModule } from './health/health.module';
import { RedisModule } from './redis/redis.module';
import { TenancyModule } from './tenancy/tenancy.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    // infrastructure
    AppConfigModule,
    DatabaseModule,
    RedisModule,
    CommonModule,
    // the request pipeline
    CoreModule,
    // features
    AuthModule,
    TenancyModule,
    HealthModule,
    WebhooksModule,
    DemoModule,
  ],
})
export class AppModule {}
