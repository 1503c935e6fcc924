import type { FilterQuery } from '@mikro-orm/core';
import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors } from '../../../../lib/errors';
import { Category, CategoryText, ProductCategory } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { categoryNotFound, refused } from '../catalog/catalog-errors';
import { readChangeWindow, readId, readLanguage, readPaging } from '../catalog/list-params';
import { lockStore } from '../catalog/store-lock';
import { enqueueStoreEvent, enqueueStoreEvents } from '../webhooks/outbox';
import type { CategoryView, Page } from '../catalog/views';
import { readCategoryFields, type CategoryFields } from './category-input';
import { categoryTextValues, writeCategoryTexts } from './category-texts';
import { checkParent, subtreeOf } from './category-tree';
import { categoryViews } from './category-views';

export const MAX_CATEGORIES = 5000;

/** The filters of `GET /categories`, as GraphQL hands them over. */
export interface CategoryFilterFields {
  sinceId?: number | null;
  handle?: string | null;
  parentId?: number | null;
  language?: string | null;
  createdAtMin?: string | null;
  createdAtMax?: string | null;
  updatedAtMin?: string | null;
  updatedAtMax?: string | null;
}

/** A store's categories as its installed apps read and write them (scopes `*_products`). */
export class CategoryService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
  ) {}

  /** A page of the categories in id order; an unfiltered list is counted by the store's counter. */
  async list(storeId: number, filter: CategoryFilterFields, page?: number | null, perPage?: number | null): Promise<Page<CategoryView>> {
    const { store } = await this.access.require(storeId, 'read_products');
    const errors = new FieldErrors();
    const paging = readPaging(errors, page, perPage);
    const language = readLanguage(errors, filter.language, store.languageList, store.mainLanguage);
    const sinceId = readId(errors, 'since_id', filter.sinceId);
    const parentId = readId(errors, 'parent_id', filter.parentId);
    const changeWindow = readChangeWindow(errors, filter);
    errors.throwIfAny();
    const where: FilterQuery<Category>[] = [{ storeId }];
    if (sinceId !== undefined) where.push({ id: { $gt: sinceId } });
    if (parentId !== undefined) where.push({ parentId: parentId === 0 ? null : parentId });
    where.push(...changeWindow);
    if (filter.handle != null) {
      const texts = await this.em.find(CategoryText, { storeId, language, handle: filter.handle }, { fields: ['categoryId'] });
      where.push({ id: { $in: texts.map((text) => text.categoryId) } });
    }
    const query = { $and: where };
    const options = { orderBy: { id: 'asc' as const }, limit: paging.perPage, offset: (paging.page - 1) * paging.perPage };
    const [categories, totalCount] =
      where.length === 1 ? [await this.em.find(Category, query, options), store.categoryCount] : await this.em.findAndCount(Category, query, options);
    return { totalCount, ...paging, items: await categoryViews(this.em, categories, store.languageList) };
  }

  async get(storeId: number, id: number): Promise<CategoryView> {
    const { store } = await this.access.require(storeId, 'read_products');
    return (await categoryViews(this.em, [await this.find(this.em, storeId, id)], store.languageList))[0];
  }

  /** A new category; at most 5,000 a store. */
  async create(storeId: number, fields: CategoryFields): Promise<CategoryView> {
    const { store } = await this.access.require(storeId, 'write_products');
    const changes = readCategoryFields(fields, store.languageList);
    const id = await this.em.transactional(async (em) => {
      const locked = await lockStore(em, storeId);
      if (changes.parent != null) await checkParent(em, storeId, changes.parent);
      if (locked.categoryCount >= MAX_CATEGORIES) throw refused(`A store can have at most ${MAX_CATEGORIES} categories`);
      const category = new Category(storeId);
      category.parentId = changes.parent ?? null;
      category.googleShoppingCategory = changes.googleShoppingCategory ?? null;
      await em.persistAndFlush(category);
      await writeCategoryTexts(em, category, store.languageList, changes.texts);
      locked.categoryCount += 1;
      await enqueueStoreEvent(em, { storeId, event: 'category/created', id: category.id });
      return category.id;
    });
    return this.get(storeId, id);
  }

  /** Changes the fields given; a parent that would make a cycle fails on `parent`. */
  async update(storeId: number, id: number, fields: CategoryFields): Promise<CategoryView> {
    const { store } = await this.access.require(storeId, 'write_products');
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      const category = await this.find(em, storeId, id);
      const rows = await em.find(CategoryText, { categoryId: id });
      const changes = readCategoryFields(fields, store.languageList, categoryTextValues(rows, store.languageList));
      if (changes.parent != null) await checkParent(em, storeId, changes.parent, id);
      if (changes.parent !== undefined) category.parentId = changes.parent;
      if (changes.googleShoppingCategory !== undefined) category.googleShoppingCategory = changes.googleShoppingCategory;
      await writeCategoryTexts(em, category, store.languageList, changes.texts, rows);
      category.updatedAt = new Date();
      await enqueueStoreEvent(em, { storeId, event: 'category/updated', id });
    });
    return this.get(storeId, id);
  }

  /** Removes the category and its subcategories, and takes their products out of them. */
  async delete(storeId: number, id: number): Promise<boolean> {
    await this.access.require(storeId, 'write_products');
    await this.em.transactional(async (em) => {
      const locked = await lockStore(em, storeId);
      await this.find(em, storeId, id);
      const ids = await subtreeOf(em, storeId, id);
      await em.nativeDelete(ProductCategory, { categoryId: { $in: ids } });
      await em.nativeDelete(CategoryText, { categoryId: { $in: ids } });
      await em.nativeDelete(Category, { id: { $in: ids } });
      locked.categoryCount -= ids.length;
      // Its subcategories go with it: each is a deletion of its own.
      await enqueueStoreEvents(em, { storeId, event: 'category/deleted' }, ids);
    });
    return true;
  }

  private async find(em: SqlEntityManager, storeId: number, id: number): Promise<Category> {
    const category = await em.findOne(Category, { id, storeId });
    if (!category) throw categoryNotFound(id);
    return category;
  }
}
