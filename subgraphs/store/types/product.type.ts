import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';
import type { LanguageValues } from '../services/language/language-values';
import { CategoryType } from './category.type';
import { LanguageValueScalar } from './language-value.scalar';
import { ProductImageType } from './product-image.type';
import { VariantType } from './variant.type';

// As fresh as what holds it (a storefront product); uncacheable from a root field of its own.
@Directive(cacheControl({ inheritMaxAge: true }))
@ObjectType('Product', { description: 'A product of a store, with its variants, images and categories (fields in the order of the store API).' })
export class ProductType {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  storeId!: number;

  @Field(() => LanguageValueScalar)
  name!: LanguageValues;

  @Field(() => LanguageValueScalar)
  description!: LanguageValues;

  @Field(() => LanguageValueScalar, { description: 'Slug per language, unique in the store and language.' })
  handle!: LanguageValues;

  @Field(() => [LanguageValueScalar], { description: 'The names of the variant attributes (e.g. size, colour), one language-aware value each.' })
  attributes!: LanguageValues[];

  @Field()
  published!: boolean;

  @Field()
  freeShipping!: boolean;

  @Field()
  requiresShipping!: boolean;

  @Field(() => String, { nullable: true })
  canonicalUrl!: string | null;

  @Field(() => String, { nullable: true })
  videoUrl!: string | null;

  @Field(() => LanguageValueScalar)
  seoTitle!: LanguageValues;

  @Field(() => LanguageValueScalar)
  seoDescription!: LanguageValues;

  @Field(() => String, { nullable: true })
  brand!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => [VariantType])
  variants!: VariantType[];

  @Field({ description: 'Comma-separated.' })
  tags!: string;

  @Field(() => [ProductImageType])
  images!: ProductImageType[];

  @Field(() => [CategoryType])
  categories!: CategoryType[];
}

@ObjectType('ProductPage', { description: 'One page of a product list and the number of products the list has in all.' })
export class ProductPageType {
  @Field(() => Int, { description: 'Products matching the filters, across every page (`X-Total-Count`).' })
  totalCount!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  perPage!: number;

  @Field(() => [ProductType])
  products!: ProductType[];
}
