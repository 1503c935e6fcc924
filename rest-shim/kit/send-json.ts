import type { ServerResponse } from 'node:http';
import { jsonPieces, writePieces } from '../../lib/net';

/**
 * A JSON answer as `res.status(status).json(body)` sends it when ETags are off, with Node's
 * response alone: the body serialised once, in pieces (a page of 200 products is never one large
 * string: docs/decisions/large-answers-written-in-pieces.md), its length, JSON's type unless the
 * route set another, no body for 204 and 304 (Node leaves it out of an answer to HEAD).
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  if (status === 204 || status === 304) {
    for (const name of ['content-type', 'content-length', 'transfer-encoding']) res.removeHeader(name);
    res.end();
    return;
  }
  if (!res.hasHeader('content-type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // `res.json(undefined)` sends an empty body.
  writePieces(res, jsonPieces(body));
}
