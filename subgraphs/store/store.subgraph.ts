import { CACHE_CONTROL_SCHEMA, type SubgraphDefinition } from '../../lib/subgraph-kit';
import { AppResolver } from './resolvers/app.resolver';
import { BillingResolver } from './resolvers/billing.resolver';
import { brandReference } from './resolvers/brand.reference';
import { BrandResolver } from './resolvers/brand.resolver';
import { CartResolver } from './resolvers/cart.resolver';
import { CategoryResolver } from './resolvers/category.resolver';
import { CouponResolver } from './resolvers/coupon.resolver';
import { CustomerResolver } from './resolvers/customer.resolver';
import { OAuthResolver } from './resolvers/oauth.resolver';
import { OrderProductResolver, OrderResolver } from './resolvers/order.resolver';
import { ProductImageResolver } from './resolvers/product-image.resolver';
import { ProductResolver } from './resolvers/product.resolver';
import { StoreAccessResolver } from './resolvers/store-access.resolver';
import { StoreResolver } from './resolvers/store.resolver';
import { ScriptResolver } from './resolvers/script.resolver';
import { StorefrontResolver } from './resolvers/storefront.resolver';
import { VariantResolver } from './resolvers/variant.resolver';
import { WebhookResolver } from './resolvers/webhook.resolver';
import { BrandType } from './types/brand.type';
import { prepareStoreServices, type StoreServices } from './services/store-services';
import { storeDatabase } from './store-database';

/** Area A of the store-api-and-installer spec: stores, apps and OAuth, the catalog, billing, webhooks and storefront scripts. */
export const storeSubgraph: SubgraphDefinition<StoreServices> = {
  name: 'store',
  schema: {
    ...CACHE_CONTROL_SCHEMA,
    resolvers: [StoreResolver, AppResolver, OAuthResolver, StoreAccessResolver, ProductResolver, VariantResolver, ProductImageResolver, CategoryResolver, CustomerResolver, OrderResolver, OrderProductResolver, CouponResolver, CartResolver, BrandResolver, WebhookResolver, ScriptResolver, StorefrontResolver, BillingResolver],
    // Brand is reached only through the federation's _entities, not from a root field of ours.
    orphanedTypes: [BrandType],
    referenceResolvers: { Brand: brandReference },
  },
  database: storeDatabase,
  prepare: prepareStoreServices,
};
