import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int } from 'type-graphql';
import { ChangeWindowFilter } from './change-window.input';
import { PlaceInput } from './address.input';

@InputType({ description: 'An address as written; every field optional, texts trimmed ("" clears).' })
export class AddressInput extends PlaceInput {
  @Field(() => Boolean, { nullable: true, description: 'The default address (at most one; else the first).' })
  default?: boolean | null;
}

@InputType({ description: 'Fields of a customer to create (name and email required) or change (absent fields stay).' })
export class CustomerInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Unique in the store (case-insensitively).' })
  email?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  identification?: string | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => Boolean, { nullable: true })
  acceptsMarketing?: boolean | null;

  @Field(() => [AddressInput], { nullable: true, description: 'Replaces the whole list.' })
  addresses?: AddressInput[] | null;

  @Field(() => String, { nullable: true })
  billingAddress?: string | null;

  @Field(() => String, { nullable: true })
  billingNumber?: string | null;

  @Field(() => String, { nullable: true })
  billingFloor?: string | null;

  @Field(() => String, { nullable: true })
  billingLocality?: string | null;

  @Field(() => String, { nullable: true })
  billingZipcode?: string | null;

  @Field(() => String, { nullable: true })
  billingCity?: string | null;

  @Field(() => String, { nullable: true })
  billingProvince?: string | null;

  @Field(() => String, { nullable: true })
  billingCountry?: string | null;

  @Field(() => String, { nullable: true })
  billingPhone?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  extra?: Record<string, unknown> | null;
}

@InputType({ description: 'The filters of `GET /customers`.' })
export class CustomerFilter extends ChangeWindowFilter {
  @Field(() => Int, { nullable: true })
  sinceId?: number | null;

  @Field(() => String, { nullable: true, description: 'Words in the name, e-mail or identification.' })
  q?: string | null;

}
