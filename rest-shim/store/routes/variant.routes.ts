import {
  StoreCreateVariantDocument,
  StoreDeleteVariantDocument,
  StoreUpdateVariantDocument,
  StoreVariantDocument,
  StoreVariantsDocument,
  type VariantInput,
} from '../../generated/graph';
import { pageRequestOf } from '../../kit/pagination';
import { restView } from '../../../lib/store-rest';
import { graphInput } from '../store-bodies';
import { Deleted, ListQuery, ObjectQuery, ProductChildPath, Variant, VariantBody, VariantPath, Variants } from '../store-schemas';
import { storeRoute } from '../store-route';

const item = ({ params }: { params: { store_id: number; product_id: number; id: number } }) => ({ storeId: params.store_id, productId: params.product_id, id: params.id });

/** `/v1/{store_id}/products/{product_id}/variants`: a product's variants; its last one stays. */
export const variantRoutes = [
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/products/:product_id/variants',
    summary: 'A page of a product’s variants',
    root: 'variants',
    params: ProductChildPath,
    query: ListQuery,
    response: Variants,
    errors: [404, 422],
    operation: StoreVariantsDocument,
    page: ({ query }) => pageRequestOf(query),
    variables: ({ params, query }) => ({ storeId: params.store_id, productId: params.product_id, ...pageRequestOf(query) }),
    reply: (data) => ({ data: restView(data.productVariants.variants), total: data.productVariants.totalCount }),
  }),
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/products/:product_id/variants/:id',
    summary: 'One variant',
    root: 'variant',
    params: VariantPath,
    query: ObjectQuery,
    response: Variant,
    errors: [404],
    operation: StoreVariantDocument,
    variables: item,
    reply: (data) => ({ data: restView(data.variant) }),
  }),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/products/:product_id/variants',
    summary: 'Add a variant (at most 1,000 a product)',
    root: 'variant',
    params: ProductChildPath,
    query: ObjectQuery,
    body: VariantBody,
    status: 201,
    response: Variant,
    errors: [404, 411, 415, 422],
    operation: StoreCreateVariantDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, productId: params.product_id, input: graphInput<VariantInput>(body) }),
    reply: (data) => ({ data: restView(data.variant) }),
  }),
  storeRoute({
    method: 'put',
    path: '/v1/:store_id/products/:product_id/variants/:id',
    summary: 'Change a variant (absent keys stay as they are)',
    root: 'variant',
    params: VariantPath,
    query: ObjectQuery,
    body: VariantBody,
    response: Variant,
    errors: [404, 411, 415, 422],
    operation: StoreUpdateVariantDocument,
    variables: (input) => ({ ...item(input), input: graphInput<VariantInput>(input.body) }),
    reply: (data) => ({ data: restView(data.variant) }),
  }),
  storeRoute({
    method: 'delete',
    path: '/v1/:store_id/products/:product_id/variants/:id',
    summary: 'Delete a variant (not the product’s last)',
    root: 'variant',
    params: VariantPath,
    response: Deleted,
    errors: [404, 422],
    operation: StoreDeleteVariantDocument,
    variables: item,
    reply: () => ({ data: {} }),
  }),
];
