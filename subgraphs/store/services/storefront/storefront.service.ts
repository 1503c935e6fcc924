import type { SqlEntityManager } from '../../../../lib/db';
import { notFound } from '../../../../lib/errors';
import { Product, ProductText, Store } from '../../entities';
import { isStoreLapsed } from '../billing/suspension';
import type { ProductView } from '../catalog/views';
import { productViews } from '../products/product-views';
import { storeNotFound } from '../stores/store.service';

export interface StorefrontProduct {
  store: Store;
  /** The language the page is in: the one asked for, else the store's main one. */
  language: string;
  product: ProductView;
}

/**
 * What a shopper's storefront shows, with no credentials: published products, by the handle of
 * one language, of stores that are not suspended (as `Brand.products` shows them). A store that
 * is suspended, a language the store does not have, an unpublished product and an unknown handle
 * are all NOT_FOUND: to a shopper, the page does not exist.
 */
export class StorefrontService {
  constructor(private readonly em: SqlEntityManager) {}

  /** A store that sells now (known, not suspended), as its pages may show it. */
  async store(storeId: number): Promise<Store> {
    const store = await this.em.findOne(Store, { id: storeId });
    if (!store || isStoreLapsed(store)) throw storeNotFound(storeId);
    return store;
  }

  async product(storeId: number, handle: string, language?: string | null): Promise<StorefrontProduct> {
    const store = await this.store(storeId);
    const pageLanguage = language ?? store.mainLanguage;
    if (!store.languageList.includes(pageLanguage)) throw notFound(`Store ${storeId} has no language ${pageLanguage}`);
    const text = handle === '' ? null : await this.em.findOne(ProductText, { storeId, language: pageLanguage, handle });
    const product = text && (await this.em.findOne(Product, { id: text.productId, published: true }));
    if (!product) throw notFound(`Product ${handle} not found`);
    const [view] = await productViews(this.em, [product], store.languageList);
    // A variant's cost is what the merchant paid: the apps that read the catalog may see it, shoppers may not.
    return { store, language: pageLanguage, product: { ...view, variants: view.variants.map((variant) => ({ ...variant, cost: null })) } };
  }
}
