import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Store', { description: 'A store: the `{store_id}` of the store API paths.' })
export class StoreType {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field(() => [String], { name: 'languages', description: 'Language codes in the store order; language-aware values follow it.' })
  languageList!: string[];

  @Field({ description: 'One of `languages`; the `X-Main-Language` of the REST API.' })
  mainLanguage!: string;

  @Field({ description: 'The accounts user who owns the store.' })
  ownerId!: string;

  @Field({ description: 'The store is suspended once this passes.' })
  paidUntil!: Date;

  @Field(() => Int)
  productCount!: number;

  @Field(() => Int)
  categoryCount!: number;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}
