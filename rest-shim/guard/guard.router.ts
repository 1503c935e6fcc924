import { Router } from 'express';
import { AppError } from '../../lib/errors';
import { mountRouteTable, type RouteTableOptions } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { guardFaultError, renderGuardError } from './guard-errors';
import { GUARD_PATH, capabilitiesRoute, guardRoutes } from './guard.routes';
import { requireProtocolVersion } from './protocol-version';
import { signedJsonBody } from './signed-body';

/** Protocol bodies are JSON objects; anything else is the field `body` at fault. */
const PROTOCOL_TABLE: RouteTableOptions = { faultError: guardFaultError, strictBody: true };

/**
 * The guard wire protocol, version 3 (specs/guard-protocol.md), under `/api/v1`: each route is
 * one GraphQL operation on the guard subgraph. `/capabilities` is open; every other route needs
 * the protocol header, checked before the body is read. Refusals from `/gate` are 200 answers;
 * errors take the protocol's envelope.
 */
export function guardRouter(gateway: ShimGateway): Router {
  const router = Router();
  mountRouteTable(router, [capabilitiesRoute], gateway, PROTOCOL_TABLE);
  router.use(GUARD_PATH, requireProtocolVersion, signedJsonBody());
  mountRouteTable(router, guardRoutes, gateway, PROTOCOL_TABLE);
  router.use(GUARD_PATH, (req) => {
    throw new AppError('NOT_FOUND', `No protocol route ${req.method} ${req.baseUrl}${req.path}`);
  });
  router.use(GUARD_PATH, renderGuardError());
  return router;
}
