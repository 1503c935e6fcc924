import { Field, Int, ObjectType } from 'type-graphql';
import type { LanguageValues } from '../services/language/language-values';
import { LanguageValueScalar } from './language-value.scalar';

@ObjectType('Category')
export class CategoryType {
  @Field(() => Int)
  id!: number;

  @Field(() => LanguageValueScalar)
  name!: LanguageValues;

  @Field(() => LanguageValueScalar)
  description!: LanguageValues;

  @Field(() => LanguageValueScalar)
  handle!: LanguageValues;

  @Field(() => Int, { nullable: true, description: "The parent's id; null at the top." })
  parent!: number | null;

  @Field(() => [Int], { description: 'Ids of the direct children.' })
  subcategories!: number[];

  @Field(() => String, { nullable: true })
  googleShoppingCategory!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('CategoryPage')
export class CategoryPageType {
  @Field(() => Int)
  totalCount!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  perPage!: number;

  @Field(() => [CategoryType])
  categories!: CategoryType[];
}
