import { Field, InputType } from 'type-graphql';

/**
 * The fields of a place as a client writes them, shared by a customer's address and the checkout
 * form: street and number, floor, locality, city, province, zip code, country and phone, every one
 * optional (what a place needs is the service's to check). The answers' side is address.type.ts.
 */
@InputType('PlaceInput')
export abstract class PlaceInput {
  @Field(() => String, { nullable: true })
  address?: string | null;

  @Field(() => String, { nullable: true })
  number?: string | null;

  @Field(() => String, { nullable: true })
  floor?: string | null;

  @Field(() => String, { nullable: true })
  locality?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true })
  province?: string | null;

  @Field(() => String, { nullable: true })
  zipcode?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2' })
  country?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;
}
