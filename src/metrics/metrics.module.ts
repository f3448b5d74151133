import { Global, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createServer, type Server } from 'node:http';
import type { Environment } from '../config/environment';
import { DatabaseBreaker } from '../database/database-breaker';
import { RedisStore } from '../redis/redis-store';
import { SharedStore } from '../redis/shared-store';
import { metricsAccessProblem } from './metrics-access';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/**
 * Prometheus metrics: the registry every feature records into, `/metrics`, the dependency gauges read when
 * scraped (features register their own, as tenant-webhooks does the queue depth), and the metrics listener: a server of its own on METRICS_PORT
 * (9464), bound to METRICS_HOST (loopback), so a proxy in front of the API never exposes them.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | undefined;

  constructor(
    private readonly metrics: MetricsService,
    private readonly config: ConfigService<Environment, true>,
    private readonly store: SharedStore,
    private readonly database: DatabaseBreaker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Read when scraped, so they are never stale.
    const { metrics, store, database } = this;
    metrics.dependencyUp.reset();
    Object.assign(metrics.dependencyUp, {
      collect() {
        metrics.dependencyUp.set({ dependency: 'postgres' }, database.unavailable ? 0 : 1);
        metrics.dependencyUp.set({ dependency: 'redis' }, store instanceof RedisStore && store.unavailable ? 0 : 1);
      },
    });
    const port = this.config.get('METRICS_PORT', { infer: true });
    if (!port) return;
    const token = this.config.get('METRICS_TOKEN', { infer: true });
    this.server = createServer((req, res) => {
      const problem =
        req.url?.split('?')[0] !== '/metrics'
          ? 'not found'
          : metricsAccessProblem('metrics', req.headers.authorization, token);
      if (problem) {
        res.writeHead(problem === 'not found' ? 404 : 403, { 'content-type': 'text/plain' }).end(problem);
        return;
      }
      void metrics.text().then((text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text));
    });
    const server = this.server;
    // A port taken (a second instance on the host) stops start-up with the reason, not later.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.get('METRICS_HOST', { infer: true }), () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
