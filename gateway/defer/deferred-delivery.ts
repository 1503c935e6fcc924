import { HeaderMap, type HTTPGraphQLResponse } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import type { DeferredOperation } from '../../lib/gateway-core/defer/deferred-operation';
import { DeferredRequest, withDeferredRequest, type DeferredPayload } from '../../lib/gateway-core/defer/deferred-request';

/**
 * Runs one operation's text (or what the client sent instead, which Apollo reports) through Apollo
 * Server and the gateway's executor, answered whole; a given `withContext` makes the operation's
 * context (deferred-request finds the request by it).
 */
export type RunOperation = (query: unknown, withContext?: <Context extends object>(context: Context) => Context) => Promise<HTTPGraphQLResponse>;

interface Result {
  data?: Record<string, unknown> | null;
  errors?: unknown[];
}

/** What `Accept` must name for an incremental answer: the 2022 format Apollo Client and Router speak. */
export const DEFER_SPEC = 'deferSpec=20220824';

export function acceptsIncremental(accept: string | undefined): boolean {
  return accept !== undefined && /multipart\/mixed/i.test(accept);
}

/**
 * The seam where a deferred operation is executed and delivered: Apollo validates and runs it
 * (without its `@defer`s), the gateway's executor runs the query planner's deferred plan in our
 * code (deferring-gateway, plan-execution) and answers with the initial payload; it is sent as
 * soon as it is done, then each deferred fragment's payload as its fetches complete, as
 * `multipart/mixed` incremental payloads (`deferSpec=20220824`): `{ data, hasNext }`, then
 * `{ incremental: [{ data, path, label? }], hasNext }` per fragment, a fragment's errors with it.
 * A request Apollo refuses before execution (validation, variables) is answered as Apollo answers.
 */
export async function deliverDeferred(operation: DeferredOperation, run: RunOperation, shapeInitial: (answer: string) => string = (answer) => answer): Promise<HTTPGraphQLResponse> {
  const request = new DeferredRequest(operation);
  const answer = await run(operation.whole, (context) => withDeferredRequest(context, request));
  if (!request.started || (answer.status !== undefined && answer.status !== 200)) return answer;
  const initial = JSON.parse(shapeInitial(await textOf(answer))) as Result;
  const headers = new HeaderMap([['content-type', `multipart/mixed; boundary="-"; ${DEFER_SPEC}`]]);
  return { status: 200, headers, body: { kind: 'chunked', asyncIterator: payloads(initial, request.payloads.map((payload) => payload.then(incrementOf))) } };
}

async function* payloads(first: Result, parts: Array<Promise<unknown[]>>): AsyncGenerator<string> {
  const pending = new Map(parts.map((part, index) => [index, part.then((incremental) => ({ index, incremental }))]));
  const hasNext = pending.size > 0 && first.data !== null && first.data !== undefined;
  yield `\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ ...first, hasNext })}\r\n---${hasNext ? '' : '--'}\r\n`;
  if (!hasNext) return;
  while (pending.size > 0) {
    const { index, incremental } = await Promise.race(pending.values());
    pending.delete(index);
    const more = pending.size > 0;
    yield `content-type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ incremental, hasNext: more })}\r\n---${more ? '' : '--'}\r\n`;
  }
}

async function textOf(answer: HTTPGraphQLResponse): Promise<string> {
  if (answer.body.kind === 'complete') return answer.body.string;
  let text = '';
  for await (const chunk of answer.body.asyncIterator) text += chunk;
  return text;
}

/** A fragment's data at each object its path reaches (each item of a list on the way), its errors with the first. */
export function incrementOf({ fragment, data, errors }: DeferredPayload): unknown[] {
  const items: Array<{ data: unknown; path: Array<string | number> }> = [];
  const reach = (value: unknown, at: number, path: Array<string | number>): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => reach(item, at, [...path, index]));
    if (value === null || typeof value !== 'object') return;
    if (at === fragment.path.length) return void items.push({ data: value, path });
    reach((value as Record<string, unknown>)[fragment.path[at]], at + 1, [...path, fragment.path[at]]);
  };
  if (data) reach(data, 0, []);
  const labelled = (item: object) => (fragment.label === undefined ? item : { ...item, label: fragment.label });
  const withErrors = (item: object, list: GraphQLFormattedError[]) => (list.length > 0 ? { ...item, errors: list } : item);
  if (items.length === 0) return errors.length > 0 ? [labelled({ data: null, path: fragment.path, errors })] : [];
  return items.map((item, index) => labelled(withErrors(item, index === 0 ? errors : [])));
}
