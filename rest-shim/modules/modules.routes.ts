import type { Static } from '@sinclair/typebox';
import { ModuleRecordDeleteDocument, ModuleRecordDocument, ModuleRecordsDocument } from '../generated/graph';
import { pageLinks, pageRequestOf } from '../kit/pagination';
import { graphRoute, type RequestLocation, type RouteDeclaration } from '../kit/route';
import { Deleted, ModelPath, ModuleRecord, ModuleRecords, PageQuery, RecordPath, RecordValues } from './modules-schemas';

export const MODEL_PATH = '/backend/api/:module/:model';
export const RECORD_PATH = '/backend/api/:module/:model/:id';
const DEFAULT_PER_PAGE = 30;
const auth = { security: ['bearerAuth'] };
const errors = [400, 401, 403, 404];

/** The store's pagination headers: the total, and absolute links to the other pages. */
function pageHeaders(total: number, query: Static<typeof PageQuery>, location: RequestLocation): Record<string, string> {
  const request = pageRequestOf(query, DEFAULT_PER_PAGE);
  return { 'X-Total-Count': String(total), Link: pageLinks(location.origin, location.path, location.search, request, total) };
}

/** list, get and delete: one operation each, no body. */
export const moduleGraphRoutes = [
  graphRoute({
    method: 'get',
    path: MODEL_PATH,
    summary: 'Records of a model of a live module, by id, a page at a time',
    params: ModelPath,
    query: PageQuery,
    ...auth,
    response: ModuleRecords,
    errors,
    operation: ModuleRecordsDocument,
    variables: ({ params, query }) => ({ ...params, first: query.per_page ?? DEFAULT_PER_PAGE, page: query.page ?? 1 }),
    reply: (data) => data.moduleRecords.nodes,
    replyHeaders: (data, { query }, location) => pageHeaders(data.moduleRecords.totalCount, query, location),
  }),
  graphRoute({
    method: 'get',
    path: RECORD_PATH,
    summary: 'One record',
    params: RecordPath,
    ...auth,
    response: ModuleRecord,
    errors,
    operation: ModuleRecordDocument,
    variables: ({ params }) => params,
    reply: (data) => data.moduleRecord,
  }),
  graphRoute({
    method: 'delete',
    path: RECORD_PATH,
    summary: 'Delete a record; refs to it become null',
    params: RecordPath,
    ...auth,
    response: Deleted,
    errors,
    operation: ModuleRecordDeleteDocument,
    variables: ({ params }) => params,
    reply: () => ({ deleted: true as const }),
  }),
];

/** create and update: one operation each; their bodies are the record's values, any field of the model. */
export const createRecordRoute: RouteDeclaration = {
  method: 'post',
  path: MODEL_PATH,
  summary: 'Create a record',
  params: ModelPath,
  body: RecordValues,
  ...auth,
  status: 201,
  response: ModuleRecord,
  errors: [...errors, 409],
};

export const updateRecordRoute: RouteDeclaration = {
  method: 'put',
  path: RECORD_PATH,
  summary: 'Change the fields given; the others keep their values',
  params: RecordPath,
  body: RecordValues,
  ...auth,
  response: ModuleRecord,
  errors: [...errors, 409],
};

export const moduleRoutes: RouteDeclaration[] = [...moduleGraphRoutes, createRecordRoute, updateRecordRoute];
