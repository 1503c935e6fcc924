import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { DeprecatedProductRecord, ProductRecord } from '../services/catalog-records';
import { DeprecatedProductType } from '../types/deprecated-product.type';
import { ProductType } from '../types/product.type';
import type { ProductsContext } from './products-context';

@Resolver(() => ProductType)
export class ProductResolver {
  @Query(() => ProductType, { nullable: true })
  product(@Arg('id', () => ID) id: string, @Ctx() { services }: ProductsContext): ProductRecord | null {
    return services.catalog.product(id);
  }

  @Query(() => DeprecatedProductType, { nullable: true, deprecationReason: 'Use product query instead' })
  deprecatedProduct(
    @Arg('sku') sku: string,
    @Arg('package') packageName: string,
    @Ctx() { services }: ProductsContext,
  ): DeprecatedProductRecord | null {
    return services.catalog.deprecatedProduct(sku, packageName);
  }
}
