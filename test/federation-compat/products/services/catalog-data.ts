import type { DeprecatedProductRecord, DimensionRecord, InventoryRecord, ProductRecord, ResearchRecord, UserRecord } from './catalog-records';

/**
 * The data set the compatibility suite expects from a products subgraph (its COMPATIBILITY.md,
 * "Expected Data Sets"): the suite's assertions compare against these exact values.
 */
const dimension: DimensionRecord = { size: 'small', weight: 1, unit: 'kg' };

export const catalogUser: UserRecord = {
  email: 'support@apollographql.com',
  name: 'Jane Smith',
  totalProductsCreated: 1337,
};

const federationStudy: ResearchRecord = { study: { caseNumber: '1234', description: 'Federation Study' }, outcome: null };
const studioStudy: ResearchRecord = { study: { caseNumber: '1235', description: 'Studio Study' }, outcome: null };
export const research: ResearchRecord[] = [federationStudy, studioStudy];

export const products: ProductRecord[] = [
  {
    id: 'apollo-federation',
    sku: 'federation',
    package: '@apollo/federation',
    variation: { id: 'OSS' },
    dimensions: dimension,
    createdBy: catalogUser,
    notes: null,
    research: [federationStudy],
  },
  {
    id: 'apollo-studio',
    sku: 'studio',
    package: '',
    variation: { id: 'platform' },
    dimensions: dimension,
    createdBy: catalogUser,
    notes: null,
    research: [studioStudy],
  },
];

export const deprecatedProducts: DeprecatedProductRecord[] = [
  { sku: 'apollo-federation-v1', package: '@apollo/federation-v1', reason: 'Migrate to Federation V2', createdBy: catalogUser },
];

/** The inventories the inventory subgraph lists; this subgraph adds their deprecated products. */
export const inventories: InventoryRecord[] = [{ id: 'apollo-oss', deprecatedProducts }];
