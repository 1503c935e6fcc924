import { HeaderMap, type HTTPGraphQLResponse } from '@apollo/server';
import type { DeferSplit, DeferredPart } from './defer-split';

/** Runs one operation (its text) through the gateway's executor, answered whole. */
export type RunOperation = (query: string) => Promise<HTTPGraphQLResponse>;

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
 * The seam where a deferred operation is executed: the initial operation and each deferred part
 * are planned and run by the gateway's executor as operations of their own, at once; the initial
 * answer is sent as soon as it is done, then each part as it completes, as `multipart/mixed`
 * incremental payloads (`deferSpec=20220824`): `{ data, hasNext }`, then `{ incremental: [{ data,
 * path, label? }], hasNext }` per part, a part's errors with it. A part re-fetches the fields that
 * lead to its fragment (docs/gateway.md says what that costs).
 */
export async function deliverDeferred(split: DeferSplit, run: RunOperation, shapeInitial: (answer: string) => string = (answer) => answer): Promise<HTTPGraphQLResponse> {
  const initial = run(split.initial)
    .then(resultOf)
    .then((result) => JSON.parse(shapeInitial(JSON.stringify(result))) as Result);
  const parts = split.deferred.map((part) => run(part.query).then(resultOf).then((result) => incrementOf(part, result)));
  const headers = new HeaderMap([['content-type', `multipart/mixed; boundary="-"; ${DEFER_SPEC}`]]);
  return { status: 200, headers, body: { kind: 'chunked', asyncIterator: payloads(initial, parts) } };
}

async function* payloads(initial: Promise<Result>, parts: Array<Promise<unknown[]>>): AsyncGenerator<string> {
  const first = await initial;
  const pending = new Map(parts.map((part, index) => [index, part.then((incremental) => ({ index, incremental }))]));
  const hasNext = pending.size > 0 && first.data !== null;
  yield `\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ ...first, hasNext })}\r\n---${hasNext ? '' : '--'}\r\n`;
  if (!hasNext) return;
  while (pending.size > 0) {
    const { index, incremental } = await Promise.race(pending.values());
    pending.delete(index);
    const more = pending.size > 0;
    yield `content-type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ incremental, hasNext: more })}\r\n---${more ? '' : '--'}\r\n`;
  }
}

async function resultOf(answer: HTTPGraphQLResponse): Promise<Result> {
  if (answer.body.kind === 'complete') return JSON.parse(answer.body.string) as Result;
  let text = '';
  for await (const chunk of answer.body.asyncIterator) text += chunk;
  return JSON.parse(text) as Result;
}

/** A part's data at each object its path reaches (each item of a list on the way), its errors with the first. */
function incrementOf(part: DeferredPart, result: Result): unknown[] {
  const items: Array<{ data: unknown; path: Array<string | number> }> = [];
  const reach = (value: unknown, at: number, path: Array<string | number>): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => reach(item, at, [...path, index]));
    if (value === null || typeof value !== 'object') return;
    if (at === part.path.length) return void items.push({ data: value, path });
    reach((value as Record<string, unknown>)[part.path[at]], at + 1, [...path, part.path[at]]);
  };
  if (result.data) reach(result.data, 0, []);
  const labelled = (item: object) => (part.label === undefined ? item : { ...item, label: part.label });
  if (items.length === 0) return result.errors?.length ? [labelled({ data: null, path: part.path, errors: result.errors })] : [];
  return items.map((item, index) => labelled(index === 0 && result.errors?.length ? { ...item, errors: result.errors } : item));
}
