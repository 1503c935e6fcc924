import express, { Router, type Request, type RequestHandler } from 'express';
import { notFound } from '../../lib/errors';
import {
  InstallerInstallDocument,
  InstallerInstallFromGeneratorDocument,
  InstallerUpgradeDocument,
  InstallerUpgradeFromGeneratorDocument,
} from '../generated/graph';
import { methodNotAllowed } from '../kit/method-not-allowed';
import { operationOf } from '../../lib/graph-client';
import { RequestReader, legacyFieldError } from '../kit/request-reader';
import { noBody } from '../kit/front-body';
import type { RouteFront } from '../kit/route-front';
import { addRouteTable } from '../kit/route-table';
import type { ShimGateway } from '../kit/shim-gateway';
import { agentGuide } from './agent-guide';
import { installBody, upgradeAnswer } from './installer-bodies';
import { renderInstallerError } from './installer-errors';
import {
  INSTALLER_BASE,
  agentGuideRoute,
  installFromGeneratorRoute,
  installPackageRoute,
  installerGraphRoutes,
  upgradeFromGeneratorRoute,
  upgradePackageRoute,
} from './installer.routes';
import { readPackageRequest } from './package-body';

export interface InstallerRouterSettings {
  /** INSTALLER: when false, every route but status answers 404. */
  enabled: boolean;
  maxPackageBytes: number;
}

const operations = {
  install: operationOf(InstallerInstallDocument),
  upgrade: operationOf(InstallerUpgradeDocument),
  installFromGenerator: operationOf(InstallerInstallFromGeneratorDocument),
  upgradeFromGenerator: operationOf(InstallerUpgradeFromGeneratorDocument),
};

const confirmed = (req: Request) => req.query.confirm === '1' || req.query.confirm === 'true';

/**
 * Area B's REST routes. status and installed are one operation each. The package routes stream
 * the body into staging operations (chunks the gateway's 1 MiB limit admits), then run the
 * install or upgrade operation naming the staged package; the generator routes run one operation
 * in which the installer downloads the package itself with the caller's generator token.
 * status and installed are served on the route front; express answers the rest.
 */
export function installerRouter(gateway: ShimGateway, front: RouteFront, settings: InstallerRouterSettings): Router {
  const router = Router();
  const enabled: RequestHandler = (_req, _res, next) => {
    if (!settings.enabled) throw notFound('The installer is disabled (INSTALLER=false)');
    next();
  };
  addRouteTable(front, { readBody: noBody, renderError: renderInstallerError }, installerGraphRoutes, gateway);
  // The installer's own routes (uploads, the agent guide, its 404) come before the modules' paths.
  front.leave(INSTALLER_BASE);

  const packageQuery = new RequestReader({ ...installPackageRoute, body: undefined });
  const readQuery = (req: Request) => {
    const read = packageQuery.read(req);
    if ('fault' in read) throw legacyFieldError(read.fault);
  };
  router.post(installPackageRoute.path, enabled, async (req, res) => {
    readQuery(req);
    const { uploadId, config } = await readPackageRequest(req, gateway, settings.maxPackageBytes);
    const data = await gateway.run(req, operations.install, { uploadId, config });
    res.json(installBody(data.installPackage));
  });
  router.post(upgradePackageRoute.path, enabled, async (req, res) => {
    readQuery(req);
    const { uploadId, config } = await readPackageRequest(req, gateway, settings.maxPackageBytes);
    const data = await gateway.run(req, operations.upgrade, { uploadId, config, confirm: confirmed(req) });
    const answer = upgradeAnswer(data.upgradePackage);
    res.status(answer.status).json(answer.body);
  });

  router.get(agentGuideRoute.path, enabled, (_req, res) => {
    res.json(agentGuide(settings.maxPackageBytes));
  });

  const generatorBody = new RequestReader(installFromGeneratorRoute);
  const readGenerator = (req: Request) => {
    const read = generatorBody.read(req);
    if ('fault' in read) throw legacyFieldError(read.fault);
    const body = read.input.body as { app_id: string | number; config?: Record<string, unknown>; confirm?: boolean };
    return { appId: String(body.app_id), config: body.config, confirm: body.confirm === true || confirmed(req) };
  };
  const json = express.json({ limit: '64kb' });
  router.post(installFromGeneratorRoute.path, enabled, json, async (req, res) => {
    const { appId, config } = readGenerator(req);
    const data = await gateway.run(req, operations.installFromGenerator, { appId, config });
    res.json(installBody(data.installFromGenerator));
  });
  router.post(upgradeFromGeneratorRoute.path, enabled, json, async (req, res) => {
    const { appId, config, confirm } = readGenerator(req);
    const data = await gateway.run(req, operations.upgradeFromGenerator, { appId, config, confirm });
    const answer = upgradeAnswer(data.upgradeFromGenerator);
    res.status(answer.status).json(answer.body);
  });

  for (const route of [installPackageRoute, upgradePackageRoute, installFromGeneratorRoute, upgradeFromGeneratorRoute]) router.all(route.path, methodNotAllowed('POST'));
  router.all(agentGuideRoute.path, methodNotAllowed('GET'));
  router.use(INSTALLER_BASE, () => {
    throw notFound('Not found');
  });
  router.use(INSTALLER_BASE, renderInstallerError);
  return router;
}
