import { Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import type { BrandProduct } from '../services/products/brand-products';
import { BrandProductType, BrandType } from '../types/brand.type';
import type { StoreContext } from './store-context';

/** Brand.products: public, like the brand routes. */
@Resolver(() => BrandType)
export class BrandResolver {
  @FieldResolver(() => [BrandProductType], {
    description: 'Published products of stores that are not suspended whose brand is this name (case-insensitively), newest first, at most 50.',
  })
  @Directive('@requires(fields: "name")')
  products(@Root() brand: BrandType, @Ctx() { services }: StoreContext): Promise<BrandProduct[]> {
    return services.brandProducts.of(brand.name);
  }
}
