import type { IncomingMessage } from 'node:http';

/** `application/json`, optionally in UTF-8: the body express's JSON parser reads without iconv. */
export const PLAIN_JSON = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;
/** A strict JSON body starts with an object or an array, as express's parser requires. */
export const STRICT_JSON_START = /^[\x20\x09\x0a\x0d]*[{[]/;

/**
 * The length of a plain JSON body a lean front may read itself: declared, within `limit` bytes,
 * neither compressed nor chunked. Undefined for anything else, which express's parsers handle.
 */
export function plainJsonLength(req: IncomingMessage, limit: number): number | undefined {
  const { headers } = req;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return undefined;
  const length = Number(headers['content-length']);
  return Number.isInteger(length) && length >= 0 && length <= limit && PLAIN_JSON.test(headers['content-type'] ?? '') ? length : undefined;
}

/** The body of declared `length`, or undefined when the client went away before sending it all. */
export function readDeclaredBody(req: IncomingMessage, length: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const body = Buffer.allocUnsafe(length);
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      // Node's parser never gives more than the declared length; the check keeps the copy safe.
      if (received + chunk.length > length) return reject(new Error('The request body does not match its Content-Length'));
      chunk.copy(body, received);
      received += chunk.length;
    });
    req.once('end', () => resolve(received === length ? body : undefined));
    req.once('aborted', () => resolve(undefined));
    req.once('error', () => resolve(undefined));
  });
}
