import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { CustomerView } from '../services/customers/customer-views';
import { BillingFields, placeFields } from './address.type';
import { withContactFields } from './contact.type';
import { pageOf } from './page.type';

@ObjectType('Address', { description: "A customer's shipping address." })
export class AddressType extends placeFields(true) {
  @Field(() => Int)
  id!: number;

  @Field(() => Boolean, { description: "Whether it is the customer's default address." })
  default!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('Customer', { description: 'A shopper of the store (scope read_customers).' })
export class CustomerType extends withContactFields(BillingFields) implements CustomerView {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { nullable: true, description: "The store owner's note." })
  note!: string | null;

  @Field(() => AddressType, { nullable: true })
  defaultAddress!: AddressType | null;

  @Field(() => [AddressType])
  addresses!: AddressType[];

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
