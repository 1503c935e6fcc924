import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('ProductVariation')
export class ProductVariationType {
  @Field(() => ID)
  id!: string;
}
