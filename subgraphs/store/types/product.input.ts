import { Field, InputType, Int } from 'type-graphql';
import { LanguageValueScalar } from './language-value.scalar';
import { VariantInput } from './variant.input';
import { ProductImageInput } from './product-image.input';

@InputType({
  description:
    'Fields of a product to create (name required) or to change (absent fields stay as they are; null clears a nullable field). ' +
    'Errors name fields as the store API does (snake_case).',
})
export class ProductInput {
  @Field(() => LanguageValueScalar, { nullable: true })
  name?: unknown;

  @Field(() => LanguageValueScalar, { nullable: true })
  description?: unknown;

  @Field(() => LanguageValueScalar, { nullable: true, description: 'Defaults to the slug of `name` per language.' })
  handle?: unknown;

  @Field(() => [LanguageValueScalar], { nullable: true })
  attributes?: unknown[] | null;

  @Field(() => Boolean, { nullable: true })
  published?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  freeShipping?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  requiresShipping?: boolean | null;

  @Field(() => String, { nullable: true })
  canonicalUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'https only.' })
  videoUrl?: string | null;

  @Field(() => LanguageValueScalar, { nullable: true, description: 'At most 70 characters per language.' })
  seoTitle?: unknown;

  @Field(() => LanguageValueScalar, { nullable: true, description: 'At most 320 characters per language.' })
  seoDescription?: unknown;

  @Field(() => String, { nullable: true })
  brand?: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated.' })
  tags?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Category ids; replaces the list.' })
  categories?: number[] | null;

  @Field(() => [VariantInput], { nullable: true, description: 'Create only; without it the product gets one default variant.' })
  variants?: VariantInput[] | null;

  @Field(() => [ProductImageInput], { nullable: true, description: 'Create only.' })
  images?: ProductImageInput[] | null;
}
