import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { PassthroughModule } from '../passthrough/passthrough.module';
import { TemplatesModule } from '../templates/templates.module';
import { PhoneNumbersModule } from '../tenancy/phone-numbers.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { GraphNodesController } from './graph-nodes.controller';
import { GraphNodesService } from './graph-nodes.service';

/**
 * Graph's node calls that are not one feature's: phone numbers and business profiles, and the bare
 * `/v1/{id}` routes (phone numbers, templates, media). Imported last by AppModule so that the
 * `/v1/{id}` routes never shadow a named route.
 */
@Module({
  imports: [TenancyModule, PhoneNumbersModule, MediaModule, TemplatesModule, TenantWebhooksModule, PassthroughModule],
  controllers: [GraphNodesController],
  providers: [GraphNodesService],
})
export class GraphNodesModule {}
