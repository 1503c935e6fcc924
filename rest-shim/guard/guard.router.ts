import { Router } from 'express';
import { AppError } from '../../lib/errors';
import { jsonBody, noBody } from '../kit/front-body';
import type { FrontApi, RouteFront } from '../kit/route-front';
import { addRouteTable, type RouteTableOptions } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { guardFaultError, renderGuardError } from './guard-errors';
import { GUARD_PATH, capabilitiesRoute, guardRoutes } from './guard.routes';
import { acceptProtocolVersion, requireProtocolVersion } from './protocol-version';
import { signedJsonBody } from './signed-body';

/** Protocol bodies are JSON objects; anything else is the field `body` at fault. */
const PROTOCOL_TABLE: RouteTableOptions = { faultError: guardFaultError, strictBody: true };

/**
 * The guard wire protocol, version 3 (specs/guard-protocol.md), under `/api/v1`: each route is
 * one GraphQL operation on the guard subgraph, served on the route front. `/capabilities` is open
 * and reads no body; every other route needs the protocol header, checked before its body (JSON
 * objects, their digest kept for signatures) is read. Refusals from `/gate` are 200 answers;
 * errors take the protocol's envelope. Express answers the other paths under `/api/v1` (404, after
 * the same checks).
 */
export function guardRouter(gateway: ShimGateway, front: RouteFront): Router {
  const renderError = renderGuardError();
  const open: FrontApi = { readBody: noBody, renderError };
  const protocol: FrontApi = { readBody: jsonBody({ strict: true, digest: true }), precheck: acceptProtocolVersion, renderError };
  addRouteTable(front, open, [capabilitiesRoute], gateway, PROTOCOL_TABLE);
  addRouteTable(front, protocol, guardRoutes, gateway, PROTOCOL_TABLE);
  const router = Router();
  router.use(GUARD_PATH, requireProtocolVersion, signedJsonBody());
  router.use(GUARD_PATH, (req) => {
    throw new AppError('NOT_FOUND', `No protocol route ${req.method} ${req.baseUrl}${req.path}`);
  });
  router.use(GUARD_PATH, renderError);
  return router;
}
