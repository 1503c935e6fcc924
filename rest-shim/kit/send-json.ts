import type { ServerResponse } from 'node:http';

/**
 * A JSON answer as `res.status(status).json(body)` sends it when ETags are off, with Node's
 * response alone: the body serialised once, its length, JSON's type unless the route set another,
 * no body for 204 and 304 (Node leaves it out of an answer to HEAD).
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  if (status === 204 || status === 304) {
    for (const name of ['content-type', 'content-length', 'transfer-encoding']) res.removeHeader(name);
    res.end();
    return;
  }
  const text = JSON.stringify(body) ?? '';
  if (!res.hasHeader('content-type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
