import { Router } from 'express';
import { legacyBodyParsers } from '../kit/body-parsers';
import { mountRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { renderAccountsError } from './accounts-errors';
import { accountsRoutes, githubAliasRoutes } from './accounts.routes';

/** Service A of the accounts-and-feed spec: `/auth/*`, `/user/*` and the JWKS. */
export function accountsRouter(gateway: ShimGateway): Router {
  const router = Router();
  router.use(['/auth', '/user'], legacyBodyParsers());
  mountRouteTable(router, accountsRoutes, gateway);
  router.use(['/auth', '/user', '/.well-known'], renderAccountsError());
  return router;
}

/** The legacy alias: `/user/createFromGitHub` with `github_id`, whose errors name it so too. */
export function githubAliasRouter(gateway: ShimGateway): Router {
  const router = Router();
  router.use('/user/createFromGitHub', legacyBodyParsers());
  mountRouteTable(router, githubAliasRoutes, gateway);
  router.use('/user/createFromGitHub', renderAccountsError({ codehostId: 'github_id' }));
  return router;
}
