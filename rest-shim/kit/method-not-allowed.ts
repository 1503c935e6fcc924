import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '../../lib/errors';

/** A path's answer to a method it does not take: `Allow` (HEAD wherever GET), and the 405 to throw, in the API's error shape. */
export function methodNotAllowedOn(res: ServerResponse, allowed: readonly string[]): AppError {
  const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  res.setHeader('Allow', allow.join(', '));
  return new AppError('METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} here`);
}

/** The last handler of an express route: any other method gets 405 with `Allow`. */
export function methodNotAllowed(...allowed: string[]): RequestHandler {
  return (_req, res) => {
    throw methodNotAllowedOn(res, allowed);
  };
}
