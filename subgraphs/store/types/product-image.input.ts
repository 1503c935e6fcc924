import { Field, InputType, Int } from 'type-graphql';
import { LanguageValueScalar } from './language-value.scalar';

@InputType({ description: 'Fields of an image to create (src required) or change.' })
export class ProductImageInput {
  @Field(() => String, { nullable: true, description: 'Absolute http(s) URL.' })
  src?: string | null;

  @Field(() => Int, { nullable: true })
  position?: number | null;

  @Field(() => LanguageValueScalar, { nullable: true })
  alt?: unknown;
}
