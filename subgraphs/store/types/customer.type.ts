import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { CustomerView } from '../services/customers/customer-views';
import { pageOf } from './page.type';

@ObjectType('Address', { description: "A customer's shipping address." })
export class AddressType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  address!: string;

  @Field(() => String)
  number!: string;

  @Field(() => String, { nullable: true })
  floor!: string | null;

  @Field(() => String, { nullable: true })
  locality!: string | null;

  @Field(() => String)
  city!: string;

  @Field(() => String)
  province!: string;

  @Field(() => String)
  zipcode!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  country!: string;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => Boolean, { description: "Whether it is the customer's default address." })
  default!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('Customer', { description: 'A shopper of the store (scope read_customers).' })
export class CustomerType implements CustomerView {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true })
  identification!: string | null;

  @Field(() => String, { nullable: true, description: "The store owner's note." })
  note!: string | null;

  @Field(() => AddressType, { nullable: true })
  defaultAddress!: AddressType | null;

  @Field(() => [AddressType])
  addresses!: AddressType[];

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

  @Field(() => GraphQLJSONObject)
  extra!: Record<string, unknown>;

  @Field(() => String, { description: 'Two decimals: the totals of the paid orders.' })
  totalSpent!: string;

  @Field(() => String)
  totalSpentCurrency!: string;

  @Field(() => Int, { nullable: true })
  lastOrderId!: number | null;

  @Field(() => Boolean, { description: 'Whether the customer activated a storefront account (none yet: false).' })
  active!: boolean;

  @Field(() => Boolean)
  acceptsMarketing!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

export const CustomerPageType = pageOf('CustomerPage', 'customers', CustomerType);
