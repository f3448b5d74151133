import { Controller, Get, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { MetricsService } from './metrics.service';
import { metricsAccessProblem } from './metrics-access';

/**
 * `GET /metrics` (Prometheus text format) on the main port: open to loopback callers, or to anyone
 * with `Authorization: Bearer <METRICS_TOKEN>` when that is set. With METRICS_PORT set it is served
 * on that port instead (metrics-server.ts) and not here.
 */
@Controller('metrics')
@Public()
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  @Get()
  @ApiExcludeEndpoint()
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.config.get('METRICS_PORT', { infer: true })) throw GraphError.notFound('Metrics are served on METRICS_PORT');
    const problem = metricsAccessProblem(req.socket.remoteAddress, req.headers.authorization, this.config.get('METRICS_TOKEN', { infer: true }));
    if (problem) throw GraphError.permissionDenied(problem);
    res.setHeader('Content-Type', this.metrics.contentType);
    res.send(await this.metrics.text());
  }
}

