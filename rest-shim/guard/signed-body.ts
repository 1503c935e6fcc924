import type { RequestHandler } from 'express';
import { BODY_DIGEST_HEADER } from '../../lib/auth';
import { bodyDigest, boundedJsonDepth, jsonParser } from '../kit/body-parsers';

const EMPTY_BODY_DIGEST = bodyDigest(Buffer.alloc(0));

/** JSON bodies (objects and arrays only), for express's answers under the protocol's path (its 404s). */
export function signedJsonBody(): RequestHandler[] {
  return [jsonParser(true), boundedJsonDepth];
}

/**
 * The digest of a request's body, for the guard subgraph to check the signature headers (which
 * travel with the other credentials) with the key's secret. The gateway passes it on only beside
 * the internal token, so no client can claim it.
 */
export function signedRequestHeaders(digest: string | undefined): Record<string, string> {
  return { [BODY_DIGEST_HEADER]: digest ?? EMPTY_BODY_DIGEST };
}
