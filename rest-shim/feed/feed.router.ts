import { Router } from 'express';
import { notFound } from '../../lib/errors';
import { legacyBodyParsers } from '../kit/body-parsers';
import type { RouteFront } from '../kit/route-front';
import { mountRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { feedFaultError, renderFeedError } from './feed-errors';
import { FEED_PATHS, feedRoutes } from './feed.routes';

/**
 * Service B of the accounts-and-feed spec: readers, brands and subscriptions. With a front, its
 * table routes are served there too, their JSON read as the legacy parser reads it.
 */
export function feedRouter(gateway: ShimGateway, front?: RouteFront): Router {
  const router = Router();
  router.use(FEED_PATHS, legacyBodyParsers());
  mountRouteTable(router, feedRoutes, gateway, { faultError: feedFaultError, front: front && { routes: front, api: { json: 'any', renderError: renderFeedError } } });
  router.use(FEED_PATHS, () => {
    throw notFound('Not found');
  });
  router.use(FEED_PATHS, renderFeedError);
  return router;
}
