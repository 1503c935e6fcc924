import { HeaderMap, type HTTPGraphQLResponse } from '@apollo/server';
import { AppError } from '../../lib/errors';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A refusal the gateway answers itself, as Apollo answers its own: a JSON body of errors, with the error's status. */
export function answerError(error: AppError): HTTPGraphQLResponse {
  const headers = new HeaderMap([['content-type', JSON_TYPE]]);
  // As Apollo Server answers a miss: the client sends the document next, and nothing may cache the miss.
  if (error.code === 'PERSISTED_QUERY_NOT_FOUND') headers.set('cache-control', 'private, no-cache, must-revalidate');
  return { status: error.status, headers, body: { kind: 'complete', string: JSON.stringify({ errors: [error.toJSON()] }) } };
}

/** A JSON answer of the gateway's own making. */
export function answerJsonString(status: number, string: string): HTTPGraphQLResponse {
  return { status, headers: new HeaderMap([['content-type', JSON_TYPE]]), body: { kind: 'complete', string } };
}

/**
 * The answers of a batch's operations as one JSON array, in their order; 200, each operation's
 * own outcome inside (a refused one carries its status in `extensions.status`).
 */
export async function answerBatch(answers: HTTPGraphQLResponse[]): Promise<HTTPGraphQLResponse> {
  const bodies = await Promise.all(answers.map(completeBody));
  return { status: 200, headers: new HeaderMap([['content-type', JSON_TYPE]]), body: { kind: 'complete', string: `[${bodies.join(',')}]` } };
}

async function completeBody(answer: HTTPGraphQLResponse): Promise<string> {
  if (answer.body.kind === 'complete') return answer.body.string;
  // Not reached: a batch's operations are run with `Accept: application/json`.
  for await (const _chunk of answer.body.asyncIterator) {
    // drain
  }
  return JSON.stringify({ errors: [new AppError('INTERNAL_SERVER_ERROR', 'An operation of the batch was answered incrementally').toJSON()] });
}
