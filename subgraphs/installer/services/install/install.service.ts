import { rename, rm, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../../lib/errors';
import { flushClaimingUnique, type SqlEntityManager } from '../../../../lib/db';
import { InstalledModule } from '../../entities';
import type { ArchiveLimits } from '../../package/archive-limits';
import type { Manifest } from '../../package/contents/package-schemas';
import type { AdminAccounts } from './admin-account';
import { readInstallConfig } from './install-config';
import { receivePackage } from './package-intake';
import { consumedIfFails, type PackageSource } from './package-source';

/** installer.md's words for an install applied at the next start (production). */
export const DEFERRED_OUTPUT = 'Deferred — will run automatically on backend restart.';
/** In development the apply runs right after the answer: saying "on restart" would send people restarting for nothing. */
export const APPLIED_NOW_OUTPUT = 'Deferred — applied right after this answer (NODE_ENV=development): the module is live within seconds, no restart needed.';

export interface InstallOutcome {
  module: string;
  installedFiles: string[];
  manifest: Manifest;
  /** True when the deferred apply runs right after this answer (development), so no restart is needed. */
  appliesNow: boolean;
}

export interface InstallSettings {
  modulesRoot: string;
  stagingRoot: string;
  limits: ArchiveLimits;
  /** `NODE_ENV=development`: the process applies installs itself right after answering. */
  appliesAfterAnswer: boolean;
}

function alreadyInstalled(module: string, state: string): AppError {
  const message = state === 'live' ? `${module} is already installed: use upgrade-package` : `${module} is installed and waits for its deferred apply`;
  return new AppError('CONFLICT', message, { field: 'package', details: { package: ['already-installed'] } });
}

/**
 * install-package: validate the package, keep its files and record a pending install. The
 * tables, seed, texts and admin are applied later by `DeferredApply`, never in this request.
 */
export class InstallService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly admins: AdminAccounts,
    private readonly settings: InstallSettings,
    private readonly requestId: string,
  ) {}

  async install(source: PackageSource, rawConfig: unknown): Promise<InstallOutcome> {
    const config = await consumedIfFails(source, () => readInstallConfig(rawConfig));
    const received = await receivePackage(source, this.settings.stagingRoot, this.settings.limits);
    try {
      const { manifest, files, ...contents } = received.contents;
      const existing = await this.em.findOne(InstalledModule, { module: manifest.module });
      if (existing) throw alreadyInstalled(manifest.module, existing.state);
      const adminUserId = config.admin ? await this.admins.userIdOf(config.admin, this.requestId) : undefined;
      const install = new InstalledModule(manifest.module, manifest.schema_version, { manifest, ...contents }, files, adminUserId);
      // The row is the claim: of two concurrent installs of one module, the second gets 409 here.
      await flushClaimingUnique(this.em, install, () => alreadyInstalled(manifest.module, 'pending'));
      await this.keepFiles(manifest.module, received.folder, install);
      return { module: manifest.module, installedFiles: files, manifest, appliesNow: this.settings.appliesAfterAnswer };
    } finally {
      await received.discard();
    }
  }

  /** Moves the package's files to DATA_DIR/modules/<module>/; without them the install is undone. */
  private async keepFiles(module: string, folder: string, install: InstalledModule): Promise<void> {
    const target = join(this.settings.modulesRoot, module);
    try {
      await mkdir(this.settings.modulesRoot, { recursive: true });
      // Left over from an install whose record is gone: the record decides, so replace them.
      await rm(target, { recursive: true, force: true });
      await rename(folder, target);
    } catch (error) {
      await this.em.removeAndFlush(install);
      throw error;
    }
  }
}
