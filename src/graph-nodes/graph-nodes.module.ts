import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { PassthroughModule } from '../passthrough/passthrough.module';
import { TemplatesModule } from '../templates/templates.module';
import { PhoneNumbersUpstream } from '../tenancy/phone-numbers.upstream';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { GraphNodesController } from './graph-nodes.controller';
import { GraphNodesService } from './graph-nodes.service';
import { PhoneNumbersController } from './phone-numbers.controller';
import { PhoneNumbersService } from './phone-numbers.service';

/**
 * Graph's node calls that are not one feature's: phone numbers and business profiles, and the bare
 * `/v1/{id}` routes (phone numbers, templates, media). Imported last by AppModule so that the
 * `/v1/{id}` routes never shadow a named route.
 */
@Module({
  imports: [TenancyModule, MediaModule, TemplatesModule, TenantWebhooksModule, PassthroughModule],
  controllers: [PhoneNumbersController, GraphNodesController],
  // Phone numbers' Meta calls (tenancy's client) where they are made: the CLI boots tenancy without Graph.
  providers: [GraphNodesService, PhoneNumbersService, PhoneNumbersUpstream],
})
export class GraphNodesModule {}
