import { Router } from 'express';
import { legacyBodyParsers } from '../../kit/body-parsers';
import { mountRouteTable } from '../../kit/route-table';
import type { ShimGateway } from '../../kit/shim-gateway';
import { renderAppTokenError } from './app-token-errors';
import { AppTokenPath, appTokenRoutes } from './app-token.routes';

/** The store API's token endpoint: JSON or form bodies, RFC 6749 errors. */
export function appTokenRouter(gateway: ShimGateway): Router {
  const router = Router();
  router.use(AppTokenPath, legacyBodyParsers());
  mountRouteTable(router, appTokenRoutes, gateway);
  router.use(AppTokenPath, renderAppTokenError());
  return router;
}
