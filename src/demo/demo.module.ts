import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { DemoSeedService } from './demo-seed.service';

@Module({ imports: [AuthModule, TenancyModule, TenantWebhooksModule], providers: [DemoSeedService] })
export class DemoModule {}
