import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors, invalidField } from '../../../../lib/errors';
import { type Product, ProductImage, Variant } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { refused, variantNotFound } from '../catalog/catalog-errors';
import { MAX_VARIANTS } from '../products/product-input';
import { changeProductParts, nextPosition, pageOfParts, productOf } from '../products/product-parts';
import { refreshVariantSummary } from '../products/product-summary';
import { readVariantFields, type VariantChanges, type VariantFields } from './variant-input';
import { variantView } from './variant-view';
import type { Page, VariantView } from '../catalog/views';

/** The variants of a store's products (`/products/{id}/variants`). */
export class VariantService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
  ) {}

  async list(storeId: number, productId: number, page?: number | null, perPage?: number | null): Promise<Page<VariantView>> {
    const { store } = await this.access.require(storeId, 'read_products');
    const { parts, ...paged } = await pageOfParts(this.em, Variant, storeId, productId, page, perPage);
    return { ...paged, items: parts.map((variant) => variantView(variant, store.languageList)) };
  }

  async get(storeId: number, productId: number, id: number): Promise<VariantView> {
    const { store } = await this.access.require(storeId, 'read_products');
    await productOf(this.em, storeId, productId);
    return variantView(await this.variant(this.em, productId, id), store.languageList);
  }

  /** A new variant, last unless a position is given; at most 1,000 a product. */
  async create(storeId: number, productId: number, fields: VariantFields): Promise<VariantView> {
    const { store } = await this.access.require(storeId, 'write_products');
    const id = await changeProductParts(this.em, storeId, productId, async (em, product) => {
      const changes = this.read(fields, store.languageList);
      const count = await em.count(Variant, { productId });
      if (count >= MAX_VARIANTS) throw refused(`A product can have at most ${MAX_VARIANTS} variants`);
      await this.checkImage(em, productId, changes);
      const variant = em.assign(new Variant(productId, storeId, await nextPosition(em, Variant, productId)), changes);
      await em.persistAndFlush(variant);
      await this.touch(em, product);
      return variant.id;
    });
    return this.get(storeId, productId, id);
  }

  async update(storeId: number, productId: number, id: number, fields: VariantFields): Promise<VariantView> {
    const { store } = await this.access.require(storeId, 'write_products');
    await changeProductParts(this.em, storeId, productId, async (em, product) => {
      const variant = await this.variant(em, productId, id);
      const changes = this.read(fields, store.languageList, variant);
      await this.checkImage(em, productId, changes);
      em.assign(variant, changes);
      await em.flush();
      await this.touch(em, product);
    });
    return this.get(storeId, productId, id);
  }

  /** Removes a variant; the last one of a product stays (422). */
  async delete(storeId: number, productId: number, id: number): Promise<boolean> {
    await this.access.require(storeId, 'write_products');
    await changeProductParts(this.em, storeId, productId, async (em, product) => {
      const variant = await this.variant(em, productId, id);
      if ((await em.count(Variant, { productId })) <= 1) throw refused('The last variant of a product cannot be deleted');
      await em.removeAndFlush(variant);
      await this.touch(em, product);
    });
    return true;
  }

  private read(fields: VariantFields, languages: readonly string[], previous?: Variant): VariantChanges {
    const errors = new FieldErrors();
    const changes = readVariantFields(fields, languages, errors, '', previous);
    errors.throwIfAny();
    return changes;
  }

  private async checkImage(em: SqlEntityManager, productId: number, changes: VariantChanges): Promise<void> {
    if (changes.imageId == null) return;
    if (!(await em.count(ProductImage, { id: changes.imageId, productId }))) throw invalidField('image_id', `must be an image of product ${productId}`);
  }

  private async touch(em: SqlEntityManager, product: Product): Promise<void> {
    await refreshVariantSummary(em, product);
    product.updatedAt = new Date();
    await em.flush();
  }

  private async variant(em: SqlEntityManager, productId: number, id: number): Promise<Variant> {
    const variant = await em.findOne(Variant, { id, productId });
    if (!variant) throw variantNotFound(id);
    return variant;
  }
}
