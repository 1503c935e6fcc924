import type { Knex } from '@mikro-orm/postgresql';
import { PreparedRead, type SqlEntityManager } from '../../../../lib/db';
import { FieldErrors } from '../../../../lib/errors';
import { Product, ProductCategory, ProductText, Variant, type Store } from '../../entities';
import { knexOf, sqlValue, tableOf } from '../store-tables';
import { readDate, readId, readLanguage, readPaging } from '../catalog/list-params';
import { RUN_LENGTH, seekOffset } from './page-marks';

export const PRODUCT_SORTS = ['created-at-ascending', 'created-at-descending', 'alpha-ascending', 'alpha-descending', 'price-ascending', 'price-descending'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The filters of `GET /products`, as GraphQL hands them over. */
export interface ProductFilterFields {
  sinceId?: number | null;
  q?: string | null;
  handle?: string | null;
  categoryId?: number | null;
  published?: boolean | null;
  freeShipping?: boolean | null;
  minStock?: number | null;
  maxStock?: number | null;
  createdAtMin?: string | null;
  createdAtMax?: string | null;
  updatedAtMin?: string | null;
  updatedAtMax?: string | null;
  sortBy?: string | null;
  language?: string | null;
}

/**
 * A store's product ids from `fromId` on, in creation order: the unfiltered list's page, read on
 * every such call. Ordering by the whole (store_id, id) key leads the planner to that index rather
 * than the primary key, which would also walk other stores' rows interleaved with this one's.
 */
const idsInCreationOrder = new PreparedRead(Product, ['storeId', 'fromId'], (qb, param) =>
  qb
    .select('id')
    .where({ storeId: param('storeId'), id: { $gte: param('fromId') } })
    .orderBy({ storeId: 'asc', id: 'asc' }),
);

interface ProductQuery {
  filters: Array<(query: Knex.QueryBuilder) => void>;
  sort: ProductSort;
  language: string;
  page: number;
  perPage: number;
}

/**
 * One page of a store's products: the ids are chosen by one query on the index its filters and
 * sort lead to (each ends with `id`, so the order is total and stable while products are added),
 * then loaded. An unfiltered list in creation order, the common case and the one clients page
 * through to the end, finds its page through the run marks instead of skipping rows; its total
 * is the store's counter. A filtered list is counted over its index range.
 */
export class ProductList {
  constructor(private readonly em: SqlEntityManager) {}

  async page(store: Store, filter: ProductFilterFields, page?: number | null, perPage?: number | null): Promise<{ ids: number[]; totalCount: number; page: number; perPage: number }> {
    const query = this.read(store, filter, page, perPage);
    const offset = (query.page - 1) * query.perPage;
    if (query.filters.length === 0 && query.sort.startsWith('created-at')) {
      return { ...(await this.pageByMarks(store, query, offset)), page: query.page, perPage: query.perPage };
    }
    const knex = knexOf(this.em);
    const alpha = query.sort.startsWith('alpha');
    const base = () => {
      // The alpha sorts walk the name index of the texts and join each product by key; the others
      // walk an index of products.
      const builder = alpha
        ? knex({ t: tableOf(this.em, ProductText) })
            .join({ p: tableOf(this.em, Product) }, 'p.id', 't.product_id')
            .where({ 't.store_id': store.id, 't.language': query.language })
        : knex({ p: tableOf(this.em, Product) }).where('p.store_id', store.id);
      for (const filter of query.filters) filter(builder);
      return builder;
    };
    const listed = base().select('p.id').limit(query.perPage).offset(offset);
    this.order(listed, query);
    // The whole store and the two flag filters have kept counts; other filters count their index range.
    const kept = keptCount(store, filter, query.filters.length);
    const counted = kept !== undefined ? Promise.resolve(kept) : base().count({ total: '*' }).then((rows) => Number(rows[0].total));
    const [rows, totalCount] = await Promise.all([listed, counted]);
    return { ids: rows.map((row: { id: number }) => Number(row.id)), totalCount, page: query.page, perPage: query.perPage };
  }

  private async pageByMarks(store: Store, query: ProductQuery, offset: number): Promise<{ ids: number[]; totalCount: number }> {
    const totalCount = store.productCount;
    const descending = query.sort === 'created-at-descending';
    // A descending page is the mirror of an ascending one counted from the end.
    const from = descending ? Math.max(0, totalCount - offset - query.perPage) : offset;
    const size = descending ? Math.max(0, Math.min(query.perPage, totalCount - offset)) : query.perPage;
    if (size === 0 || from >= totalCount) return { ids: [], totalCount };
    // Within the first run a plain offset skips fewer rows than reading the marks would cost.
    const seek = from < RUN_LENGTH ? { fromId: 0, offset: from } : await seekOffset(this.em, store.id, from);
    const rows = await idsInCreationOrder.all(this.em, { storeId: store.id, fromId: seek.fromId }, undefined, { limit: size, offset: seek.offset });
    const ids = rows.map((row) => Number(row.id));
    return { ids: descending ? ids.reverse() : ids, totalCount };
  }

  private order(builder: Knex.QueryBuilder, query: ProductQuery): void {
    const direction = query.sort.endsWith('descending') ? 'desc' : 'asc';
    if (query.sort.startsWith('alpha')) {
      builder.orderBy([{ column: 't.name', order: direction }, { column: 't.product_id', order: direction }]);
    } else if (query.sort.startsWith('price')) {
      builder.orderBy([{ column: 'p.sort_price', order: direction }, { column: 'p.id', order: direction }]);
    } else {
      builder.orderBy([{ column: 'p.store_id', order: direction }, { column: 'p.id', order: direction }]);
    }
  }

  /** Checks every parameter at once (422 naming each bad one) and turns the filters into conditions. */
  private read(store: Store, filter: ProductFilterFields, page?: number | null, perPage?: number | null): ProductQuery {
    const errors = new FieldErrors();
    const paging = readPaging(errors, page, perPage);
    const language = readLanguage(errors, filter.language, store.languageList, store.mainLanguage);
    const sort = (filter.sortBy ?? 'created-at-ascending') as ProductSort;
    if (!PRODUCT_SORTS.includes(sort)) errors.add('sort_by', `must be one of: ${PRODUCT_SORTS.join(', ')}`);
    const sinceId = readId(errors, 'since_id', filter.sinceId);
    const categoryId = readId(errors, 'category_id', filter.categoryId);
    const dates = {
      createdAtMin: readDate(errors, 'created_at_min', filter.createdAtMin),
      createdAtMax: readDate(errors, 'created_at_max', filter.createdAtMax),
      updatedAtMin: readDate(errors, 'updated_at_min', filter.updatedAtMin),
      updatedAtMax: readDate(errors, 'updated_at_max', filter.updatedAtMax),
    };
    for (const [key, rest] of [['minStock', 'min_stock'], ['maxStock', 'max_stock']] as const) {
      const value = filter[key];
      if (value != null && (!Number.isInteger(value) || value < 0)) errors.add(rest, 'must be an integer greater than or equal to 0');
    }
    errors.throwIfAny();

    const texts = tableOf(this.em, ProductText);
    const filters: ProductQuery['filters'] = [];
    if (sinceId !== undefined) filters.push((q) => q.andWhere('p.id', '>', sinceId));
    if (filter.published != null) filters.push((q) => q.andWhere('p.published', sqlValue(this.em, filter.published!) as boolean));
    if (filter.freeShipping != null) filters.push((q) => q.andWhere('p.free_shipping', sqlValue(this.em, filter.freeShipping!) as boolean));
    if (filter.minStock != null) filters.push((q) => q.andWhere('p.stock', '>=', filter.minStock!));
    if (filter.maxStock != null) filters.push((q) => q.andWhere('p.stock', '<=', filter.maxStock!));
    if (dates.createdAtMin) filters.push((q) => q.andWhere('p.created_at', '>=', sqlValue(this.em, dates.createdAtMin!) as Date));
    if (dates.createdAtMax) filters.push((q) => q.andWhere('p.created_at', '<=', sqlValue(this.em, dates.createdAtMax!) as Date));
    if (dates.updatedAtMin) filters.push((q) => q.andWhere('p.updated_at', '>=', sqlValue(this.em, dates.updatedAtMin!) as Date));
    if (dates.updatedAtMax) filters.push((q) => q.andWhere('p.updated_at', '<=', sqlValue(this.em, dates.updatedAtMax!) as Date));
    if (filter.handle != null) {
      filters.push((q) => q.whereIn('p.id', (sub) => sub.from(texts).select('product_id').where({ store_id: store.id, language, handle: filter.handle })));
    }
    if (categoryId !== undefined) {
      filters.push((q) => q.whereIn('p.id', (sub) => sub.from(tableOf(this.em, ProductCategory)).select('product_id').where({ category_id: categoryId })));
    }
    const words = filter.q?.trim().toLowerCase();
    if (words) {
      const like = `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      filters.push((q) =>
        q.andWhere((any) =>
          any
            .whereIn('p.id', (sub) => sub.from(texts).select('product_id').where({ store_id: store.id, language }).andWhereRaw("lower(name) like ? escape '\\'", [like]))
            .orWhereIn('p.id', (sub) => sub.from(tableOf(this.em, Variant)).select('product_id').where({ store_id: store.id }).andWhereRaw("lower(sku) like ? escape '\\'", [like]))
            .orWhereRaw("lower(p.tags) like ? escape '\\'", [like]),
        ),
      );
    }
    return { filters, sort, language, ...paging };
  }
}

/** The list's total from the store's counters, when its filters are none or one flag alone. */
function keptCount(store: Store, filter: ProductFilterFields, filterCount: number): number | undefined {
  if (filterCount === 0) return store.productCount;
  if (filterCount !== 1) return undefined;
  if (filter.published != null) return filter.published ? store.publishedCount : store.productCount - store.publishedCount;
  if (filter.freeShipping != null) return filter.freeShipping ? store.freeShippingCount : store.productCount - store.freeShippingCount;
  return undefined;
}
