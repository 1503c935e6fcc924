import { Router } from 'express';
import { AppError } from '../../lib/errors';
import type { FrontApi, RouteFront } from '../kit/route-front';
import { mountRouteTable, type RouteTableOptions } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { guardFaultError, renderGuardError } from './guard-errors';
import { GUARD_PATH, capabilitiesRoute, guardRoutes } from './guard.routes';
import { acceptProtocolVersion, requireProtocolVersion } from './protocol-version';
import { signedJsonBody } from './signed-body';

/** Protocol bodies are JSON objects; anything else is the field `body` at fault. */
const PROTOCOL_TABLE: RouteTableOptions = { faultError: guardFaultError, strictBody: true };

/**
 * The guard wire protocol, version 3 (specs/guard-protocol.md), under `/api/v1`: each route is
 * one GraphQL operation on the guard subgraph. `/capabilities` is open; every other route needs
 * the protocol header, checked before the body is read. Refusals from `/gate` are 200 answers;
 * errors take the protocol's envelope. With a front, its table routes are served there
 * too, with the same checks (see RouteFront).
 */
export function guardRouter(gateway: ShimGateway, front?: RouteFront): Router {
  const router = Router();
  const renderError = renderGuardError();
  const open: FrontApi = { json: 'objects', renderError };
  const protocol: FrontApi = { ...open, digest: true, precheck: acceptProtocolVersion };
  mountRouteTable(router, [capabilitiesRoute], gateway, { ...PROTOCOL_TABLE, front: front && { routes: front, api: open } });
  router.use(GUARD_PATH, requireProtocolVersion, signedJsonBody());
  mountRouteTable(router, guardRoutes, gateway, { ...PROTOCOL_TABLE, front: front && { routes: front, api: protocol } });
  router.use(GUARD_PATH, (req) => {
    throw new AppError('NOT_FOUND', `No protocol route ${req.method} ${req.baseUrl}${req.path}`);
  });
  router.use(GUARD_PATH, renderError);
  return router;
}
