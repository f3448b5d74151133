import type { Request } from 'express';

/**
 * The route Express matched (`/v1/:phoneNumberId/messages`), once routing has run; `unmatched` for
 * requests answered before routing (refused early, or no route). Ids never appear in it, so it is
 * safe as a metric label and a log field.
 */
export function routeTemplate(req: Request): string {
  return req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : 'unmatched';
}
