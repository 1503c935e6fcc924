import { allRows, type SqlEntityManager } from '../../../../lib/db';
import { Product, Store } from '../../entities';
import { formatHundredths } from '../language/money';
import { knexOf, sqlValue, tableOf } from '../store-tables';
import { groupBy } from '../catalog/texts';
import { readImages, readTexts, readVariants } from './product-rows';

export const MAX_BRAND_PRODUCTS = 50;

export interface BrandProduct {
  id: number;
  storeId: number;
  name: string;
  handle: string;
  price: string | null;
  image: string | null;
}

interface Listed {
  id: number;
  storeId: number;
  mainLanguage: string;
}

/**
 * The products the feed shows under its brands, for one request: every brand asked for while the
 * request resolves one list of entities (the gateway's fetch of the brands' products sends them
 * all at once) is read in one batch, so the texts, variants and images of all their products take
 * one read each.
 */
export class BrandProducts {
  private batch?: Map<string, Array<(products: Promise<BrandProduct[]>) => void>>;

  constructor(private readonly em: SqlEntityManager) {}

  /**
   * The published products, of stores that are not suspended, whose brand is `brandName`
   * (case-insensitively), newest first, at most 50.
   */
  of(brandName: string): Promise<BrandProduct[]> {
    if (!this.batch) {
      const batch = (this.batch = new Map());
      // The other brands of the list ask in the same turn of the event loop.
      setImmediate(() => {
        this.batch = undefined;
        const read = this.read([...batch.keys()]);
        for (const [key, waiting] of batch) for (const resolve of waiting) resolve(read.then((byBrand) => byBrand.get(key) ?? []));
      });
    }
    const key = brandName.trim().toLowerCase();
    return new Promise((resolve) => {
      const waiting = this.batch!.get(key);
      if (waiting) waiting.push(resolve);
      else this.batch!.set(key, [resolve]);
    });
  }

  private async read(keys: readonly string[]): Promise<Map<string, BrandProduct[]>> {
    const listed = await Promise.all(keys.map((key) => this.listed(key)));
    const ids = listed.flat().map((row) => row.id);
    const [texts, variants, images] = await Promise.all([
      readTexts(this.em, ids, ['productId', 'language', 'name', 'handle']),
      readVariants(this.em, ids, ['productId', 'price']),
      readImages(this.em, ids, ['productId', 'src']),
    ]);
    const textsOf = groupBy(texts, (text) => text.productId);
    const firstVariant = groupBy(variants, (variant) => variant.productId);
    const firstImage = groupBy(images, (image) => image.productId);
    const product = ({ id, storeId, mainLanguage }: Listed): BrandProduct => {
      const text = textsOf.get(id)?.find((candidate) => candidate.language === mainLanguage);
      return {
        id,
        storeId,
        name: text?.name ?? '',
        handle: text?.handle ?? '',
        price: formatHundredths(firstVariant.get(id)?.[0]?.price ?? null),
        image: firstImage.get(id)?.[0]?.src ?? null,
      };
    };
    return new Map(keys.map((key, index) => [key, listed[index].map(product)]));
  }

  /** One index range `(brand_key, published, id)` walked backwards. */
  private async listed(brandKey: string): Promise<Listed[]> {
    const params = [brandKey, sqlValue(this.em, true), sqlValue(this.em, new Date()), MAX_BRAND_PRODUCTS];
    const rows = (await allRows(this.em, listedSql(this.em), params)) as Array<{ id: number; store_id: number; main_language: string }>;
    return rows.map((row) => ({ id: Number(row.id), storeId: Number(row.store_id), mainLanguage: row.main_language }));
  }
}

/** Per database (dialect), the SQL of `BrandProducts.listed`, built by knex once. */
const listedStatements = new WeakMap<object, string>();

/**
 * The published products of one brand key in stores paid up, newest first: its placeholders take
 * the brand key, `true`, the time now and the limit, in that order. A brand list asks once per
 * brand, so knex building (and SQLite preparing) it every time cost more than running it.
 */
function listedSql(em: SqlEntityManager): string {
  let sql = listedStatements.get(em.getDriver());
  if (sql === undefined) {
    sql = knexOf(em)({ p: tableOf(em, Product) })
      .join({ s: tableOf(em, Store) }, 's.id', 'p.store_id')
      .select('p.id', 'p.store_id', 's.main_language')
      .where('p.brand_key', '')
      .andWhere('p.published', true)
      .andWhere('s.paid_until', '>', 0)
      .orderBy('p.id', 'desc')
      .limit(MAX_BRAND_PRODUCTS)
      .toSQL().sql;
    listedStatements.set(em.getDriver(), sql);
  }
  return sql;
}
