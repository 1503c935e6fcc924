import { StoreCreateScriptDocument, StoreDeleteScriptDocument, StoreScriptsDocument, type ScriptInput } from '../../generated/graph';
import { pageRequestOf } from '../../kit/pagination';
import { restView } from '../../../lib/store-rest';
import { Deleted, ListQuery, ObjectQuery, Script, ScriptBody, ScriptPath, Scripts, StorePath } from '../store-schemas';
import { storeRoute } from '../store-route';

/** `/v1/{store_id}/scripts`: the calling app's storefront scripts (scope `write_scripts`). */
export const scriptRoutes = [
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/scripts',
    summary: "A page of the app's storefront scripts",
    root: 'scripts',
    scope: 'write_scripts',
    params: StorePath,
    query: ListQuery,
    response: Scripts,
    errors: [422],
    operation: StoreScriptsDocument,
    page: ({ query }) => pageRequestOf(query),
    variables: ({ params, query }) => ({ storeId: params.store_id, ...pageRequestOf(query) }),
    reply: (data) => ({ data: restView(data.scripts.scripts), total: data.scripts.totalCount }),
  }),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/scripts',
    summary: 'Add a script to the storefront (loaded on every store page, in registration order)',
    root: 'script',
    scope: 'write_scripts',
    params: StorePath,
    query: ObjectQuery,
    body: ScriptBody,
    status: 201,
    response: Script,
    errors: [411, 415, 422],
    operation: StoreCreateScriptDocument,
    variables: ({ params, graph }) => ({ storeId: params.store_id, input: graph as ScriptInput }),
    reply: (data) => ({ data: restView(data.script) }),
  }),
  storeRoute({
    method: 'delete',
    path: '/v1/:store_id/scripts/:id',
    summary: 'Remove a script from the storefront',
    root: 'script',
    scope: 'write_scripts',
    params: ScriptPath,
    response: Deleted,
    errors: [404],
    operation: StoreDeleteScriptDocument,
    variables: ({ params }) => ({ storeId: params.store_id, id: params.id }),
    reply: () => ({ data: {} }),
  }),
];
