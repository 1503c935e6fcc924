import type { OperationBody } from '../persisted/document-resolution';

/**
 * The persisted-document fields of a GET request (`query`, `documentId` and `extensions` in the
 * query string, as Apollo Client's persisted-query link sends hashed queries with
 * `useGETForHashedQueries`). Extensions that are not JSON are left for Apollo to report.
 */
export function getOperationBody(search: string): OperationBody {
  const params = new URLSearchParams(search);
  const body: OperationBody = {};
  const query = params.get('query');
  if (query !== null) body.query = query;
  const documentId = params.get('documentId');
  if (documentId !== null) body.documentId = documentId;
  const extensions = params.get('extensions');
  if (extensions !== null) {
    try {
      body.extensions = JSON.parse(extensions);
    } catch {
      // Apollo answers it
    }
  }
  const variables = params.get('variables');
  if (variables !== null) {
    try {
      body.variables = JSON.parse(variables);
    } catch {
      // Apollo answers it
    }
  }
  return body;
}

/** The query string Apollo runs: the document's text in `query`, without the persisted-document fields. */
export function withGetOperationBody(search: string, resolved: OperationBody): string {
  const params = new URLSearchParams(search);
  if (typeof resolved.query === 'string') params.set('query', resolved.query);
  params.delete('documentId');
  if (resolved.extensions !== undefined) params.set('extensions', JSON.stringify(resolved.extensions));
  return params.toString();
}
