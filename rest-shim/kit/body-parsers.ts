import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/validation';

/** Bodies above this size (1 MiB, in bytes) are refused with 413 before any parsing. */
export const BODY_LIMIT = 1024 * 1024;

/** The body-parser-style type of a body nested deeper than MAX_JSON_DEPTH, for the renderers. */
export const TOO_DEEP = 'entity.too.deep';

/** The media types the APIs read as JSON. */
export const JSON_TYPES = ['application/json', 'application/*+json'];

/** A body parser (body-parser's): it reads the request's body into `req.body`, or calls `next` with its failure. */
export type BodyParser = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The failure of a body nested past MAX_JSON_DEPTH, if it is. */
export function tooDeep(body: unknown): Error | undefined {
  return nestsDeeperThan(body, MAX_JSON_DEPTH) ? bodyParserError(TOO_DEEP, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`) : undefined;
}

/**
 * JSON nested thousands deep parses, but recursive code past this point (the reader's checks,
 * the gateway's variable coercion) does not survive it: refused here, once for every route.
 */
export const boundedJsonDepth: RequestHandler = (req, _res, next) => next(tooDeep(req.body));

/** The SHA-256 of a body's exact bytes, in hex: what a signed request's signature covers. */
export const bodyDigest = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

/** A failure to read a body, as express's body parsers report one: a 400 of the `type` the renderers know. */
export function bodyParserError(type: string, message: string): Error {
  return Object.assign(new Error(message), { type, status: 400, expose: true });
}

/**
 * JSON bodies up to BODY_LIMIT: `strict`, objects and arrays only; `verify` sees the exact bytes
 * (a signed request's digest).
 */
export function jsonParser(strict: boolean, verify?: (req: IncomingMessage, raw: Buffer) => void): BodyParser {
  return express.json({ limit: BODY_LIMIT, strict, type: JSON_TYPES, verify: verify && ((req, _res, raw) => verify(req, raw)) });
}

/** Form-encoded bodies up to BODY_LIMIT, flat (`a[b]=` is the key `a[b]`), at most 1,000 fields. */
export const formParser = (): BodyParser => express.urlencoded({ limit: BODY_LIMIT, extended: false, parameterLimit: 1000 });

/** JSON (any value) and form-encoded bodies, both capped; what the legacy APIs read. */
export const legacyParsers = (): BodyParser[] => [jsonParser(false), formParser()];

/** The legacy parsers for express (an API's paths no table row answers); parse failures flow to the router's renderer. */
export const legacyBodyParsers = (): RequestHandler[] => [...legacyParsers(), boundedJsonDepth];
