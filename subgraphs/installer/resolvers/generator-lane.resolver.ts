import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { InstallResultType } from '../types/install-result.type';
import { UpgradeResultType } from '../types/upgrade-result.type';
import type { InstallerContext } from './installer-context';
import { installResult, upgradeResult } from './package-results';

/**
 * The installer page's lane: the package comes from the generator, downloaded with the caller's
 * X-Generator-Token, which is the proof asked for here instead of the install gate.
 */
@Resolver()
export class GeneratorLaneResolver {
  @Mutation(() => InstallResultType, { description: 'install-package for a generated app; needs X-Generator-Token.' })
  async installFromGenerator(
    @Arg('appId', () => ID) appId: string,
    @Arg('config', () => GraphQLJSONObject, { nullable: true }) config: Record<string, unknown> | null,
    @Ctx() { services }: InstallerContext,
  ): Promise<InstallResultType> {
    services.requireEnabled();
    const outcome = await services.installs.install(services.generatorPackage(appId), config ?? undefined);
    services.afterInstall();
    return installResult(outcome);
  }

  @Mutation(() => UpgradeResultType, { description: 'upgrade-package for a generated app; needs X-Generator-Token.' })
  async upgradeFromGenerator(
    @Arg('appId', () => ID) appId: string,
    @Arg('config', () => GraphQLJSONObject, { nullable: true }) config: Record<string, unknown> | null,
    @Arg('confirm', () => Boolean, { nullable: true }) confirm: boolean | null,
    @Ctx() { services }: InstallerContext,
  ): Promise<UpgradeResultType> {
    services.requireEnabled();
    return upgradeResult(await services.upgrades.upgrade(services.generatorPackage(appId), config ?? undefined, confirm === true));
  }
}
