import type { RequestHandler, Response } from 'express';
import express from 'express';
import { BODY_DIGEST_HEADER } from '../../lib/auth';
import { BODY_LIMIT, bodyDigest, boundedJsonDepth } from '../kit/body-parsers';

const EMPTY_BODY_DIGEST = bodyDigest(Buffer.alloc(0));

/**
 * JSON bodies (objects and arrays only), remembering the SHA-256 of the exact bytes received:
 * signatures are checked over the raw body, and only this process sees it.
 */
export function signedJsonBody(): RequestHandler[] {
  const json = express.json({
    limit: BODY_LIMIT,
    strict: true,
    type: ['application/json', 'application/*+json'],
    verify: (_req, res, raw) => {
      (res as Response).locals.bodyDigest = bodyDigest(raw);
    },
  });
  return [json, boundedJsonDepth];
}

/**
 * The digest of a request's body, for the guard subgraph to check the signature headers (which
 * travel with the other credentials) with the key's secret. The gateway passes it on only beside
 * the internal token, so no client can claim it.
 */
export function signedRequestHeaders(digest: string | undefined): Record<string, string> {
  return { [BODY_DIGEST_HEADER]: digest ?? EMPTY_BODY_DIGEST };
}
