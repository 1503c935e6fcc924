import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../../lib/errors';
import type { Logger } from '../../../../lib/logging';
import type { SqlEntityManager } from '../../../../lib/db';
import { InstalledModule, ModuleText } from '../../entities';
import type { ArchiveLimits } from '../../package/archive-limits';
import { readPackageHead } from '../../package/validation/package-head';
import { validatePackage } from '../../package/validation/package-validation';
import { takeModuleChangesLock } from '../apply/installer-lock';
import { readInstallConfig } from '../install/install-config';
import { extractPackage } from '../install/package-intake';
import { consumedIfFails, type PackageSource } from '../install/package-source';
import type { ModuleSql } from '../tables/module-sql';
import { enableSqliteRegexp } from '../tables/sqlite-regexp';
import { backUpTables } from './module-backup';
import { UpgradeOperations } from './upgrade-operations';
import { planUpgrade } from './upgrade-plan';
import { previewUpgrade, type UpgradePreview } from './upgrade-preview';

export type UpgradeOutcome =
  | { kind: 'needs-confirmation'; preview: UpgradePreview }
  | { kind: 'upgraded'; module: string; fromVersion: number; toVersion: number; backupPath: string }
  | { kind: 'rolled-back'; module: string; fromVersion: number; toVersion: number; backupPath?: string; error: string };

export interface UpgradeSettings {
  modulesRoot: string;
  stagingRoot: string;
  backupsRoot: string;
  limits: ArchiveLimits;
}

const refused = (reason: 'not-installed' | 'already-up-to-date', message: string) => new AppError('BAD_USER_INPUT', message, { field: 'package', details: { package: [reason] } });

/**
 * upgrade-package, in the order of installer.md: not installed → up to date → preview → 409
 * without confirmation → validation → backup → the operations in one transaction.
 */
export class UpgradeService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly sql: ModuleSql,
    private readonly settings: UpgradeSettings,
    private readonly logger: Logger,
  ) {}

  async upgrade(source: PackageSource, rawConfig: unknown, confirmParameter: boolean): Promise<UpgradeOutcome> {
    const config = await consumedIfFails(source, () => readInstallConfig(rawConfig));
    const confirmed = confirmParameter || config.confirm === true;
    const extracted = await extractPackage(source, this.settings.stagingRoot, this.settings.limits);
    try {
      if (this.sql.dialect === 'sqlite') await enableSqliteRegexp(this.em);
      const head = await readPackageHead(extracted.folder, extracted.files);
      let preview: UpgradePreview | undefined;
      if (head) {
        const install = await this.em.findOne(InstalledModule, { module: head.manifest.module });
        if (!install || install.state !== 'live') throw refused('not-installed', `${head.manifest.module} is not installed: use install-package`);
        if (head.manifest.schema_version <= install.version) {
          throw refused('already-up-to-date', `${install.module} is at version ${install.version}; the package brings ${head.manifest.schema_version}`);
        }
        preview = await previewUpgrade(this.em, this.sql, install, head.manifest.schema_version, planUpgrade(head.upgrade, install.version, head.manifest.schema_version));
        if (preview.requiresConfirmation && !confirmed) return { kind: 'needs-confirmation', preview };
      }
      // A package whose manifest or upgrade.json is broken gets here at once: its 422 says why.
      const contents = await validatePackage(extracted.folder, extracted.files);
      return await this.apply(contents, extracted.folder);
    } finally {
      await extracted.discard();
    }
  }

  private async apply(contents: Awaited<ReturnType<typeof validatePackage>>, folder: string): Promise<UpgradeOutcome> {
    const { manifest, files, ...rest } = contents;
    const targetVersion = manifest.schema_version;
    let backupPath: string | undefined;
    let fromVersion = 0;
    try {
      await this.em.transactional(async (em) => {
        await takeModuleChangesLock(em);
        const install = await em.findOneOrFail(InstalledModule, { module: manifest.module, state: 'live' }, { refresh: true });
        fromVersion = install.version;
        if (targetVersion <= install.version) throw refused('already-up-to-date', `${install.module} reached version ${install.version} meanwhile`);
        const plan = planUpgrade(contents.upgrade, install.version, targetVersion);
        backupPath = await backUpTables(em, this.sql, install, plan, targetVersion, this.settings.backupsRoot);
        await new UpgradeOperations(em, this.sql, install.module, contents.models).run(plan);
        await em.nativeDelete(ModuleText, { module: install.module });
        for (const [language, texts] of Object.entries(contents.locales)) {
          for (const [key, text] of Object.entries(texts)) em.persist(new ModuleText(install.module, language, key, text));
        }
        install.version = targetVersion;
        install.contents = { manifest, ...rest };
        install.files = files;
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ module: manifest.module, err: error }, 'upgrade failed and was rolled back');
      return { kind: 'rolled-back', module: manifest.module, fromVersion, toVersion: targetVersion, backupPath, error: message };
    }
    await this.replaceFiles(manifest.module, folder);
    return { kind: 'upgraded', module: manifest.module, fromVersion, toVersion: targetVersion, backupPath: backupPath! };
  }

  /** The upgraded package's files take the old ones' place under DATA_DIR/modules/<module>/. */
  private async replaceFiles(module: string, folder: string): Promise<void> {
    const target = join(this.settings.modulesRoot, module);
    const previous = `${target}.previous`;
    await mkdir(this.settings.modulesRoot, { recursive: true });
    await rm(previous, { recursive: true, force: true });
    await rename(target, previous).catch(() => undefined);
    await rename(folder, target);
    await rm(previous, { recursive: true, force: true });
  }
}
