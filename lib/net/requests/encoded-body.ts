import type { ServerResponse } from 'node:http';

/** A complete answer's body, as Apollo Server's `HTTPGraphQLResponse` holds it. */
interface CompleteBody {
  kind: 'complete';
  string: string;
}

/**
 * A complete body whose text is also held as the UTF-8 bytes it was decoded from (a subgraph's
 * answer the gateway passes on as it came). Its writer sends those bytes: writing a string costs
 * node an encoding of it into a buffer of three times its length, writing bytes a copy. Any code
 * that makes another text makes another body, without bytes.
 */
export interface EncodedBody extends CompleteBody {
  bytes?: Buffer;
  /**
   * Or its text in pieces (jsonPieces: a subgraph's large answer), which its writer sends one
   * after another: its `string` joins them when something else reads it.
   */
  pieces?: readonly string[];
}

/** What a complete body is sent as by a writer that sends a whole body at once (express's `res.send`): its bytes when it holds them, else its text. */
export function bodyPayload(body: CompleteBody): Buffer | string {
  return (body as EncodedBody).bytes ?? body.string;
}

/** Writes a complete body with its Content-Length and ends the answer: its pieces one after another, its bytes, or its text. */
export function writeCompleteBody(res: ServerResponse, body: CompleteBody): void {
  const { pieces } = body as EncodedBody;
  if (pieces) return writePieces(res, pieces);
  const payload = bodyPayload(body);
  res.setHeader('Content-Length', typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);
  res.end(payload);
}

/** Writes a text in pieces (text-pieces.ts) with the Content-Length of their bytes, and ends the answer. */
export function writePieces(res: ServerResponse, pieces: readonly string[]): void {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  res.setHeader('Content-Length', length);
  for (const piece of pieces) res.write(piece);
  res.end();
}
