import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { GraphNodesController } from './graph-nodes.controller';

/** `/v1/{id}` routes; imported last by AppModule so that they never shadow a named route. */
@Module({
  imports: [MediaModule, TenantWebhooksModule],
  controllers: [GraphNodesController],
})
export class GraphNodesModule {}
