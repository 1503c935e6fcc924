import { Directive, Field, ObjectType } from 'type-graphql';
import type { DeprecatedProductRecord } from '../services/catalog-records';
import { UserType } from './user.type';

/** An entity keyed by two fields together. */
@ObjectType('DeprecatedProduct')
@Directive('@key(fields: "sku package")')
export class DeprecatedProductType implements DeprecatedProductRecord {
  @Field()
  sku!: string;

  @Field()
  package!: string;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => UserType, { nullable: true })
  createdBy!: UserType;
}
