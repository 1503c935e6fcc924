import type { SqlEntityManager } from '../../../../lib/db';
import { Product, ProductCategory, ProductImage, ProductText, Variant, type Store } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { productNotFound, refused } from '../catalog/catalog-errors';
import { checkCategoryIds, replaceCategoryLinks } from './category-links';
import { markCreated, markDeleted } from './page-marks';
import { readProductFields, type ProductFields } from './product-input';
import { refreshVariantSummary } from './product-summary';
import { loadProductTexts, textValues, writeProductTexts } from './product-texts';
import { productColumns, productViews, type ProductViewFields } from './product-views';
import { readProducts } from './product-rows';
import { lockStore } from '../catalog/store-lock';
import { enqueueStoreEvent } from '../webhooks/outbox';
import { ProductList, type ProductFilterFields } from './product-list';
import type { Page, ProductView } from '../catalog/views';

export const MAX_PRODUCTS = 100_000;

/** A store's products as its installed apps read and write them. */
export class ProductService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
  ) {}

  /** One page of the store's products, filtered and sorted as `GET /products` asks; of the views, the `fields` asked for (all without). */
  async list(storeId: number, filter: ProductFilterFields, page?: number | null, perPage?: number | null, fields?: ProductViewFields): Promise<Page<ProductView>> {
    const { store } = await this.access.require(storeId, 'read_products');
    const found = await new ProductList(this.em).page(store, filter, page, perPage);
    const products = await readProducts(this.em, found.ids, productColumns(fields));
    const byId = new Map(products.map((product) => [product.id, product]));
    const ordered = found.ids.flatMap((id) => byId.get(id) ?? []);
    return { totalCount: found.totalCount, page: found.page, perPage: found.perPage, items: await productViews(this.em, ordered, store.languageList, fields) };
  }

  async get(storeId: number, id: number, fields?: ProductViewFields): Promise<ProductView> {
    const { store } = await this.access.require(storeId, 'read_products');
    const product = await this.find(storeId, id);
    return (await productViews(this.em, [product], store.languageList, fields))[0];
  }

  /** The product, or null once it is gone (an order line's product): same access as `get`. */
  async findView(storeId: number, id: number): Promise<ProductView | null> {
    const { store } = await this.access.require(storeId, 'read_products');
    const product = await this.em.findOne(Product, { id, storeId });
    return product ? (await productViews(this.em, [product], store.languageList))[0] : null;
  }

  /** The product having a variant with this sku (the oldest such variant's product). */
  async getBySku(storeId: number, sku: string, fields?: ProductViewFields): Promise<ProductView> {
    const { store } = await this.access.require(storeId, 'read_products');
    const variant = await this.em.findOne(Variant, { storeId, sku }, { orderBy: { id: 'asc' } });
    const product = variant && (await this.em.findOne(Product, { id: variant.productId }));
    if (!product) throw productNotFound(sku);
    return (await productViews(this.em, [product], store.languageList, fields))[0];
  }

  /** A new product, with one default variant when none is given. */
  async create(storeId: number, fields: ProductFields): Promise<ProductView> {
    const { store } = await this.access.require(storeId, 'write_products');
    const languages = store.languageList;
    const changes = readProductFields(fields, languages);
    const id = await this.em.transactional(async (em) => {
      const locked = await lockStore(em, storeId);
      await checkCategoryIds(em, storeId, changes.categories ?? []);
      if (locked.productCount >= MAX_PRODUCTS) throw refused(`A store can have at most ${MAX_PRODUCTS} products`);
      const product = em.assign(new Product(storeId), changes.columns);
      await em.persistAndFlush(product);
      await writeProductTexts(em, product, languages, changes.texts);
      const variants = changes.variants?.length ? changes.variants : [{}];
      variants.forEach((variant, index) => em.persist(em.assign(new Variant(product.id, storeId, index + 1), variant)));
      (changes.images ?? []).forEach((image, index) => em.persist(em.assign(new ProductImage({ productId: product.id, storeId, src: image.src!, position: index + 1 }), image)));
      await replaceCategoryLinks(em, product, changes.categories ?? []);
      await em.flush();
      await refreshVariantSummary(em, product);
      locked.productCount += 1;
      locked.productsCreated += 1;
      countFlags(locked, product, +1);
      await markCreated(em, locked, product.id);
      await enqueueStoreEvent(em, { storeId, event: 'product/created', id: product.id });
      return product.id;
    });
    return this.get(storeId, id);
  }

  /** Changes the fields given; absent ones stay as they are. */
  async update(storeId: number, id: number, fields: ProductFields): Promise<ProductView> {
    const { store } = await this.access.require(storeId, 'write_products');
    const languages = store.languageList;
    await this.em.transactional(async (em) => {
      const locked = await lockStore(em, storeId);
      const product = await em.findOne(Product, { id, storeId });
      if (!product) throw productNotFound(id);
      const rows = await loadProductTexts(em, id);
      const changes = readProductFields(fields, languages, { product, texts: textValues(rows, languages) });
      if (changes.categories) {
        await checkCategoryIds(em, storeId, changes.categories);
        await replaceCategoryLinks(em, product, changes.categories);
      }
      countFlags(locked, product, -1);
      em.assign(product, changes.columns);
      countFlags(locked, product, +1);
      await writeProductTexts(em, product, languages, changes.texts, rows);
      product.updatedAt = new Date();
      await enqueueStoreEvent(em, { storeId, event: 'product/updated', id });
    });
    return this.get(storeId, id);
  }

  /** Removes the product with its variants, images and category links. */
  async delete(storeId: number, id: number): Promise<boolean> {
    await this.access.require(storeId, 'write_products');
    await this.em.transactional(async (em) => {
      const locked = await lockStore(em, storeId);
      const product = await em.findOne(Product, { id, storeId });
      if (!product) throw productNotFound(id);
      for (const entity of [ProductText, Variant, ProductImage, ProductCategory] as const) await em.nativeDelete(entity as typeof Variant, { productId: id });
      await em.nativeDelete(Product, { id });
      locked.productCount -= 1;
      countFlags(locked, product, -1);
      await markDeleted(em, storeId, id);
      await enqueueStoreEvent(em, { storeId, event: 'product/deleted', id });
    });
    return true;
  }

  /** A product of the store, or NOT_FOUND ("Product 123 not found"). */
  async find(storeId: number, id: number): Promise<Product> {
    const product = await this.em.findOne(Product, { id, storeId });
    if (!product) throw productNotFound(id);
    return product;
  }
}

/** Moves the store's per-flag counts by one product's flags (under the store's lock). */
function countFlags(store: Store, product: Product, direction: 1 | -1): void {
  if (product.published) store.publishedCount += direction;
  if (product.freeShipping) store.freeShippingCount += direction;
}
