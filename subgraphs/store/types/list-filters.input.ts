import { Field, InputType, Int } from 'type-graphql';
import { ChangeWindowFilter } from './change-window.input';

@InputType({ description: 'The filters and sort of `GET /products`; a bad value fails on its REST name (e.g. `sort_by`).' })
export class ProductFilter extends ChangeWindowFilter {
  @Field(() => Int, { nullable: true, description: 'Only products with a greater id (keyset pagination).' })
  sinceId?: number | null;

  @Field(() => String, { nullable: true, description: 'Words found in the name (of `language`), a sku or the tags.' })
  q?: string | null;

  @Field(() => String, { nullable: true, description: 'The handle in `language`.' })
  handle?: string | null;

  @Field(() => Int, { nullable: true })
  categoryId?: number | null;

  @Field(() => Boolean, { nullable: true })
  published?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  freeShipping?: boolean | null;

  @Field(() => Int, { nullable: true })
  minStock?: number | null;

  @Field(() => Int, { nullable: true })
  maxStock?: number | null;


  @Field(() => String, {
    nullable: true,
    description: '`created-at-ascending` (default), `created-at-descending`, `alpha-ascending`, `alpha-descending`, `price-ascending`, `price-descending`.',
  })
  sortBy?: string | null;

  @Field(() => String, { nullable: true, description: 'The language `q`, `handle` and the alpha sorts use; default the main one.' })
  language?: string | null;
}

@InputType({ description: 'The filters of `GET /categories`.' })
export class CategoryFilter extends ChangeWindowFilter {
  @Field(() => Int, { nullable: true })
  sinceId?: number | null;

  @Field(() => String, { nullable: true })
  handle?: string | null;

  @Field(() => Int, { nullable: true, description: 'Children of this category; 0 for the top categories.' })
  parentId?: number | null;

  @Field(() => String, { nullable: true })
  language?: string | null;

}
