import { deprecatedProducts, catalogUser, inventories, products, research } from './catalog-data';
import type { DeprecatedProductRecord, InventoryRecord, ProductRecord, ResearchRecord, UserRecord } from './catalog-records';

/** Any one of `Product`'s three keys, as a representation from the gateway carries it. */
export interface ProductKey {
  id?: string;
  sku?: string;
  package?: string;
  variation?: { id?: string };
}

/** A `User` representation: the key, plus the fields `@requires` makes the gateway fetch first. */
export interface UserRepresentation {
  email: string;
  totalProductsCreated?: number | null;
  yearsOfEmployment?: number;
}

/** Read-only lookups over the expected data set; every miss is `null`, as the schema allows. */
export class ProductCatalog {
  product(id: string): ProductRecord | null {
    return products.find((product) => product.id === id) ?? null;
  }

  productByKey(key: ProductKey): ProductRecord | null {
    if (key.id !== undefined) return this.product(key.id);
    if (key.package !== undefined) return products.find((product) => product.sku === key.sku && product.package === key.package) ?? null;
    const variation = key.variation?.id;
    return products.find((product) => product.sku === key.sku && product.variation.id === variation) ?? null;
  }

  deprecatedProduct(sku: string, packageName: string): DeprecatedProductRecord | null {
    return deprecatedProducts.find((product) => product.sku === sku && product.package === packageName) ?? null;
  }

  research(caseNumber: string): ResearchRecord | null {
    return research.find((entry) => entry.study.caseNumber === caseNumber) ?? null;
  }

  inventory(id: string): InventoryRecord | null {
    return inventories.find((inventory) => inventory.id === id) ?? null;
  }

  /** The user behind a representation; the values `@requires` made the gateway send win over ours. */
  user({ email, totalProductsCreated, yearsOfEmployment }: UserRepresentation): UserRecord | null {
    if (email !== catalogUser.email) return null;
    return {
      ...catalogUser,
      ...(totalProductsCreated !== undefined && { totalProductsCreated }),
      ...(yearsOfEmployment !== undefined && { yearsOfEmployment }),
    };
  }

  averageProductsCreatedPerYear(user: UserRecord): number | null {
    if (!user.totalProductsCreated || !user.yearsOfEmployment) return null;
    return Math.round(user.totalProductsCreated / user.yearsOfEmployment);
  }
}
