import { Field, InputType, Int } from 'type-graphql';
import { LanguageValueScalar } from './language-value.scalar';

@InputType({ description: 'Fields of a category to create (name required) or change (absent fields stay as they are).' })
export class CategoryInput {
  @Field(() => LanguageValueScalar, { nullable: true })
  name?: unknown;

  @Field(() => LanguageValueScalar, { nullable: true })
  description?: unknown;

  @Field(() => LanguageValueScalar, { nullable: true })
  handle?: unknown;

  @Field(() => Int, { nullable: true, description: "The parent's id; null for a top category." })
  parent?: number | null;

  @Field(() => String, { nullable: true })
  googleShoppingCategory?: string | null;
}
