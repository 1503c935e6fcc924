import {
  StoreCreateImageDocument,
  StoreDeleteImageDocument,
  StoreUpdateImageDocument,
  StoreImageDocument,
  StoreImagesDocument,
  type ProductImageInput,
} from '../../generated/graph';
import { pageRequestOf } from '../../kit/pagination';
import { restView } from '../../../lib/store-rest';
import { graphInput } from '../store-bodies';
import { Deleted, ListQuery, ObjectQuery, ProductChildPath, Image, ImageBody, ImagePath, Images } from '../store-schemas';
import { storeRoute } from '../store-route';

const item = ({ params }: { params: { store_id: number; product_id: number; id: number } }) => ({ storeId: params.store_id, productId: params.product_id, id: params.id });

/** `/v1/{store_id}/products/{product_id}/images`: a product's images. */
export const imageRoutes = [
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/products/:product_id/images',
    summary: 'A page of a product’s images',
    root: 'images',
    params: ProductChildPath,
    query: ListQuery,
    response: Images,
    errors: [404, 422],
    operation: StoreImagesDocument,
    page: ({ query }) => pageRequestOf(query),
    variables: ({ params, query }) => ({ storeId: params.store_id, productId: params.product_id, ...pageRequestOf(query) }),
    reply: (data) => ({ data: restView(data.productImages.images), total: data.productImages.totalCount }),
  }),
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/products/:product_id/images/:id',
    summary: 'One image',
    root: 'image',
    params: ImagePath,
    query: ObjectQuery,
    response: Image,
    errors: [404],
    operation: StoreImageDocument,
    variables: item,
    reply: (data) => ({ data: restView(data.image) }),
  }),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/products/:product_id/images',
    summary: 'Add an image (at most 250 a product; src an absolute http(s) URL)',
    root: 'image',
    params: ProductChildPath,
    query: ObjectQuery,
    body: ImageBody,
    status: 201,
    response: Image,
    errors: [404, 411, 415, 422],
    operation: StoreCreateImageDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, productId: params.product_id, input: graphInput<ProductImageInput>(body) }),
    reply: (data) => ({ data: restView(data.image) }),
  }),
  storeRoute({
    method: 'put',
    path: '/v1/:store_id/products/:product_id/images/:id',
    summary: 'Change an image (absent keys stay as they are)',
    root: 'image',
    params: ImagePath,
    query: ObjectQuery,
    body: ImageBody,
    response: Image,
    errors: [404, 411, 415, 422],
    operation: StoreUpdateImageDocument,
    variables: (input) => ({ ...item(input), input: graphInput<ProductImageInput>(input.body) }),
    reply: (data) => ({ data: restView(data.image) }),
  }),
  storeRoute({
    method: 'delete',
    path: '/v1/:store_id/products/:product_id/images/:id',
    summary: 'Delete an image',
    root: 'image',
    params: ImagePath,
    response: Deleted,
    errors: [404],
    operation: StoreDeleteImageDocument,
    variables: item,
    reply: () => ({ data: {} }),
  }),
];
