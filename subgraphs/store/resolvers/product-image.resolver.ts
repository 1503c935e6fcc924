import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { ImageView } from '../services/catalog/views';
import { ProductImageInput } from '../types/product-image.input';
import { ProductImagePageType, ProductImageType } from '../types/product-image.type';
import type { StoreContext } from './store-context';

/** The images of a product (`/products/{id}/images`), for installed apps. */
@Resolver(() => ProductImageType)
export class ProductImageResolver {
  @Query(() => ProductImagePageType)
  async productImages(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<{ totalCount: number; images: ImageView[] }> {
    const { totalCount, items } = await services.images.list(storeId, productId, page, perPage);
    return { totalCount, images: items };
  }

  @Query(() => ProductImageType)
  productImage(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('id', () => Int) id: number,
    @Ctx() { services }: StoreContext,
  ): Promise<ImageView> {
    return services.images.get(storeId, productId, id);
  }

  @Mutation(() => ProductImageType, { description: 'REQUEST_REFUSED (422) past 250 images.' })
  createProductImage(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('input', () => ProductImageInput) input: ProductImageInput,
    @Ctx() { services }: StoreContext,
  ): Promise<ImageView> {
    return services.images.create(storeId, productId, input);
  }

  @Mutation(() => ProductImageType)
  updateProductImage(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ProductImageInput) input: ProductImageInput,
    @Ctx() { services }: StoreContext,
  ): Promise<ImageView> {
    return services.images.update(storeId, productId, id, input);
  }

  @Mutation(() => Boolean, { description: 'Variants showing the image show none.' })
  deleteProductImage(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('productId', () => Int) productId: number,
    @Arg('id', () => Int) id: number,
    @Ctx() { services }: StoreContext,
  ): Promise<boolean> {
    return services.images.delete(storeId, productId, id);
  }
}
