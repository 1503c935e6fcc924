import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import express from 'express';
import { BODY_DIGEST_HEADER } from '../../lib/auth';
import { BODY_LIMIT } from '../kit/body-parsers';

const EMPTY_BODY_DIGEST = createHash('sha256').digest('hex');

/**
 * JSON bodies (objects and arrays only), remembering the SHA-256 of the exact bytes received:
 * signatures are checked over the raw body, and only this process sees it.
 */
export function signedJsonBody() {
  return express.json({
    limit: BODY_LIMIT,
    strict: true,
    type: ['application/json', 'application/*+json'],
    verify: (_req, res, raw) => {
      (res as Response).locals.bodyDigest = createHash('sha256').update(raw).digest('hex');
    },
  });
}

/**
 * The signature headers of a request and the digest of its body, for the guard subgraph to
 * check the signature with the key's secret (the gateway passes the digest on only beside the
 * internal token, so no client can claim one).
 */
export function signatureHeaders(req: Request, res: Response): Record<string, string> {
  const headers: Record<string, string> = { [BODY_DIGEST_HEADER]: (res.locals.bodyDigest as string | undefined) ?? EMPTY_BODY_DIGEST };
  for (const name of ['x-signature', 'x-signature-timestamp']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
