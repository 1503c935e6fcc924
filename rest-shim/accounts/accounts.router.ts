import { Router } from 'express';
import { legacyBodyParsers } from '../kit/body-parsers';
import { legacyBody, noBody } from '../kit/front-body';
import type { FrontApi, RouteFront } from '../kit/route-front';
import { addRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { renderAccountsError } from './accounts-errors';
import { accountsRoutes, githubAliasRoutes } from './accounts.routes';

/** `/auth` and `/user` read JSON (any value) or forms; the JWKS reads no body. */
const legacyApi = (renderError: FrontApi['renderError']): FrontApi => ({ readBody: legacyBody(), renderError });

/**
 * Service A of the accounts-and-feed spec: `/auth/*`, `/user/*` and the JWKS, served on the
 * route front. Express answers the other paths under them (its 404, after a body that does not
 * parse is refused in the API's words).
 */
export function accountsRouter(gateway: ShimGateway, front: RouteFront): Router {
  const renderError = renderAccountsError();
  const legacy = legacyApi(renderError);
  const open: FrontApi = { readBody: noBody, renderError };
  for (const route of accountsRoutes) addRouteTable(front, route.path.startsWith('/.well-known/') ? open : legacy, [route], gateway);
  const router = Router();
  router.use(['/auth', '/user'], legacyBodyParsers());
  router.use(['/auth', '/user', '/.well-known'], renderError);
  return router;
}

/** The legacy alias: `/user/createFromGitHub` with `github_id`, whose errors name it so too. */
export function githubAliasRouter(gateway: ShimGateway, front: RouteFront): Router {
  const renderError = renderAccountsError({ codehostId: 'github_id' });
  addRouteTable(front, legacyApi(renderError), githubAliasRoutes, gateway);
  const router = Router();
  router.use('/user/createFromGitHub', legacyBodyParsers());
  router.use('/user/createFromGitHub', renderError);
  return router;
}
