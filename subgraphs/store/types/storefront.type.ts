import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';
import { ProductType } from './product.type';

// Shoppers' public reads: the gateway may keep them this long (a store mutation through it drops them sooner).
@Directive(cacheControl({ maxAge: 30 }))
@ObjectType('StorefrontStore', { description: 'What a storefront page may say about its store: nothing of its owner or billing.' })
export class StorefrontStoreType {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field(() => [String], { name: 'languages', description: 'Language codes in the store order.' })
  languageList!: string[];

  @Field()
  mainLanguage!: string;
}

@Directive(cacheControl({ maxAge: 30 }))
@ObjectType('StorefrontProduct', { description: 'A published product as the storefront page shows it, in one of the store languages.' })
export class StorefrontProductType {
  @Field(() => StorefrontStoreType)
  store!: StorefrontStoreType;

  @Field({ description: 'The language the handle was looked up in: the one asked for, else the main one.' })
  language!: string;

  @Field(() => ProductType)
  product!: ProductType;
}
