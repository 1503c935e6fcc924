import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';

@ObjectType('Brand', { description: 'A brand readers can follow. Other domains extend it by `_id`.' })
@Directive('@key(fields: "_id")')
// Public reads; the gateway's response cache drops a brand's answers when a mutation returns the brand.
@Directive(cacheControl({ maxAge: 60 }))
export class BrandType {
  @Field(() => ID, { name: '_id', description: '24 lowercase hex characters.' })
  id!: string;

  @Field()
  name!: string;

  @Field()
  description!: string;

  @Field({ description: "The brand's site; unique among brands." })
  url!: string;

  @Field({ description: 'URL of the image shown with the brand.' })
  featuredImage!: string;

  @Field({ description: 'Unavailable brands are left out of the lists.' })
  availability!: boolean;

  @Field()
  isFeatured!: boolean;

  @Field(() => Int, { description: 'How many readers follow the brand.' })
  subscriberCount!: number;

  @Field()
  createdAt!: Date;
}
