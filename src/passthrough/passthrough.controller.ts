import { All, Controller, HttpCode, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated } from '../core/access.decorators';
import type { GatewayRequest } from '../core/gateway-request';
import { PASSTHROUGH_ROUTES } from './cloud-api-routes';
import { PassthroughService } from './passthrough.service';

/**
 * Every other tenant-scoped path of Meta's Cloud API with an edge (`/v1/{id}/register`,
 * `/v1/{id}/message_qrdls/{id}`, …, one route per path of the description): checked and forwarded
 * (PassthroughService). Its module is imported last, so every native route is matched first. /docs lists the forwarded operations one
 * by one, under Meta's tags (forwarded-operations.document.ts), rather than this catch-all.
 */
@ApiExcludeController()
@Controller('v1')
export class PassthroughController {
  constructor(private readonly passthrough: PassthroughService) {}

  @All([...PASSTHROUGH_ROUTES])
  @HttpCode(200)
  @Authenticated({ tenant: 'optional' })
  forward(@Req() req: GatewayRequest, @Res({ passthrough: true }) res: Response): Promise<string> {
    return this.passthrough.forward(req, res);
  }
}
