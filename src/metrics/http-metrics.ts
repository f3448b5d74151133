import type { NextFunction, Request, Response } from 'express';
import { routeTemplate } from '../core/route-template';
import type { MetricsService } from './metrics.service';

/**
 * Counts and times every HTTP request by route template (the route Express matched, so ids never
 * become labels), method and status, when its answer is finished.
 */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeTemplate(req), status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
