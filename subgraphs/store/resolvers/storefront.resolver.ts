import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { StorefrontProduct } from '../services/storefront/storefront.service';
import type { Store } from '../entities';
import { StorefrontProductType, StorefrontStoreType } from '../types/storefront.type';
import type { StoreContext } from './store-context';

/** The shopper's storefront: public reads, no credentials. */
@Resolver(() => StorefrontProductType)
export class StorefrontResolver {
  @Query(() => StorefrontStoreType, { description: 'A store that is not suspended, as its pages show it (the empty cart page). NOT_FOUND otherwise.' })
  storefrontStore(@Arg('storeId', () => Int) storeId: number, @Ctx() { services }: StoreContext): Promise<Store> {
    return services.storefront.store(storeId);
  }

  @Query(() => StorefrontProductType, {
    description:
      'A published product of a store that is not suspended, by its handle in `language` (default: the main one). NOT_FOUND for an unknown or suspended store, a language the store lacks, or no such published product.',
  })
  storefrontProduct(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('handle') handle: string,
    @Arg('language', () => String, { nullable: true }) language: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<StorefrontProduct> {
    return services.storefront.product(storeId, handle, language);
  }
}
