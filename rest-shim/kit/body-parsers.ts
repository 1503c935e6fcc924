import { createHash } from 'node:crypto';
import express, { type RequestHandler } from 'express';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/validation';

/** Bodies above this size (1 MiB, in bytes) are refused with 413 before any parsing. */
export const BODY_LIMIT = 1024 * 1024;

/** The body-parser-style type of a body nested deeper than MAX_JSON_DEPTH, for the renderers. */
export const TOO_DEEP = 'entity.too.deep';

/**
 * JSON nested thousands deep parses, but recursive code past this point (the reader's checks,
 * the gateway's variable coercion) does not survive it: refused here, once for every route.
 */
export const boundedJsonDepth: RequestHandler = (req, _res, next) => {
  if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) {
    next(bodyParserError(TOO_DEEP, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`));
    return;
  }
  next();
};

/** The SHA-256 of a body's exact bytes, in hex: what a signed request's signature covers. */
export const bodyDigest = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

/** A failure to read a body, as express's body parsers report one: a 400 of the `type` the renderers know. */
export function bodyParserError(type: string, message: string): Error {
  return Object.assign(new Error(message), { type, status: 400, expose: true });
}

/** JSON and form-encoded bodies, both capped; parse failures flow to the router's renderer. */
export function legacyBodyParsers(): RequestHandler[] {
  return [
    express.json({ limit: BODY_LIMIT, strict: false, type: ['application/json', 'application/*+json'] }),
    express.urlencoded({ limit: BODY_LIMIT, extended: false, parameterLimit: 1000 }),
    boundedJsonDepth,
  ];
}
