import { Controller, Get, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../core/access.decorators';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { MetricsService } from './metrics.service';
import { metricsAccessProblem } from './metrics-access';

/**
 * `GET /metrics` (Prometheus text format) on the main port: only when METRICS_TOKEN is set, and
 * only for its bearer; otherwise 404, as if there were no such route. The metrics listener
 * (METRICS_PORT, on loopback by default: metrics.module.ts) is the usual way to scrape.
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
    const problem = metricsAccessProblem(
      'main',
      req.headers.authorization,
      this.config.get('METRICS_TOKEN', { infer: true }),
    );
    if (problem === 'not found') throw GraphError.notFound('Cannot GET /metrics');
    if (problem) throw GraphError.permissionDenied(problem);
    res.setHeader('Content-Type', this.metrics.contentType);
    res.send(await this.metrics.text());
  }
}
