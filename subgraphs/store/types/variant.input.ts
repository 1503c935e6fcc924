import { Field, InputType, Int } from 'type-graphql';
import { AmountScalar } from './amount.scalar';
import { LanguageValueScalar } from './language-value.scalar';

@InputType({ description: 'Fields of a variant to create or change (absent fields stay as they are).' })
export class VariantInput {
  @Field(() => AmountScalar, { nullable: true })
  price?: unknown;

  @Field(() => AmountScalar, { nullable: true })
  compareAtPrice?: unknown;

  @Field(() => AmountScalar, { nullable: true })
  promotionalPrice?: unknown;

  @Field(() => AmountScalar, { nullable: true })
  cost?: unknown;

  @Field(() => Boolean, { nullable: true })
  stockManagement?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Setting a stock turns stock management on; null turns it off.' })
  stock?: number | null;

  @Field(() => AmountScalar, { nullable: true })
  weight?: unknown;

  @Field(() => AmountScalar, { nullable: true })
  width?: unknown;

  @Field(() => AmountScalar, { nullable: true })
  height?: unknown;

  @Field(() => AmountScalar, { nullable: true })
  depth?: unknown;

  @Field(() => String, { nullable: true })
  sku?: string | null;

  @Field(() => [LanguageValueScalar], { nullable: true })
  values?: unknown[] | null;

  @Field(() => String, { nullable: true })
  barcode?: string | null;

  @Field(() => String, { nullable: true })
  mpn?: string | null;

  @Field(() => String, { nullable: true })
  ageGroup?: string | null;

  @Field(() => String, { nullable: true })
  gender?: string | null;

  @Field(() => Int, { nullable: true, description: "One of the product's images." })
  imageId?: number | null;

  @Field(() => Int, { nullable: true })
  position?: number | null;
}
