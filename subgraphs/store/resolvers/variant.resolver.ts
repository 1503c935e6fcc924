import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { VariantView } from '../services/catalog/views';
import { VariantInput } from '../types/variant.input';
import { VariantPageType, VariantType } from '../types/variant.type';
import type { StoreContext } from './store-context';

/** The variants of a product (`/products/{id}/variants`), for installed apps. */
@Resolver(() => VariantType)
export class VariantResolver {
  @Query(() => VariantPageType)
  async productVariants(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<{ totalCount: number; variants: VariantView[] }> {
    const { totalCount, items } = await services.variants.list(storeId, productId, page, perPage);
    return { totalCount, variants: items };
  }

  @Query(() => VariantType)
  productVariant(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('id', () => Int) id: number,
    @Ctx() { services }: StoreContext,
  ): Promise<VariantView> {
    return services.variants.get(storeId, productId, id);
  }

  @Mutation(() => VariantType, { description: 'REQUEST_REFUSED (422) past 1,000 variants.' })
  createProductVariant(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('input', () => VariantInput) input: VariantInput,
    @Ctx() { services }: StoreContext,
  ): Promise<VariantView> {
    return services.variants.create(storeId, productId, input);
  }

  @Mutation(() => VariantType)
  updateProductVariant(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => VariantInput) input: VariantInput,
    @Ctx() { services }: StoreContext,
  ): Promise<VariantView> {
    return services.variants.update(storeId, productId, id, input);
  }

  @Mutation(() => Boolean, { description: 'REQUEST_REFUSED (422) for the last variant of a product.' })
  deleteProductVariant(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('id', () => Int) id: number,
    @Ctx() { services }: StoreContext,
  ): Promise<boolean> {
    return services.variants.delete(storeId, productId, id);
  }
}
