import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { selectedProperties } from '../../../lib/subgraph-kit';
import type { Page, ProductView } from '../services/catalog/views';
import type { ProductViewFields } from '../services/products/product-views';
import { ProductImageType } from '../types/product-image.type';
import { ProductFilter } from '../types/list-filters.input';
import { ProductInput } from '../types/product.input';
import { ProductPageType, ProductType } from '../types/product.type';
import { VariantType } from '../types/variant.type';
import type { StoreContext } from './store-context';

const asProductPage = ({ items, ...page }: Page<ProductView>) => ({ ...page, products: items });

/** The fields the selection reads of the products at `path` and of their variants and images: what is read of the database. */
const productFields = (info: GraphQLResolveInfo, path: readonly string[] = []): ProductViewFields => ({
  product: selectedProperties(info, ProductType, path),
  variants: selectedProperties(info, VariantType, [...path, 'variants']),
  images: selectedProperties(info, ProductImageType, [...path, 'images']),
});

/** A store's products, for its installed apps (`Authentication: bearer <token>`; scopes `read_products` / `write_products`). */
@Resolver(() => ProductType)
export class ProductResolver {
  @Query(() => ProductPageType, { description: 'One page of the products (`page` from 1, `perPage` 1-200, default 30).' })
  async products(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('filter', () => ProductFilter, { nullable: true }) filter: ProductFilter | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ReturnType<typeof asProductPage>> {
    return asProductPage(await services.products.list(storeId, filter ?? {}, page, perPage, productFields(info, ['products'])));
  }

  @Query(() => ProductType, { description: 'NOT_FOUND "Product 123 not found" for an id of no product of the store.' })
  product(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Ctx() { services }: StoreContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProductView> {
    return services.products.get(storeId, id, productFields(info));
  }

  @Query(() => ProductType, { description: 'The product one of whose variants has this sku.' })
  productBySku(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('sku') sku: string,
    @Ctx() { services }: StoreContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProductView> {
    return services.products.getBySku(storeId, sku, productFields(info));
  }

  @Mutation(() => ProductType, { description: 'INVALID_FIELDS (422, details.fields) for bad fields; REQUEST_REFUSED (422) past 100,000 products.' })
  createProduct(@Arg('storeId', () => Int) storeId: number, @Arg('input', () => ProductInput) input: ProductInput, @Ctx() { services }: StoreContext): Promise<ProductView> {
    return services.products.create(storeId, input);
  }

  @Mutation(() => ProductType, { description: 'Changes the fields given; absent ones stay.' })
  updateProduct(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ProductInput) input: ProductInput,
    @Ctx() { services }: StoreContext,
  ): Promise<ProductView> {
    return services.products.update(storeId, id, input);
  }

  @Mutation(() => Boolean, { description: 'Removes the product with its variants and images.' })
  deleteProduct(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<boolean> {
    return services.products.delete(storeId, id);
  }
}
