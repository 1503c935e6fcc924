/** The shapes the catalog hands out; the object types in `types/` expose them field by field. */

export interface DimensionRecord {
  size: string;
  weight: number;
  unit: string;
}

export interface UserRecord {
  email: string;
  name: string | null;
  /** Ours to provide on `Product.createdBy`; elsewhere it comes from the users subgraph. */
  totalProductsCreated: number | null;
  /** Owned by the users subgraph: known here only when the gateway sends it (`@requires`). */
  yearsOfEmployment?: number;
}

export interface CaseStudyRecord {
  caseNumber: string;
  description: string | null;
}

export interface ResearchRecord {
  study: CaseStudyRecord;
  outcome: string | null;
}

export interface ProductRecord {
  id: string;
  sku: string;
  package: string;
  variation: { id: string };
  dimensions: DimensionRecord;
  createdBy: UserRecord;
  notes: string | null;
  research: ResearchRecord[];
}

export interface DeprecatedProductRecord {
  sku: string;
  package: string;
  reason: string | null;
  createdBy: UserRecord;
}

export interface InventoryRecord {
  id: string;
  deprecatedProducts: DeprecatedProductRecord[];
}
