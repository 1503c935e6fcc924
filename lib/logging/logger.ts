import pino, { type Logger } from 'pino';
import { CALLER_CREDENTIAL_HEADERS } from '../auth/caller-headers';
import { INTERNAL_TOKEN_HEADER } from '../auth/internal-token';

/** Header names whose values are secrets, as they appear in logged request objects. */
const SECRET_HEADERS = [...CALLER_CREDENTIAL_HEADERS, INTERNAL_TOKEN_HEADER, 'cookie'];

const REDACTED_PATHS = [
  ...SECRET_HEADERS.map((name) => `req.headers["${name}"]`),
  'req.body.password',
  'req.body.newPassword',
  'req.body.currentPassword',
  'req.body.access_token',
  'req.body.api_key',
  'headers.authorization',
];

/** Query parameters that carry credentials; their values never reach a log line. */
const CREDENTIAL_QUERY = /([?&](?:access_token|api_key|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(CREDENTIAL_QUERY, '$1[Redacted]');
}

/** A process's logger; `destination` (stdout by default) lets a test read exactly what would be written. */
export function createLogger(name: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
