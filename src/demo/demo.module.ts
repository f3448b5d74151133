import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { DemoSeedService } from './demo-seed.service';

@Module({ imports: [AuthModule, TenancyModule], providers: [DemoSeedService] })
export class DemoModule {}
