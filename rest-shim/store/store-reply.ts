import type { Request, RequestHandler, Response } from 'express';
import { pageLinks, requestOrigin, type PageRequest } from '../kit/pagination';
import { selectFields } from './render/field-selection';
import { xmlBody } from './render/xml-body';

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

/**
 * Strips a `.xml` suffix from the path (`/products/7.xml`) before the routes match, remembering
 * that the caller wants XML.
 */
export function xmlSuffix(): RequestHandler {
  return (req, res, next) => {
    const [path, query] = splitUrl(req.url);
    if (path.length > 4 && path.toLowerCase().endsWith('.xml')) {
      res.locals.wantsXml = true;
      req.url = path.slice(0, -4) + query;
    }
    next();
  };
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

const wantsXml = (req: Request, res: Response) =>
  res.locals.wantsXml === true || req.accepts(['application/json', 'application/xml']) === 'application/xml';

/**
 * Writes a success: `X-Main-Language`, for a list `X-Total-Count` and `Link`, the body limited to
 * `?fields=`, as JSON or XML. HEAD gets the same status and headers without the body (Express
 * leaves it out).
 */
export function sendStoreReply(req: Request, res: Response, reply: StoreReply, publicBaseUrl?: string): void {
  res.setHeader('X-Main-Language', reply.mainLanguage);
  if (reply.page) {
    res.setHeader('X-Total-Count', String(reply.page.total));
    const [path, query] = splitUrl(req.originalUrl);
    res.setHeader('Link', pageLinks(requestOrigin(req, publicBaseUrl), path, query, reply.page.request, reply.page.total));
  }
  const body = selectFields(reply.data, req.query.fields);
  res.status(reply.status ?? 200);
  if (wantsXml(req, res)) res.type('application/xml').send(xmlBody(reply.root, body));
  else res.json(body);
}
