import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors } from '../../../../lib/errors';
import { ProductImage, Variant } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { parseStoredValues } from '../language/language-values';
import { imageNotFound, refused } from '../catalog/catalog-errors';
import { changeProductParts, nextPosition, pageOfParts, productOf } from '../products/product-parts';
import { MAX_IMAGES, readImageFields, type ImageChanges, type ImageFields } from './image-input';
import { imageView } from './image-view';
import type { ImageView, Page } from '../catalog/views';

/** The images of a store's products (`/products/{id}/images`). */
export class ImageService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
  ) {}

  async list(storeId: number, productId: number, page?: number | null, perPage?: number | null): Promise<Page<ImageView>> {
    const { store } = await this.access.require(storeId, 'read_products');
    const { parts, ...paged } = await pageOfParts(this.em, ProductImage, storeId, productId, page, perPage);
    return { ...paged, items: parts.map((image) => imageView(image, store.languageList)) };
  }

  async get(storeId: number, productId: number, id: number): Promise<ImageView> {
    const { store } = await this.access.require(storeId, 'read_products');
    await productOf(this.em, storeId, productId);
    return imageView(await this.image(this.em, productId, id), store.languageList);
  }

  /** A new image, last unless a position is given; at most 250 a product. */
  async create(storeId: number, productId: number, fields: ImageFields): Promise<ImageView> {
    const { store } = await this.access.require(storeId, 'write_products');
    const id = await changeProductParts(this.em, storeId, productId, async (em, product) => {
      const changes = this.read(fields, store.languageList, true);
      if ((await em.count(ProductImage, { productId })) >= MAX_IMAGES) throw refused(`A product can have at most ${MAX_IMAGES} images`);
      const position = await nextPosition(em, ProductImage, productId);
      const image = em.assign(new ProductImage({ productId, storeId, src: changes.src!, position }), changes);
      product.updatedAt = new Date();
      await em.persistAndFlush(image);
      return image.id;
    });
    return this.get(storeId, productId, id);
  }

  async update(storeId: number, productId: number, id: number, fields: ImageFields): Promise<ImageView> {
    const { store } = await this.access.require(storeId, 'write_products');
    await changeProductParts(this.em, storeId, productId, async (em, product) => {
      const image = await this.image(em, productId, id);
      em.assign(image, this.read(fields, store.languageList, false, parseStoredValues(image.alt)));
      product.updatedAt = new Date();
    });
    return this.get(storeId, productId, id);
  }

  /** Removes an image; variants showing it show none. */
  async delete(storeId: number, productId: number, id: number): Promise<boolean> {
    await this.access.require(storeId, 'write_products');
    await changeProductParts(this.em, storeId, productId, async (em, product) => {
      const image = await this.image(em, productId, id);
      await em.nativeUpdate(Variant, { productId, imageId: id }, { imageId: null });
      em.remove(image);
      product.updatedAt = new Date();
    });
    return true;
  }

  private read(fields: ImageFields, languages: readonly string[], creating: boolean, previousAlt?: Record<string, string>): ImageChanges {
    const errors = new FieldErrors();
    const changes = readImageFields(fields, languages, errors, '', creating, previousAlt);
    errors.throwIfAny();
    return changes;
  }

  private async image(em: SqlEntityManager, productId: number, id: number): Promise<ProductImage> {
    const image = await em.findOne(ProductImage, { id, productId });
    if (!image) throw imageNotFound(id);
    return image;
  }
}
