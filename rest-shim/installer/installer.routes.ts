import { Type } from '@sinclair/typebox';
import { InstallerInstalledDocument, InstallerStatusDocument } from '../generated/graph';
import { graphRoute, type RouteDeclaration } from '../kit/route';
import { installedBody, statusBody } from './installer-bodies';
import { AgentGuide, GeneratorBody, InstallResult, InstalledModules, InstallerStatus, PackageBody, PackageQuery, UpgradeResult } from './installer-schemas';

export const INSTALLER_BASE = '/backend/api/installer';

/** status and installed: one operation each. */
export const installerGraphRoutes = [
  graphRoute({
    method: 'get',
    path: `${INSTALLER_BASE}/status`,
    summary: 'Whether the installer is enabled, and the installs waiting for their deferred apply',
    query: Type.Object({}),
    response: InstallerStatus,
    errors: [],
    operation: InstallerStatusDocument,
    variables: () => ({}),
    reply: statusBody,
  }),
  graphRoute({
    method: 'get',
    path: `${INSTALLER_BASE}/installed`,
    summary: 'The live modules',
    response: InstalledModules,
    errors: [404],
    operation: InstallerInstalledDocument,
    variables: () => ({}),
    reply: installedBody,
  }),
];

const packageErrors = [400, 403, 404, 409, 422];

/** The package routes: their bodies are streamed to the installer in staging chunks (see installer.router.ts). */
export const installPackageRoute: RouteDeclaration = {
  method: 'post',
  path: `${INSTALLER_BASE}/install-package`,
  summary: 'Install a package: validated now, applied at the next start (or at once in development)',
  query: PackageQuery,
  body: PackageBody,
  security: ['installerToken'],
  response: InstallResult,
  errors: packageErrors,
};

export const upgradePackageRoute: RouteDeclaration = {
  method: 'post',
  path: `${INSTALLER_BASE}/upgrade-package`,
  summary: 'Upgrade an installed module; destructive or lossy changes answer 409 with a row-count preview until confirmed',
  query: PackageQuery,
  body: PackageBody,
  security: ['installerToken'],
  response: UpgradeResult,
  errors: packageErrors,
};

export const agentGuideRoute: RouteDeclaration = {
  method: 'get',
  path: `${INSTALLER_BASE}/agent-guide`,
  summary: 'How an agent installs: procedure, body shapes, answers and rules',
  response: AgentGuide,
  errors: [404],
};

export const installFromGeneratorRoute: RouteDeclaration = {
  method: 'post',
  path: `${INSTALLER_BASE}/install-from-generator`,
  summary: "Install a generated app, downloaded from the generator with the caller's X-Generator-Token",
  body: GeneratorBody,
  security: ['generatorToken'],
  response: InstallResult,
  errors: [400, 401, 404, 409, 422, 502],
};

export const upgradeFromGeneratorRoute: RouteDeclaration = {
  method: 'post',
  path: `${INSTALLER_BASE}/upgrade-from-generator`,
  summary: "Upgrade to a generated app's package, downloaded with the caller's X-Generator-Token",
  body: GeneratorBody,
  security: ['generatorToken'],
  response: UpgradeResult,
  errors: [400, 401, 404, 409, 422, 502],
};

export const installerRoutes: RouteDeclaration[] = [
  ...installerGraphRoutes,
  installPackageRoute,
  upgradePackageRoute,
  agentGuideRoute,
  installFromGeneratorRoute,
  upgradeFromGeneratorRoute,
];
