import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';
import type { LanguageValues } from '../services/language/language-values';
import { LanguageValueScalar } from './language-value.scalar';

// As fresh as what holds it (a storefront product); uncacheable from a root field of its own.
@Directive(cacheControl({ inheritMaxAge: true }))
@ObjectType('ProductImage')
export class ProductImageType {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  productId!: number;

  @Field({ description: 'Absolute http(s) URL.' })
  src!: string;

  @Field(() => Int)
  position!: number;

  @Field(() => LanguageValueScalar)
  alt!: LanguageValues;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('ProductImagePage')
export class ProductImagePageType {
  @Field(() => Int)
  totalCount!: number;

  @Field(() => [ProductImageType])
  images!: ProductImageType[];
}
