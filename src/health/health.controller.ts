import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../core/access.decorators';
import { SharedStore } from '../redis/shared-store';
import { AppSubscriptionsService } from '../tenancy/app-subscriptions.service';

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly store: SharedStore,
    private readonly subscriptions: AppSubscriptionsService,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({
    summary:
      'Readiness: PostgreSQL and Redis answer, and a Redis Cluster is `ok` (503 when not); `redis` shows the mode and, for a cluster, its slots and primaries; `meta_subscriptions` counts the business accounts by their app subscription as last checked (detail only: a `missing` one does not make the instance unready)',
  })
  async ready(@Res({ passthrough: true }) res: Response) {
    try {
      return await this.checks();
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse();
    }
  }

  private checks() {
    return this.health.check([
      () => this.database.pingCheck('database').withTimeout(1500),
      () =>
        this.indicators
          .check('redis')
          .attempt(() => this.store.health())
          .withTimeout(1500),
      async () => {
        // Counts only: /health is public, and WABA ids are the operator's to see (the management API).
        const counts: Record<string, number | string> = await this.subscriptions
          .counts()
          .catch(() => ({ counts: 'not read' }));
        return this.indicators.check('meta_subscriptions').up(counts);
      },
    ]);
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process serves requests' })
  live() {
    return { status: 'ok' };
  }
}
