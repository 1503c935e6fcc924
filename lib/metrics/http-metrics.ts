import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration, httpRequests } from './instruments';

const ROUTE_PATTERN = Symbol('routePattern');
type Tracked = Request & { [ROUTE_PATTERN]?: string };

/**
 * Remembers the pattern of the route express matches, with the mount path of its router as it is
 * at that moment: by the time the response finishes, an error handler mounted elsewhere may have
 * changed `baseUrl`.
 */
function trackRoutePattern(req: Tracked): void {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value && typeof value.path === 'string') req[ROUTE_PATTERN] = req.baseUrl + value.path;
    },
  });
}

/**
 * The route pattern that answered (`/api/brand/:id`, `/graphql`), never the raw path, so ids and
 * probes of unknown paths cannot grow the label set: what no route matched is `unmatched`.
 */
export function routePatternOf(req: Request): string {
  // Middleware mounted on a path (Apollo's `/graphql`) leaves the mount path as baseUrl.
  return (req as Tracked)[ROUTE_PATTERN] ?? (req.baseUrl || 'unmatched');
}

/** Express middleware counting and timing every request by method, route pattern and status. */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    trackRoutePattern(req);
    const stopTimer = httpRequestDuration.startTimer();
    res.once('finish', () => {
      const labels = { method: req.method, route: routePatternOf(req), status: String(res.statusCode) };
      httpRequests.inc(labels);
      stopTimer(labels);
    });
    next();
  };
}
