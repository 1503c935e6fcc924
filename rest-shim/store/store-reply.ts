import type { IncomingMessage, ServerResponse } from 'node:http';
import accepts from 'accepts';
import { pageLinks, type PageRequest } from '../kit/pagination';
import type { RouteCall } from '../kit/route';
import { sendJson } from '../kit/send-json';
import { selectFields } from './render/field-selection';
import { xmlBody } from './render/xml-body';

/** The suffix that asks for XML (`/products/7.xml`), taken off before the routes match. */
export const XML_SUFFIX = '.xml';

/** What a `/v1` route answers: the data, what to call it in XML, and the store's main language. */
export interface StoreReply {
  /** @default 200 */
  status?: number;
  /** The XML root element: the resource's name, plural for a list. */
  root: string;
  data: unknown;
  mainLanguage: string;
  /** For a list: the page asked for and how many items the whole list holds. */
  page?: { request: PageRequest; total: number };
}

/** XML when the path said `.xml`, or when `Accept` prefers it to JSON. */
const wantsXml = (call: RouteCall) =>
  call.suffix === XML_SUFFIX || accepts({ headers: call.headers } as IncomingMessage).type(['application/json', 'application/xml']) === 'application/xml';

/**
 * Writes a success: `X-Main-Language`, for a list `X-Total-Count` and `Link` (on the request's
 * own path, `.xml` and query included), the body limited to `?fields=`, as JSON or XML. HEAD gets
 * the same status and headers without the body (Node leaves it out).
 */
export function sendStoreReply(call: RouteCall, res: ServerResponse, reply: StoreReply): void {
  res.setHeader('X-Main-Language', reply.mainLanguage);
  if (reply.page && call.location) {
    res.setHeader('X-Total-Count', String(reply.page.total));
    const { origin, path, search } = call.location;
    res.setHeader('Link', pageLinks(origin, path, search, reply.page.request, reply.page.total));
  }
  const body = selectFields(reply.data, call.query.fields);
  const status = reply.status ?? 200;
  if (!wantsXml(call)) return sendJson(res, status, body);
  const text = xmlBody(reply.root, body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
