import { Arg, Ctx, Directive, Int, Mutation, Query, Resolver } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';
import type { Script } from '../entities';
import type { Page } from '../services/catalog/views';
import { ScriptInput } from '../types/script.input';
import { ScriptPageType, ScriptType } from '../types/script.type';
import type { StoreContext } from './store-context';

/** Storefront scripts: the calling app's own (scope `write_scripts`), and the storefront's list. */
@Resolver(() => ScriptType)
export class ScriptResolver {
  @Query(() => ScriptPageType, { description: "One page of the app's scripts in the store, oldest first (scope write_scripts)." })
  scripts(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<Page<Script>> {
    return services.scripts.list(storeId, page, perPage);
  }

  @Mutation(() => ScriptType, { description: 'INVALID_FIELDS on `src` (required, https), `event` (onload), `where` (store).' })
  createScript(@Arg('storeId', () => Int) storeId: number, @Arg('input', () => ScriptInput) input: ScriptInput, @Ctx() { services }: StoreContext): Promise<Script> {
    return services.scripts.create(storeId, input);
  }

  @Mutation(() => Boolean, { description: 'NOT_FOUND "Script 5 not found" for an id of no script of this app in the store.' })
  deleteScript(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<boolean> {
    return services.scripts.delete(storeId, id);
  }

  @Query(() => [ScriptType], {
    description: "The scripts the storefront of the store loads, in registration order: those of the apps the store serves (no uninstalled or suspended app's). No credentials needed.",
  })
  @Directive(cacheControl({ maxAge: 30 }))
  storefrontScripts(@Arg('storeId', () => Int) storeId: number, @Ctx() { services }: StoreContext): Promise<Script[]> {
    return services.scripts.storefront(storeId);
  }
}
