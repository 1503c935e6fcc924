import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';

/** The feed's Brand, which the store extends with the products sold under its name. */
@ObjectType('Brand')
@Directive('@key(fields: "_id")')
export class BrandType {
  @Field(() => ID, { name: '_id' })
  id!: string;

  @Field()
  @Directive('@external')
  name!: string;
}

@ObjectType('BrandProduct', { description: "A store's product sold under a feed brand, as the brand routes show it." })
// Public, as the brand routes are: kept as long as the brand it is listed under.
@Directive(cacheControl({ inheritMaxAge: true }))
export class BrandProductType {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  storeId!: number;

  @Field({ description: "In the store's main language." })
  name!: string;

  @Field({ description: "In the store's main language." })
  handle!: string;

  @Field(() => String, { nullable: true, description: "The first variant's price, two decimals." })
  price!: string | null;

  @Field(() => String, { nullable: true, description: 'The first image, if any.' })
  image!: string | null;
}
