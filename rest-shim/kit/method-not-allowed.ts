import type { RequestHandler } from 'express';
import { AppError } from '../../lib/errors';

/** The last handler of a route: any other method gets 405 with `Allow`, in the router's error shape. */
export function methodNotAllowed(...allowed: string[]): RequestHandler {
  const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  return (_req, res) => {
    res.setHeader('Allow', allow.join(', '));
    throw new AppError('METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} here`);
  };
}
