import { Field, InputType } from 'type-graphql';
import type { BrandFields } from '../entities';

@InputType({ description: 'A new brand. `url` must not belong to another brand.' })
export class CreateBrandInput implements BrandFields {
  @Field()
  name!: string;

  @Field({ defaultValue: '' })
  description!: string;

  @Field()
  url!: string;

  @Field()
  featuredImage!: string;

  @Field({ defaultValue: true })
  availability!: boolean;

  @Field({ defaultValue: false })
  isFeatured!: boolean;
}
