import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { CategoryView, Page } from '../services/catalog/views';
import { CategoryInput } from '../types/category.input';
import { CategoryPageType, CategoryType } from '../types/category.type';
import { CategoryFilter } from '../types/list-filters.input';
import type { StoreContext } from './store-context';

const asCategoryPage = ({ items, ...page }: Page<CategoryView>) => ({ ...page, categories: items });

/** A store's categories, for installed apps (scopes `read_products` / `write_products`). */
@Resolver(() => CategoryType)
export class CategoryResolver {
  @Query(() => CategoryPageType)
  async categories(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('filter', () => CategoryFilter, { nullable: true }) filter: CategoryFilter | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<ReturnType<typeof asCategoryPage>> {
    return asCategoryPage(await services.categories.list(storeId, filter ?? {}, page, perPage));
  }

  @Query(() => CategoryType, { description: 'NOT_FOUND "Category 5 not found".' })
  category(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<CategoryView> {
    return services.categories.get(storeId, id);
  }

  @Mutation(() => CategoryType, { description: 'REQUEST_REFUSED (422) past 5,000 categories; INVALID_FIELDS on `parent` for an unknown parent.' })
  createCategory(@Arg('storeId', () => Int) storeId: number, @Arg('input', () => CategoryInput) input: CategoryInput, @Ctx() { services }: StoreContext): Promise<CategoryView> {
    return services.categories.create(storeId, input);
  }

  @Mutation(() => CategoryType, { description: 'INVALID_FIELDS on `parent` when the new parent would make a cycle.' })
  updateCategory(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CategoryInput) input: CategoryInput,
    @Ctx() { services }: StoreContext,
  ): Promise<CategoryView> {
    return services.categories.update(storeId, id, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes its subcategories too, and takes their products out of them.' })
  deleteCategory(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<boolean> {
    return services.categories.delete(storeId, id);
  }
}
