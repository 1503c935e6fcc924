import { Router } from 'express';
import { notFound } from '../../lib/errors';
import { legacyBodyParsers } from '../kit/body-parsers';
import { mountRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { feedFaultError, renderFeedError } from './feed-errors';
import { FEED_PATHS, feedRoutes } from './feed.routes';

/** Service B of the accounts-and-feed spec: readers, brands and subscriptions. */
export function feedRouter(gateway: ShimGateway): Router {
  const router = Router();
  router.use(FEED_PATHS, legacyBodyParsers());
  mountRouteTable(router, feedRoutes, gateway, { faultError: feedFaultError });
  router.use(FEED_PATHS, () => {
    throw notFound('Not found');
  });
  router.use(FEED_PATHS, renderFeedError);
  return router;
}
