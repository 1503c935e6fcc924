import { Directive, Field, ID, ObjectType } from 'type-graphql';
import type { ProductRecord } from '../services/catalog-records';
import { ProductDimensionType } from './product-dimension.type';
import { ProductResearchType } from './product-research.type';
import { ProductVariationType } from './product-variation.type';
import { UserType } from './user.type';

/** Resolvable by any of three keys; carries the custom directive the supergraph keeps. */
@ObjectType('Product')
@Directive('@custom')
@Directive('@key(fields: "id")')
@Directive('@key(fields: "sku package")')
@Directive('@key(fields: "sku variation { id }")')
export class ProductType implements ProductRecord {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  sku!: string;

  @Field(() => String, { nullable: true })
  package!: string;

  @Field(() => ProductVariationType, { nullable: true })
  variation!: ProductVariationType;

  @Field(() => ProductDimensionType, { nullable: true })
  dimensions!: ProductDimensionType;

  @Field(() => UserType, { nullable: true })
  @Directive('@provides(fields: "totalProductsCreated")')
  createdBy!: UserType;

  @Field(() => String, { nullable: true })
  @Directive('@tag(name: "internal")')
  notes!: string | null;

  @Field(() => [ProductResearchType])
  research!: ProductResearchType[];
}
