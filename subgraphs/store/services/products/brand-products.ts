import { allRows, type SqlEntityManager } from '../../../../lib/db';
import { Product, ProductImage, ProductText, Store, Variant } from '../../entities';
import { formatHundredths } from '../language/money';
import { knexOf, sqlValue, tableOf } from '../store-tables';

export const MAX_BRAND_PRODUCTS = 50;

export interface BrandProduct {
  id: number;
  storeId: number;
  name: string;
  handle: string;
  price: string | null;
  image: string | null;
}

/** A brand's product as its statement answers it (see brandProductsSql). */
interface BrandProductRow {
  id: number;
  store_id: number;
  name: string | null;
  handle: string | null;
  price: number | string | null;
  image: string | null;
}

/**
 * The products the feed shows under its brands, for one request: each brand key asked for is read
 * once, by one statement that answers its products whole (see brandProductsSql).
 */
export class BrandProducts {
  private readonly read = new Map<string, Promise<BrandProduct[]>>();

  constructor(private readonly em: SqlEntityManager) {}

  /**
   * The published products, of stores that are not suspended, whose brand is `brandName`
   * (case-insensitively), newest first, at most 50.
   */
  of(brandName: string): Promise<BrandProduct[]> {
    const key = brandName.trim().toLowerCase();
    let products = this.read.get(key);
    if (!products) this.read.set(key, (products = this.productsOf(key)));
    return products;
  }

  /** One index range `(brand_key, published, id)` walked backwards, each product with its text, price and image. */
  private async productsOf(brandKey: string): Promise<BrandProduct[]> {
    const params = [brandKey, sqlValue(this.em, true), sqlValue(this.em, new Date()), MAX_BRAND_PRODUCTS];
    const rows = (await allRows(this.em, brandProductsSql(this.em), params)) as unknown as BrandProductRow[];
    return rows.map((row) => ({
      id: Number(row.id),
      storeId: Number(row.store_id),
      name: row.name ?? '',
      handle: row.handle ?? '',
      price: formatHundredths(row.price === null ? null : Number(row.price)),
      image: row.image,
    }));
  }
}

/** Per database (dialect), the SQL of `BrandProducts.productsOf`, built by knex once. */
const brandProductStatements = new WeakMap<object, string>();

/**
 * The published products of one brand key in stores paid up, newest first, each with its name and
 * handle in its store's main language, its first variant's price and its first image: its
 * placeholders take the brand key, `true`, the time now and the limit, in that order. One
 * statement per brand (a handful of index lookups per product) rather than a read of each
 * related table for the products of every brand, whose rows cost more to hand over and group
 * than to find. A brand list asks once per brand, so knex building (and SQLite preparing) it
 * every time cost more than running it.
 */
function brandProductsSql(em: SqlEntityManager): string {
  let sql = brandProductStatements.get(em.getDriver());
  if (sql === undefined) {
    const knex = knexOf(em);
    // The first row of a product's variants or images, by position: the index (product_id, position, id) walked once.
    const first = (table: string, column: string) =>
      knex({ f: table })
        .select(`f.${column}`)
        .where('f.product_id', knex.ref('p.id'))
        .orderBy([{ column: 'f.position' }, { column: 'f.id' }])
        .limit(1, { skipBinding: true });
    sql = knex({ p: tableOf(em, Product) })
      .join({ s: tableOf(em, Store) }, 's.id', 'p.store_id')
      .leftJoin({ t: tableOf(em, ProductText) }, (on) => on.on('t.product_id', 'p.id').andOn('t.language', 's.main_language'))
      .select('p.id', 'p.store_id', 't.name', 't.handle', first(tableOf(em, Variant), 'price').as('price'), first(tableOf(em, ProductImage), 'src').as('image'))
      .where('p.brand_key', '')
      .andWhere('p.published', true)
      .andWhere('s.paid_until', '>', 0)
      .orderBy('p.id', 'desc')
      .limit(MAX_BRAND_PRODUCTS)
      .toSQL().sql;
    brandProductStatements.set(em.getDriver(), sql);
  }
  return sql;
}
