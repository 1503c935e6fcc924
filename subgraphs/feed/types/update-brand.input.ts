import { Field, InputType } from 'type-graphql';
import type { BrandChanges } from '../services/brand-rules';

@InputType({ description: 'The fields to change; those left out (or null) keep their value.' })
export class UpdateBrandInput implements BrandChanges {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => String, { nullable: true })
  featuredImage?: string | null;

  @Field(() => Boolean, { nullable: true })
  availability?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isFeatured?: boolean | null;
}
