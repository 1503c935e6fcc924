import { Directive, Field, ID, ObjectType } from 'type-graphql';
import type { InventoryRecord } from '../services/catalog-records';
import { DeprecatedProductType } from './deprecated-product.type';

/**
 * The inventory subgraph's `Inventory` interface seen as one object type (`@interfaceObject`):
 * the field added here reaches every implementation without this subgraph knowing them.
 */
@ObjectType('Inventory')
@Directive('@interfaceObject')
@Directive('@key(fields: "id")')
export class InventoryType implements InventoryRecord {
  @Field(() => ID)
  id!: string;

  @Field(() => [DeprecatedProductType])
  deprecatedProducts!: DeprecatedProductType[];
}
