import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { App } from '../entities';
import type { RegisteredApp } from '../services/apps/app.service';
import { AppType, RegisteredAppType } from '../types/app.type';
import type { StoreContext } from './store-context';

/** Apps as their developers register them (accounts JWT). */
@Resolver(() => AppType)
export class AppResolver {
  @Mutation(() => RegisteredAppType, { description: 'Registers an app; its client secret is shown in this answer only.' })
  createApp(
    @Arg('name') name: string,
    @Arg('redirectUrl', { description: 'https, or http on 127.0.0.1, [::1] or localhost.' }) redirectUrl: string,
    @Arg('scopes', () => [String], { description: 'read_products write_products read_content write_content write_scripts' }) scopes: string[],
    @Arg('monthlyPriceCents', () => Int, { defaultValue: 0 }) monthlyPriceCents: number,
    @Ctx() { services }: StoreContext,
  ): Promise<RegisteredApp> {
    return services.apps.create({ name, redirectUrl, scopes, monthlyPriceCents });
  }

  @Query(() => [AppType], { description: 'The apps the caller registered.' })
  myApps(@Ctx() { services }: StoreContext): Promise<App[]> {
    return services.apps.mine();
  }
}
