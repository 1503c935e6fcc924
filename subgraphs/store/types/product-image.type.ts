import { Field, Int, ObjectType } from 'type-graphql';
import type { LanguageValues } from '../services/language/language-values';
import { LanguageValueScalar } from './language-value.scalar';

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
