// Pieces of an answer's text, which its writer sends one after another (writeCompleteBody).

/**
 * About how long a piece of an answer's text is. V8 keeps a string of more than 128 KB in its
 * large-object space, on pages mapped for it alone and unmapped once it is collected, and node
 * encodes a string it writes into a buffer three times its length: the store's page of 200
 * products (250 KB) stringified, flattened and written whole cost 2.4-2.6 ms a call, in page
 * faults and copies, against 0.8 ms as pieces of this length written one after another
 * (docs/decisions/large-answers-written-in-pieces.md).
 */
export const PIECE_LENGTH = 16 * 1024;

/**
 * A value of at most this many members and elements (objects, arrays and what they hold), all its
 * objects of Object's own prototype, is stringified in one `JSON.stringify`: its text is short, and
 * one call costs less than the walk's call per member (a gate decision's answer: 1.5-1.8× as fast
 * in a micro-benchmark). Objects of no prototype (graphql-js's results) are walked: V8's
 * `JSON.stringify` takes its slow path on them, and a guard's `_entities` answer stringified whole
 * took 1.5-1.9× as long as walked.
 */
const WHOLE_UP_TO_VALUES = 128;

const { isArray } = Array;

/** An object JSON.stringify writes as its own properties: plain, or of no prototype (graphql-js's), with no `toJSON`. */
function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/**
 * The JSON text of `value`, exactly as `JSON.stringify(value)` writes it, followed by `end`, in
 * pieces of about PIECE_LENGTH characters (more where one element is longer), none of them ever
 * one large string. A small value (WHOLE_UP_TO_VALUES) is one `JSON.stringify`; a larger one has
 * its arrays and plain objects walked, and an array's elements that are not arrays, and every
 * other value, stringified whole: a list of 200 products is 200 `JSON.stringify`s.
 * A value JSON.stringify has no text for (undefined, a function, a symbol) has no pieces. Throws
 * as `JSON.stringify` does on a cycle or a BigInt.
 */
export function jsonPieces(value: unknown, end = ''): string[] {
  if (valuesWithin(value, WHOLE_UP_TO_VALUES) >= 0) {
    const text = JSON.stringify(value) as string | undefined;
    return text === undefined ? [] : [text + end];
  }
  const pieces: string[] = [];
  let piece = '';
  const put = (text: string) => {
    piece += text;
    if (piece.length >= PIECE_LENGTH) {
      pieces.push(piece);
      piece = '';
    }
  };
  const walking: object[] = [];
  const enter = (container: object) => {
    if (walking.includes(container)) throw new TypeError('Converting circular structure to JSON');
    walking.push(container);
  };
  const walkArray = (array: readonly unknown[]) => {
    enter(array);
    put('[');
    for (let index = 0; index < array.length; index++) {
      if (index > 0) put(',');
      const element = array[index];
      if (isArray(element)) walkArray(element);
      else put(JSON.stringify(element) ?? 'null');
    }
    put(']');
    walking.pop();
  };
  const walkObject = (object: Record<string, unknown>) => {
    enter(object);
    let separator = '{';
    for (const key of Object.keys(object)) {
      const member = object[key];
      if (member !== null && typeof member === 'object' && (isArray(member) || isPlainObject(member))) {
        put(`${separator}${JSON.stringify(key)}:`);
        if (isArray(member)) walkArray(member);
        else walkObject(member);
      } else {
        // Undefined, a function or a symbol: no member at all, as JSON.stringify leaves it out.
        const text = JSON.stringify(member);
        if (text === undefined) continue;
        put(`${separator}${JSON.stringify(key)}:${text}`);
      }
      separator = ',';
    }
    put(separator === '{' ? '{}' : '}');
    walking.pop();
  };
  if (value !== null && typeof value === 'object' && isArray(value)) walkArray(value);
  else if (value !== null && typeof value === 'object' && isPlainObject(value)) walkObject(value);
  else {
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) return [];
    put(text);
  }
  put(end);
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

/**
 * What is left of `budget` once the members and elements of `value` (walked as `jsonPieces` walks
 * it) are counted, one each; negative as soon as it runs out, so a large value (or a cycle) costs
 * at most `budget` steps, or as soon as an object of no prototype is met.
 */
function valuesWithin(value: unknown, budget: number): number {
  if (budget < 0 || value === null || typeof value !== 'object') return budget;
  if (isArray(value)) {
    for (let index = 0; index < value.length && budget >= 0; index++) budget = valuesWithin(value[index], budget - 1);
    return budget;
  }
  if (!isPlainObject(value)) return budget;
  if (Object.getPrototypeOf(value) === null) return -1;
  for (const key of Object.keys(value)) {
    budget = valuesWithin(value[key], budget - 1);
    if (budget < 0) break;
  }
  return budget;
}

/**
 * The text of UTF-8 `bytes` in pieces of at most PIECE_LENGTH bytes, each ending at a character's
 * end (the gateway's large forwarded answers): decoded as they came, never as one large string.
 */
export function utf8Pieces(bytes: Buffer): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; ) {
    let end = Math.min(bytes.length, start + PIECE_LENGTH);
    // Back to the first byte of a character cut in two (continuation bytes are 10xxxxxx).
    while (end < bytes.length && end > start && (bytes[end] & 0xc0) === 0x80) end--;
    if (end === start) end = Math.min(bytes.length, start + PIECE_LENGTH);
    pieces.push(bytes.toString('utf8', start, end));
    start = end;
  }
  return pieces;
}
