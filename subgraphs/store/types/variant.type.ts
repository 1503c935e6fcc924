import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';
import type { LanguageValues } from '../services/language/language-values';
import { LanguageValueScalar } from './language-value.scalar';

// As fresh as what holds it (a storefront product); uncacheable from a root field of its own.
@Directive(cacheControl({ inheritMaxAge: true }))
@ObjectType('Variant', { description: 'A variant of a product. Money and measures are strings with two decimals, or null.' })
export class VariantType {
  @Field(() => Int)
  id!: number;

  @Field(() => Int, { nullable: true })
  imageId!: number | null;

  @Field(() => Int)
  productId!: number;

  @Field(() => Int)
  position!: number;

  @Field(() => String, { nullable: true })
  price!: string | null;

  @Field(() => String, { nullable: true })
  compareAtPrice!: string | null;

  @Field(() => String, { nullable: true })
  promotionalPrice!: string | null;

  @Field()
  stockManagement!: boolean;

  @Field(() => Int, { nullable: true, description: 'Null when the variant does not manage stock.' })
  stock!: number | null;

  @Field(() => String, { nullable: true })
  weight!: string | null;

  @Field(() => String, { nullable: true })
  width!: string | null;

  @Field(() => String, { nullable: true })
  height!: string | null;

  @Field(() => String, { nullable: true })
  depth!: string | null;

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => [LanguageValueScalar], { description: "One language-aware value per product attribute." })
  values!: LanguageValues[];

  @Field(() => String, { nullable: true })
  barcode!: string | null;

  @Field(() => String, { nullable: true })
  mpn!: string | null;

  @Field(() => String, { nullable: true })
  ageGroup!: string | null;

  @Field(() => String, { nullable: true })
  gender!: string | null;

  @Field(() => String, { nullable: true })
  cost!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('VariantPage')
export class VariantPageType {
  @Field(() => Int)
  totalCount!: number;

  @Field(() => [VariantType])
  variants!: VariantType[];
}
