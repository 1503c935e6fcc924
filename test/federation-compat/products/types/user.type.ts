import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import type { UserRecord } from '../services/catalog-records';

/**
 * The users subgraph's entity, extended here. `@extends` is what lets the external key field
 * `email` be resolved by this subgraph (federation treats it as a type extension's key).
 */
@ObjectType('User')
@Directive('@extends')
@Directive('@key(fields: "email")')
export class UserType implements UserRecord {
  @Field(() => Int, { nullable: true })
  @Directive('@requires(fields: "totalProductsCreated yearsOfEmployment")')
  averageProductsCreatedPerYear!: number | null;

  @Field(() => ID)
  @Directive('@external')
  email!: string;

  @Field(() => String, { nullable: true })
  @Directive('@override(from: "users")')
  name!: string | null;

  @Field(() => Int, { nullable: true })
  @Directive('@external')
  totalProductsCreated!: number | null;

  @Field(() => Int)
  @Directive('@external')
  yearsOfEmployment!: number;
}
