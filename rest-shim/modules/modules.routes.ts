import type { Static } from '@sinclair/typebox';
import { ModuleRecordDeleteDocument, ModuleRecordDocument, ModuleRecordsDocument } from '../generated/graph';
import { graphRoute, type RouteDeclaration } from '../kit/route';
import { Deleted, ModelPath, ModuleRecord, ModuleRecords, PageQuery, RecordPath, RecordValues } from './modules-schemas';

export const MODEL_PATH = '/backend/api/:module/:model';
export const RECORD_PATH = '/backend/api/:module/:model/:id';
const DEFAULT_PER_PAGE = 30;
const auth = { security: ['bearerAuth'] };
const errors = [400, 401, 403, 404];

/** The store's pagination headers: the total, and links to the other pages. */
function pageHeaders(total: number, path: Static<typeof ModelPath>, query: Static<typeof PageQuery>): Record<string, string> {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = query.page ?? 1;
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number, rel: string) => `</backend/api/${encodeURIComponent(path.module)}/${encodeURIComponent(path.model)}/?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = [link(1, 'first'), link(last, 'last')];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  return { 'X-Total-Count': String(total), Link: links.join(', ') };
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
    replyHeaders: (data, { params, query }) => pageHeaders(data.moduleRecords.totalCount, params, query),
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
