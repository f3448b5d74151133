import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { PassthroughController } from './passthrough.controller';
import { PassthroughService } from './passthrough.service';
import { UpstreamObject } from './upstream-object.entity';
import { PassthroughRepository } from './passthrough.repository';

/**
 * The checked pass-through for the tenant-scoped operations of Meta's Cloud API that the gateway
 * does not serve itself, and the registry of ids Meta created or listed for each organization
 * (table upstream_objects). GraphNodesModule hands it the bare `/v1/{id}` calls that are not a
 * number's, a template's or a media object's.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UpstreamObject]), TenancyModule],
  controllers: [PassthroughController],
  providers: [PassthroughService, PassthroughRepository],
  exports: [PassthroughService],
})
export class PassthroughModule {}
