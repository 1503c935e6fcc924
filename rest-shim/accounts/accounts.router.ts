import { Router } from 'express';
import { legacyBodyParsers } from '../kit/body-parsers';
import type { RouteFront } from '../kit/route-front';
import { mountRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { renderAccountsError } from './accounts-errors';
import { accountsRoutes, githubAliasRoutes } from './accounts.routes';

/**
 * Service A of the accounts-and-feed spec: `/auth/*`, `/user/*` and the JWKS. With a front, its
 * routes are served there too, their JSON read as the legacy parser reads it.
 */
export function accountsRouter(gateway: ShimGateway, front?: RouteFront): Router {
  const router = Router();
  const renderError = renderAccountsError();
  router.use(['/auth', '/user'], legacyBodyParsers());
  mountRouteTable(router, accountsRoutes, gateway, { front: front && { routes: front, api: { json: 'any', renderError } } });
  router.use(['/auth', '/user', '/.well-known'], renderError);
  return router;
}

/** The legacy alias: `/user/createFromGitHub` with `github_id`, whose errors name it so too. */
export function githubAliasRouter(gateway: ShimGateway, front?: RouteFront): Router {
  const router = Router();
  const renderError = renderAccountsError({ codehostId: 'github_id' });
  router.use('/user/createFromGitHub', legacyBodyParsers());
  mountRouteTable(router, githubAliasRoutes, gateway, { front: front && { routes: front, api: { json: 'any', renderError } } });
  router.use('/user/createFromGitHub', renderError);
  return router;
}
