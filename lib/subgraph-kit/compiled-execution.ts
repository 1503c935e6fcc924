import { HeaderMap, type ApolloServerPlugin, type BaseContext, type GraphQLRequestListener } from '@apollo/server';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { DATA_ONLY_HEADER } from '../net';
import { TRACE_REQUEST_HEADER } from './inline-trace';

/** What is known of one operation of a document: how often it was run, then its compiled form (or that it has none). */
type Known = { runs: number } | { compiled: CompiledQuery | null };

/** Runs of one document's operation by graphql-js before it is compiled: a text sent once is not worth compiling. */
const RUNS_BEFORE_COMPILING = 1;

/**
 * Queries run by functions compiled for their document (graphql-jit) instead of graphql-js's
 * interpreter, once a document has been run before. graphql-js walks the selection for every
 * object it completes: on the store's page of 200 products with their variants and images it
 * spent 3 ms of the read's 14 on that walk and `JSON.stringify` 1.5 ms more on its null-prototype
 * objects; the compiled query does the same in a tenth and answers plain objects
 * (docs/decisions/subgraph-queries-compiled.md).
 *
 * graphql-js keeps everything the compiled form would change:
 * - mutations (their fields in turn) and subscriptions (lib/subgraph-kit/subscription-server);
 * - a query whose compiled run met any error: it is run again by graphql-js, so its errors, and
 *   the partial data beside them, are exactly graphql-js's, formatted and counted as every other
 *   error is (a query reads, so running it twice changes nothing);
 * - a request that asks for its federated trace (`ftv1`), which needs graphql-js's per-field hooks;
 * - every request while tracing is on: the GraphQL instrumentation's spans wrap graphql-js.
 *
 * A compiled answer is data alone, and says so (`DATA_ONLY_HEADER`).
 *
 * Compiled forms are kept per parsed document, which Apollo Server caches by the query's text:
 * when it lets a document go, its compiled forms go with it.
 */
export function compiledExecution<Context extends BaseContext>(schema: GraphQLSchema): ApolloServerPlugin<Context> {
  const known = new WeakMap<DocumentNode, Map<string | undefined, Known>>();

  const compiledFor = (document: DocumentNode, operationName: string | undefined): CompiledQuery | null => {
    let operations = known.get(document);
    if (!operations) known.set(document, (operations = new Map()));
    const entry = operations.get(operationName);
    if (entry && 'compiled' in entry) return entry.compiled;
    const runs = entry?.runs ?? 0;
    if (runs < RUNS_BEFORE_COMPILING) {
      operations.set(operationName, { runs: runs + 1 });
      return null;
    }
    const compiled = compileQuery(schema, document, operationName);
    const usable = isCompiledQuery(compiled) ? compiled : null;
    operations.set(operationName, { compiled: usable });
    return usable;
  };

  const listener: GraphQLRequestListener<Context> = {
    async responseForOperation({ operation, document, request, contextValue }) {
      if (operation?.operation !== 'query') return null;
      const compiled = compiledFor(document, request.operationName);
      if (!compiled) return null;
      const result = await compiled.query(undefined, contextValue, request.variables ?? {});
      if (result.errors?.length) return null;
      // Data alone, which the gateway may then pass on without searching it (gateway-core/forwarding).
      return { http: { status: undefined, headers: new HeaderMap([[DATA_ONLY_HEADER, '1']]) }, body: { kind: 'single', singleResult: { data: result.data } } };
    },
  };

  return {
    async requestDidStart({ request }) {
      if (request.http?.headers.get(TRACE_REQUEST_HEADER) === 'ftv1') return;
      return listener;
    },
  };
}
