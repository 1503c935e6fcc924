import type { ApolloServerPlugin } from '@apollo/server';

function retryAfterSecondsOf(extensions: Record<string, unknown> | undefined): number {
  const seconds = (extensions?.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 1;
}

/**
 * An operation refused as a whole because its caller is throttled (too many failed logins) is
 * answered 429 with `Retry-After`, as its REST route is, rather than 200 with the error inside.
 * An operation with other errors, or with data, keeps its status.
 */
export const rateLimitedResponses: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (!errors?.length || !errors.every((error) => error.extensions?.code === 'RATE_LIMITED')) return;
        if (data && Object.values(data).some((value) => value !== null)) return;
        response.http.status = 429;
        response.http.headers.set('retry-after', String(Math.max(...errors.map((error) => retryAfterSecondsOf(error.extensions)))));
      },
    };
  },
};
