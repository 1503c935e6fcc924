import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import { httpRequestDuration, httpRequests } from './instruments';

const ROUTE = Symbol('route');
const ROUTE_PATTERN = Symbol('routePattern');
type Tracked = Request & { [ROUTE]?: unknown; [ROUTE_PATTERN]?: string };

/**
 * Remembers the pattern of the route express matches, with the mount path of its router as it is
 * at that moment: by the time the response finishes, an error handler mounted elsewhere may have
 * changed `baseUrl`. Defined once on the app's request prototype (express gives every request of
 * the app that prototype), so a request pays a setter call, not a property definition.
 */
function trackRoutePatterns(requestPrototype: Request): void {
  Object.defineProperty(requestPrototype, 'route', {
    configurable: true,
    enumerable: true,
    get(this: Tracked) {
      return this[ROUTE];
    },
    set(this: Tracked, value: { path?: unknown } | undefined) {
      this[ROUTE] = value;
      if (value && typeof value.path === 'string') this[ROUTE_PATTERN] = this.baseUrl + value.path;
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

/** Express middleware counting and timing every request of `app` by method, route pattern and status. */
export function httpMetrics(app: Express) {
  trackRoutePatterns(app.request);
  return (req: Request, res: Response, next: NextFunction) => {
    countRequest(req, res, () => routePatternOf(req));
    next();
  };
}

/** Counts and times one request when its answer is sent, under the route pattern `routeOf` says then. */
export function countRequest(req: IncomingMessage, res: ServerResponse, routeOf: () => string): void {
  const stopTimer = httpRequestDuration.startTimer();
  res.once('finish', () => {
    const labels = { method: req.method ?? 'GET', route: routeOf(), status: String(res.statusCode) };
    httpRequests.inc(labels);
    stopTimer(labels);
  });
}
