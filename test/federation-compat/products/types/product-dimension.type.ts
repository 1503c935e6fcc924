import { Directive, Field, Float, ObjectType } from 'type-graphql';
import type { DimensionRecord } from '../services/catalog-records';

/** Shared with the inventory subgraph; `unit` stays out of the supergraph. */
@ObjectType('ProductDimension')
@Directive('@shareable')
export class ProductDimensionType implements DimensionRecord {
  @Field(() => String, { nullable: true })
  size!: string;

  @Field(() => Float, { nullable: true })
  weight!: number;

  @Field(() => String, { nullable: true })
  @Directive('@inaccessible')
  unit!: string;
}
