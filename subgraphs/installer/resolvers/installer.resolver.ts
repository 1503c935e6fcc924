import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { InstalledModuleType } from '../types/installed-module.type';
import { InstallResultType } from '../types/install-result.type';
import { InstallerStatusType } from '../types/installer-status.type';
import { PackageUploadType } from '../types/package-upload.type';
import { UpgradeResultType } from '../types/upgrade-result.type';
import { installResult, upgradeResult } from './package-results';
import type { InstallerContext } from './installer-context';

/** Status, live modules, staging and install. Install and staging pass the gate; all but status need INSTALLER on. */
@Resolver()
export class InstallerResolver {
  @Query(() => InstallerStatusType, { description: 'Always answers, also when INSTALLER=false.' })
  installerStatus(@Ctx() { services }: InstallerContext): Promise<InstallerStatusType> {
    return services.status.status();
  }

  @Query(() => [InstalledModuleType], { description: 'Live modules, by name.' })
  async installedModules(@Ctx() { services }: InstallerContext): Promise<InstalledModuleType[]> {
    services.requireEnabled();
    const installed = await services.status.installed();
    return installed.map((install) => ({
      module: install.module,
      version: install.version,
      title: install.contents.manifest.title,
      liveSince: install.liveAt ?? install.updatedAt,
      manifest: install.contents.manifest,
      appAdditions: install.contents.appAdditions,
      files: install.files,
    }));
  }

  @Query(() => GraphQLJSONObject, { description: "A module's texts in one language, by key (empty when it has none)." })
  moduleTexts(@Arg('module') module: string, @Arg('language') language: string, @Ctx() { services }: InstallerContext): Promise<Record<string, string>> {
    return services.status.texts(module, language);
  }

  @Mutation(() => PackageUploadType, {
    description: 'Stages one chunk (base64, at most 512 KiB of ZIP) of a package. Chunk 0 without uploadId starts an upload.',
  })
  async stagePackageChunk(
    @Arg('seq', () => Int) seq: number,
    @Arg('data') data: string,
    @Arg('uploadId', () => ID, { nullable: true }) uploadId: string | null,
    @Ctx() { services }: InstallerContext,
  ): Promise<PackageUploadType> {
    services.requireEnabled();
    services.requireInstallRights();
    return services.staging.addChunk(uploadId ?? undefined, seq, data);
  }

  @Mutation(() => InstallResultType, { description: 'Installs a staged package: validated now, applied at the next start (production) or right after (development).' })
  async installPackage(
    @Arg('uploadId', () => ID) uploadId: string,
    @Arg('config', () => GraphQLJSONObject, { nullable: true }) config: Record<string, unknown> | null,
    @Ctx() { services }: InstallerContext,
  ): Promise<InstallResultType> {
    services.requireEnabled();
    services.requireInstallRights();
    const outcome = await services.installs.install(services.staging.source(uploadId), config ?? undefined);
    services.afterInstall();
    return installResult(outcome);
  }

  @Mutation(() => UpgradeResultType, {
    description: 'Upgrades a live module to a staged package. Destructive or lossy changes need confirm (or config.confirm) after their preview.',
  })
  async upgradePackage(
    @Arg('uploadId', () => ID) uploadId: string,
    @Arg('config', () => GraphQLJSONObject, { nullable: true }) config: Record<string, unknown> | null,
    @Arg('confirm', () => Boolean, { nullable: true }) confirm: boolean | null,
    @Ctx() { services }: InstallerContext,
  ): Promise<UpgradeResultType> {
    services.requireEnabled();
    services.requireInstallRights();
    return upgradeResult(await services.upgrades.upgrade(services.staging.source(uploadId), config ?? undefined, confirm === true));
  }
}
