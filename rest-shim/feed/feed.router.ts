import { Router } from 'express';
import { notFound } from '../../lib/errors';
import { legacyBodyParsers } from '../kit/body-parsers';
import { legacyBody } from '../kit/front-body';
import type { RouteFront } from '../kit/route-front';
import { addRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { feedFaultError, renderFeedError } from './feed-errors';
import { FEED_PATHS, feedRoutes } from './feed.routes';

/**
 * Service B of the accounts-and-feed spec: readers, brands and subscriptions, served on the route
 * front, their bodies JSON (any value) or forms. Express answers the other paths under the feed's
 * (404, after reading the body as the routes do).
 */
export function feedRouter(gateway: ShimGateway, front: RouteFront): Router {
  addRouteTable(front, { readBody: legacyBody(), renderError: renderFeedError }, feedRoutes, gateway, { faultError: feedFaultError });
  const router = Router();
  router.use(FEED_PATHS, legacyBodyParsers());
  router.use(FEED_PATHS, () => {
    throw notFound('Not found');
  });
  router.use(FEED_PATHS, renderFeedError);
  return router;
}
