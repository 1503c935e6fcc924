import type { ResearchRecord } from '../services/catalog-records';
import type { ProductsContext } from './products-context';

export const productResearchReference = {
  __resolveReference(key: { study: { caseNumber: string } }, { services }: ProductsContext): ResearchRecord | null {
    return services.catalog.research(key.study.caseNumber);
  },
};
