import type { IncomingMessage } from 'node:http';
import express from 'express';
import typeis from 'type-is';
import { AppError } from '../../lib/errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/validation';
import { toApiError } from '../kit/api-error';
import { BODY_LIMIT, JSON_TYPES } from '../kit/body-parsers';
import { runParsers, type BodyReader } from '../kit/front-body';

/** What the body of a store API request turned out to be, read but not yet judged. */
export type StoreBody = { ok: true; value: Record<string, unknown> } | { ok: false; problem: AppError };

/** Any body's bytes, inflated (gzip, deflate), up to BODY_LIMIT. */
const RAW = [express.raw({ type: () => true, limit: BODY_LIMIT })];

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Reads the raw body of every `/v1` request and gives its verdict (a `StoreBody`) as the call's
 * body, without answering: a body problem must not hide a credential, scope, payment or rate
 * problem, which only the graph can tell, so the access step raises it after those (store.md's
 * check order).
 */
export const storeBody: BodyReader = async (req, res) => {
  let raw: unknown;
  try {
    raw = await runParsers(RAW, req, res);
  } catch (error) {
    return { body: { ok: false, problem: problemOf(error) } satisfies StoreBody };
  }
  return { body: judgeBody(req, raw as Buffer | undefined) };
};

/** The body a route gets: `{}` when none was sent (a PUT only with `Content-Length: 0`). */
export function judgeBody(req: IncomingMessage, raw: Buffer | undefined): StoreBody {
  if (!WRITES.has(req.method ?? '')) return { ok: true, value: {} };
  if (raw === undefined) {
    if (req.method === 'PUT') return { ok: false, problem: new AppError('LENGTH_REQUIRED', 'A PUT without a body must send Content-Length: 0') };
    return { ok: true, value: {} };
  }
  if (raw.length === 0) return { ok: true, value: {} };
  if (!typeis(req, JSON_TYPES)) {
    return { ok: false, problem: new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json') };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, problem: new AppError('MALFORMED_BODY') };
  }
  // The v1 PHP SDK sends `[]` for a call without parameters.
  if (Array.isArray(parsed) && parsed.length === 0) return { ok: true, value: {} };
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, problem: new AppError('MALFORMED_BODY') };
  // As the other APIs' parsers: nesting past the bound is refused before any recursive code reads it.
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) return { ok: false, problem: new AppError('MALFORMED_BODY') };
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** A body the parser refused (too large, cut short, a bad charset) in the shared catalog's terms. */
function problemOf(error: unknown): AppError {
  const { code, message } = toApiError(error);
  return code === 'PAYLOAD_TOO_LARGE' || code === 'UNSUPPORTED_MEDIA_TYPE' ? new AppError(code, message) : new AppError('MALFORMED_BODY');
}
