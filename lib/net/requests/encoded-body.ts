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
}

/** What a complete body is written as: its bytes when it holds them, else its text. */
export function bodyPayload(body: CompleteBody): Buffer | string {
  return (body as EncodedBody).bytes ?? body.string;
}
