import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Store } from '../entities';
import { StoreType } from '../types/store.type';
import type { StoreContext } from './store-context';

/** Stores as their owners manage them (accounts JWT in `Authorization: Bearer`). */
@Resolver(() => StoreType)
export class StoreResolver {
  @Mutation(() => StoreType, { description: 'A new store owned by the caller, paid for 30 days.' })
  createStore(
    @Arg('name') name: string,
    @Arg('languages', () => [String], { description: 'Two-letter codes, in the order values are shown.' }) languages: string[],
    @Arg('mainLanguage') mainLanguage: string,
    @Ctx() { services }: StoreContext,
  ): Promise<Store> {
    return services.stores.create({ name, languages, mainLanguage });
  }

  @Mutation(() => StoreType, {
    description: 'Sets the languages (in order). An added language reads "" in every language-aware value; a removed one is dropped; the main language stays unless `mainLanguage` names another.',
  })
  updateStoreLanguages(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('languages', () => [String]) languages: string[],
    @Arg('mainLanguage', () => String, { nullable: true }) mainLanguage: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<Store> {
    return services.stores.updateLanguages(storeId, languages, mainLanguage);
  }

  @Query(() => StoreType, { description: "One of the caller's stores; NOT_FOUND for any other." })
  store(@Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<Store> {
    return services.stores.owned(id);
  }

  @Query(() => [StoreType], { description: "The caller's stores, oldest first." })
  myStores(@Ctx() { services }: StoreContext): Promise<Store[]> {
    return services.stores.mine();
  }
}
