import { Router, type Request } from 'express';
import { badInput } from '../../lib/errors';
import { ModuleRecordCreateDocument, ModuleRecordUpdateDocument } from '../generated/graph';
import { boundedJsonDepth, jsonParser } from '../kit/body-parsers';
import { jsonBody } from '../kit/front-body';
import type { RouteFront } from '../kit/route-front';
import { operationOf } from '../../lib/graph-client';
import { RequestReader, legacyFieldError } from '../kit/request-reader';
import { addRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { renderInstallerError } from '../installer/installer-errors';
import { MODEL_PATH, RECORD_PATH, createRecordRoute, moduleGraphRoutes, updateRecordRoute } from './modules.routes';

const create = operationOf(ModuleRecordCreateDocument);
const update = operationOf(ModuleRecordUpdateDocument);

/** The values of a create or update: the JSON object as sent, nulls included (null clears a field). */
function recordValues(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('body', 'The body must be a JSON object of field values');
  return body as Record<string, unknown>;
}

/**
 * `/backend/api/<module>/<model>/[<id>]`: the data API of live modules, for members of the module
 * (JWT). The table's rows (lists, with links, and reads and deletes) are served on the route
 * front; create and update, whose values are the body as sent, stay with express.
 */
export function modulesRouter(gateway: ShimGateway, front: RouteFront, publicBaseUrl?: string): Router {
  const api = { readBody: jsonBody({ strict: true }), renderError: renderInstallerError, links: { publicBaseUrl } };
  addRouteTable(front, api, moduleGraphRoutes, gateway, { otherMethods: { [MODEL_PATH]: ['POST'], [RECORD_PATH]: ['PUT'] } });
  const router = Router({ strict: false });
  router.use([MODEL_PATH, RECORD_PATH], jsonParser(true), boundedJsonDepth);
  const createPath = new RequestReader({ ...createRecordRoute, body: undefined });
  router.post(MODEL_PATH, async (req, res) => {
    const read = createPath.read(req);
    if ('fault' in read) throw legacyFieldError(read.fault);
    const { module, model } = read.input.params as { module: string; model: string };
    const data = await gateway.run(req, create, { module, model, values: recordValues(req) });
    res.status(201).json(data.createModuleRecord);
  });
  const updatePath = new RequestReader({ ...updateRecordRoute, body: undefined });
  router.put(RECORD_PATH, async (req, res) => {
    const read = updatePath.read(req);
    if ('fault' in read) throw legacyFieldError(read.fault);
    const { module, model, id } = read.input.params as { module: string; model: string; id: number };
    const data = await gateway.run(req, update, { module, model, id, values: recordValues(req) });
    res.json(data.updateModuleRecord);
  });
  router.use([MODEL_PATH, RECORD_PATH], renderInstallerError);
  return router;
}
