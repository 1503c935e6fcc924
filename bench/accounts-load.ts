import { httpLoad, type LoadCall, type LoadResult } from './http-load';

/** `GET /auth/payload`: the shim forwards the bearer token and accounts verifies its RS256 signature. */
export function payloadCall(token: string): LoadCall {
  const headers = { authorization: `Bearer ${token}` };
  return {
    request: () => ({ path: '/auth/payload', method: 'GET', headers }),
    accepts: (statusCode, body) => statusCode === 200 && typeof (body as { payload?: unknown }).payload === 'object',
  };
}

/** `POST /auth/login`: a scrypt password check and a freshly signed token per call. */
function loginCall(username: string, password: string): LoadCall {
  const headers = { 'content-type': 'application/json' };
  const body = JSON.stringify({ username, password });
  return {
    request: () => ({ path: '/auth/login', method: 'POST', headers, body }),
    accepts: (statusCode, answer) => statusCode === 200 && typeof (answer as { token?: unknown }).token === 'string',
  };
}

export function payloadLoad(shimUrl: string, token: string, concurrency: number, seconds: number): Promise<LoadResult> {
  return httpLoad(shimUrl, payloadCall(token), concurrency, { seconds });
}

export function loginLoad(shimUrl: string, username: string, password: string, concurrency: number, seconds: number): Promise<LoadResult> {
  return httpLoad(shimUrl, loginCall(username, password), concurrency, { seconds });
}
