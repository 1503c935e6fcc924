import { StoreInfoDocument } from '../../generated/graph';
import { restView } from '../../../lib/store-rest';
import { ObjectQuery, Store, StorePath } from '../store-schemas';
import { storeRoute } from '../store-route';

/** `GET /v1/{store_id}/store`: the store the token opens; any valid token may read it. */
export const storeInfoRoutes = [
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/store',
    summary: 'The store',
    root: 'store',
    scope: null,
    params: StorePath,
    query: ObjectQuery,
    response: Store,
    errors: [],
    operation: StoreInfoDocument,
    variables: ({ params }) => ({ storeId: params.store_id }),
    reply: (data) => ({ data: restView(data.storeAccess.store) }),
  }),
];
