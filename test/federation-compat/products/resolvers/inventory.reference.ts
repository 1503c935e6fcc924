import type { InventoryRecord } from '../services/catalog-records';
import type { ProductsContext } from './products-context';

/** Called for every `Inventory` implementation the inventory subgraph returns. */
export const inventoryReference = {
  __resolveReference(key: { id: string }, { services }: ProductsContext): InventoryRecord | null {
    return services.catalog.inventory(key.id);
  },
};
