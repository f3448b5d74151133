import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PeopleModule } from '../people/people.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { DemoSeedService } from './demo-seed.service';

@Module({ imports: [AuthModule, TenancyModule, TenantWebhooksModule, PeopleModule], providers: [DemoSeedService] })
export class DemoModule {}
