import type { ParserRefusal, RefusalAnswer, RefusalRenderer } from '../lib/net';
import { plainRefusal } from '../lib/net';
import { accountsErrorBody } from './accounts/accounts-errors';
import type { ApiError } from './kit/api-error';
import { feedErrorBody } from './feed/feed-errors';
import { guardErrorBody, guardErrorStatus } from './guard/guard-errors';
import { GUARD_PATH } from './guard/guard.routes';
import { installerErrorBody } from './installer/installer-errors';
import { oauthError } from './store/app-token/app-token-errors';
import { AppTokenPath } from './store/app-token/app-token.routes';
import { storeErrorBody } from './store/store-errors';

type ApiAnswer = (error: ApiError) => RefusalAnswer;

/** Each legacy API's answer, by the paths it serves; the first that matches answers. */
const APIS: Array<[RegExp, ApiAnswer]> = [
  [new RegExp(`^${GUARD_PATH}(?:/|$)`), (error) => ({ status: guardErrorStatus(error), body: guardErrorBody(error, '') })],
  [/^\/api\//, (error) => ({ status: error.status, body: feedErrorBody(error, '') })],
  [/^\/(?:auth|user|\.well-known)\//, (error) => ({ status: error.status, body: accountsErrorBody(error, '') })],
  [new RegExp(`^${AppTokenPath}(?:/|$)`), (error) => {
    const { status, error: code, description } = oauthError(error, '');
    return { status, body: { error: code, error_description: description } };
  }],
  [/^\/v1\//, (error) => storeErrorBody(error, '')],
  [/^\/backend\/api\//, (error) => ({ status: error.status, body: installerErrorBody(error, '') })],
];

/**
 * What the shim answers when Node's HTTP parser refuses a request (a 64 KB path, a bad
 * Content-Length): the body of the legacy API whose path the request line names, as its routes
 * would answer a malformed request; `{"error"}` for other paths, or when the path is unreadable.
 */
export const shimRefusal: RefusalRenderer = (refusal: ParserRefusal) => {
  const api = refusal.path === undefined ? undefined : APIS.find(([paths]) => paths.test(refusal.path!))?.[1];
  if (!api) return plainRefusal(refusal);
  return api({ status: refusal.status, code: refusal.code, message: refusal.message, unexpected: false });
};
