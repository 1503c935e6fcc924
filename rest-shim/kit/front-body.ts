import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainJsonLength, readDeclaredBody, STRICT_JSON_START } from '../../lib/net/requests/declared-body';
import { BODY_LIMIT, bodyDigest, bodyParserError, formParser, jsonParser, tooDeep, type BodyParser } from './body-parsers';

/** A request's body as a route reads it, and for signed requests the SHA-256 of its bytes. */
export interface BodyRead {
  body: unknown;
  digest?: string;
}

/** Reads a request's body for the route front; undefined when the client went away first. A failure is thrown. */
export type BodyReader = (req: IncomingMessage, res: ServerResponse) => Promise<BodyRead | undefined>;

/** For routes that read no body (it is left unread): `body` undefined. */
export const noBody: BodyReader = async () => ({ body: undefined });

/** Runs body parsers one after the other, as a router's middleware would. */
export async function runParsers(parsers: readonly BodyParser[], req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  for (const parser of parsers) {
    await new Promise<void>((resolve, reject) => parser(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
  }
  return (req as IncomingMessage & { body?: unknown }).body;
}

export interface JsonBodyOptions {
  /** Objects and arrays only (`strict`), or any JSON value. */
  strict: boolean;
  /** Other parsers after the JSON one (forms). */
  others?: readonly BodyParser[];
  /** Keep the SHA-256 of the body's exact bytes (signed requests). */
  digest?: boolean;
}

/**
 * The body of an API that reads JSON (and maybe forms): a plain JSON body of declared length is
 * read and parsed here, the common case; anything else (an empty or chunked body, a compressed
 * one, another charset, a form, a body that is not JSON) goes through the body parsers, which
 * answer it with their own limits and failures. Either way a body nested past MAX_JSON_DEPTH is
 * refused.
 */
export function jsonBody({ strict, others = [], digest }: JsonBodyOptions): BodyReader {
  const digests = new WeakMap<IncomingMessage, string>();
  const parsers = [jsonParser(strict, digest ? (req, raw) => digests.set(req, bodyDigest(raw)) : undefined), ...others];
  return async (req, res) => {
    const { headers } = req;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) return { body: undefined };
    const length = plainJsonLength(req, BODY_LIMIT);
    let read: BodyRead;
    if (length !== undefined && length > 0) {
      const raw = await readDeclaredBody(req, length).catch(() => {
        throw bodyParserError('request.size.invalid', 'The request body does not match its Content-Length');
      });
      if (raw === undefined) return undefined;
      read = { body: parsedJson(raw, strict), digest: digest ? bodyDigest(raw) : undefined };
    } else {
      read = { body: await runParsers(parsers, req, res), digest: digests.get(req) };
    }
    const deep = tooDeep(read.body);
    if (deep) throw deep;
    return read;
  };
}

/** The legacy APIs' bodies (accounts, feed, the store's token endpoint): any JSON value, or a form. */
export const legacyBody = (): BodyReader => jsonBody({ strict: false, others: [formParser()] });

/** The body as the JSON parser reads it: UTF-8 without a byte-order mark, strict or not. */
function parsedJson(raw: Buffer, strict: boolean): unknown {
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    if (strict && !STRICT_JSON_START.test(text)) throw new SyntaxError('not an object or an array');
    return JSON.parse(text);
  } catch {
    throw bodyParserError('entity.parse.failed', 'The request body is not valid JSON');
  }
}
