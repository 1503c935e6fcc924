import { Router } from 'express';
import { legacyBodyParsers } from '../../kit/body-parsers';
import { legacyBody } from '../../kit/front-body';
import type { RouteFront } from '../../kit/route-front';
import { addRouteTable } from '../../kit/route-table';
import type { ShimGateway } from '../../kit/shim-gateway';
import { renderAppTokenError } from './app-token-errors';
import { AppTokenPath, appTokenRoutes } from './app-token.routes';

/** The store API's token endpoint, on the route front: JSON or form bodies, RFC 6749 errors. */
export function appTokenRouter(gateway: ShimGateway, front: RouteFront): Router {
  const renderError = renderAppTokenError();
  addRouteTable(front, { readBody: legacyBody(), renderError }, appTokenRoutes, gateway);
  // Express answers the token path's other forms (a trailing path under it) as before.
  const router = Router();
  router.use(AppTokenPath, legacyBodyParsers());
  router.use(AppTokenPath, renderError);
  return router;
}
