import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '../../lib/errors';
import { GUARD_PROTOCOL_VERSION as PROTOCOL_VERSION } from '../../lib/guard-protocol';

/** The version a request declares: `X-Guard-Protocol`, or its synonym `X-NULLRUN-PROTOCOL` that existing clients send. */
export function declaredProtocol(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['x-guard-protocol'] ?? headers['x-nullrun-protocol'];
  return Array.isArray(value) ? value[0] : value;
}

/** Throws the protocol’s 400 unless the request speaks the guard’s version. */
export function checkProtocolVersion(declared: string | undefined): void {
  if (declared === undefined || !/^\s*\d{1,6}\s*$/.test(declared)) {
    throw new AppError('PROTOCOL_HEADER_REQUIRED', `The X-Guard-Protocol header must carry the protocol version (${PROTOCOL_VERSION})`);
  }
  const version = Number(declared);
  if (version < PROTOCOL_VERSION) {
    throw new AppError('PROTOCOL_TOO_OLD', `Protocol ${version} is no longer supported; upgrade the SDK`, { details: { min_required_version: PROTOCOL_VERSION } });
  }
  if (version > PROTOCOL_VERSION) {
    throw new AppError('PROTOCOL_TOO_NEW', `Protocol ${version} is newer than this server speaks`, { details: { max_supported_version: PROTOCOL_VERSION } });
  }
}

/**
 * Checks the request's version (either header), then writes it as the routes declare it
 * (`X-Guard-Protocol: 3`), so that a request that said it with the synonym, or as `03`, reads
 * the same as one that said `3`.
 */
export function acceptProtocolVersion(req: IncomingMessage): void {
  checkProtocolVersion(declaredProtocol(req.headers));
  req.headers['x-guard-protocol'] = String(PROTOCOL_VERSION);
}

export const requireProtocolVersion: RequestHandler = (req, _res, next) => {
  acceptProtocolVersion(req);
  next();
};
