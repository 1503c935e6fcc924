import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { notFound } from '../../../lib/errors';
import { sqlEntityManager } from '../../../lib/db';
import type { RequestScope, SubgraphRuntime } from '../../../lib/subgraph-kit';
import { DEFAULT_ARCHIVE_LIMITS } from '../package/archive-limits';
import { DeferredApply } from './apply/deferred-apply';
import { ensureLockRow } from './apply/installer-lock';
import { INSTALLER_TOKEN_HEADER, InstallerGate } from './gate/installer-gate';
import { AdminAccounts } from './install/admin-account';
import { InstallService, type InstallSettings } from './install/install.service';
import { InstallerStatusService } from './installer-status.service';
import { ModuleAccess } from './records/module-access';
import { ModuleCatalog } from './records/module-catalog';
import { ModuleRecordsService } from './records/module-records.service';
import { PackageStaging } from './staging/package-staging.service';
import { UpgradeService } from './upgrade/upgrade.service';
import { GENERATOR_TOKEN_HEADER, generatorPackage } from './generator/generator-download';
import type { PackageSource } from './install/package-source';
import { enableSqliteRegexp } from './tables/sqlite-regexp';
import { ModuleSql } from './tables/module-sql';

export interface InstallerServices {
  /** Throws 404 when INSTALLER=false: every installer operation but status is unmounted. */
  requireEnabled(): void;
  /** Throws 403 unless the caller may install and upgrade (the gate of installer.md). */
  requireInstallRights(): void;
  status: InstallerStatusService;
  staging: PackageStaging;
  installs: InstallService;
  upgrades: UpgradeService;
  records: ModuleRecordsService;
  /** The package of a generated app, downloaded with the caller's X-Generator-Token. */
  generatorPackage(appId: string): PackageSource;
  /** Runs the deferred apply right after an install answer when the process autoreloads (development). */
  afterInstall(): void;
}

/**
 * The installer's process-wide collaborators. At start it applies every pending install (the
 * production path of the deferred step) before the subgraph serves, so a healthy installer has
 * either made them live or recorded why not.
 */
export async function prepareInstallerServices({ config, logger, orm }: SubgraphRuntime): Promise<(scope: RequestScope) => InstallerServices> {
  if (!orm) throw new Error('The installer subgraph needs its database');
  const dialect = config.database.dialect;
  const sql = new ModuleSql(dialect, dialect === 'postgresql' ? 'installer' : undefined);
  if (dialect === 'sqlite') await enableSqliteRegexp(sqlEntityManager(orm.em.fork()));
  await ensureLockRow(sqlEntityManager(orm.em.fork()));
  const stagingRoot = join(config.dataDir, 'installer-staging');
  await rm(stagingRoot, { recursive: true, force: true }); // what a stopped process left half-read
  await mkdir(stagingRoot, { recursive: true });
  const settings: InstallSettings = {
    modulesRoot: join(config.dataDir, 'modules'),
    stagingRoot,
    limits: { ...DEFAULT_ARCHIVE_LIMITS, maxPackageBytes: config.installer.maxPackageBytes },
    appliesAfterAnswer: config.environment === 'development',
  };
  const applier = new DeferredApply(orm, sql, logger);
  await applier.applyPending();
  const gate = new InstallerGate(config.installer.agentToken);
  const admins = new AdminAccounts(config.gatewayUrl);

  return (scope) => {
    const em = sqlEntityManager(scope.em);
    const staging = new PackageStaging(em, settings.limits.maxPackageBytes);
    return {
      requireEnabled() {
        if (!config.installer.enabled) throw notFound('The installer is disabled (INSTALLER=false)');
      },
      requireInstallRights() {
        gate.check(scope.clientAddress, scope.headers[INSTALLER_TOKEN_HEADER]);
      },
      status: new InstallerStatusService(em, config.installer.enabled),
      staging,
      installs: new InstallService(em, admins, settings, scope.requestId),
      upgrades: new UpgradeService(em, sql, { ...settings, backupsRoot: join(config.dataDir, 'backups') }, scope.logger),
      records: new ModuleRecordsService(em, sql, new ModuleCatalog(em), new ModuleAccess(em, scope.identity)),
      generatorPackage(appId) {
        return generatorPackage(config.generatorBackendUrl, appId, scope.headers[GENERATOR_TOKEN_HEADER], settings.limits.maxPackageBytes);
      },
      afterInstall() {
        if (settings.appliesAfterAnswer) setImmediate(() => void applier.applyPending());
      },
    };
  };
}
