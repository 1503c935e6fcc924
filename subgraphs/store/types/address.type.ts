import { Field, ObjectType } from 'type-graphql';

/**
 * The fields of a place, shared by a customer's addresses and an order's: street and number,
 * floor, locality, city, province, zip code, country and phone. `required` makes the ones an
 * address cannot lack non-null (a customer's saved address); an order's address as placed keeps
 * every field nullable.
 */
export function placeFields(required: boolean) {
  const needed = { nullable: !required };

  @ObjectType(`${required ? 'Required' : 'Optional'}PlaceFields`)
  abstract class PlaceFields {
    @Field(() => String, needed)
    address!: string | null;

    @Field(() => String, needed)
    number!: string | null;

    @Field(() => String, { nullable: true })
    floor!: string | null;

    @Field(() => String, { nullable: true })
    locality!: string | null;

    @Field(() => String, needed)
    city!: string | null;

    @Field(() => String, needed)
    province!: string | null;

    @Field(() => String, needed)
    zipcode!: string | null;

    @Field(() => String, { ...needed, description: 'ISO 3166-1 alpha-2' })
    country!: string | null;

    @Field(() => String, { nullable: true })
    phone!: string | null;
  }
  return PlaceFields;
}

/** The billing address written out in fields, as customer.md and order.md show it (`billing_city`…). */
@ObjectType('BillingFields')
export abstract class BillingFields {
  @Field(() => String, { nullable: true })
  billingAddress!: string | null;

  @Field(() => String, { nullable: true })
  billingNumber!: string | null;

  @Field(() => String, { nullable: true })
  billingFloor!: string | null;

  @Field(() => String, { nullable: true })
  billingLocality!: string | null;

  @Field(() => String, { nullable: true })
  billingZipcode!: string | null;

  @Field(() => String, { nullable: true })
  billingCity!: string | null;

  @Field(() => String, { nullable: true })
  billingProvince!: string | null;

  @Field(() => String, { nullable: true })
  billingCountry!: string | null;

  @Field(() => String, { nullable: true })
  billingPhone!: string | null;
}
