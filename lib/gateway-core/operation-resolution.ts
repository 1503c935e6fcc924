import type { ApolloServerPlugin } from '@apollo/server';
import { AppError } from '../errors';

/**
 * An `operationName` the document does not define (or none, among several operations) is the
 * caller's mistake: Apollo leaves it to the gateway's executor, which fails it as a 500.
 */
export const operationResolution: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, request }) {
        if (operation) return;
        const refusal = new AppError(
          'OPERATION_RESOLUTION_FAILURE',
          request.operationName ? `The document defines no operation named "${request.operationName}"` : 'The document has several operations: name one in operationName',
        );
        // Apollo answers an error thrown here with its `http` extension's status (and drops the extension).
        Object.assign(refusal.extensions, { http: { status: refusal.status } });
        throw refusal;
      },
    };
  },
};
